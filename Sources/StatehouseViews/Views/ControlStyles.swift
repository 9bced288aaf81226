/// Menus, control groups, and the modifiers that restyle controls: `.buttonStyle`, `.tint`,
/// `.labelsHidden`, `.controlSize`.

/// A control for presenting a menu of actions: a `<details>` whose `<summary>` is the menu's
/// button and whose content its items (it opens and closes in the browser, with or without
/// JavaScript; choosing an item runs it).
///
/// ```swift
/// Menu("Actions") {
///     Button("Duplicate") { duplicate() }
///     Button("Delete", role: .destructive) { delete() }
/// }
/// ```
public struct Menu<Label: View, Content: View>: View {
    let parts: LabelledParts<Label, Content>

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        parts = LabelledParts(label(), content())
    }

    public var body: some View {
        Box("details", [Attribute("class", "sh-menu")]) {
            Box("summary", summaryAttributes) { parts.label }
            Box("div", [Attribute("class", "sh-menu-items"), Attribute("role", "menu")]) { parts.content }
        }
    }
}

extension Menu where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

/// A container view that displays semantically-related controls in a visually-appropriate
/// manner: a `role="group"` row.
///
/// ```swift
/// ControlGroup {
///     Button("Bold") { toggleBold() }
///     Button("Italic") { toggleItalic() }
/// }
/// ```
public struct ControlGroup<Content: View>: View {
    let content: Content

    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public var body: some View {
        Box("div", [Attribute("class", "sh-controlgroup"), Attribute("role", "group")]) { content }
    }
}

/// A type that applies custom interaction behavior and a custom appearance to all buttons
/// within a view hierarchy: the built-in `.automatic`, `.bordered`, `.borderedProminent`,
/// `.borderless`, `.plain` (a class the style sheet applies), or your own, whose
/// `makeBody(configuration:)` replaces the button and calls `configuration.trigger()` to run
/// its action:
///
/// ```swift
/// struct TapAnywhere: PrimitiveButtonStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         configuration.label.padding().onTapGesture { configuration.trigger() }
///     }
/// }
/// ```
@MainActor
public protocol PrimitiveButtonStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    typealias Configuration = PrimitiveButtonStyleConfiguration
    /// The built-in styles' class (nil: a style of your own, drawn by `makeBody`).
    var _className: String? { get }
}

extension PrimitiveButtonStyle {
    public var _className: String? { nil }
}

/// The properties of a button, for a `PrimitiveButtonStyle`.
///
/// ```swift
/// func makeBody(configuration: Configuration) -> some View {
///     configuration.label.onTapGesture { configuration.trigger() }
/// }
/// ```
@MainActor
public struct PrimitiveButtonStyleConfiguration {
    /// A type-erased label of a button.
    public typealias Label = StyleContent
    /// An optional semantic role describing the button's purpose.
    public let role: ButtonRole?
    /// A view that describes the effect of calling the button's action.
    public let label: Label
    let action: @MainActor () -> Void
    /// Performs the button's action.
    public func trigger() { action() }
}

/// A built-in button style: a class on the element the modifier reaches.
///
/// ```swift
/// Button("Save") { save() }.buttonStyle(.bordered)   // BorderedButtonStyle, a built-in style
/// ```
public protocol _BuiltInButtonStyle: PrimitiveButtonStyle where Body == Button<PrimitiveButtonStyleConfiguration.Label> {}

extension _BuiltInButtonStyle {
    public func makeBody(configuration: Configuration) -> Button<PrimitiveButtonStyleConfiguration.Label> { Button(configuration) }
}

/// The default button style (`.automatic`): no class of its own.
///
/// ```swift
/// Button("Save") { save() }.buttonStyle(.automatic)
/// ```
public struct DefaultButtonStyle: _BuiltInButtonStyle { public init() {}; public var _className: String? { "" } }
/// A button style with a tinted background (`.bordered`): the `sh-bordered` class.
///
/// ```swift
/// Button("Save") { save() }.buttonStyle(.bordered)
/// ```
public struct BorderedButtonStyle: _BuiltInButtonStyle { public init() {}; public var _className: String? { "sh-bordered" } }
/// A button style filled with the accent colour (`.borderedProminent`): the `sh-prominent` class.
///
/// ```swift
/// Button("Buy") { buy() }.buttonStyle(.borderedProminent)
/// ```
public struct BorderedProminentButtonStyle: _BuiltInButtonStyle { public init() {}; public var _className: String? { "sh-prominent" } }
/// A button style without a border (`.borderless`): the `sh-borderless` class.
///
/// ```swift
/// Button("Edit") { edit() }.buttonStyle(.borderless)
/// ```
public struct BorderlessButtonStyle: _BuiltInButtonStyle { public init() {}; public var _className: String? { "sh-borderless" } }
/// A button style that shows its label as it is, without padding or accent colour (`.plain`): the
/// `sh-plain` class.
///
/// ```swift
/// Button { open(book) } label: { BookRow(book: book) }.buttonStyle(.plain)
/// ```
public struct PlainButtonStyle: _BuiltInButtonStyle { public init() {}; public var _className: String? { "sh-plain" } }

extension PrimitiveButtonStyle where Self == DefaultButtonStyle { public static var automatic: DefaultButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == BorderedButtonStyle { public static var bordered: BorderedButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { .init() }
}
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle { public static var borderless: BorderlessButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == PlainButtonStyle { public static var plain: PlainButtonStyle { .init() } }

/// The size classes of controls.
///
/// ```swift
/// Button("Buy") { buy() }
///     .controlSize(.large)
/// ```
public enum ControlSize: String, Sendable, CaseIterable {
    case mini, small, regular, large, extraLarge
}

extension View {
    /// Sets the style for buttons within this view: a class on the element this view renders
    /// (`sh-bordered`, `sh-prominent`, …), which the style sheet applies to the buttons inside.
    ///
    /// A `PrimitiveButtonStyle` of your own replaces the buttons. The innermost style wins,
    /// whichever kind it is: a style set here clears any other the view inherits.
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        let name = style._className
        let custom = name == nil ? AnyPrimitiveButtonStyle { AnyView(style.makeBody(configuration: $0)) } : nil
        return modifier(AttributeModifier(classes: name.map { $0.isEmpty ? [] : [$0] } ?? []))
            .modifier(EnvironmentModifier { $0.setButtonStyle(primitive: custom, styled: nil) })
    }

    /// Sets the tint colour within this view (the accent of its buttons, switches, sliders).
    public func tint(_ tint: Color?) -> some View {
        modifier(AttributeModifier(styles: tint.map { [Attribute("--sh-accent", $0.css)] } ?? []))
    }

    /// Hides the labels of the controls in this view, visually only: screen readers still
    /// read them.
    public func labelsHidden() -> some View {
        modifier(AttributeModifier(classes: ["sh-labels-hidden"]))
    }

    /// Sets the size for controls within this view.
    public func controlSize(_ controlSize: ControlSize) -> some View {
        modifier(AttributeModifier(classes: ["sh-size-\(controlSize.rawValue)"]))
    }
}
