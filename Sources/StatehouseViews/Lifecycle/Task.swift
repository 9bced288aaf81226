/// `.task { … }`: work that starts when the view appears and is cancelled when it disappears.

extension View {
    /// Adds an asynchronous task to perform before this view appears.
    ///
    /// The task starts once, when the view's identity is first mounted, on the main actor and
    /// never inside a body: with the `onAppear` actions of the same change. It is cancelled
    /// when the view leaves the tree. What it changes before its first suspension is in the
    /// same response (the page's first document, or the event's fragments); later changes
    /// reach the page as every change made outside an event does.
    ///
    /// ```swift
    /// struct ContentView: View {
    ///     @State private var library: Library?
    ///     var body: some View {
    ///         LibraryView(library: library)
    ///             .task { library = Library() }
    ///     }
    /// }
    /// ```
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor () async -> Void) -> some View {
        LifecycleView(content: self, hook: TaskHook(id: 0, priority: priority, action: action))
    }

    /// Adds a task to perform before this view appears or when `value` changes: a new value
    /// cancels the running task and starts a new one.
    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor () async -> Void) -> some View {
        LifecycleView(content: self, hook: TaskHook(id: value, priority: priority, action: action))
    }
}

/// `.task` as a lifecycle hook: starts its task once the change that mounted the view has
/// been applied (with `onAppear`'s actions), restarts it when `id` changes, and cancels it
/// when the view leaves.
struct TaskHook<ID: Equatable>: LifecycleHook {
    let id: ID
    let priority: TaskPriority
    let action: @MainActor () async -> Void
    private var running: RunningTask?

    init(id: ID, priority: TaskPriority, action: @escaping @MainActor () async -> Void) {
        self.id = id
        self.priority = priority
        self.action = action
    }

    mutating func mount(_ tree: LiveTree) {
        let running = RunningTask()
        self.running = running
        let action = action, priority = priority
        tree.reconciler.enqueue { running.start(priority: priority, action) }
    }

    mutating func update(from previous: TaskHook, _ tree: LiveTree) {
        guard id == previous.id else {
            previous.running?.cancel()
            return mount(tree)
        }
        running = previous.running
    }

    func unmount(_ tree: LiveTree) { running?.cancel() }
}

/// The task of one `.task`, from the lifecycle action that starts it to its cancellation.
@MainActor
private final class RunningTask {
    private var task: Task<Void, Never>?
    private var isCancelled = false

    /// Starts `action` at once on the main actor: when the tree settles on the main actor's
    /// executor (a test, a main-actor task), it runs here up to its first suspension, so what
    /// it changes before then is part of the same flush; otherwise it is queued behind the
    /// current job, as `Task { }` is.
    func start(priority: TaskPriority, _ action: @escaping @MainActor () async -> Void) {
        guard !isCancelled else { return }
        task = Task.immediate(priority: priority) { @MainActor in await action() }
    }

    /// Cancels the task, or keeps it from starting if the view left before it could.
    func cancel() {
        isCancelled = true
        task?.cancel()
    }
}
