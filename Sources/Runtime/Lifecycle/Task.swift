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
        TaskView(content: self, id: 0, priority: priority, action: action)
    }

    /// Adds a task to perform before this view appears or when `value` changes: a new value
    /// cancels the running task and starts a new one.
    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor () async -> Void) -> some View {
        TaskView(content: self, id: value, priority: priority, action: action)
    }
}

struct TaskView<Content: View, ID: Equatable>: PrimitiveView {
    let content: Content
    let id: ID
    let priority: TaskPriority
    let action: @MainActor () async -> Void

    static var isRowContainer: Bool { (Content.self as? any PrimitiveView.Type)?.isRowContainer ?? false }
    static func makeNode(_ view: Self, _ context: Context) -> Node { TaskNode(view, context) }
}

@MainActor
final class TaskNode<Content: View, ID: Equatable>: SingleChildNode {
    private var id: ID
    private var task: Task<Void, Never>?

    init(_ view: TaskView<Content, ID>, _ context: Context) {
        id = view.id
        super.init(context)
        child = mountView(view.content, context)
        start(view)
    }

    private func start(_ view: TaskView<Content, ID>) {
        let action = view.action
        task = Task(priority: view.priority) { @MainActor in await action() }
    }

    override func refresh<V: View>(_ view: V, _ context: Context) {
        let view = sameTypeCast(view, to: TaskView<Content, ID>.self)
        child?.update(view.content, context)
        if view.id != id {
            id = view.id
            task?.cancel()
            start(view)
        }
    }

    override func unmount() {
        task?.cancel()
        task = nil
        super.unmount()
    }

    isolated deinit { task?.cancel() }
}
