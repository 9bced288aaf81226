/// What a `TabView` keeps between its body's runs: its tags, how to select one, and the URL.
@MainActor
final class TabModel {
    private var tags: [AnyHashable] = []
    private var write: @MainActor (AnyHashable) -> Void = { _ in }
    private weak var location: PageLocation?
    /// The selected tab's tag.
    var selected: AnyHashable?

    /// Called by the tab view's body. The first tab view on a page owns the URL's `tab`; the
    /// tab the page was loaded with is selected (an unknown one is not found).
    func update(tags: [AnyHashable], location: PageLocation?, select write: @escaping @MainActor (AnyHashable) -> Void) {
        self.tags = tags
        self.write = write
        guard let location, self.location == nil, location.tabs == nil else { return }
        self.location = location
        location.tabs = self
        if let pending = location.pendingTab {
            location.pendingTab = nil
            if let value = value(forURL: pending) { write(value) } else { location.notFound = "no tab '\(pending)' at \(location.base)" }
        }
    }

    /// Writes the selection into the page's location (if this tab view owns it).
    func writeLocation() {
        guard let location, location.tabs === self else { return }
        location.tab = selected.flatMap(urlValue)
        location.activeStack?.writeLocation()
        if location.activeStack == nil { location.segments = [] }
    }

    func select(_ tag: AnyHashable) { write(tag) }

    /// The tag as written in the URL: nil for the first tab.
    func urlValue(of tag: AnyHashable) -> String? {
        guard tag != tags.first else { return nil }
        return PathSegment.encode(tag)
    }

    /// The tag a URL's `tab` names (nil: the first tab); nil if it names none.
    func value(forURL text: String?) -> AnyHashable? {
        guard let text else { return tags.first }
        return tags.first { PathSegment.encode($0) == text }
    }

    /// The URL of the page with `tag` selected (and its stack at its root).
    func url(of tag: AnyHashable) -> String {
        PageLocation.path(location?.base ?? "", [], tab: urlValue(of: tag))
    }
}

extension EnvironmentValues {
    /// The tab of a `TabView` the views are in.
    var tabScope: AnyHashable? {
        get { self[ObjectIdentifier(TaggedView.self)] }
        set { self[ObjectIdentifier(TaggedView.self)] = newValue }
    }
}

/// What the views of a panel (a tab, a stack's screen) inherit: hidden unless it is the one
/// shown (their controls refuse events), what `environment` sets (where they are), and no row
/// key (a panel is not a row: `.accessibilityIdentifier("detail")` stays `detail`).
struct PanelContext: ContextModifier {
    let isHidden: Bool
    let environment: @MainActor (inout EnvironmentValues) -> Void

    func modify(_ context: inout Context) {
        if isHidden { context.environment.isHidden = true }
        environment(&context.environment)
        context.rowKey = nil
    }
}

let tabsAttributes = [Attribute("class", "sh-tabview")]
let tabBarAttributes = [Attribute("class", "sh-tabbar"), Attribute("role", "tablist")]
let panelAttributes = [Attribute("class", "sh-tabpanel"), Attribute("role", "tabpanel")]
let hiddenPanelAttributes = [Attribute("class", "sh-tabpanel"), Attribute("role", "tabpanel"), Attribute("hidden", "")]

