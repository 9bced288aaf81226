/// One live view tree: what a browser page holds on the server.
///
/// Render it, send it events, read back the fragments of what changed. Runtime needs no
/// server for this, so view semantics are tested without a socket:
///
/// ```swift
/// let tree = LiveTree(CounterView())
/// let html = tree.render()
/// let changes = try tree.send(Event(target: tree.id(ofControl: "Increment")!, type: "click"))
/// ```
///
/// An event runs the control's handler; the state it writes marks the nodes that read it as
/// dirty; dirty bodies are re-evaluated parents first; the changed elements come back as
/// stream actions, none nested in another.
@MainActor
public final class LiveTree {
    private var root: ElementNode!
    /// The elements an id can name: controls, and elements with a requested id.
    @exclusivity(unchecked) private var targets: [String: ElementNode] = [:]
    @exclusivity(unchecked) private var nextID = 0
    @exclusivity(unchecked) private var nextMountOrder: UInt32 = 0
    private var dirty: [Node] = []

    // What the current flush changed.
    private var replaced: [ElementNode] = []
    private var inserted: [ElementNode] = []
    private var removed: [ElementNode] = []
    private var isRecording = false
    /// The ids the browser knows elements renamed in this flush by.
    private var previousIDs: [ObjectIdentifier: String] = [:]
    /// The text field and value of the `input` event being applied (not echoed back).
    private var echo: (element: ElementNode, value: String)?

    /// Called when state changed outside an event (a task, a timer, another thread): the
    /// owner should `flush()` soon (not from inside this call: the write may still be landing)
    /// and deliver the result.
    public var onInvalidate: (@MainActor () -> Void)?

    /// Set when a view could not be evaluated (e.g. a missing environment object): the page
    /// cannot be shown, and its owner should answer with this error instead.
    public private(set) var failure: ViewFailure?

    /// `onAppear`, `onDisappear` and `onChange` actions, run after the change that queued them.
    private var pendingActions: [@MainActor () -> Void] = []

    /// How many `body` evaluations this tree has run.
    @exclusivity(unchecked) public private(set) var evaluationCount = 0
    /// The view types whose `body` ran, in order, while `isLoggingEvaluations` is on.
    public private(set) var evaluationLog: [String] = []
    /// Turns on `evaluationLog` (for tests that assert exactly which bodies ran).
    public var isLoggingEvaluations = false

    /// Mounts `rootView` into a new tree.
    public init<Root: View>(_ rootView: Root) {
        let context = Context(tree: self, host: nil, environment: EnvironmentValues())
        let root = ElementNode(spec: ElementSpec("main", [Attribute("class", "sh-root")]),
                               handler: nil, context, fixedID: "sh-root")
        self.root = root
        root.child = mountView(rootView, root.contentContext(context))
        // `onAppear` actions, and what they change, come before the first render.
        _ = flush()
    }

    /// Removes every view: `.task`s are cancelled, `onDisappear` actions run, state is freed.
    /// A closed tree refuses all events.
    public func close() {
        guard root.isMounted else { return }
        root.unmount()
        dirty.removeAll()
        runPendingActions()
        ObjectReaders.dropUnread()
    }

    /// A tree dropped without `close()` is closed now: every node is unmounted before it is
    /// freed (state that outlives the tree, such as App state, must forget its readers).
    isolated deinit { close() }

    /// Lets the tasks that `.task` started run until each finishes or first suspends; then a
    /// `flush()` returns what they changed. (Tasks run on the main actor, in the order they
    /// were started; this awaits behind them.)
    public func yieldToTasks() async {
        await Task.yield()
    }


    // MARK: Rendering

    /// The whole tree as HTML: `<main id="sh-root" class="sh-root">…</main>`.
    public func render() -> String { String(decoding: renderBytes(), as: UTF8.self) }

    /// The whole tree as UTF-8 bytes.
    public func renderBytes() -> [UInt8] {
        // About 80 bytes an element: one allocation for most pages, few for large ones.
        var writer = HTMLWriter(capacity: max(1024, elementCount * 80))
        root.render(into: &writer)
        return writer.bytes
    }

    // MARK: Events

    /// Applies one event and returns the fragments of what changed.
    ///
    /// Checked in this order, each failure changing nothing: the element exists (`noSuchElement`),
    /// accepts events (`disabled`), the type is known (`unknownType`) and applies to it
    /// (`unsupported`), the value is valid (`invalidValue`).
    public func send(_ event: Event) throws(EventError) -> [StreamAction] {
        try apply(event)
        return flush()
    }

    /// Checks `event` as `send` does, without running it.
    public func check(_ event: Event) throws(EventError) {
        _ = try resolve(event)
    }

    /// Runs `event`'s handler without collecting fragments yet: several events can be
    /// applied before one `flush()` (a no-JavaScript form post applies its changed fields,
    /// then the pressed button).
    public func apply(_ event: Event) throws(EventError) {
        try resolve(event)()
    }

