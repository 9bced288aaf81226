/// Custom styles with a `Configuration`: a developer's own `ButtonStyle`, `LabelStyle`,
/// `ToggleStyle` or `ProgressViewStyle`, whose `makeBody(configuration:)` composes the
/// control's look from views, and the built-in styles of the last three.

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
///
/// ```swift
/// func makeBody(configuration: Configuration) -> some View {
///     configuration.label
///         .foregroundStyle(configuration.role == .destructive ? Color.red : Color.primary)
/// }
/// ```
@MainActor
public struct ButtonStyleConfiguration {
    /// A type-erased label of a button.
    public typealias Label = StyleContent

    /// An optional semantic role that describes the button's purpose.
    public let role: ButtonRole?
    /// A view that describes the effect of pressing the button.
    public let label: Label
    /// Whether the user is pressing the button (always false).
    public let isPressed: Bool
}

/// A part of a control that a style shows (a configuration's `label`, `title`, `icon`):
/// the view the control was given, type-erased.
///
/// ```swift
/// configuration.label.bold()   // a style's `configuration.label` is a `StyleContent`
/// ```
public struct StyleContent: View {
    let content: AnyView
    init<V: View>(_ view: V) { content = AnyView(view) }
    init(content: AnyView) { self.content = content }
    public var body: some View { content }
}

/// A style of your own, type-erased, as the environment holds it: what it makes of a
/// control's configuration.
struct AnyStyle<Configuration> {
    let makeBody: @MainActor (Configuration) -> AnyView
}

typealias AnyButtonStyle = AnyStyle<ButtonStyleConfiguration>
typealias AnyPrimitiveButtonStyle = AnyStyle<PrimitiveButtonStyleConfiguration>

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
        return modifier(EnvironmentModifier { $0.setButtonStyle(primitive: nil, styled: erased) })
    }
}

/// A button under a custom style: the button's element and events, the style's body inside.
struct StyledButton<Label: View>: ElementView {
    let button: Button<Label>
    let style: AnyButtonStyle?

    func handler(in environment: EnvironmentValues) -> EventHandler? { button.handler(in: environment) }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        var spec = button.buttonElement(in: environment)
        spec.attributes.append(Attribute("data-styled", ""))
        return spec
    }

    var content: AnyView {
        let label = ButtonStyleConfiguration.Label(content: AnyView(button.label))
        guard let style else { return AnyView(label) }
        return style.makeBody(ButtonStyleConfiguration(role: button.role, label: label, isPressed: false))
    }
}

// MARK: Label styles

/// A type that applies a custom appearance to all labels within a view.
///
/// ```swift
/// struct Stacked: LabelStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         VStack { configuration.icon; configuration.title.font(.caption) }
///     }
/// }
/// Label("Inbox", systemImage: "tray").labelStyle(Stacked())
/// ```
@MainActor
public protocol LabelStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    typealias Configuration = LabelStyleConfiguration
}

/// The properties of a label.
///
/// ```swift
/// func makeBody(configuration: Configuration) -> some View {
///     HStack { configuration.icon; configuration.title }
/// }
/// ```
@MainActor
public struct LabelStyleConfiguration {
    /// A type-erased title view of a label.
    public typealias Title = StyleContent

    /// A type-erased icon view of a label.
    public typealias Icon = StyleContent

    /// A description of the labeled item.
    public let title: Title
    /// A symbolic representation of the labeled item.
    public let icon: Icon
}

/// The default label style: icon and title, side by side.
public typealias DefaultLabelStyle = TitleAndIconLabelStyle

/// The icon and the title, side by side.
///
/// ```swift
/// Label("Favorites", systemImage: "star").labelStyle(.titleAndIcon)
/// ```
public struct TitleAndIconLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        configuration.icon
        configuration.title
    }
}

/// The icon only; the title stays for screen readers (visually hidden).
///
/// ```swift
/// Label("Favorites", systemImage: "star").labelStyle(.iconOnly)
/// ```
public struct IconOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        configuration.icon
        Box("span", [Attribute("class", "sh-visually-hidden")]) { configuration.title }
    }
}

/// The title only.
///
/// ```swift
/// Label("Favorites", systemImage: "star").labelStyle(.titleOnly)
/// ```
public struct TitleOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        configuration.title
    }
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
    public static var automatic: TitleAndIconLabelStyle { .init() }
    public static var titleAndIcon: TitleAndIconLabelStyle { .init() }
}
extension LabelStyle where Self == IconOnlyLabelStyle { public static var iconOnly: IconOnlyLabelStyle { .init() } }
extension LabelStyle where Self == TitleOnlyLabelStyle { public static var titleOnly: TitleOnlyLabelStyle { .init() } }

typealias AnyLabelStyle = AnyStyle<LabelStyleConfiguration>
