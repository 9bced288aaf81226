/// A page's live tree as the fuzzers (`Fuzz/`, a package of their own) drive it: the tree
/// itself is the package's own plumbing, not a promise to apps.
///
/// ```swift
/// @_spi(Fuzzing) import StatehouseViews
/// let page = FuzzedPage(route)
/// try page.check(event); try page.apply(event)
/// let changes = try page.flush()
/// ```
@_spi(Fuzzing) @MainActor
public final class FuzzedPage {
    private let tree: LiveTree

    /// Mounts `route` as a page (its views' HTML as `PlainHTML` writes it), at `location`
    /// (by default the route itself), restoring what `snapshots` holds.
    public init(_ route: RouteDescription, location: PageLocation? = nil, snapshots: StateSnapshots? = nil) {
        tree = route.makeTree(PlainHTML.self, location: location, snapshots: snapshots)
    }

    /// Where the page's navigation is.
    public var location: PageLocation { tree.location }
    /// The ids of the page's controls, and the root's (Back and Forward go there).
    public var controlIDs: [String] { tree.inspect().filter { $0.control != nil }.map(\.id) + [LiveTree.rootID] }

    /// Whether `event` would be taken (it changes nothing).
    public func check(_ event: Event) throws(EventError) { try tree.check(event) }
    /// Runs `event` (checked first).
    public func apply(_ event: Event) throws(EventError) { try tree.apply(event) }
    /// What changed since the last flush.
    public func flush() throws(ViewFailure) -> [ElementChange] { try tree.flush() }
    /// The page's whole HTML.
    public func render() -> String { tree.render() }
    /// Ends the page: its tasks are cancelled, its state freed.
    public func close() { tree.close() }
}