    /// What `event` does, checked (in `send`'s order) but not yet run: the one table of
    /// which handler takes which event type with which value.
    private func resolve(_ event: Event) throws(EventError) -> @MainActor () -> Void {
        guard let element = targets[event.target], element.isMounted else {
            throw .noSuchElement(event.target)
        }
        guard element.acceptsEvents else { throw .disabled(event.target) }
        guard let type = EventType(rawValue: event.type) else { throw .unknownType(event.type) }
        switch (element.handler, type) {
        case (.action(let action)?, .click):
            return action
        case (.text(let binding, let onSubmit)?, .input), (.text(let binding, let onSubmit)?, .change),
             (.text(let binding, let onSubmit)?, .submit):
            guard let value = event.value else { throw .invalidValue("a text event needs a value") }
            return { [self] in
                echo = (element, value)
                binding.wrappedValue = value
                if type == .submit { onSubmit?() }
            }
        case (.toggle(let binding)?, .click):
            return { binding.wrappedValue.toggle() }
        case (.toggle(let binding)?, .change):
            let isOn: Bool
            switch event.value {
            case "true": isOn = true
            case "false": isOn = false
            default: throw .invalidValue("a toggle's change needs value=true or value=false")
            }
            return { binding.wrappedValue = isOn }
        default:
            throw .unsupported(type: type, target: event.target)
        }
    }

    /// The current text of the text field `id`, or nil if `id` is not a text field.
    public func textFieldValue(_ id: String) -> String? {
        guard let element = targets[id], case .text(let binding, _) = element.handler else { return nil }
        return binding.wrappedValue
    }

    /// Re-evaluates what is dirty and returns the fragments of what changed.
    public func flush() -> [StreamAction] {
        isRecording = true
        var rounds = 0
        while !dirty.isEmpty || !pendingActions.isEmpty, rounds < 100 {
            rounds += 1
            runPendingActions()
            let batch = dirty.sorted { $0.mountOrder < $1.mountOrder }
            dirty.removeAll(keepingCapacity: true)
            for node in batch where node.isMounted && node.isDirty { node.reevaluate() }
        }
        isRecording = false
        ObjectReaders.dropUnread()
        // The event's own text is not echoed in this flush only.
        echo = nil
        return collectActions()
    }

    /// Whether some state changed that a `flush()` has not yet delivered.
    public var hasPendingChanges: Bool { !dirty.isEmpty || !pendingActions.isEmpty }

    private func runPendingActions() {
        while !pendingActions.isEmpty {
            let actions = pendingActions
            pendingActions.removeAll()
            for action in actions { action() }
        }
    }

    // MARK: Looking up controls

    /// The id of the first control (an element that handles events) whose accessible name is
    /// `name`, in document order: e.g. a button's title, a text field's placeholder.
    public func id(ofControl name: String) -> String? {
        var all: [ElementNode] = []
        collectAll(root, into: &all)
        return all.first { element in
            guard element.handler != nil else { return false }
            let own = element.accessibleName
            // A checkbox is named by the <label> around it.
            return (own.isEmpty ? element.hostElement?.accessibleName ?? "" : own) == name
        }?.id
    }

    private func collectAll(_ element: ElementNode, into all: inout [ElementNode]) {
        all.append(element)
        var children: [ElementNode] = []
        element.child?.collectElements(into: &children)
        for child in children { collectAll(child, into: &all) }
    }

    // MARK: Bookkeeping called by nodes

    func didFail(_ failure: ViewFailure) {
        if self.failure == nil { self.failure = failure }
    }

    /// Queues a lifecycle action to run once the current change is applied.
    func enqueue(_ action: @escaping @MainActor () -> Void) {
        pendingActions.append(action)
        if !isRecording, pendingActions.count == 1, dirty.isEmpty { onInvalidate?() }
    }

    func didEvaluate(_ type: Any.Type) {
        evaluationCount += 1
        if isLoggingEvaluations { evaluationLog.append(String(describing: type)) }
    }

    /// The next node's place in mount order: a parent is always mounted before its children.
    /// (Wrapping after 2^32 mounts only costs a flush some repeated work: a child could then
    /// be re-evaluated before its parent, which updates it again.)
    func takeMountOrder() -> UInt32 {
        nextMountOrder &+= 1
        return nextMountOrder
    }

    func scheduleEvaluation(of node: Node) {
        dirty.append(node)
        if !isRecording, dirty.count == 1 { onInvalidate?() }
    }

    /// Gives a newly mounted element its id. Only elements that can be named by an event or
    /// a lookup (controls, and elements asked to have an id) are entered in `targets`; the
    /// rest get a generated id, unique by construction, with no table entry.
    func allocateID(for element: ElementNode) -> String {
        elementCount += 1
        return assignID(to: element)
    }

