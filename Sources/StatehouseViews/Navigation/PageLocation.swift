import Foundation

/// Where a page is: the path it was served at and, below it, what its `NavigationStack` shows,
/// as URL path segments, and which tab its `TabView` shows (`/bookshelf/dune`,
/// `/bookshelf?tab=settings`). The host builds the page from the URL of a `GET`, moves the
/// browser's URL when the location changes, and sends Back and Forward to `navigate(to:)`.
///
/// ```swift
/// let location = PageLocation(base: "/bookshelf", segments: ["dune"])
/// let tree = route.makeTree(PlainHTML.self, location: location)
/// if let reason = location.notFound { print("404:", reason) }
/// ```
@MainActor
public final class PageLocation {
    /// The path of the page's route (`/bookshelf`).
    public let base: String
    /// The segments the page was loaded with that no `NavigationStack` has taken yet.
    var pending: [String]
    /// The `tab` query value the page was loaded with, until a `TabView` takes it.
    var pendingTab: String?
    /// The segments of what the stack shows now (each one decoded, not percent-encoded).
    public internal(set) var segments: [String] = [] {
        didSet { if segments != oldValue { version &+= 1 } }
    }
    /// The selected tab as written in the URL (`nil`: the first tab, or no `TabView`).
    public internal(set) var tab: String? {
        didSet { if tab != oldValue { version &+= 1 } }
    }
    /// Changes whenever `segments` or `tab` do: a host compares it instead of building paths.
    public private(set) var version = 0
    /// The URL's query items but `tab` (`?q=dune`), which `@URLQuery` properties read and write.
    var query: QueryItemsModel {
        if let queryModel { return queryModel }
        let model = QueryItemsModel()
        queryModel = model
        return model
    }
    private var queryModel: QueryItemsModel?
    /// Changes whenever a query item does: the browser's URL is then replaced, not pushed (a
    /// search typed is no place to go Back to).
    public private(set) var queryVersion = 0
    /// Whether the page's browser tab is shown (`@Environment(\.scenePhase)`); made when first
    /// read or set.
    var phase: ScenePhaseModel {
        if let phaseModel { return phaseModel }
        let model = ScenePhaseModel()
        phaseModel = model
        return model
    }
    private var phaseModel: ScenePhaseModel?
    /// What the browser said of itself (`\.colorScheme`, `\.timeZone`, …); made when first read or set.
    var browser: BrowserTraitsModel {
        if let browserModel { return browserModel }
        let model = BrowserTraitsModel()
        browserModel = model
        return model
    }
    private var browserModel: BrowserTraitsModel?

    /// The language the page's texts are shown in (`\.locale`, the document's `lang`), chosen
    /// from the browser's `Accept-Language` when the page is made; nil for a request that names
    /// none (texts as written, formatted as the server does).
    public package(set) var language: PageLanguage?

    /// The URL the page was loaded with: its path and query (`.onOpenURL`).
    public package(set) var loadedURL: URL?
    /// A URL a view asked the browser to open (`openURL`), not yet sent.
    var pendingOpen: URL?
    /// The signed-in user of the page's session, shared by its pages (nil outside a server).
    package var account: AccountModel?
    /// A sign-in or sign-out a view asked for (`\.signIn`, `\.signOut`), not yet done.
    var pendingAccountChange: AccountChange?

    /// Why the URL the page was loaded with shows nothing (an unknown value, a destination
    /// that renders nothing for it, segments on a page with no stack); nil if it was found.
    public internal(set) var notFound: String?

    /// The stacks on the page; the one in the selected tab (or outside any tab) writes
    /// `segments`.
    private var stacks: [WeakStack] = []
    private struct WeakStack { weak var model: NavigationModel? }
    /// The page's `TabView` (the first one), which writes `tab`.
    weak var tabs: TabModel?

    /// The most segments Back or Forward may name (a host refuses a `GET` with more).
    let maxSegments: Int
    /// The default cap on segments: each names a screen the page mounts, and each screen's
    /// Back link is the path above it, so a page's HTML grows with the square of its depth (a
    /// 15 KB URL of 3,000 segments took 4.8 s and answered 25 MB before there was a cap).
    public nonisolated static let defaultMaxSegments = 64

    /// A page at `base` loaded with `segments` below it, `tab` selected and `query` items
    /// (`["q": "dune"]`) for its `@URLQuery` properties.
    public convenience init(base: String, segments: [String] = [], tab: String? = nil, query: [String: String] = [:]) {
        self.init(base: base, segments: segments, tab: tab, maxSegments: Self.defaultMaxSegments)
        takeQuery(query)
    }

    /// A page at `base` loaded with `segments` below it and `tab` selected; Back and Forward
    /// go to URLs of at most `maxSegments` segments.
    public init(base: String, segments: [String], tab: String?, maxSegments: Int) {
        self.base = base
        pending = segments
        pendingTab = tab
        self.maxSegments = maxSegments
    }

    /// The URL of what the page shows: `base`, each segment percent-encoded, the tab, and the
    /// query items by name.
    public var path: String { Self.path(base, segments, tab: tab, query: queryModel?.items ?? [:]) }

