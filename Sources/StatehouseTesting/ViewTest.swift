import StatehouseProtocol
import StatehouseViews

/// Drives a view the way a browser would, with no server and no socket: click, type, toggle,
/// then ask what the page shows and which fragments a server would have sent.
///
/// ```swift
/// import StatehouseTesting
/// import Testing
///
/// @Test @MainActor func counting() throws {
///     let page = try ViewTest(CounterView())            // mounts, runs .task up to its first await
///     try page.click("increment")                        // by id…
///     try page.button("Increment").click()               // …or by what a person reads
///     #expect(page.text("count") == "2")
///     #expect(page.lastFragments.count == 1)             // the exact fragments sent
///     try page.type("Hello", into: "title")
/// }
/// ```
///
/// The HTML is what the server sends (controls join the no-JavaScript form), so
/// `lastFragmentsBody` is byte for byte a `text/vnd.turbo-stream.html` response.
///
/// A `.task` starts when its view is mounted and runs on the main actor up to its first
/// suspension before `ViewTest(_:)` or the event that mounted it returns; `try await
/// page.settle()` lets started tasks go on to their next suspension and collects what they
/// changed (`ViewTest.mount(_:)` mounts and settles).
@MainActor
public final class ViewTest {
    /// The live tree under test.
    package let tree: LiveTree
    /// The changes of the last event or `settle()`, as a server would send them.
    public private(set) var lastFragments: [ElementChange] = []
    /// The focus move the last event or `settle()` asked of the browser (a `@FocusState`
    /// write), as a server would send it after the fragments.
    public private(set) var lastFocusMove: FocusMove?
    /// The animation of the last event or `settle()` (state written inside `withAnimation`),
    /// as a server would send it before the fragments.
    public private(set) var lastAnimation: Animation?

    /// What a durable store holds of the page's state, kept up to date after every event and
    /// `settle()` (nil unless the test was made with one).
    public let storedState: StoredState?

    /// Mounts `view`; its `.task`s run up to their first suspension. A `NavigationStack` in it
    /// shows what `location` names (`PageLocation(base: "/bookshelf", segments: ["dune"])`
    /// is a `GET /bookshelf/dune`).
    ///
    /// With `storedState`, the page keeps its `Codable` state there as a server's durable
    /// store does, and starts from what it holds: mounting the same view again on the
    /// `storedState` of an earlier test is what a page sees after a restart.
    ///
    /// ```swift
    /// let page = try ViewTest(CounterView(), storedState: StoredState())
    /// try page.button("Increment").click()
    /// let restarted = try ViewTest(CounterView(), storedState: page.storedState)
    /// #expect(restarted.text("count") == "1")
    /// ```
    ///
    /// - Throws: `ViewFailure` if a view cannot be evaluated (a missing environment object).
    public init<V: View>(_ view: V, location: PageLocation = PageLocation(base: "/"), storedState: StoredState? = nil) throws {
        self.storedState = storedState.map { StoredState(values: $0.values) }
        let snapshots = storedState.map { StateSnapshots(restoring: $0.values) }
        tree = LiveTree(view, renderer: FormMarkup.self, location: location, snapshots: snapshots)
        lastFragments = try tree.flush()
        lastFocusMove = tree.takeFocusMove()
        lastAnimation = tree.takeAnimation()
        keep()
    }

    /// Mounts a page of the route `route` (one of an `App`'s, or a preview's), as a `GET` of
    /// `location` (by default the route's own path) makes one.
    ///
    /// ```swift
    /// let route = try #require(MyApp().body._routes.first { $0.path == "/counter" })
    /// let page = try ViewTest(route: route)
    /// ```
    ///
    /// - Throws: `ViewFailure` if a view cannot be evaluated.
    public init(route: RouteDescription, location: PageLocation? = nil) throws {
        storedState = nil
        tree = route.makeTree(FormMarkup.self, location: location)
        lastFragments = try tree.flush()
        lastFocusMove = tree.takeFocusMove()
        lastAnimation = tree.takeAnimation()
    }

    /// Applies what the last flush changed of the durable state to `storedState`.
    private func keep() {
        guard let storedState, let changes = tree.snapshots?.takeChanges() else { return }
        storedState.apply(changes)
    }

    /// Mounts `view` and lets its `.task`s run on to their next suspension (`settle()`).
    public static func mount<V: View>(_ view: V) async throws -> ViewTest {
        let test = try ViewTest(view)
        try await test.settle()
        return test
    }

    /// `lastFragments` as the body of the server's response, byte for byte.
    public var lastFragmentsBody: String { TurboStream.encode(lastFragments) }

    /// Lets started `.task`s run up to their next suspension, then collects what they changed
    /// (and what else changed outside an event) into `lastFragments`.
    public func settle() async throws {
        await tree.yieldToTasks()
        lastFragments = try tree.flush()
        lastFocusMove = tree.takeFocusMove()
        lastAnimation = tree.takeAnimation()
        keep()
    }

    // MARK: What the page shows

    /// The whole page's HTML.
    public var html: String { tree.render() }

    /// Every element, in document order.
    public var elements: [InspectedElement] { tree.inspect() }

