/// Decides what runs when: the dirty queue, the flush order and the lifecycle queue.
///
/// A state write marks the nodes that read it dirty (`schedule`); `settle()` then runs the
/// queued lifecycle actions (`onAppear`, `onDisappear`, `onChange`) and re-evaluates dirty
/// nodes, parents before children, until nothing is left. A view that cannot be evaluated
/// (a missing environment object) makes `settle()` throw.
@MainActor
final class Reconciler {
    private var dirty: [Node] = []
    /// `onAppear`, `onDisappear` and `onChange` actions, run after the change that queued them.
    private var pendingActions: [@MainActor () -> Void] = []
    @exclusivity(unchecked) private var nextMountOrder: UInt32 = 0
    /// Set while `settle()` runs: invalidations then are part of the flush, not news.
    private var isSettling = false
    /// The first view that could not be evaluated; the tree cannot be shown after it.
    private(set) var failure: ViewFailure?

    /// Called when state changed outside a flush (see `LiveTree.onInvalidate`).
    var onInvalidate: (@MainActor () -> Void)?

    /// How many `body` evaluations have run.
    @exclusivity(unchecked) private(set) var evaluationCount = 0
    /// The view types whose `body` ran, in order, while `isLoggingEvaluations` is on.
    private(set) var evaluationLog: [String] = []
    var isLoggingEvaluations = false

    /// Whether some state changed that `settle()` has not yet handled.
    var hasPendingWork: Bool { !dirty.isEmpty || !pendingActions.isEmpty }

    /// The next node's place in mount order: a parent is always mounted before its children.
    /// (Wrapping after 2^32 mounts only costs a flush some repeated work: a child could then
    /// be re-evaluated before its parent, which updates it again.)
    func takeMountOrder() -> UInt32 {
        nextMountOrder &+= 1
        return nextMountOrder
    }

    /// `node`'s body read state that changed: it is re-evaluated in the next `settle()`.
    func schedule(_ node: Node) {
        dirty.append(node)
        if !isSettling, dirty.count == 1 { onInvalidate?() }
    }

    /// Queues a lifecycle action to run once the current change is applied.
    func enqueue(_ action: @escaping @MainActor () -> Void) {
        pendingActions.append(action)
        if !isSettling, pendingActions.count == 1, dirty.isEmpty { onInvalidate?() }
    }

    func didEvaluate(_ type: Any.Type) {
        evaluationCount += 1
        if isLoggingEvaluations { evaluationLog.append(String(describing: type)) }
    }

    func didFail(_ failure: ViewFailure) {
        if self.failure == nil { self.failure = failure }
    }

    /// Runs lifecycle actions and re-evaluates dirty nodes, parents first, until nothing is
    /// left (at most 100 rounds: actions that keep writing state stop there).
    func settle() throws(ViewFailure) {
        isSettling = true
        defer { isSettling = false }
        var rounds = 0
        while hasPendingWork, rounds < 100 {
            rounds += 1
            runPendingActions()
            let batch = dirty.sorted { $0.mountOrder < $1.mountOrder }
            dirty.removeAll(keepingCapacity: true)
            for node in batch where node.isMounted && node.isDirty { node.reevaluate() }
        }
        if let failure { throw failure }
    }

    /// Forgets dirty nodes (the tree is closing) and runs what unmounting queued.
    func drain() {
        dirty.removeAll()
        runPendingActions()
    }

    private func runPendingActions() {
        while !pendingActions.isEmpty {
            let actions = pendingActions
            pendingActions.removeAll()
            for action in actions { action() }
        }
    }
}
