/// A view that controls a navigation presentation: an `<a href>` to the pushed screen's URL,
/// so it works as a link without JavaScript (and opens in a new tab); with the browser client,
/// a click pushes onto the page's stack instead of loading a new page.
///
/// ```swift
/// NavigationLink(book.title, value: book.id)
/// NavigationLink("Settings") { SettingsView() }
/// ```
public struct NavigationLink<Label: View, Destination: View>: View {
    private let label: Label
    private let push: Push
    @Environment(\.navigation) private var navigation

    private enum Push {
        case value(AnyHashable?)
        case view(AnyView)
    }

    /// Creates a navigation link that presents the view corresponding to a value.
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) where Destination == Never {
        self.label = label()
        push = .value(value.map { AnyHashable($0) })
    }

    /// Creates a navigation link that presents the destination view.
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        push = .view(AnyView(destination()))
    }

    /// Creates a navigation link that presents the destination view.
    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        push = .view(AnyView(destination))
    }

    public var body: some View {
        let depth = navigation?.depth ?? 0
        let model = navigation?.model
        switch push {
        case .value(let value?):
            let href = model.map { $0.url(depth: depth) + "/" + (PathSegment.encode(value).map(PathSegment.escaped) ?? "") }
            return LinkElement(href: href ?? "", kind: .plain, action: { model?.push(value, above: depth) }) { label }
        case .value(nil):
            return LinkElement(href: nil, kind: .plain, action: {}) { label }
        case .view(let view):
            return LinkElement(href: nil, kind: .plain, action: { model?.push(model?.link(view) ?? AnyHashable(0), above: depth) }) { label }
        }
    }
}

extension NavigationLink where Label == Text {
    /// Creates a navigation link that presents the view corresponding to a value, with a text
    /// label.
    public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) where Destination == Never {
        self.init(value: value) { Text(titleKey) }
    }

    /// Creates a navigation link that presents a destination view, with a localized text label.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination) { Text(titleKey) }
    }

    /// Creates a navigation link to a value's view, with a text label not localized.
    @_disfavoredOverload
    public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) where Destination == Never {
        self.init(value: value) { Text(title) }
    }

    /// Creates a navigation link that presents a destination view, with a text label not localized.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination) { Text(title) }
    }
}

private let linkAttributes = [Attribute("class", "sh-link")]
private let backAttributes = [Attribute("class", "sh-link sh-back")]
private let tabAttributes = [Attribute("class", "sh-link sh-tab"), Attribute("role", "tab"), Attribute("aria-selected", "false")]
private let selectedTabAttributes = [Attribute("class", "sh-link sh-tab"), Attribute("role", "tab"), Attribute("aria-selected", "true"),
                                     Attribute("aria-current", "page")]

/// `<a href>` that is also a control: a click runs `action` (the host's client sends it as an
/// event); without a client it is an ordinary link. With no `href` it is a control only.
struct LinkElement<Content: View>: ElementView {
    let href: String?
    let kind: Kind
    let action: @MainActor () -> Void
    @ViewBuilder let makeContent: () -> Content
    var content: Content { makeContent() }

    enum Kind: Equatable {
        /// A `NavigationLink`.
        case plain
        /// A pushed screen's Back link.
        case back
        /// A `TabView`'s tab.
        case tab(selected: Bool)
    }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        var spec: ElementSpec
        switch kind {
        case .plain: spec = ElementSpec("a", linkAttributes)
        case .back: spec = ElementSpec("a", backAttributes)
        case .tab(let selected): spec = ElementSpec("a", selected ? selectedTabAttributes : tabAttributes)
        }
        if let href { spec.attributes.append(Attribute("href", href)) } else { spec.attributes.append(Attribute("role", "link")) }
        if !environment.isEnabled { spec.attributes.append(Attribute("aria-disabled", "true")) }
        spec.control = .link
        return spec
    }

    func handler(in environment: EnvironmentValues) -> EventHandler? { .action(action) }
}

extension NavigationModel {
    /// A value for a view pushed by `NavigationLink(destination:)`: a new screen each push.
    func link(_ view: AnyView) -> AnyHashable {
        linkSerial += 1
        return AnyHashable(LinkedDestination(serial: linkSerial, view: view))
    }
}

extension View {
    /// Associates a destination view with a presented data type for use within a navigation
    /// stack. Declare it inside the stack (on the root or a pushed screen); a URL segment is
    /// read as the first declared type it decodes to.
    public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping @MainActor (D) -> C) -> some View {
        NavigationDestinationView(content: self, destination: destination)
    }
}

struct NavigationDestinationView<Content: View, D: Hashable, C: View>: View {
    let content: Content
    let destination: @MainActor (D) -> C
    @Environment(\.navigation) private var navigation

    var body: some View {
        navigation?.model.register(D.self, destination)
        return content
    }
}