    /// The text inside the element `id` (nil if there is none).
    public func text(_ id: String) -> String? {
        elements.first { $0.id == id }?.text
    }

    /// The element `id`.
    public func element(_ id: String) throws(ViewTestError) -> TestElement {
        guard let found = elements.first(where: { $0.id == id }) else {
            throw .notFound("no element with id '\(id)'", candidates: elements.map(\.description))
        }
        return TestElement(found, in: self)
    }

    /// Elements whose ARIA role is `role` (`button`, `textbox`, `switch`, `link`, …).
    public func elements(role: String) -> [TestElement] {
        elements.filter { $0.role == role }.map { TestElement($0, in: self) }
    }

    /// The first element whose accessible name is `label`, in document order.
    public func element(label: String) throws(ViewTestError) -> TestElement {
        try first(where: "named '\(label)'") { $0.label == label }
    }

    /// The innermost element whose whole text is `text` (the first such place in document order).
    public func element(text: String) throws(ViewTestError) -> TestElement {
        let all = elements
        guard var found = all.first(where: { $0.text == text }) else {
            throw .notFound("no element with the text '\(text)'", candidates: all.filter { $0.control == nil && !$0.text.isEmpty }.map(\.description))
        }
        while let inner = all.first(where: { $0.parentID == found.id && $0.text == text }) { found = inner }
        return TestElement(found, in: self)
    }

    /// The button a person reads as `label` ("Increment", or a symbol's name: "Play").
    public func button(_ label: String) throws(ViewTestError) -> TestElement {
        try first(where: "a button named '\(label)'") { $0.control == .button && $0.label == label }
    }

    /// The text field labelled `label` (its placeholder or accessibility label).
    public func textField(_ label: String) throws(ViewTestError) -> TestElement {
        try first(where: "a text field named '\(label)'") { $0.control == .textField && $0.label == label }
    }

    /// The link a person reads as `label` (a `NavigationLink`, a screen's "Back").
    public func link(_ label: String) throws(ViewTestError) -> TestElement {
        try first(where: "a link named '\(label)'") { $0.role == "link" && $0.label == label && $0.isEnabled }
    }

    /// The tab of a `TabView` a person reads as `label`.
    public func tab(_ label: String) throws(ViewTestError) -> TestElement {
        try first(where: "a tab named '\(label)'") { $0.role == "tab" && $0.label == label }
    }

    /// The slider labelled `label`.
    public func slider(_ label: String) throws(ViewTestError) -> TestElement {
        try first(where: "a slider named '\(label)'") { $0.control == .slider && $0.label == label }
    }

    /// The picker labelled `label` (a menu picker's `<select>`).
    public func picker(_ label: String) throws(ViewTestError) -> TestElement {
        try first(where: "a picker named '\(label)'") { $0.control == .picker && $0.label == label }
    }

    /// The toggle labelled `label`.
    public func toggle(_ label: String) throws(ViewTestError) -> TestElement {
        try first(where: "a toggle named '\(label)'") { $0.control == .toggle && $0.label == label }
    }

    private func first(where what: String, _ matches: (InspectedElement) -> Bool) throws(ViewTestError) -> TestElement {
        let all = elements
        guard let found = all.first(where: matches) else {
            throw .notFound("no element \(what)", candidates: all.filter { $0.control != nil }.map(\.description))
        }
        return TestElement(found, in: self)
    }

    // MARK: Acting

    /// Clicks the control `id`: a button's action runs, a toggle flips.
    public func click(_ id: String) throws {
        try send(Event(target: id, type: .click))
    }

    /// Replaces the text of the field `id` with `text`, as typing does (an `input` event).
    public func type(_ text: String, into id: String) throws {
        try send(Event(target: id, type: .input, value: text))
    }

    /// Sets the text of the field `id` and leaves it (a `change` event): a formatted field
    /// (`TextField(_:value:format:)`) parses what was typed into its value.
    public func commit(_ text: String, in id: String) throws {
        try send(Event(target: id, type: .change, value: text))
    }

    /// Sets the text of the field `id` and presses Return (`onSubmit` runs).
    public func submit(_ text: String, in id: String) throws {
        try send(Event(target: id, type: .submit, value: text))
    }

    /// Drags the slider `id` through `values` (an `input` event each) and lets go at the last
    /// (a `change`), as a browser sends them.
    public func drag(_ id: String, through values: [String]) throws {
        for value in values { try send(Event(target: id, type: .input, value: value)) }
        if let last = values.last { try send(Event(target: id, type: .change, value: last)) }
    }

    /// Picks the option whose value is `value` in the picker `id` (a `change`).
    public func pick(_ value: String, in id: String) throws {
        try send(Event(target: id, type: .change, value: value))
    }

    /// Sets the toggle `id` on or off.
    public func setToggle(_ id: String, to isOn: Bool) throws {
        try send(Event(target: id, type: .change, value: isOn ? "true" : "false"))
    }

    /// The browser went Back or Forward to `urlPath`: the page's navigation stack shows what
    /// it names.
    public func navigate(to urlPath: String) throws {
        try send(Event(target: LiveTree.rootID, type: .navigate, value: urlPath))
    }

