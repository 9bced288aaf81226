import Foundation

/// The key of a string a `Text` shows: what a string literal given to `Text` (or a control's
/// title) becomes, with SwiftUI's interpolations (`specifier:`, `format:`). Looked up when the
/// text is shown, in the app's String Catalog (``LocalizationCatalog``), in the page's language
/// (`\.locale`); its key is written as Xcode extracts it: each interpolation a format
/// specifier (`"%lld clicks"`, `"Hello, %@!"`, `"Volume: %.1f"`).
///
/// ```swift
/// Text("Volume: \(volume, specifier: "%.1f")")
/// Text("Due \(date, format: .dateTime.day().month())")
/// ```
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    /// The text as written, each value as it describes itself: what is shown where nothing is
    /// translated and no locale asked for.
    @usableFromInline let string: String
    /// The key and the values, kept only when the app has translations.
    @usableFromInline let localized: LocalizedText?

    // Inlinable, with the interpolations: a `Text` of an app's body builds its string there,
    // each interpolated value's `description` called directly (not through its witness table).
    /// Creates a key from a string.
    @inlinable public init(_ value: String) {
        string = value
        localized = LocalizationCatalog.isActive ? .literal : nil
    }
    @inlinable public init(stringLiteral value: String) {
        string = value
        localized = LocalizationCatalog.isActive ? .literal : nil
    }
    @inlinable public init(stringInterpolation: StringInterpolation) {
        string = String(stringInterpolation: stringInterpolation.output)
        localized = stringInterpolation.keyed
            ? LocalizedText(key: stringInterpolation.key, first: stringInterpolation.first, rest: stringInterpolation.rest) : nil
    }

    public static func == (a: Self, b: Self) -> Bool { a.string == b.string && a.localized?.key == b.localized?.key }

    /// The interpolations a `Text`'s literal takes.
    ///
    /// ```swift
    /// Text("Track \(number, specifier: "%02d"): \(title)")
    /// ```
    public struct StringInterpolation: StringInterpolationProtocol {
        /// The text so far, built as the standard library builds an interpolated `String`:
        /// faster than appending to a `String` (the strings of `Text("Row \(i)")` and
        /// `Text("\(n) clicks")`, in a loop of a million: 46 ns a pair this way, 54 appending,
        /// `swiftc -O`).
        @usableFromInline var output: DefaultStringInterpolation
        /// Whether a key is kept (the app has translations).
        @usableFromInline let keyed: Bool
        /// The key so far.
        @usableFromInline var key = ""
        /// The values: the first apart, so that a text of one value costs no array.
        @usableFromInline var first: LocalizedText.Argument?
        @usableFromInline var rest: [LocalizedText.Argument] = []

        @inlinable public init(literalCapacity: Int, interpolationCount: Int) {
            output = DefaultStringInterpolation(literalCapacity: literalCapacity, interpolationCount: interpolationCount)
            keyed = LocalizationCatalog.isActive
        }

        @inlinable public mutating func appendLiteral(_ literal: String) {
            output.appendLiteral(literal)
            guard keyed else { return }
            // A `%` of the text is `%%` in a key with specifiers.
            if literal.utf8.contains(UInt8(ascii: "%")) {
                for character in literal { key += character == "%" ? "%%" : String(character) }
            } else {
                key += literal
            }
        }

        @inlinable mutating func append(_ text: String, key specifier: String, _ argument: @autoclosure () -> LocalizedText.Argument) {
            output.appendLiteral(text)
            if keyed {
                key += specifier
                if first == nil { first = argument() } else { rest.append(argument()) }
            }
        }

        /// A string, as it is (`%@`).
        @inlinable public mutating func appendInterpolation(_ string: String) { append(string, key: "%@", .text(string)) }

        /// A whole number (`%lld`): written in the page's locale (`1,234`; `1.234` in German).
        @inlinable public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) {
            if T.isSigned || value <= Int64.max {
                append(value.description, key: "%lld", .int(Int64(truncatingIfNeeded: value)))
            } else {
                append(value.description, key: "%llu", .unsigned(UInt64(truncatingIfNeeded: value)))
            }
        }

        /// A floating-point number (`%lf`): its shortest exact digits, as `description` writes
        /// them, with the locale's decimal separator (`12.3456`; `12,3456` in German), not
        /// `printf`'s six places.
        @inlinable public mutating func appendInterpolation<T: BinaryFloatingPoint & CustomStringConvertible>(_ value: T) {
            append(value.description, key: "%lf", .shortest(value.description))
        }

        /// A value that describes itself (another `Text`, as its string: `%@`), without the
        /// dynamic casts of `String(describing:)`.
        @inlinable public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) {
            let text = value.description
            append(text, key: "%@", .text(text))
        }

        /// Another text, shown as it is in the page's language.
        public mutating func appendInterpolation(_ text: Text) {
            append(text.string, key: "%@", .localized { text.resolved(locale: $0) })
        }

        /// Any other value, as string interpolation writes it.
        public mutating func appendInterpolation<T>(_ value: T) {
            let text = String(describing: value)
            append(text, key: "%@", .text(text))
        }

        /// A number through a `printf` format (`"%.2f"`, `"%d"`, `"%05.1f"`).
        public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: T, specifier: String) {
            append(String(format: specifier, Double(value)), key: specifier, .double(Double(value)))
        }

        /// An integer through a `printf` format (`"%d"`, `"%03d"`, `"%x"`).
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T, specifier: String) {
            // `%d` and its kin read a C `int`: a value that does not fit one is written whole.
            append(Int32(exactly: value).map { String(format: specifier, $0) } ?? String(describing: value), key: specifier,
                   .int(Int64(truncatingIfNeeded: value)))
        }

        /// A value through a format style (`.number`, `.percent`, `.dateTime`, `.currency(code:)`),
        /// in the page's locale.
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
                        append(format.format(input), key: "%@", .localized { format.locale($0).format(input) })
        }
    }
}

