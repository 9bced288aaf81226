/// Attribute lists every instance shares (copying an array is a retain, building one a
/// `malloc`).
private let buttonAttributes = [Attribute("type", "submit")]

/// A value that describes the purpose of a button.
///
/// ```swift
/// Button("Delete", role: .destructive) { delete(book) }
/// Button("Cancel", role: .cancel) { dismiss() }
/// ```
public struct ButtonRole: Equatable, Sendable {
    let name: String
    /// A role that indicates a destructive action (styled in red).
    public static let destructive = ButtonRole(name: "destructive")
    /// A role that indicates a button that cancels an operation.
    public static let cancel = ButtonRole(name: "cancel")
}

/// A control that initiates an action.
///
/// ```swift
/// Button("Change Text") { foo = "Banana" }
/// Button(action: { isPlaying.toggle() }) { Image(systemName: isPlaying ? "pause.circle" : "play.circle") }
/// ```
public struct Button<Label: View>: View, ElementView {
    @usableFromInline let label: Label
    @usableFromInline let role: ButtonRole?
    @usableFromInline let action: @MainActor () -> Void

    /// Creates a button that displays a custom label.
    @inlinable public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        role = nil
        self.action = action
    }

    /// Creates a button with a specified role that displays a custom label.
    @inlinable public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.role = role
        self.action = action
    }

    var content: Label { label }
    // The stored label, handed on as it is (see `ElementView.mountContent`).
    func mountContent(_ context: Context) -> Node { mountView(label, context) }
    func updateContent(_ node: Node, _ context: Context) { node.update(label, context) }

    func handler(in environment: EnvironmentValues) -> EventHandler? {
        // In an alert or a confirmation dialog, every button also dismisses it.
        guard let dismissal = environment.buttonsDismiss else { return .action(action) }
        if role == .cancel { dismissal.hasCancelButton = true }
        let action = action
        return .action { action(); dismissal.dismiss() }
    }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        buttonElement(in: environment, text: Label.self == Text.self ? sameTypeCast(label, to: Text.self).resolved(in: environment) : nil)
    }

    /// The `<button>`, with `text` as its label or none (a custom style's body is mounted
    /// inside it). Made whole in one go: a spec made and then changed was copied through its
    /// value witnesses, every attribute and the text retained, and the first one destroyed.
    func buttonElement(in environment: EnvironmentValues, text: String? = nil) -> ElementSpec {
        var ownClass: StaticString = "sh-button"
        if let role { ownClass = role == .destructive ? "sh-button sh-destructive" : role == .cancel ? "sh-button sh-cancel" : "sh-button" }
        var attributes = buttonAttributes
        if !environment.isEnabled { attributes.append(Attribute("disabled", "")) }
        return ElementSpec(tag: Literal("button"), ownClass: Literal(ownClass), attributes: attributes, text: text, trustedHTML: nil,
                           isVoid: false, control: .button, forwardsIdentifier: false)
    }

    /// A button titled by a string (a plain `Text` label) shows it as its own text: one
    /// element, not a button with a text element inside (a page of buttons mounts, renders
    /// and sends less). Any other label is mounted inside the button.
    static var hasContent: Bool { Label.self != Text.self }

    /// A button under a custom `ButtonStyle` shows the style's body (decided when it is
    /// mounted: a style applied to a mounted button takes effect when it is mounted again).
    @inline(__always) static func makeNode(_ view: Self, _ context: Context) -> Node {
        guard context.environment.customPrimitiveButtonStyle == nil, context.environment.customButtonStyle == nil else {
            return makeStyledNode(view, context)
        }
        return ElementViewNode(view, context).mounted(view, context)
    }

    /// A button under a custom style: apart, so that a plain button's mount looks up no
    /// metadata of the styled views (the compiler fetches what a function may need at its
    /// start, whichever branch runs).
    @inline(never)
    private static func makeStyledNode(_ view: Self, _ context: Context) -> Node {
        if let primitive = context.environment.customPrimitiveButtonStyle {
            let node = mountView(primitiveBody(view, primitive), context)
            node.takesModifiedViews = true
            return node
        }
        let node = mountView(StyledButton(button: view, style: context.environment.customButtonStyle), context)
        node.takesModifiedViews = true
        return node
    }
}

extension Button: TransparentView {
    static func update(_ node: Node, with view: Self, _ context: Context) {
        if node.elementViewType == ObjectIdentifier(Self.self) { return node.refresh(view, context) }
        updateStyled(node, with: view, context)
    }

    /// A button under a custom style (apart: see `makeStyledNode`).
    @inline(never)
    private static func updateStyled(_ node: Node, with view: Self, _ context: Context) {
        if let primitive = context.environment.customPrimitiveButtonStyle { return node.update(primitiveBody(view, primitive), context) }
        node.update(StyledButton(button: view, style: context.environment.customButtonStyle), context)
    }
}

/// What a custom `PrimitiveButtonStyle` makes of `button`: its body replaces the button, and
/// buttons inside it (`Button(configuration)`) are plain again.
@MainActor
private func primitiveBody<Label: View>(_ button: Button<Label>, _ style: AnyPrimitiveButtonStyle) -> some View {
    let configuration = PrimitiveButtonStyleConfiguration(role: button.role, label: StyleContent(button.label), action: button.action)
    return style.makeBody(configuration).modifier(EnvironmentModifier { $0.customPrimitiveButtonStyle = nil })
}

extension Button where Label == PrimitiveButtonStyleConfiguration.Label {
    /// Creates a button from a `PrimitiveButtonStyle`'s configuration: its label, role and
    /// action, with the standard look.
    public init(_ configuration: PrimitiveButtonStyleConfiguration) {
        self.init(role: configuration.role, action: configuration.action) { configuration.label }
    }
}

extension View {
    /// Adds an action to perform when this view is tapped: the view becomes a plain button
    /// (clicked, or Enter or Space on it, with or without JavaScript). `count` is accepted; every
    /// activation is one tap.
    public func onTapGesture(count: Int = 1, perform action: @escaping @MainActor () -> Void) -> some View {
        Button(action: action) { self }.buttonStyle(.plain)
    }
}

extension Button where Label == Text {
    /// Creates a button that generates its label from a localized string key.
    @inlinable public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(titleKey) }
    }

    /// Creates a button with a specified role that generates its label from a localized string key.
    @inlinable public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action) { Text(titleKey) }
    }

    /// Creates a button that generates its label from a string, without localization.
    @_disfavoredOverload
    @inlinable public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(title) }
    }

    /// Creates a button with a specified role that generates its label from a string, without
    /// localization.
    @_disfavoredOverload
    @inlinable public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

extension Button where Label == StatehouseViews.Label<Text, Image> {
    /// Creates a button with a localized text label and a system image.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { StatehouseViews.Label(titleKey, systemImage: systemImage) }
    }

    /// Creates a button with a text label and a system image.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { StatehouseViews.Label(title, systemImage: systemImage) }
    }
}
