/// `.task { … }`: work that starts when the view appears and is cancelled when it disappears.

extension View {
    /// Adds an asynchronous task to perform before this view appears.
    ///
    /// The task starts once, when the view's identity is first mounted, and runs on the main
    /// actor off the render path; it is cancelled when the view leaves the tree. What it changes
    /// before its first suspension is in the page's first response; later changes reach the
    /// page as every change made outside an event does.
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

/// `.task` as a lifecycle hook: starts its task on mount, restarts it when `id` changes, and
/// cancels it when the view leaves.
struct TaskHook<ID: Equatable>: LifecycleHook {
    let id: ID
    let priority: TaskPriority
    let action: @MainActor () async -> Void
    private var task: Task<Void, Never>?

    init(id: ID, priority: TaskPriority, action: @escaping @MainActor () async -> Void) {
        self.id = id
        self.priority = priority
        self.action = action
    }

    mutating func mount(_ tree: LiveTree) {
        let action = action
        task = Task(priority: priority) { @MainActor in await action() }
    }

    mutating func update(from previous: TaskHook, _ tree: LiveTree) {
        guard id == previous.id else {
            previous.task?.cancel()
            return mount(tree)
        }
        task = previous.task
    }

    func unmount(_ tree: LiveTree) { task?.cancel() }
}
