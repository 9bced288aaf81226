/// `.searchable`, `.refreshable`, `Gauge`, and the style modifiers of forms, lists and text
/// fields.

extension View {
    /// Marks this view as refreshable: a "Refresh" button above it runs `action` on the main
    /// actor (a click while a refresh runs starts none; what it changes reaches the page as any
    /// task's changes do).
    public func refreshable(action: @escaping @MainActor @Sendable () async -> Void) -> some View {
        RefreshableView(action: action, content: self)
    }

    /// Marks this view as searchable: a search field bound to `text` above it (`type="search"`;
    /// Enter runs `.onSubmit`, as in a text field).
    @_disfavoredOverload
    public func searchable<S: StringProtocol>(text: Binding<String>, prompt: S) -> some View {
        SearchableView(text: text, prompt: Text(prompt), content: self)
    }

    /// Marks this view as searchable, with a localized prompt.
    public func searchable(text: Binding<String>, prompt: LocalizedStringKey) -> some View {
        SearchableView(text: text, prompt: Text(prompt), content: self)
    }

    /// Marks this view as searchable, with a prompt of a text view.
    public func searchable(text: Binding<String>, prompt: Text?) -> some View {
        SearchableView(text: text, prompt: prompt ?? Text("Search"), content: self)
    }

    /// Marks this view as searchable, with the prompt "Search".
    public func searchable(text: Binding<String>) -> some View {
        searchable(text: text, prompt: "Search")
    }

    /// Sets the style for forms in this view (`.grouped`, `.columns`, `.automatic`).
    public func formStyle<S: FormStyle>(_ style: S) -> some View { modifier(AttributeModifier(classes: ["sh-form-\(style._name)"])) }

    /// Sets the style for lists in this view (`.plain`, `.inset`, `.insetGrouped`, `.grouped`,
    /// `.sidebar`, `.automatic`).
    public func listStyle<S: ListStyle>(_ style: S) -> some View { modifier(AttributeModifier(classes: ["sh-list-\(style._name)"])) }

    /// Sets the style for text fields in this view (`.roundedBorder`, `.plain`, `.automatic`).
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View {
        modifier(AttributeModifier(classes: ["sh-textfield-\(style._name)"]))
    }
}

struct SearchableView<Content: View>: View {
    let text: Binding<String>
    let prompt: Text
    let content: Content

    var body: some View {
        TextInput(title: prompt, value: text.wrappedValue, binding: text, isSecure: false, isSearch: true)
        content
    }
}

struct RefreshableView<Content: View>: View {
    let action: @MainActor @Sendable () async -> Void
    let content: Content
    @State private var isRefreshing = false

    var body: some View {
        Button("Refresh") {
            guard !isRefreshing else { return }
            isRefreshing = true
            Task.immediate { @MainActor in
                await action()
                isRefreshing = false
            }
        }
        .disabled(isRefreshing)
        .accessibilityIdentifier("refresh")
        content
    }
}

/// A view that shows a value within a range: `<meter>`.
///
/// ```swift
/// Gauge(value: battery, in: 0...100) { Text("Battery") }
/// ```
public struct Gauge<Label: View>: View {
    let value: Double
    let bounds: ClosedRange<Double>
    let label: Label

    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        self.value = Double(value)
        self.bounds = Double(bounds.lowerBound)...Double(bounds.upperBound)
        self.label = label()
    }

    public var body: some View {
        Box("label", [Attribute("class", "sh-gauge")]) {
            label
            MeterElement(value: value, bounds: bounds)
        }
    }
}

struct MeterElement: ElementView {
    let value: Double
    let bounds: ClosedRange<Double>
    func element(in environment: EnvironmentValues) -> ElementSpec {
        ElementSpec("meter", [Attribute("class", "sh-meter"), Attribute("min", NumberInput.format(bounds.lowerBound)),
                              Attribute("max", NumberInput.format(bounds.upperBound)),
                              Attribute("value", NumberInput.format(min(bounds.upperBound, max(bounds.lowerBound, value))))])
    }
}

