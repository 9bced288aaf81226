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