    static func path(_ base: String, _ segments: some Sequence<String>, tab: String? = nil, query: [String: String] = [:]) -> String {
        var path = base == "/" ? "" : base
        for segment in segments { path += "/" + PathSegment.escaped(segment) }
        if path.isEmpty { path = "/" }
        var separator = "?"
        if let tab {
            path += "?tab=" + PathSegment.escaped(tab)
            separator = "&"
        }
        for name in query.keys.sorted() {
            path += separator + QueryItemsModel.escaped(name) + "=" + QueryItemsModel.escaped(query[name]!)
            separator = "&"
        }
        return path
    }

    // MARK: Query items

    /// Sets the query item `name` (nil removes it): the views reading it are evaluated again and
    /// the browser's URL is replaced.
    func setQueryItem(_ name: String, _ value: String?) {
        guard query.items[name] != value else { return }
        query.items[name] = value
        queryVersion &+= 1
    }

    /// Takes the query items of a URL the page was loaded with or went to (Back, Forward): all
    /// but `tab`, at most `QueryItemsModel.maxItems` of them.
    package func takeQuery(_ items: [String: String]) {
        var kept = items
        kept.removeValue(forKey: "tab")
        kept = kept.filter { QueryItemsModel.isAcceptable(name: $0.key, value: $0.value) }
        if kept.count > QueryItemsModel.maxItems { kept = Dictionary(uniqueKeysWithValues: kept.sorted { $0.key < $1.key }.prefix(QueryItemsModel.maxItems).map { ($0.key, $0.value) }) }
        guard kept != (queryModel?.items ?? [:]) else { return }
        query.items = kept
        queryVersion &+= 1
    }

    /// The segments of a URL path below `base` (`/bookshelf/dune` → `["dune"]`), percent-decoded;
    /// nil if `path` is not below `base` or is malformed.
    ///
    /// A URL's delimiters (`/`, `?`, `&`) are bytes, as HTTP defines them, not characters: a
    /// prepended mark (U+06DD) or a combining accent joins the delimiter beside it into one
    /// character that is not `/` or `?` (FuzzForm found it).
    public static func segments(of path: String, below base: String) -> [String]? {
        let prefix = base == "/" ? "" : base
        guard path.utf8.elementsEqual(base.utf8) || path.utf8.starts(with: (prefix + "/").utf8) else { return nil }
        var segments: [String] = []
        for part in path.utf8.dropFirst(prefix.utf8.count).split(separator: UInt8(ascii: "/")) {
            guard let decoded = String(Substring(part)).removingPercentEncoding else { return nil }
            segments.append(decoded)
        }
        return segments
    }

    // MARK: Stacks and tabs

    func register(_ stack: NavigationModel) {
        stacks.removeAll { $0.model == nil }
        if !stacks.contains(where: { $0.model === stack }) { stacks.append(WeakStack(model: stack)) }
    }

    /// The stack whose screens the URL's segments name: the first in the selected tab, or
    /// outside any tab.
    var activeStack: NavigationModel? {
        stacks.lazy.compactMap(\.model).first { $0.tab == nil || $0.tab == self.tabs?.selected }
    }

    /// What going to `url` (Back or Forward: a path, maybe with `?tab=`) does, checked but not
    /// yet done: the tab view selects the URL's tab and the stack in it shows what the path
    /// names. Nil if the URL is not below the page's route or names nothing.
    func navigation(to url: String) -> (@MainActor () -> Void)? {
        let parts = url.utf8.split(separator: UInt8(ascii: "?"), maxSplits: 1, omittingEmptySubsequences: false)
        guard let segments = Self.segments(of: String(Substring(parts[0])), below: base), segments.count <= maxSegments else { return nil }
        let tab = parts.count > 1 ? Self.tabValue(String(Substring(parts[1]))) : nil
        var selected: AnyHashable?
        if let tabs {
            guard let value = tabs.value(forURL: tab) else { return nil }
            selected = value
        } else if tab != nil {
            return nil
        }
        let stack = stacks.lazy.compactMap(\.model).first { $0.tab == nil || $0.tab == selected }
        var path: [AnyHashable] = []
        if let stack {
            guard let found = stack.path(for: segments) else { return nil }
            path = found
        } else if !segments.isEmpty {
            return nil
        }
        let query = parts.count > 1 ? QueryItemsModel.items(of: String(Substring(parts[1]))) : [:]
        return { [self] in
            if let selected { tabs?.select(selected) }
            stack?.show(path)
            // The browser is there already: the host need not move it.
            self.tab = selected.flatMap { tabs?.urlValue(of: $0) }
            self.segments = segments
            self.takeQuery(query)
        }
    }

    /// The `tab` value of a URL's query.
    static func tabValue(_ query: String) -> String? {
        for item in query.utf8.split(separator: UInt8(ascii: "&")) where item.starts(with: "tab=".utf8) {
            return String(Substring(item.dropFirst(4))).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }
        return nil
    }

    /// After the first mount: segments no stack took are not found.
    func settleFirstMount() {
        if !pending.isEmpty, notFound == nil {
            notFound = "no screen at \(Self.path(base, pending)) below \(base)"
        }
        if let pendingTab, notFound == nil {
            notFound = "no tab '\(pendingTab)' at \(base)"
        }
        pending = []
        pendingTab = nil
    }
}