/// A form's look.
///
/// ```swift
/// Form { TextField("Name", text: $name) }
///     .formStyle(.grouped)
/// ```
public protocol FormStyle { var _name: String { get } }
/// The default form style (`.automatic`): a grouped list.
///
/// ```swift
/// Form { Toggle("Notifications", isOn: $notifies) }.formStyle(.automatic)
/// ```
public struct AutomaticFormStyle: FormStyle { public init() {}; public var _name: String { "automatic" } }
/// A form style of grouped sections (`.grouped`); it looks as the default one does.
///
/// ```swift
/// Form { Section("Account") { TextField("Email", text: $email) } }.formStyle(.grouped)
/// ```
public struct GroupedFormStyle: FormStyle { public init() {}; public var _name: String { "grouped" } }
/// A form style that lays out each control's label and control in two columns (`.columns`).
///
/// ```swift
/// Form { Toggle("Notifications", isOn: $notifies) }.formStyle(.columns)
/// ```
public struct ColumnsFormStyle: FormStyle { public init() {}; public var _name: String { "columns" } }
extension FormStyle where Self == AutomaticFormStyle { public static var automatic: AutomaticFormStyle { .init() } }
extension FormStyle where Self == GroupedFormStyle { public static var grouped: GroupedFormStyle { .init() } }
extension FormStyle where Self == ColumnsFormStyle { public static var columns: ColumnsFormStyle { .init() } }

/// A list's look.
///
/// ```swift
/// List(books) { Text($0.title) }
///     .listStyle(.plain)
/// ```
public protocol ListStyle { var _name: String { get } }
/// The default list style (`.automatic`).
///
/// ```swift
/// List(books) { Text($0.title) }.listStyle(.automatic)
/// ```
public struct DefaultListStyle: ListStyle { public init() {}; public var _name: String { "automatic" } }
/// A list style without a background or rounded rows (`.plain`).
///
/// ```swift
/// List(books) { Text($0.title) }.listStyle(.plain)
/// ```
public struct PlainListStyle: ListStyle { public init() {}; public var _name: String { "plain" } }
/// A list style inset from its container's edges (`.inset`).
///
/// ```swift
/// List(books) { Text($0.title) }.listStyle(.inset)
/// ```
public struct InsetListStyle: ListStyle { public init() {}; public var _name: String { "inset" } }
/// An inset, grouped list style (`.insetGrouped`); it looks as the default one does.
///
/// ```swift
/// List(books) { Text($0.title) }.listStyle(.insetGrouped)
/// ```
public struct InsetGroupedListStyle: ListStyle { public init() {}; public var _name: String { "insetGrouped" } }
/// A grouped list style (`.grouped`); it looks as the default one does.
///
/// ```swift
/// List(books) { Text($0.title) }.listStyle(.grouped)
/// ```
public struct GroupedListStyle: ListStyle { public init() {}; public var _name: String { "grouped" } }
/// A list style for a sidebar's navigation (`.sidebar`).
///
/// ```swift
/// List(playlists) { Label($0.name, systemImage: "play") }.listStyle(.sidebar)
/// ```
public struct SidebarListStyle: ListStyle { public init() {}; public var _name: String { "sidebar" } }
extension ListStyle where Self == DefaultListStyle { public static var automatic: DefaultListStyle { .init() } }
extension ListStyle where Self == PlainListStyle { public static var plain: PlainListStyle { .init() } }
extension ListStyle where Self == InsetListStyle { public static var inset: InsetListStyle { .init() } }
extension ListStyle where Self == InsetGroupedListStyle { public static var insetGrouped: InsetGroupedListStyle { .init() } }
extension ListStyle where Self == GroupedListStyle { public static var grouped: GroupedListStyle { .init() } }
extension ListStyle where Self == SidebarListStyle { public static var sidebar: SidebarListStyle { .init() } }

/// A text field's look.
///
/// ```swift
/// TextField("Search", text: $query)
///     .textFieldStyle(.roundedBorder)
/// ```
public protocol TextFieldStyle { var _name: String { get } }
/// The default text field style (`.automatic`).
///
/// ```swift
/// TextField("Name", text: $name).textFieldStyle(.automatic)
/// ```
public struct DefaultTextFieldStyle: TextFieldStyle { public init() {}; public var _name: String { "automatic" } }
/// A text field style with a rounded border (`.roundedBorder`).
///
/// ```swift
/// TextField("Name", text: $name).textFieldStyle(.roundedBorder)
/// ```
public struct RoundedBorderTextFieldStyle: TextFieldStyle { public init() {}; public var _name: String { "roundedBorder" } }
/// A text field style without a border or background (`.plain`).
///
/// ```swift
/// TextField("Name", text: $name).textFieldStyle(.plain)
/// ```
public struct PlainTextFieldStyle: TextFieldStyle { public init() {}; public var _name: String { "plain" } }
extension TextFieldStyle where Self == DefaultTextFieldStyle { public static var automatic: DefaultTextFieldStyle { .init() } }
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle { public static var roundedBorder: RoundedBorderTextFieldStyle { .init() } }
extension TextFieldStyle where Self == PlainTextFieldStyle { public static var plain: PlainTextFieldStyle { .init() } }
