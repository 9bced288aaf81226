import Foundation

/// A control that displays an editable text interface.
///
/// ```swift
/// TextField("Title", text: $book.title)
/// TextField("Notes", text: $notes, axis: .vertical)
/// TextField("Amount", value: $amount, format: .number)
/// ```
/// The field is a native `<input>` (a `<textarea>` that grows, along the vertical axis) whose
/// placeholder and accessible label are the title, or the prompt when there is one. Its value
/// is read in the field's own body, so typing re-evaluates only the field and the views that
/// read the text.
///
/// A field with a `format` edits a value: as in SwiftUI, what is typed is parsed into the value
/// when it is committed (Return, or focus leaving the field); a text that does not parse stays
/// in the field and the value keeps what it had.
public struct TextField: View {
    let title: Text
    let text: Binding<String>
    let isSecure: Bool
    var axis: Axis = .horizontal
    /// The placeholder, when it is not the title.
    var prompt: Text?
    /// A `value:format:` field: its own view, which keeps the text being typed.
    var formatted: AnyView?

    /// Creates a text field with a text label generated from a localized title string.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        title = Text(titleKey)
        self.text = text
        isSecure = false
    }

    /// Creates a text field whose placeholder is the prompt (its label, for assistive
    /// technology, is the title).
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {
        self.init(titleKey, text: text)
        self.prompt = prompt
    }

    /// Creates a text field that grows along `axis`: `.vertical` is a `<textarea>`.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) {
        self.init(titleKey, text: text)
        self.axis = axis
    }

    /// Creates a text field with a prompt that grows along `axis`.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?, axis: Axis) {
        self.init(titleKey, text: text, prompt: prompt)
        self.axis = axis
    }

    /// Creates a text field with a text label generated from a title string, without localization.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.title = Text(title)
        self.text = text
        isSecure = false
    }

    /// Creates a text field whose placeholder is the prompt, with a title not localized.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
        self.init(title, text: text)
        self.prompt = prompt
    }

    /// Creates a text field that grows along `axis`: `.vertical` is a `<textarea>` whose text
    /// wraps and where Return starts a new line.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis) {
        self.init(title, text: text)
        self.axis = axis
    }

    /// Creates a text field with a prompt that grows along `axis`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?, axis: Axis) {
        self.init(title, text: text, prompt: prompt)
        self.axis = axis
    }

    /// Creates a text field that edits a value through a format style: the field shows
    /// `format.format(value)`, and a committed text that `format`'s parse strategy reads sets the
    /// value (one that does not read stays in the field, the value unchanged).
    ///
    /// ```swift
    /// TextField("Price", value: $price, format: .currency(code: "EUR"))
    /// TextField("Guests", value: $guests, format: .number)
    /// ```
    public init<F: ParseableFormatStyle>(_ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil)
    where F.FormatOutput == String {
        self.init(titleKey, text: .constant(""), prompt: prompt)
        formatted = AnyView(FormattedTextField(title: self.title, prompt: self.prompt, value: value, format: format))
    }

    /// Creates a text field that edits a value through a format style, with a title not localized.
    @_disfavoredOverload
    public init<S: StringProtocol, F: ParseableFormatStyle>(_ title: S, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil)
    where F.FormatOutput == String {
        self.init(title, text: .constant(""), prompt: prompt)
        formatted = AnyView(FormattedTextField(title: self.title, prompt: self.prompt, value: value, format: format))
    }

    init(secure title: Text, text: Binding<String>) {
        self.title = title
        self.text = text
        isSecure = true
    }

    public var body: some View {
        if let formatted {
            formatted
        } else if axis == .vertical {
            TextArea(value: text.wrappedValue, binding: text, title: title, prompt: prompt)
        } else {
            TextInput(title: title, value: text.wrappedValue, binding: text, isSecure: isSecure, prompt: prompt)
        }
    }
}

