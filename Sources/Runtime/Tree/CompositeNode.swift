/// A mounted user view: keeps the view's last value, its state storage and the state its
/// body read, and re-evaluates `body` only when that state changed, its inputs changed, or
/// its context did.
@MainActor
final class CompositeNode<V: View>: SingleChildNode {
    private var view: V
    private var context: Context
    private let layout: TypeLayout
    /// The node-owned storage of the view's `@State` (and similar) properties, by field.
    private var slots: [AnyObject?] = []
    /// What the last evaluation of `body` read.
    private var dependencies: [any StateSource] = []
    private(set) var isDirty = false

    init(_ view: V, _ context: Context) {
        self.view = view
        self.context = context
        layout = TypeLayout.of(V.self)
        super.init(context)
        layout.link(&self.view, slots: &slots)
        child = mountView(evaluate(), context.child)
    }

    private func evaluate() -> V.Body {
        clearDependencies()
        tree.didEvaluate(V.self)
        return Tracking.reading(as: self) { view.body }
    }

    override func update<W: View>(_ newView: W, _ newContext: Context) {
        var newView = sameTypeCast(newView, to: V.self)
        if !isDirty, newContext.hasSameInputs(as: context), layout.same(view, newView) { return }
        layout.link(&newView, slots: &slots)
        view = newView
        context = newContext
        reevaluate()
    }

    /// Evaluates `body` again and brings the subtree up to date.
    func reevaluate() {
        isDirty = false
        let body = evaluate()
        child?.update(body, context.child)
    }

    override func stateDidChange() {
        guard isMounted, !isDirty else { return }
        isDirty = true
        tree.scheduleEvaluation(of: self)
    }

    override func addDependency(_ source: any StateSource) {
        dependencies.append(source)
    }

    private func clearDependencies() {
        for source in dependencies { source.removeReader(self) }
        dependencies.removeAll(keepingCapacity: true)
    }

    override func unmount() {
        clearDependencies()
        slots.removeAll()
        super.unmount()
    }
}

/// A dirty node waiting for re-evaluation.
@MainActor
protocol Reevaluatable: AnyObject {
    var depth: Int { get }
    var isMounted: Bool { get }
    var isDirty: Bool { get }
    func reevaluate()
}

extension CompositeNode: Reevaluatable {}
