import Foundation

/// The key of a string a `Text` shows: what a string literal given to `Text` becomes, with
/// SwiftUI's interpolations (`specifier:`, `format:`). Statehouse does not localize: the key
/// is the text.
///
/// ```swift
/// Text("Volume: \(volume, specifier: "%.1f")")
/// Text("Due \(date, format: .dateTime.day().month())")
/// ```
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    @usableFromInline let string: String

    // Inlinable, with the interpolations: a `Text` of an app's body builds its string there,
    // each interpolated value's `description` called directly (not through its witness table).
    /// Creates a key from a string.
    @inlinable public init(_ value: String) { string = value }
    @inlinable public init(stringLiteral value: String) { string = value }
    @inlinable public init(stringInterpolation: StringInterpolation) { string = String(stringInterpolation: stringInterpolation.output) }

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

        @inlinable public init(literalCapacity: Int, interpolationCount: Int) {
            output = DefaultStringInterpolation(literalCapacity: literalCapacity, interpolationCount: interpolationCount)
        }

        @inlinable public mutating func appendLiteral(_ literal: String) { output.appendLiteral(literal) }

        /// A string, as it is.
        @inlinable public mutating func appendInterpolation(_ string: String) { output.appendLiteral(string) }

        /// A value that describes itself (numbers; another `Text`, as its string), without the
        /// dynamic casts of `String(describing:)`.
        @inlinable public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) { output.appendLiteral(value.description) }

        /// Any other value, as string interpolation writes it.
        public mutating func appendInterpolation<T>(_ value: T) { output.appendLiteral(String(describing: value)) }

        /// A number through a `printf` format (`"%.2f"`, `"%d"`, `"%05.1f"`).
        public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: T, specifier: String) {
            output.appendLiteral(String(format: specifier, Double(value)))
        }

        /// An integer through a `printf` format (`"%d"`, `"%03d"`, `"%x"`).
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T, specifier: String) {
            // `%d` and its kin read a C `int`: a value that does not fit one is written whole.
            output.appendLiteral(Int32(exactly: value).map { String(format: specifier, $0) } ?? String(describing: value))
        }

        /// A value through a format style (`.number`, `.percent`, `.dateTime`, `.currency(code:)`).
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
            output.appendLiteral(format.format(input))
        }

    }
}

extension Text {
    /// Creates a text view that displays a string literal (with `specifier:` and `format:`
    /// interpolations), as SwiftUI's localized initializer; the text is not localized.
    @inlinable public init(_ key: LocalizedStringKey) { string = key.string }

    /// Creates a text view that displays a value through a format style.
    ///
    /// ```swift
    /// Text(price, format: .currency(code: "EUR"))
    /// ```
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
        string = format.format(input)
    }

    /// Creates a text view that displays a date in one of the standard styles.
    public init(_ date: Date, style: DateStyle) {
        switch style.kind {
        case .date: string = date.formatted(date: .long, time: .omitted)
        case .time: string = date.formatted(date: .omitted, time: .shortened)
        }
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
