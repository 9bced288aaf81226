import Foundation

/// What a localized text looks up and formats when it is shown: its key as Xcode extracts it
/// (`"%lld clicks"`), the values in it, and the table it is in.
@usableFromInline
final class LocalizedText: @unchecked Sendable {
    /// A value of the text, formatted in the page's locale.
    /// (Unchecked: a formatted value's closure holds a format style and its input, values.)
    @usableFromInline
    enum Argument: @unchecked Sendable {
        case int(Int64)
        case unsigned(UInt64)
        case double(Double)
        /// A floating-point number without a specifier, as its `description` writes it.
        case shortest(String)
        case text(String)
        /// A value formatted by a style (or a text looked up) in a locale.
        case localized((Locale) -> String)
    }

    /// The key (nil: the text's string, as written, is its key).
    let key: String?
    /// The values, the first apart (most texts have one: no array for them).
    let first: Argument?
    let rest: [Argument]
    let table: String?
    let bundle: Bundle?

    @usableFromInline init(key: String?, first: Argument?, rest: [Argument] = [], table: String? = nil, bundle: Bundle? = nil) {
        self.key = key
        self.first = first
        self.rest = rest
        self.table = table
        self.bundle = bundle
    }

    /// A literal's: the key is the string, no values, the default table (one shared object).
    @usableFromInline static let literal = LocalizedText(key: nil, first: nil)

    var arguments: [Argument] { first.map { [$0] + rest } ?? [] }

    func from(table: String?, bundle: Bundle?) -> LocalizedText {
        LocalizedText(key: key, first: first, rest: rest, table: table, bundle: bundle)
    }

    /// The text in `locale`: the catalog's translation of the key in the locale's language
    /// (the plural form the first whole number takes), or the key, with the values formatted
    /// in `locale`; `string` where there is neither a translation nor a value.
    func resolve(_ string: String, in locale: Locale) -> String {
        let catalog = LocalizationCatalog.main
        let key = key ?? string
        let language = catalog.language(for: locale)
        let entry = language.flatMap { catalog.entry(key, table: table, bundle: bundle, language: $0) }
        let format: String
        switch entry {
        case .text(let text)?:
            format = text
        case .plural(let forms)?:
            let code = String(language!.prefix { $0 != "-" })
            let category = firstWholeNumber.map { PluralCategory.of($0, language: code) } ?? .other
            format = forms[category] ?? forms[.other] ?? key
        case nil:
            guard first != nil else { return string }
            format = key
        }
        return first == nil ? format : Self.format(format, arguments, locale: locale)
    }

    private var firstWholeNumber: Int64? {
        for argument in [first].compactMap({ $0 }) + rest {
            switch argument {
            case .int(let n): return n
            case .unsigned(let n): return Int64(clamping: n)
            default: continue
            }
        }
        return nil
    }

    /// `format` with its `%` specifiers (`%@`, `%lld`, `%.1f`, `%2$@`) replaced by `arguments`,
    /// numbers written in `locale`. A specifier with no argument stays as it is; `%%` is `%`.
    static func format(_ format: String, _ arguments: [Argument], locale: Locale) -> String {
        var result = ""
        var next = 0
        var scalars = format.unicodeScalars[...]
        while let percent = scalars.firstIndex(of: "%") {
            result.unicodeScalars.append(contentsOf: scalars[..<percent])
            var rest = scalars[scalars.index(after: percent)...]
            if rest.first == "%" {
                result.append("%")
                scalars = rest.dropFirst()
                continue
            }
            // %[n$][flags][width][.precision][length]conversion
            var position: Int?
            let digits = rest.prefix { ("0"..."9").contains($0) }
            if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" {
                position = Int(String(String.UnicodeScalarView(digits)))
                rest = rest.dropFirst(digits.count + 1)
            }
            let spec = rest.prefix { "-+ #0123456789.hlqLzjt".unicodeScalars.contains($0) }
            rest = rest.dropFirst(spec.count)
            guard let conversion = rest.first else {
                result.unicodeScalars.append(contentsOf: scalars[percent...])
                scalars = rest
                break
            }
            scalars = rest.dropFirst()
            let index = position.map { $0 - 1 } ?? next
            next = index + 1
            guard arguments.indices.contains(index) else {
                result.unicodeScalars.append(contentsOf: format.unicodeScalars[percent..<scalars.startIndex])
                continue
            }
            let options = String(String.UnicodeScalarView(spec.filter { !"hlqLzjt".unicodeScalars.contains($0) }))
            result += written(arguments[index], options: options, conversion: Character(conversion), locale: locale)
        }
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }

    private static func written(_ argument: Argument, options: String, conversion: Character, locale: Locale) -> String {
        let integer = "diuoxXc".contains(conversion), real = "fFeEgGaA".contains(conversion)
        switch argument {
        case .int(let n) where integer: return String(format: "%" + options + "ll" + String(conversion), locale: locale, n)
        case .int(let n) where real: return String(format: "%" + options + String(conversion), locale: locale, Double(n))
        case .unsigned(let n) where integer: return String(format: "%" + options + "ll" + String(conversion), locale: locale, n)
        case .unsigned(let n) where real: return String(format: "%" + options + String(conversion), locale: locale, Double(n))
        case .double(let x) where real: return String(format: "%" + options + String(conversion), locale: locale, x)
        case .double(let x) where integer: return String(format: "%" + options + "lld", locale: locale, Int64(x))
        case .int(let n): return String(format: "%lld", locale: locale, n)
        case .unsigned(let n): return String(format: "%llu", locale: locale, n)
        case .double(let x): return String(format: "%g", locale: locale, x)
        case .shortest(let digits) where options.isEmpty || !real:
            // Only the decimal separator is the locale's (no grouping: `description` has none).
            guard let separator = locale.decimalSeparator, separator != "." else { return digits }
            return digits.replacingOccurrences(of: ".", with: separator)
        case .shortest(let digits):
            return String(format: "%" + options + String(conversion), locale: locale, Double(digits) ?? 0)
        case .text(let text): return text
        case .localized(let write): return write(locale)
        }
    }
}

private struct LocaleKey: EnvironmentKey { static let defaultValue: Locale? = nil }

extension EnvironmentValues {
    /// The locale of the page: its language (the first of the browser's `Accept-Language` the
    /// app has translations for, else the app's source language) with the browser's region;
    /// the server's without that header. `.environment(\.locale, Locale(identifier: "fr"))`
    /// sets it for the views below: their texts are looked up and formatted in it.
    public var locale: Locale {
        get { localizingLocale ?? .current }
        set { self[LocaleKey.self] = newValue }
    }

    /// The locale texts are shown in: one set here, or the page's; nil where neither is (a
    /// script's page, a view test): texts are shown as written then.
    var localizingLocale: Locale? {
        if let set = self[LocaleKey.self] { return set }
        guard let location = pageLocation else { return nil }
        return MainActor.assumeIsolated { location.language?.locale }
    }

    /// Right to left where the locale's language is written so (the document's `dir`).
    public var layoutDirection: LayoutDirection {
        localizingLocale?.language.characterDirection == .rightToLeft ? .rightToLeft : .leftToRight
    }
}

/// The direction of a language's lines.
public enum LayoutDirection: Hashable, Sendable {
    case leftToRight, rightToLeft
}
