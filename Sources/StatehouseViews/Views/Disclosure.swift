/// A view that shows or hides another content view, based on the state of a disclosure
/// control: `<details>` with a `<summary>`, whose open state is the binding.
///
/// ```swift
/// DisclosureGroup("Advanced", isExpanded: $showsAdvanced) { Toggle("Debug", isOn: $debug) }
/// ```
/// Its label is a button (`aria-expanded`) that flips the binding, so it works without
/// JavaScript too (the content is mounted only while it is open); with the browser client,
/// a `<details>` opened or closed otherwise sends `change` with `true`/`false`, and a write
/// from the server opens or closes it.
public struct DisclosureGroup<Label: View, Content: View>: View {
    let isExpanded: Binding<Bool>?
    let label: Label
    let content: Content
    @State private var ownExpanded = false

    /// Creates a disclosure group with the given label and content views, and a binding to
    /// the expansion state.
    public init(isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.isExpanded = isExpanded
        self.content = content()
        self.label = label()
    }

    /// Creates a disclosure group with the given label and content views.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        isExpanded = nil
        self.content = content()
        self.label = label()
    }

    public var body: some View {
        let binding = isExpanded ?? $ownExpanded
        return DetailsElement(isOpen: binding.wrappedValue, binding: binding) {
            Box("summary", disclosureSummaryAttributes) {
                CheckedButton(role: "button", className: "sh-disclosure-toggle", isOn: binding.wrappedValue,
                              onClick: .toggle(binding), content: label)
            }
            if binding.wrappedValue { content }
        }
    }
}

extension DisclosureGroup where Label == Text {
    public init(_ titleKey: LocalizedStringKey, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(isExpanded: isExpanded, content: content) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(isExpanded: isExpanded, content: content) { Text(title) }
    }

    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

struct DetailsElement<Content: View>: ElementView {
    let isOpen: Bool
    let binding: Binding<Bool>
    @ViewBuilder let makeContent: () -> Content
    var content: Content { makeContent() }

    func handler(in environment: EnvironmentValues) -> EventHandler? { .toggle(binding) }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        var spec = ElementSpec("details", [Attribute("class", "sh-disclosure")])
        if isOpen { spec.attributes.append(Attribute("open", "")) }
        spec.control = .disclosure
        return spec
    }
}

let summaryAttributes = [Attribute("class", "sh-summary")]
/// A disclosure group's summary: its button is the tab stop, not the summary.
private let disclosureSummaryAttributes = [Attribute("class", "sh-summary"), Attribute("tabindex", "-1")]

/// A container for attaching a label to a value-bearing view: the label, then the value.
///
/// ```swift
/// LabeledContent("Country", value: country)
/// ```
public struct LabeledContent<Label: View, Content: View>: View {
    let parts: LabelledParts<Label, Content>

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        parts = LabelledParts(label(), content())
    }

    public var body: some View {
        Box("div", [Attribute("class", "sh-labeled")]) {
            parts.label
            Box("span", [Attribute("class", "sh-labeled-value")]) { parts.content }
        }
    }
}

/// A label and the content it labels (`LabeledContent`, `GroupBox`).
struct LabelledParts<Label: View, Content: View> {
    let label: Label
    let content: Content
    init(_ label: Label, _ content: Content) {
        self.label = label
        self.content = content
    }
}

extension LabeledContent where Label == Text, Content == Text {
    /// Creates a labeled informational view.
    public init<S1: StringProtocol, S2: StringProtocol>(_ title: S1, value: S2) {
        self.init(content: { Text(value) }, label: { Text(title) })
    }
}

extension LabeledContent where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

/// A stylized view, with an optional label, that visually collects a logical grouping of
/// content.
///
/// ```swift
/// GroupBox("Storage") {
///     Text("12 GB of 64 GB used")
/// }
/// ```
public struct GroupBox<Label: View, Content: View>: View {
    let parts: LabelledParts<Label, Content>

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        parts = LabelledParts(label(), content())
    }

    public var body: some View {
        Box("section", [Attribute("class", "sh-groupbox")]) {
            Box("div", [Attribute("class", "sh-groupbox-label")]) { parts.label }
            parts.content
        }
    }
}

extension GroupBox where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

extension GroupBox where Label == EmptyView {
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content) { EmptyView() }
    }
}
