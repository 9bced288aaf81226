/// Custom styles with a `Configuration`: a developer's own `ButtonStyle`, whose
/// `makeBody(configuration:)` composes the button's look from views.

/// A type that applies standard interaction behavior and a custom appearance to all buttons
/// within a view hierarchy.
///
/// ```swift
/// struct Pill: ButtonStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         configuration.label.padding(8).background(Color.blue).foregroundStyle(.white).cornerRadius(16)
///     }
/// }
/// Button("Save") { save() }.buttonStyle(Pill())
/// ```
///
/// The button stays one `<button>` (it posts the form, takes the keyboard, carries its role);
/// the style's body is what it shows. `isPressed` is always false: the server does not see a
/// press until it is a click.
@MainActor
public protocol ButtonStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    typealias Configuration = ButtonStyleConfiguration
}

/// The properties of a button.
@MainActor
public struct ButtonStyleConfiguration {
    /// A type-erased label of a button.
    public struct Label: View {
        let content: AnyView
        public var body: some View { content }
    }

    /// An optional semantic role that describes the button's purpose.
    public let role: ButtonRole?
    /// A view that describes the effect of pressing the button.
    public let label: Label
    /// Whether the user is pressing the button (always false).
    public let isPressed: Bool
}

/// A button style, type-erased, as the environment holds it.
struct AnyButtonStyle {
    let makeBody: @MainActor (ButtonStyleConfiguration) -> AnyView
}

extension EnvironmentValues {
    var customButtonStyle: AnyButtonStyle? {
        get { self[ObjectIdentifier(AnyButtonStyle.self)] ?? nil }
        set { self[ObjectIdentifier(AnyButtonStyle.self)] = newValue }
    }
}

extension View {
    /// Sets the style for buttons within this view to a custom `ButtonStyle`.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        let erased = AnyButtonStyle { AnyView(style.makeBody(configuration: $0)) }
        return modifier(EnvironmentModifier { $0.customButtonStyle = erased })
    }
}

/// A button under a custom style: the button's element and events, the style's body inside.
struct StyledButton<Label: View>: ElementView {
    let button: Button<Label>
    let style: AnyButtonStyle?

    func handler(in environment: EnvironmentValues) -> EventHandler? { button.handler(in: environment) }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        var spec = button.element(in: environment)
        spec.attributes.append(Attribute("data-styled", ""))
        return spec
    }

    var content: AnyView {
        let label = ButtonStyleConfiguration.Label(content: AnyView(button.label))
        guard let style else { return AnyView(label) }
        return style.makeBody(ButtonStyleConfiguration(role: button.role, label: label, isPressed: false))
    }
}
