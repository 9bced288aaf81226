/// Attribute lists every instance shares (copying an array is a retain, building one a
/// `malloc`).
private let textAttributes = [Attribute("class", "sh-text")]
private let buttonAttributes = [Attribute("class", "sh-button"), Attribute("type", "submit")]

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

/// A control that initiates an action.
///
/// ```swift
/// Button("Change Text") { foo = "Banana" }
/// Button(action: { isPlaying.toggle() }) { Image(systemName: isPlaying ? "pause.circle" : "play.circle") }
/// ```
public struct Button<Label: View>: View, ElementView {
    let label: Label
    let action: @MainActor () -> Void

    /// Creates a button that displays a custom label.
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.action = action
    }

    var content: Label { label }
    func handler(in environment: EnvironmentValues) -> EventHandler? { .action(action) }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        var spec = ElementSpec("button", buttonAttributes)
        if !environment.isEnabled { spec.attributes.append(Attribute("disabled", "")) }
        spec.control = .submitsTarget
        return spec
    }
}

extension Button where Label == Text {
    /// Creates a button that generates its label from a string.
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(title) }
    }
}

extension Button where Label == Runtime.Label<Text, Image> {
    /// Creates a button with a text label and a system image.
    public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Runtime.Label(title, systemImage: systemImage) }
    }
}

/// Performs `body` and returns its result; the state changes it makes apply at once
/// (animating them with CSS transitions is later work).
@MainActor
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

/// How a change animates. Accepted for source compatibility; changes apply at once.
public struct Animation: Equatable, Sendable {
    let name: String
    public static let `default` = Animation(name: "default")
    public static let linear = Animation(name: "linear")
    public static let easeIn = Animation(name: "easeIn")
    public static let easeOut = Animation(name: "easeOut")
    public static let easeInOut = Animation(name: "easeInOut")
    public static let spring = Animation(name: "spring")
    public static func linear(duration: Double) -> Animation { Animation(name: "linear") }
    public static func easeIn(duration: Double) -> Animation { Animation(name: "easeIn") }
    public static func easeOut(duration: Double) -> Animation { Animation(name: "easeOut") }
    public static func easeInOut(duration: Double) -> Animation { Animation(name: "easeInOut") }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation { .spring }
}
