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
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

/// A container view that displays semantically-related controls in a visually-appropriate
/// manner: a `role="group"` row.
public struct ControlGroup<Content: View>: View {
    let content: Content

    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public var body: some View {
        Box("div", [Attribute("class", "sh-controlgroup"), Attribute("role", "group")]) { content }
    }
}

/// How a button looks: `.automatic`, `.bordered`, `.borderedProminent`, `.borderless`, `.plain`.
public protocol PrimitiveButtonStyle {
    var _className: String { get }
}

public struct DefaultButtonStyle: PrimitiveButtonStyle { public init() {}; public var _className: String { "" } }
public struct BorderedButtonStyle: PrimitiveButtonStyle { public init() {}; public var _className: String { "sh-bordered" } }
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle { public init() {}; public var _className: String { "sh-prominent" } }
public struct BorderlessButtonStyle: PrimitiveButtonStyle { public init() {}; public var _className: String { "sh-borderless" } }
public struct PlainButtonStyle: PrimitiveButtonStyle { public init() {}; public var _className: String { "sh-plain" } }

extension PrimitiveButtonStyle where Self == DefaultButtonStyle { public static var automatic: DefaultButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == BorderedButtonStyle { public static var bordered: BorderedButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { .init() }
}
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle { public static var borderless: BorderlessButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == PlainButtonStyle { public static var plain: PlainButtonStyle { .init() } }

/// The size classes of controls.
public enum ControlSize: String, Sendable, CaseIterable {
    case mini, small, regular, large, extraLarge
}

extension View {
    /// Sets the style for buttons within this view: a class on the element this view renders
    /// (`sh-bordered`, `sh-prominent`, …), which the style sheet applies to the buttons inside.
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        let name = style._className
        return modifier(AttributeModifier(classes: name.isEmpty ? [] : [name]))
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
