/// A view that displays one or more lines of read-only text (always escaped).
///
/// ```swift
/// Text("Hello, \(name)!")
/// ```
public struct Text: View, ElementView, Equatable {
    @usableFromInline let string: String

    /// Creates a text view that displays a string, without localization. (Disfavoured, as
    /// in SwiftUI: a literal goes to `init(_: LocalizedStringKey)` and its interpolations.)
    @_disfavoredOverload
    @inlinable public init<S: StringProtocol>(_ content: S) { string = String(content) }
    /// Creates a text view that displays a string literal without localization.
    @inlinable public init(verbatim content: String) { string = content }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        ElementSpec("span", class: "sh-text", text: string)
    }
}

extension Text: CustomStringConvertible {
    /// The text's string: interpolated into another text (`Text("A \(Text("b"))")`), a text
    /// reads as what it shows, whichever initializer the compiler picked.
    public nonisolated var description: String { string }
}
