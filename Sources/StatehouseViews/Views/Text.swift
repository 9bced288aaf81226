import Foundation

/// A view that displays one or more lines of read-only text (always escaped).
///
/// ```swift
/// Text("Hello, \(name)!")
/// ```
public struct Text: View, ElementView, Equatable {
    /// The text as written (each value as it describes itself).
    @usableFromInline let string: String
    /// What to look up and format in the page's language (nil: shown as written).
    @usableFromInline let localized: LocalizedText?

    /// Creates a text view that displays a string, without localization. (Disfavoured, as
    /// in SwiftUI: a literal goes to `init(_: LocalizedStringKey)` and its interpolations.)
    @_disfavoredOverload
    @inlinable public init<S: StringProtocol>(_ content: S) {
        string = String(content)
        localized = nil
    }
    /// Creates a text view that displays a string literal without localization.
    @inlinable public init(verbatim content: String) {
        string = content
        localized = nil
    }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        ElementSpec("span", class: "sh-text", text: resolved(in: environment))
    }

    /// What the text shows where `environment` is: looked up and formatted in its locale.
    func resolved(in environment: EnvironmentValues) -> String {
        guard localized != nil else { return string }
        return resolved(locale: environment.localizingLocale)
    }

    /// What the text shows in `locale` (nil: no locale asked for, the text as written).
    nonisolated func resolved(locale: Locale?) -> String {
        guard let localized, let locale else { return string }
        return localized.resolve(string, in: locale)
    }

    nonisolated public static func == (a: Text, b: Text) -> Bool { a.string == b.string && a.localized?.key == b.localized?.key }
}

extension Text: CustomStringConvertible {
    /// The text's string: interpolated into another text (`Text("A \(Text("b"))")`), a text
    /// reads as what it shows, whichever initializer the compiler picked.
    public nonisolated var description: String { string }
}