    private func assignID(to element: ElementNode) -> String {
        let id = uniqueID(element.requestedID)
        element.isTarget = element.isNameable
        if element.isTarget { targets[id] = element }
        return id
    }

    /// A requested id made unique (`x`, `x-2`, …), or a generated one (`_` and a base-36
    /// number). A requested id never looks generated: one that starts with `_` gets another.
    private func uniqueID(_ preferred: String?) -> String {
        if let preferred {
            var base = HTMLWriter.identifierFragment(preferred)
            if base.utf8.first == UInt8(ascii: "_") { base = "_" + base }
            if targets[base] == nil { return base }
            var suffix = 2
            while targets["\(base)-\(suffix)"] != nil { suffix += 1 }
            return "\(base)-\(suffix)"
        }
        nextID += 1
        return HTMLWriter.generatedID(nextID)
    }

    /// Enters an element with a fixed id (the root).
    func register(_ element: ElementNode) {
        elementCount += 1
        element.isTarget = true
        targets[element.id] = element
    }

    /// A new id for `element`, whose requested id changed.
    func renameElement(_ element: ElementNode, from old: String) -> String {
        if element.isTarget, targets[old] === element { targets[old] = nil }
        return assignID(to: element)
    }

    /// An element's handler came or went: it enters or leaves `targets`.
    func updateTarget(_ element: ElementNode) {
        let isTarget = element.isNameable
        if isTarget {
            targets[element.id] = element
        } else if element.isTarget, targets[element.id] === element {
            targets[element.id] = nil
        }
        element.isTarget = isTarget
    }

    func unregister(_ element: ElementNode) {
        elementCount -= 1
        if element.isTarget, targets[element.id] === element { targets[element.id] = nil }
    }

    /// Number of live elements (for tests that check a removed subtree is gone).
    @exclusivity(unchecked) public private(set) var elementCount = 0

    /// Remembers the id the browser knows `element` by, before its first rename in this flush.
    func recordRename(of element: ElementNode) {
        guard isRecording else { return }
        let key = ObjectIdentifier(element)
        if previousIDs[key] == nil { previousIDs[key] = element.id }
    }

    private func previousID(of element: ElementNode) -> String {
        previousIDs.isEmpty ? element.id : previousIDs[ObjectIdentifier(element)] ?? element.id
    }

    func markReplaced(_ element: ElementNode) {
        guard isRecording, element.mark == .none else { return }
        element.mark = .replaced
        replaced.append(element)
    }

    func recordInsertion(of node: Node) {
        guard isRecording else { return }
        var tops: [ElementNode] = []
        node.collectElements(into: &tops)
        for element in tops where element.mark == .none {
            element.mark = .inserted
            inserted.append(element)
        }
    }

    func recordRemoval(of node: Node) {
        guard isRecording else { return }
        node.collectElements(into: &removed)
    }

    func isEcho(of element: ElementNode, newSpec: ElementSpec, oldSpec: ElementSpec) -> Bool {
        guard let echo, echo.element === element else { return false }
        var withoutValue = newSpec
        withoutValue.attributes.removeAll { $0.name == "value" }
        var oldWithoutValue = oldSpec
        oldWithoutValue.attributes.removeAll { $0.name == "value" }
        return withoutValue == oldWithoutValue && newSpec.attributes.contains(Attribute("value", echo.value))
    }

    // MARK: Fragments

    private func collectActions() -> [StreamAction] {
        var actions: [StreamAction] = []
        // Removed elements the browser still shows (not inside another removed, replaced or
        // inserted element).
        for element in removed where element.mark != .inserted {
            guard let host = element.hostElement, host.isMounted, host.mark == .none, !host.isCoveredByAncestor else { continue }
            actions.append(.remove(target: previousID(of: element)))
        }
        for element in replaced where element.isMounted && element.mark == .replaced && !element.isCoveredByAncestor {
            actions.append(.replace(target: previousID(of: element), html: html(of: element)))
        }
        // Inserted elements, per enclosing element, in document order.
        var hostsDone = Set<ObjectIdentifier>()
        for element in inserted where element.isMounted && element.mark == .inserted && !element.isCoveredByAncestor {
            guard let host = element.hostElement, hostsDone.insert(ObjectIdentifier(host)).inserted else { continue }
            var siblings: [ElementNode] = []
            host.child?.collectElements(into: &siblings)
            for (index, sibling) in siblings.enumerated() where sibling.mark == .inserted {
                let html = html(of: sibling)
                if index == 0 {
                    actions.append(.prepend(target: host.id, html: html))
                } else {
                    actions.append(.after(target: siblings[index - 1].id, html: html))
                }
            }
        }
        for element in replaced { element.mark = .none }
        previousIDs.removeAll()
        for element in inserted { element.mark = .none }
        replaced.removeAll()
        inserted.removeAll()
        removed.removeAll()
        return actions
    }

    private func html(of element: ElementNode) -> String {
        var writer = HTMLWriter()
        element.render(into: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
