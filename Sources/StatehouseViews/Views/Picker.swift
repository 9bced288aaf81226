/// A control for selecting from a set of mutually exclusive values.
///
/// ```swift
/// Picker("Flavor", selection: $flavor) {
///     ForEach(Flavor.allCases, id: \.self) { Text($0.rawValue.capitalized) }
/// }
/// .pickerStyle(.segmented)
/// ```
/// Options are the content's views with a `.tag` (a `ForEach`'s rows are tagged with their
/// ids). The default (`.menu`) style is a `<select>`; `.segmented`, `.inline` and
/// `.radioGroup` are a `radiogroup` of buttons, each of which posts the form without
/// JavaScript. A `change` to a value that is not an option's is refused (400).
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    let selection: Binding<SelectionValue>
    let label: Label
    let content: Content
    @Environment(\.pickerKind) private var kind
    @Environment(\.localizingLocale) private var locale

    /// Creates a picker that displays a custom label.
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.content = content()
        self.label = label()
    }

    public var body: some View {
        var options: [TaggedView] = []
        collectTagged(content, into: &options)
        let selected = AnyHashable(selection.wrappedValue)
        // The control's accessible name (its options' text would be read otherwise).
        let title = label as? Text
        let choice = PickerChoice(options: options.map { $0.tag.map(PickerChoice.value) ?? "" }) { [selection] index in
            if let value = options[index].tag?.base as? SelectionValue { selection.wrappedValue = value }
        } current: { [selection] in PickerChoice.value(AnyHashable(selection.wrappedValue)) }
        return Box("label", [Attribute("class", kind == .menu ? "sh-picker" : "sh-picker sh-picker-\(kind)")], forwardsIdentifier: kind == .menu) {
            label
            if kind == .menu {
                SelectElement(choice: choice, title: title) {
                    ForEach(options.indices, id: \.self) { index in
                        OptionElement(value: choice.options[index], text: options[index].text ?? "Option \(index + 1)",
                                      isSelected: options[index].tag == selected)
                    }
                }
            } else {
                Box("div", radioGroupAttributes(isSegmented: kind == .segmented, title: title?.resolved(locale: locale))) {
                    ForEach(options.indices, id: \.self) { index in
                        CheckedButton(role: "radio", className: "sh-radio", isOn: options[index].tag == selected,
                                      onClick: .action { choice.select(index) }, content: options[index].label ?? options[index].content)
                    }
                }
            }
        }
    }
}

extension Picker where Label == Text {
    /// Creates a picker that generates its label from a string.
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(title) }
    }
}

/// What a `<select>` does with a `change`: the posted value names an option.
struct PickerChoice {
    /// Each option's value as the page writes it (its tag, as in URLs: `vanilla`, `3`).
    let options: [String]
    let select: @MainActor (Int) -> Void
    let current: @MainActor () -> String

    static func value(_ tag: AnyHashable) -> String { PathSegment.encode(tag) ?? String(describing: tag.base) }
}

struct SelectElement<Content: View>: ElementView {
    let choice: PickerChoice
    let title: Text?
    @ViewBuilder let makeContent: () -> Content
    var content: Content { makeContent() }

    func handler(in environment: EnvironmentValues) -> EventHandler? { .choice(choice) }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        var spec = ElementSpec("select", [Attribute("class", "sh-select")])
        if let title { spec.attributes.append(Attribute("aria-label", title.resolved(in: environment))) }
        if !environment.isEnabled { spec.attributes.append(Attribute("disabled", "")) }
        spec.control = .field
        return spec
    }
}

struct OptionElement: ElementView {
    let value: String
    let text: String
    let isSelected: Bool

    func element(in environment: EnvironmentValues) -> ElementSpec {
        var spec = ElementSpec("option", [Attribute("value", value)], text: text)
        if isSelected { spec.attributes.append(Attribute("selected", "")) }
        return spec
    }
}

/// A segmented or inline picker's `radiogroup`, named by the picker's title.
private func radioGroupAttributes(isSegmented: Bool, title: String?) -> [Attribute] {
    var attributes = [Attribute("class", isSegmented ? "sh-segmented" : "sh-radiogroup"), Attribute("role", "radiogroup")]
    if let title { attributes.append(Attribute("aria-label", title)) }
    return attributes
}