/// A `TextField(_:value:format:)`: the text being typed is the field's own state until it is
/// committed; a committed text that parses becomes the value, and the field shows it formatted.
/// A draft is kept only while the value is the one it was typed over: a value set elsewhere
/// (a Reset button) replaces it.
struct FormattedTextField<F: ParseableFormatStyle>: View where F.FormatOutput == String {
    let title: Text
    let prompt: Text?
    let value: Binding<F.FormatInput>
    let format: F
    /// What was typed and not yet taken into the value, and the formatted value it was typed
    /// over (nil: the field shows the value).
    @State private var draft: Draft?

    struct Draft: Equatable {
        var text: String
        var base: String
    }

    var body: some View {
        let formatted = format.format(value.wrappedValue)
        let current = draft.flatMap { $0.base == formatted ? $0.text : nil }
        let shown = current ?? formatted
        TextInput(title: title, value: shown, binding: Binding(get: { shown }, set: { draft = Draft(text: $0, base: formatted) }),
                  isSecure: false, prompt: prompt, commit: commit)
    }

    private func commit() {
        guard let typed = draft?.text, let parsed = try? format.parseStrategy.parse(typed) else { return }
        value.wrappedValue = parsed
        draft = nil
    }
}

/// A control into which people securely enter private text.
///
/// ```swift
/// SecureField("Password", text: $password)
///     .textFieldStyle(.roundedBorder)
/// ```
/// What it edits is a secret: the page's HTML never carries it (the field's `value` is
/// written only to clear it), and the state its binding leads to — a `@State`
/// (`$password`), the whole value a key path starts from (`$form.password`), or the object
/// behind `$model.password`, an `@AppStorage` value — is kept in memory only, never in the
/// durable store, while the field is shown. A binding made by hand (`Binding(get:set:)`) cannot be traced to its
/// state: declare that state `@State(.memoryOnly)`.
public struct SecureField: View {
    let title: Text
    let text: Binding<String>

    /// Creates a secure field with a localized title.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        title = Text(titleKey)
        self.text = text
    }

    /// Creates a secure field with a title not localized.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.title = Text(title)
        self.text = text
    }

    public var body: some View {
        if let root = text.identity?.root {
            Tracking.withCurrent { context in
                context.tree.snapshots?.keepInMemory(root)
                // `@AppStorage` is filed with the session's values.
                context.tree.appStorage?.snapshots?.keepInMemory(root)
            }
        }
        return TextField(secure: title, text: text)
    }
}

struct TextInput: ElementView {
    let title: Text
    let value: String
    let binding: Binding<String>
    let isSecure: Bool
    /// A search field (`.searchable`): `type="search"`.
    var isSearch = false
    /// The placeholder, when it is not the title.
    var prompt: Text?
    /// What a committed text does (a formatted field parses it): the browser sends `change`
    /// when focus leaves the field (`data-sh-commit`), and Return commits too.
    var commit: (@MainActor () -> Void)?

    func handler(in environment: EnvironmentValues) -> EventHandler? {
        .text(TextEntry(binding: binding, onSubmit: environment.onSubmit, limit: environment.textInputLimit, commit: commit))
    }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        let title = title.resolved(in: environment)
        var spec = ElementSpec("input", [
            Attribute("class", "sh-textfield"), Attribute("type", isSecure ? "password" : isSearch ? "search" : "text"),
            Attribute("placeholder", prompt?.resolved(in: environment) ?? title), Attribute("aria-label", title),
        ])
        // A secret goes from the browser to the server, never back: a password field's value
        // is written only when it is empty (an action cleared it).
        if !isSecure || value.isEmpty { spec.attributes.insert(Attribute("value", value), at: 2) }
        let traits = environment.textInputTraits
        if isSecure, traits.contentType?.autocomplete == nil { spec.attributes.append(Attribute("autocomplete", "current-password")) }
        spec.attributes += traits.attributes(autocorrectionDisabled: environment.autocorrectionDisabled)
        if commit != nil { spec.attributes.append(Attribute("data-sh-commit", "")) }
        if !environment.isEnabled { spec.attributes.append(Attribute("disabled", "")) }
        spec.isVoid = true
        spec.control = .field
        return spec
    }
}

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
