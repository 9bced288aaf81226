/// `.onAppear`, `.onDisappear` and `.onChange(of:)`: actions that run after the change that
/// mounted, removed or updated the view has been applied (never while a body is evaluated).

extension View {
    /// Adds an action to perform when this view is mounted.
    public func onAppear(perform action: (@MainActor () -> Void)? = nil) -> some View {
        LifecycleView(content: self, hook: AppearHook(onAppear: action, onDisappear: nil))
    }

    /// Adds an action to perform when this view leaves the tree.
    public func onDisappear(perform action: (@MainActor () -> Void)? = nil) -> some View {
        LifecycleView(content: self, hook: AppearHook(onAppear: nil, onDisappear: action))
    }

    /// Adds an action to perform when `value` changes; it receives the old and the new value.
    /// With `initial: true` it also runs when the view appears (with the value as both).
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping @MainActor (_ oldValue: V, _ newValue: V) -> Void) -> some View {
        LifecycleView(content: self, hook: ChangeHook(value: value, initial: initial, action: action))
    }

    /// Adds an action to perform when `value` changes.
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping @MainActor () -> Void) -> some View {
        onChange(of: value, initial: initial) { _, _ in action() }
    }

    /// Adds an action to perform when `value` changes; it receives the new value.
    @available(*, deprecated, message: "Use `onChange` with a two or zero parameter action closure instead.")
    public func onChange<V: Equatable>(of value: V, perform action: @escaping @MainActor (_ newValue: V) -> Void) -> some View {
        onChange(of: value, initial: false) { _, new in action(new) }
    }
}

/// What a lifecycle modifier does when its view mounts, updates and leaves (`.onAppear`,
/// `.onDisappear`, `.onChange`, `.task`). The node keeps the latest hook.
@MainActor
protocol LifecycleHook {
    /// The view was mounted.
    mutating func mount(_ tree: LiveTree)
    /// The view was updated; `self` is the new hook, `previous` the last one (whose running
    /// work, if any, the new one takes over).
    mutating func update(from previous: Self, _ tree: LiveTree)
    /// The view left the tree.
    func unmount(_ tree: LiveTree)
}

struct LifecycleView<Content: View, Hook: LifecycleHook>: PrimitiveView {
    let content: Content
    let hook: Hook

    static var isRowContainer: Bool { ViewKind.of(Content.self).isRowContainer }
    static var spreadsModifiers: Bool { ViewKind.of(Content.self).spreadsModifiers }
    static func makeNode(_ view: Self, _ context: Context) -> Node { LifecycleNode(view, context) }
}

@MainActor
final class LifecycleNode<Content: View, Hook: LifecycleHook>: SingleChildNode {
    private var hook: Hook

    init(_ view: LifecycleView<Content, Hook>, _ context: __shared Context) {
        hook = view.hook
        super.init(context)
        child = mountView(view.content, context)
        hook.mount(tree)
    }

    override func refresh<V: View>(_ view: V, _ context: Context) {
        let view = sameTypeCast(view, to: LifecycleView<Content, Hook>.self)
        child?.update(view.content, context)
        var next = view.hook
        next.update(from: hook, tree)
        hook = next
    }

    override func unmount() {
        super.unmount()
        hook.unmount(tree)
    }
}

struct AppearHook: LifecycleHook {
    let onAppear: (@MainActor () -> Void)?
    let onDisappear: (@MainActor () -> Void)?

    func mount(_ tree: LiveTree) { if let onAppear { tree.reconciler.enqueue(onAppear) } }
    func update(from previous: AppearHook, _ tree: LiveTree) {}
    func unmount(_ tree: LiveTree) { if let onDisappear { tree.reconciler.enqueue(onDisappear) } }
}

struct ChangeHook<Value: Equatable>: LifecycleHook {
    let value: Value
    let initial: Bool
    let action: @MainActor (Value, Value) -> Void

    func mount(_ tree: LiveTree) {
        guard initial else { return }
        let value = value, action = action
        tree.reconciler.enqueue { action(value, value) }
    }

    func update(from previous: ChangeHook, _ tree: LiveTree) {
        guard value != previous.value else { return }
        let old = previous.value, new = value, action = action
        tree.reconciler.enqueue { action(old, new) }
    }

    func unmount(_ tree: LiveTree) {}
}
