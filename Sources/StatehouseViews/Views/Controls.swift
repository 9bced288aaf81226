import Foundation

/// A control that toggles between on and off states: a switch button
/// (`<button role="switch" aria-checked>`) inside a `<label>` that names it.
///
/// ```swift
/// Toggle("Favorite", isOn: $episode.isFavorite)
/// ```
/// A button rather than a checkbox: pressing it submits the page's form with the switch as
/// `target`, so a toggle works without JavaScript too (an unchecked checkbox would post nothing).
/// Scripts may also send `type=change&value=true|false` to set it.
///
/// Under `.toggleStyle(_:)` (`.switch`, `.button`, `.checkbox`, or a `ToggleStyle` of your own)
/// it shows what the style makes of its label and binding.
public struct Toggle<Label: View>: View {
    let isOn: Binding<Bool>
    let label: Label
    @Environment(\.customToggleStyle) private var style

    /// Creates a toggle that displays a custom label.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }

    public var body: some View {
        if let style {
            style.makeBody(ToggleStyleConfiguration(label: .init(content: AnyView(label)), isOn: isOn))
        } else {
            ToggleSwitch(label: label, isOn: isOn, role: "switch", className: "sh-switch")
        }
    }
}

/// A toggle's built-in look: its label, then a button that is on or off (a switch, a
/// checkbox), in one `<label>`.
struct ToggleSwitch<Label: View>: View {
    let label: Label
    let isOn: Binding<Bool>
    let role: String
    let className: String

    var body: some View {
        Box("label", [Attribute("class", "sh-toggle")], forwardsIdentifier: true) {
            label
            CheckedButton(role: role, className: className, isOn: isOn.wrappedValue, onClick: .toggle(isOn), content: EmptyView())
        }
    }
}

extension Toggle where Label == Text {
    /// Creates a toggle that generates its label from a string.
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(titleKey) }
    }

    /// Creates a toggle that generates its label from a string, without localization.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

/// A button that is on or off (a toggle's switch, a picker's option, a list's row, a
/// disclosure's label): `aria-checked` (`aria-selected` for an option, `aria-expanded` for a
/// disclosure), and it posts the form without JavaScript.
struct CheckedButton<Label: View>: ElementView {
    /// `switch` or `radio`.
    let role: String
    let className: String
    let isOn: Bool
    let onClick: EventHandler
    let content: Label
    /// The attribute that says whether it is on, if not the role's usual one.
    var stateAttribute: String?

    func handler(in environment: EnvironmentValues) -> EventHandler? { onClick }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        // An option says it is selected, a disclosure's button that it is expanded; a switch, a
        // checkbox or a radio button that it is checked.
        let state = stateAttribute ?? (role == "option" ? "aria-selected" : role == "button" ? "aria-expanded" : "aria-checked")
        var spec = ElementSpec("button", [Attribute("class", className), Attribute("type", "submit"), Attribute("role", role),
                                          Attribute(state, isOn ? "true" : "false")])
        if !environment.isEnabled { spec.attributes.append(Attribute("disabled", "")) }
        spec.control = .button
        return spec
    }
}

/// A `<div>` or `<span>` with a class, for controls built from other views.
struct Box<Content: View>: ElementView {
    let tag: StaticString
    let attributes: [Attribute]
    let content: Content
    var forwardsIdentifier = false
    init(_ tag: StaticString = "div", _ attributes: [Attribute], forwardsIdentifier: Bool = false, @ViewBuilder content: () -> Content) {
        self.tag = tag
        self.attributes = attributes
        self.forwardsIdentifier = forwardsIdentifier
        self.content = content()
    }
    func element(in environment: EnvironmentValues) -> ElementSpec {
        var spec = ElementSpec(tag, attributes)
        spec.forwardsIdentifier = forwardsIdentifier
        return spec
    }
}

/// A control that performs increment and decrement actions.
///
/// ```swift
/// Stepper("Quantity: \(quantity)", value: $quantity, in: 0...10)
/// ```
public struct Stepper<Label: View>: View {
    let label: Label
    let onIncrement: (@MainActor () -> Void)?
    let onDecrement: (@MainActor () -> Void)?

    /// Creates a stepper instance that performs the closures you provide.
    public init(@ViewBuilder label: () -> Label, onIncrement: (@MainActor () -> Void)?, onDecrement: (@MainActor () -> Void)?) {
        self.label = label()
        self.onIncrement = onIncrement
        self.onDecrement = onDecrement
    }

    /// Creates a stepper that increments or decrements a binding by `step`, within `bounds`.
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label) {
        let current = value.wrappedValue
        var increment: (@MainActor () -> Void)?
        var decrement: (@MainActor () -> Void)?
        if current < bounds.upperBound {
            increment = { value.wrappedValue = min(bounds.upperBound, value.wrappedValue.advanced(by: step)) }
        }
        if current > bounds.lowerBound {
            decrement = { value.wrappedValue = max(bounds.lowerBound, value.wrappedValue.advanced(by: -step)) }
        }
        self.init(label: label, onIncrement: increment, onDecrement: decrement)
    }

    /// Creates a stepper that increments or decrements a binding by `step`.
    public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label) {
        self.init(label: label,
                  onIncrement: { value.wrappedValue = value.wrappedValue.advanced(by: step) },
                  onDecrement: { value.wrappedValue = value.wrappedValue.advanced(by: -step) })
    }

    public var body: some View {
        let decrement = onDecrement, increment = onIncrement
        return Box("div", [Attribute("class", "sh-stepper")]) {
            label
            Button(action: decrement ?? {}) { Text("−") }
                .accessibilityLabel("Decrement")
                .disabled(decrement == nil)
            Button(action: increment ?? {}) { Text("+") }
                .accessibilityLabel("Increment")
                .disabled(increment == nil)
        }
    }
}

extension Stepper where Label == Text {
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1) {
        self.init(value: value, in: bounds, step: step) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1) {
        self.init(value: value, in: bounds, step: step) { Text(title) }
    }
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, step: V.Stride = 1) {
        self.init(value: value, step: step) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, step: V.Stride = 1) {
        self.init(value: value, step: step) { Text(title) }
    }
    public init(_ titleKey: LocalizedStringKey, onIncrement: (@MainActor () -> Void)?, onDecrement: (@MainActor () -> Void)?) {
        self.init(label: { Text(titleKey) }, onIncrement: onIncrement, onDecrement: onDecrement)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, onIncrement: (@MainActor () -> Void)?, onDecrement: (@MainActor () -> Void)?) {
        self.init(label: { Text(title) }, onIncrement: onIncrement, onDecrement: onDecrement)
    }
}

/// A control for navigating to a URL: an `<a href>`. Only `http`, `https`, `mailto`, `tel`
/// and relative URLs are linked; anything else (`javascript:`) renders without an `href`.
///
/// ```swift
/// Link("Terms of Service", destination: URL(string: "https://example.com/terms")!)
/// ```
public struct Link<Label: View>: View, ElementView {
    let destination: URL
    let label: Label

    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    var content: Label { label }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        var attributes = [Attribute("class", "sh-link")]
        let scheme = destination.scheme?.lowercased()
        if scheme == nil || ["http", "https", "mailto", "tel"].contains(scheme!) {
            attributes.append(Attribute("href", destination.absoluteString))
        }
        return ElementSpec("a", attributes)
    }
}

extension Link where Label == Text {
    public init(_ titleKey: LocalizedStringKey, destination: URL) {
        self.init(destination: destination) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: URL) {
        self.init(destination: destination) { Text(title) }
    }
}
