/// Attribute lists every instance shares (copying an array is a retain, building one a
/// `malloc`).
private let buttonAttributes = [Attribute("class", "sh-button"), Attribute("type", "submit")]

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
        spec.control = .button
        return spec
    }
}

extension Button where Label == Text {
    /// Creates a button that generates its label from a string.
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(title) }
    }
}

extension Button where Label == StatehouseViews.Label<Text, Image> {
    /// Creates a button with a text label and a system image.
    public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { StatehouseViews.Label(title, systemImage: systemImage) }
    }
}
