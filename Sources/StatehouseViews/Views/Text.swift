/// Attribute lists every instance shares (copying an array is a retain, building one a
/// `malloc`).
private let textAttributes = [Attribute("class", "sh-text")]

/// A view that displays one or more lines of read-only text (always escaped).
///
/// ```swift
/// Text("Hello, \(name)!")
/// ```
public struct Text: View, ElementView, Equatable {
    let string: String

    /// Creates a text view that displays a string, without localization.
    public init<S: StringProtocol>(_ content: S) { string = String(content) }
    /// Creates a text view that displays a string literal without localization.
    public init(verbatim content: String) { string = content }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        ElementSpec("span", textAttributes, text: string)
    }
}