extension Text {
    /// Creates a text view that displays a localized string: `key` looked up in the app's
    /// String Catalog in the page's language (`\.locale`), its values formatted in that locale;
    /// the key as written where there is no translation.
    @inlinable public init(_ key: LocalizedStringKey) {
        string = key.string
        localized = key.localized
    }

    /// Creates a text view that displays a localized string from the table `tableName` (the
    /// catalog `tableName.xcstrings`, or `tableName.strings`), in `bundle`'s resources first.
    /// The comment is for translators.
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        string = key.string
        localized = key.localized.map { tableName == nil && bundle == nil ? $0 : $0.from(table: tableName, bundle: bundle) }
    }

    /// Creates a text view that displays a value through a format style, in the page's locale
    /// (`\.locale`) unless the style names one.
    ///
    /// ```swift
    /// Text(price, format: .currency(code: "EUR"))
    /// ```
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
        string = format.format(input)
                localized = LocalizedText(key: "%@", first: .localized { format.locale($0).format(input) })
    }

    /// Creates a text view that displays a date in one of the standard styles, in the page's
    /// locale.
    public init(_ date: Date, style: DateStyle) {
        let format: Date.FormatStyle = switch style.kind {
        case .date: Date.FormatStyle(date: .long, time: .omitted)
        case .time: Date.FormatStyle(date: .omitted, time: .shortened)
        }
        self.init(date, format: format)
    }

    /// How `Text(_:style:)` writes a date (the relative styles are not kept up to date).
    ///
    /// ```swift
    /// Text(event.start, style: .date)
    /// ```
    public struct DateStyle: Sendable {
        enum Kind { case date, time }
        let kind: Kind
        public static let date = DateStyle(kind: .date)
        public static let time = DateStyle(kind: .time)
    }
}