/// How a `Picker` looks: `.menu` (the default, a `<select>`), `.segmented`, `.inline`,
/// `.radioGroup`, `.wheel` (shown as `.inline`).
///
/// ```swift
/// Picker("Sort by", selection: $order) {
///     Text("Title").tag(Order.title)
///     Text("Date").tag(Order.date)
/// }
/// .pickerStyle(.inline)
/// ```
public protocol PickerStyle {
    var _kind: PickerKind { get }
}

/// The kinds of picker styles.
///
/// ```swift
/// SegmentedPickerStyle()._kind   // .segmented
/// ```
public enum PickerKind: String, Sendable {
    case menu, segmented, inline
}

/// A picker style that shows the options in a menu: a `<select>` (`.menu`).
///
/// ```swift
/// Picker("Flavor", selection: $flavor) { ForEach(Flavor.allCases, id: \.self) { Text($0.rawValue) } }
///     .pickerStyle(.menu)
/// ```
public struct MenuPickerStyle: PickerStyle { public init() {}; public var _kind: PickerKind { .menu } }
/// A picker style that shows the options as a segmented control: a `radiogroup` of buttons
/// (`.segmented`).
///
/// ```swift
/// Picker("View", selection: $layout) { Text("List").tag(Layout.list); Text("Grid").tag(Layout.grid) }
///     .pickerStyle(.segmented)
/// ```
public struct SegmentedPickerStyle: PickerStyle { public init() {}; public var _kind: PickerKind { .segmented } }
/// A picker style that shows every option inline: a `radiogroup` of buttons (`.inline`,
/// `.radioGroup`, `.wheel`).
///
/// ```swift
/// Picker("Size", selection: $size) { ForEach(Size.allCases, id: \.self) { Text($0.rawValue) } }
///     .pickerStyle(.inline)
/// ```
public struct InlinePickerStyle: PickerStyle { public init() {}; public var _kind: PickerKind { .inline } }
/// A row that navigates to the options, on iOS; here the options inline (a radio group), which
/// shows each option's own view.
///
/// ```swift
/// Picker("Language", selection: $language) { ForEach(languages, id: \.self) { Text($0) } }
///     .pickerStyle(.navigationLink)
/// ```
public struct NavigationLinkPickerStyle: PickerStyle { public init() {}; public var _kind: PickerKind { .inline } }
/// The default picker style: a menu (`.automatic`).
///
/// ```swift
/// Picker("Flavor", selection: $flavor) { ForEach(Flavor.allCases, id: \.self) { Text($0.rawValue) } }
///     .pickerStyle(.automatic)
/// ```
public struct DefaultPickerStyle: PickerStyle { public init() {}; public var _kind: PickerKind { .menu } }

extension PickerStyle where Self == MenuPickerStyle { public static var menu: MenuPickerStyle { MenuPickerStyle() } }
extension PickerStyle where Self == SegmentedPickerStyle { public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() } }
extension PickerStyle where Self == NavigationLinkPickerStyle {
    public static var navigationLink: NavigationLinkPickerStyle { NavigationLinkPickerStyle() }
}
extension PickerStyle where Self == InlinePickerStyle {
    public static var inline: InlinePickerStyle { InlinePickerStyle() }
    public static var radioGroup: InlinePickerStyle { InlinePickerStyle() }
    public static var wheel: InlinePickerStyle { InlinePickerStyle() }
}
extension PickerStyle where Self == DefaultPickerStyle { public static var automatic: DefaultPickerStyle { DefaultPickerStyle() } }

extension View {
    /// Sets the style for pickers within this view.
    public func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
        let kind = style._kind
        return modifier(EnvironmentModifier { $0.pickerKind = kind })
    }
}

extension EnvironmentValues {
    var pickerKind: PickerKind {
        get { self[ObjectIdentifier(PickerKind.self)] ?? .menu }
        set { self[ObjectIdentifier(PickerKind.self)] = newValue }
    }
}
