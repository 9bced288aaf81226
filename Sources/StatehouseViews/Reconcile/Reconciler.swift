/// Decides what runs when: the dirty queue, the flush order and the lifecycle queue.
///
/// A state write marks the nodes that read it dirty (`schedule`); `LiveTree.settle()` (below)
/// then runs the queued lifecycle actions (`onAppear`, `onDisappear`, `onChange`) and
/// re-evaluates dirty nodes, parents before children, until nothing is left. A view that
/// cannot be evaluated (a missing environment object) makes it throw.
///
/// A value the tree holds inline (no allocation of its own per page). Nodes call into it
/// while the tree settles, so the loop takes what it needs out of it (a batch, a list of
/// actions) instead of running inside one of its methods.
@MainActor
@usableFromInline
struct Reconciler {
    private var dirty: [Node] = []
    /// `onAppear`, `onDisappear` and `onChange` actions, run after the change that queued them.
    private var pendingActions: [@MainActor () -> Void] = []
    /// The first view that could not be evaluated; the tree cannot be shown after it.
    private(set) var failure: ViewFailure?

    /// Called when state changed outside a flush (see `LiveTree.onInvalidate`).
    var onInvalidate: (@MainActor () -> Void)?

    /// How many `body` evaluations have run.
    @usableFromInline var evaluationCount = 0
    /// The view types whose `body` ran, in order, while logging is on (nil: off; a test hook
    /// that costs a page one word).
    @usableFromInline private(set) var evaluationLog: [String]?
    var isLoggingEvaluations: Bool {
        get { evaluationLog != nil }
        set { evaluationLog = newValue ? evaluationLog ?? [] : nil }
    }

    // Small fields last, so they share one word.
    private var nextMountOrder: UInt32 = 0
    /// Set while the tree settles or applies an event: invalidations then are part of the
    /// flush (the one under way, or the one that follows the event), not news.
    fileprivate var isSettling = false

    /// Whether some state changed that `settle()` has not yet handled.
    var hasPendingWork: Bool { !dirty.isEmpty || !pendingActions.isEmpty }

    /// The next node's place in mount order: a parent is always mounted before its children.
    /// (Wrapping after 2^32 mounts only costs a flush some repeated work: a child could then
    /// be re-evaluated before its parent, which updates it again.)
    mutating func takeMountOrder() -> UInt32 {
        nextMountOrder &+= 1
        return nextMountOrder
    }

    /// `node`'s body read state that changed: it is re-evaluated in the next `settle()`.
    mutating func schedule(_ node: Node) {
        dirty.append(node)
        if !isSettling, dirty.count == 1 { onInvalidate?() }
    }

    /// Queues a lifecycle action to run once the current change is applied.
    mutating func enqueue(_ action: @escaping @MainActor () -> Void) {
        pendingActions.append(action)
        if !isSettling, pendingActions.count == 1, dirty.isEmpty { onInvalidate?() }
    }

    /// Inlinable (inlined into an app's views' mounts): called into, it retained and
    /// released the tree around the call, on every evaluation.
    @inlinable mutating func didEvaluate(_ type: Any.Type) {
        evaluationCount += 1
        if evaluationLog != nil { log(type) }
    }

    @usableFromInline mutating func log(_ type: Any.Type) {
        evaluationLog!.append(String(describing: type))
    }

    mutating func didFail(_ failure: ViewFailure) {
        if self.failure == nil { self.failure = failure }
    }

    /// The dirty nodes, parents first (in mount order); the queue is empty afterwards.
    fileprivate mutating func takeBatch() -> [Node] {
        let batch = dirty.sorted { $0.mountOrder < $1.mountOrder }
        dirty.removeAll(keepingCapacity: true)
        return batch
    }

    /// The queued lifecycle actions; the queue is empty afterwards.
    fileprivate mutating func takeActions() -> [@MainActor () -> Void]? {
        guard !pendingActions.isEmpty else { return nil }
        defer { pendingActions.removeAll() }
        return pendingActions
    }

    /// Forgets dirty nodes (the tree is closing).
    fileprivate mutating func forgetDirty() { dirty.removeAll() }
}

extension LiveTree {
    /// Runs an event's handler. What it invalidates is answered by the flush that follows
    /// (`apply` is always followed by one), so it is no news for `onInvalidate`: announced, it
    /// would queue a push job for a page with an open stream that finds nothing to push.
    func runApplying(_ run: @MainActor () -> Void) {
        reconciler.isSettling = true
        defer { reconciler.isSettling = false }
        run()
    }

    /// Runs lifecycle actions and re-evaluates dirty nodes, parents first, until nothing is
    /// left (at most 100 rounds: actions that keep writing state stop there).
    func settle() throws(ViewFailure) {
        reconciler.isSettling = true
        defer { reconciler.isSettling = false }
        var rounds = 0
        while reconciler.hasPendingWork, rounds < 100 {
            rounds += 1
            runPendingActions()
            for node in reconciler.takeBatch() where node.isMounted && node.isDirty { node.reevaluate() }
        }
        if let failure = reconciler.failure { throw failure }
    }

    /// Forgets dirty nodes (the tree is closing) and runs what unmounting queued.
    func drain() {
        reconciler.forgetDirty()
        runPendingActions()
    }

    private func runPendingActions() {
        while let actions = reconciler.takeActions() {
            for action in actions { action() }
        }
    }
}