    /// Presses Escape in the presented sheet or alert (the last one in the page): it is
    /// dismissed, as `@Environment(\.dismiss)` would.
    public func pressEscape() throws {
        guard let dialog = elements.last(where: { $0.control == .dialog }) else {
            throw ViewTestError.notFound("no sheet or alert is presented", candidates: [])
        }
        try send(Event(target: dialog.id, type: .dismiss))
    }

    /// Focus enters the element `id` (Tab, a click), as the browser reports it: its
    /// `.focused` binding's state says so.
    public func focus(_ id: String) throws {
        try send(Event(target: id, type: .focus))
    }

    /// Focus leaves the element `id` for one without a `.focused` binding.
    public func blur(_ id: String) throws {
        try send(Event(target: id, type: .blur))
    }

    /// Presses `key` (a browser key name after the modifiers held: `ArrowDown`, `Meta+s`) in
    /// the element `id`, whose `.onKeyPress` (or an enclosing one) handles it.
    public func press(_ key: String, in id: String) throws {
        try send(Event(target: id, type: .key, value: key))
    }

    /// The element with focus, among those with a `.focused` binding (nil: none of them).
    public var focusedID: String? { tree.focusedElementID }

    /// The presented sheets and alerts (`<dialog>`), outermost first.
    public var dialogs: [TestElement] {
        elements.filter { $0.control == .dialog }.map { TestElement($0, in: self) }
    }

    /// Sends `event`; its changes become `lastFragments`.
    ///
    /// - Throws: `EventError` if the event is refused (nothing changes), `ViewFailure` if a
    ///   view cannot be evaluated.
    @discardableResult
    public func send(_ event: Event) throws -> [ElementChange] {
        lastFragments = try tree.send(event)
        lastFocusMove = tree.takeFocusMove()
        lastAnimation = tree.takeAnimation()
        keep()
        return lastFragments
    }
}

/// An element found by a `ViewTest` query, ready to act on.
///
/// ```swift
/// let title = try page.textField("Title")
/// try title.type("Design review")
/// #expect(try page.button("Done").isEnabled)
/// try page.button("Done").click()
/// ```
@MainActor
public struct TestElement {
    /// What the element was when it was found.
    public let element: InspectedElement
    private let test: ViewTest

    init(_ element: InspectedElement, in test: ViewTest) {
        self.element = element
        self.test = test
    }

    public var id: String { element.id }
    public var text: String { element.text }
    public var label: String { element.label }
    public var role: String? { element.role }
    public var isEnabled: Bool { element.isEnabled }
    public subscript(attribute name: String) -> String? { element[attribute: name] }

    public func click() throws { try test.click(id) }
    public func type(_ text: String) throws { try test.type(text, into: id) }
    public func submit(_ text: String) throws { try test.submit(text, in: id) }
    public func setToggle(to isOn: Bool) throws { try test.setToggle(id, to: isOn) }
    public func drag(through values: [String]) throws { try test.drag(id, through: values) }
    public func pick(_ value: String) throws { try test.pick(value, in: id) }
    public func focus() throws { try test.focus(id) }
    public func press(_ key: String) throws { try test.press(key, in: id) }
}

/// A `ViewTest` query found nothing; the message lists what there is.
///
/// ```swift
/// #expect(throws: ViewTestError.self) { try page.button("Delete") }      // not shown yet
/// try page.button("Edit").click()
/// #expect(try page.button("Delete").isEnabled)
/// ```
public enum ViewTestError: Error, CustomStringConvertible {
    case notFound(String, candidates: [String])

    public var description: String {
        switch self {
        case .notFound(let what, let candidates):
            candidates.isEmpty ? what : what + "; the page has:\n" + candidates.map { "  " + $0 }.joined(separator: "\n")
        }
    }
}

/// What a durable store holds of one page's state (JSON values by key), for tests: the same
/// changes a server writes to its store are applied here.
///
/// ```swift
/// let page = try ViewTest(CounterView(), storedState: StoredState())
/// try page.click("increment")
/// #expect(page.storedState?.texts.values.sorted() == ["1"])
/// #expect(page.storedState?.problems.isEmpty == true)      // every kept @State is Codable
/// ```
@MainActor
public final class StoredState {
    /// The values by key (a view's structural identity and property).
    public private(set) var values: [String: [UInt8]]

    /// What a server would log as not kept (a type that is not `Codable`, a value that did not
    /// decode), each with what to do about it.
    public private(set) var problems: [String] = []

    /// An empty store, or one holding `values`.
    public init(values: [String: [UInt8]] = [:]) { self.values = values }

    /// Applies a flush's changes: keys of views that left are deleted, written values stored.
    public func apply(_ changes: StateChanges) {
        for key in changes.removals { values[key] = nil }
        for (key, value) in changes.upserts { values[key] = value }
        problems += changes.problems
    }

    /// The stored values as text, by key (to read in a failing test).
    public var texts: [String: String] { values.mapValues { String(decoding: $0, as: UTF8.self) } }
}
