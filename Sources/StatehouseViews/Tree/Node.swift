/// A mounted view: one per view identity in the live tree. (Public by name only, underscored,
/// as `View._mount` returns it; Statehouse's code calls it `Node`.)
///
/// Nodes hold what survives re-creation of view structs (state, the last view value, the
/// element ids). Parents own their children; back-references are unowned, so a subtree that
/// leaves the tree frees itself.
///
/// Trees live on the main actor, and no access to a node's storage overlaps another: the
/// properties touched on every mount are `@exclusivity(unchecked)`, which spares each access
/// a run-time exclusivity check (a thread-local lookup).
@MainActor
public class _ViewNode {
    @usableFromInline unowned(unsafe) let tree: LiveTree
    /// When the node was mounted, in its tree: dirty nodes are re-evaluated parents first (a
    /// parent is mounted before its children), without a depth carried in every context.
    let mountOrder: UInt32
    @exclusivity(unchecked) private(set) var isMounted = true
    /// Mounted for a modified view (`Text("x").bold()`): updates arrive wrapped in modifiers.
    @exclusivity(unchecked) var takesModifiedViews = false

    /// Nodes' initializers take their context `__shared` (borrowed, as a function's argument
    /// is): an initializer's argument is otherwise owned, so each level of a node's
    /// initializers copied the context and released it again (a `Context` copy retains each of
    /// its reference-counted words). `borrowing` would say the same, but Swift 6.3.1 crashes
    /// compiling it for a struct with `unowned(unsafe)` fields.
    @usableFromInline init(_ context: __shared Context) {
        tree = context.tree
        mountOrder = context.tree.reconciler.takeMountOrder()
    }

    /// Brings this node up to date with a new value of the view it was mounted for. A
    /// modifier has no node of its own: its content's node takes the modified view, and the
    /// modifier is applied to the context on the way down.
    final func update<V: View>(_ view: V, _ context: Context) {
        guard takesModifiedViews, let transparent = ViewKind.of(V.self).transparent else { return refresh(view, context) }
        func forward<T: TransparentView>(_: T.Type) { T.update(self, with: sameTypeCast(view, to: T.self), context) }
        forward(transparent)
    }

    /// The element view type this node renders, if it is an `ElementViewNode` (a virtual
    /// call: no type test on every update of a modified button).
    var elementViewType: ObjectIdentifier? { nil }

    /// `update` for this node's own view type (each kind of node overrides it).
    func refresh<V: View>(_ view: V, _ context: Context) {
        fatalError("\(type(of: self)) cannot be updated")
    }

    /// Appends the elements this node renders at its top level, in document order.
    func collectElements(into elements: inout [ElementNode]) {}

    /// Writes this node's HTML.
    func render<R: HTMLRendering>(into writer: inout HTMLWriter, _ renderer: R.Type) {}

    /// Removes this node and its subtree from the tree: state is released, handlers dropped.
    func unmount() { isMounted = false }

    /// Set while the node waits for re-evaluation (only nodes that evaluate something:
    /// composite views, `ForEach`).
    @exclusivity(unchecked) var isDirty = false

    /// The state this node's body read has changed: schedule it for re-evaluation. (Only
    /// nodes that read state, composite views and `ForEach`, are ever told.)
    final func stateDidChange() {
        // Written inside `withAnimation`: the tree's next changes animate.
        if case .some(.some(let animation)) = Animation.inProgress, isMounted { tree.pendingAnimation = animation }
        guard isMounted, !isDirty else { return }
        isDirty = true
        tree.reconciler.schedule(self)
    }

    /// Evaluates again what this node evaluates (its body, a `ForEach`'s data), now that state
    /// it read has changed.
    func reevaluate() {}

    /// Records that `source` was read by this node's body. Called on the main actor, while the
    /// body is evaluated (`Tracking.current`), from a state getter that cannot say so
    /// statically: nonisolated, so the call needs no `MainActor.assumeIsolated`, which
    /// allocates a closure context per call (one per state read).
    nonisolated func addDependency(_ source: any StateSource) {}
}

@usableFromInline typealias Node = _ViewNode

/// Mounts `view` under `context`: through its type's `_mount`, primitives build their own
/// node, other views a `CompositeNode` that evaluates `body`. Inside a `List`, anything that
/// is not a container of rows becomes a row of its own; where an app's modifier was applied to
/// a container of views, anything that is not one gets the modifier (`DistributedNode`).
/// Inlinable (the rare cases apart, in `mountSpecially`): called by a composite view's node,
/// specialised where the view is written, it calls the body's type's `_mount` directly.
@MainActor @inlinable
func mountView<V: View>(_ view: V, _ context: Context) -> Node {
    if _slowPath(context.needsSpecialMount) { return mountSpecially(view, context) }
    return V._mount(view, context)
}

/// `mountView` in a `List`, or under an app's modifier spread over several views.
@MainActor @usableFromInline
func mountSpecially<V: View>(_ view: V, _ context: Context) -> Node {
    if context.listRows, !ViewKind.of(V.self).isRowContainer {
        return RowNode(content: view, key: nil, context)
    }
    if context.pending.distributes, !ViewKind.of(V.self).spreadsModifiers {
        return DistributedNode(view, context)
    }
    return V._mount(view, context)
}

/// A view that has no node of its own (a modifier): its content's node is updated with it.
@MainActor
protocol TransparentView {
    /// Updates `node`, mounted for this view's content, with `view`.
    static func update(_ node: Node, with view: Self, _ context: Context)
}

/// What a view type is, remembered per type: a table lookup instead of conformance checks.
/// Read to mount any view in a `List` or under an app's modifier spread over several views,
/// to mount or update a view an app's modifier was applied to (whether it spreads it), and to
/// update a modified view's node.
@MainActor
struct ViewKind {
    /// Rendered by Statehouse (else a composite with a `body`).
    let primitive: (any PrimitiveView.Type)?
    /// Updates its content's node (a modifier).
    let transparent: (any TransparentView.Type)?
    /// Where its views sit, if it is a `TupleView` (an element whose whole content it is holds
    /// them itself: `TupleElementNode`).
    let tupleLayout: TupleLayout?

    /// Whether a `List` treats the view as a container of rows rather than as one row (a
    /// wrapper, such as a modifier, is what its content is).
    var isRowContainer: Bool { primitive?.isRowContainer ?? false }
    /// Whether an app's modifier applied to the view applies to each of its views.
    var spreadsModifiers: Bool { primitive?.spreadsModifiers ?? false }

    // No dynamic exclusivity check (only the main actor touches it).
    @exclusivity(unchecked) private static var known = TypeTable<ViewKind>()

    static func of<V: View>(_ type: V.Type) -> ViewKind {
        let key = ObjectIdentifier(type)
        if let kind = known[key] { return kind }
        let primitive = type as? any PrimitiveView.Type
        let kind = ViewKind(primitive: primitive, transparent: type as? any TransparentView.Type,
                            tupleLayout: (type as? any TupleViewType.Type)?.tupleLayout)
        known.insert(kind, for: key)
        return kind
    }
}

/// A node with exactly one child, which it replaces when the child's identity changes.
@MainActor @usableFromInline
class SingleChildNode: Node {
    @exclusivity(unchecked) @usableFromInline var child: Node?

    /// Swaps the child for a newly mounted one (a change of identity): the old subtree and
    /// its state are destroyed.
    func replaceChild(with make: () -> Node) {
        if let old = child {
            tree.recorder.recordRemoval(of: old)
            old.unmount()
        }
        let new = make()
        child = new
        tree.recorder.recordInsertion(of: new)
    }

    func removeChild() {
        guard let old = child else { return }
        tree.recorder.recordRemoval(of: old)
        old.unmount()
        child = nil
    }

    override func collectElements(into elements: inout [ElementNode]) { child?.collectElements(into: &elements) }
    override func render<R: HTMLRendering>(into writer: inout HTMLWriter, _ renderer: R.Type) {
        withBorrowed(unretained(child)) { $0.render(into: &writer, renderer) }
    }
    override func unmount() {
        super.unmount()
        child?.unmount()
    }
}

/// `Group`: its children stand where the group stands.
@MainActor
final class GroupContentNode<Content: View>: SingleChildNode {
    init(_ group: __shared Group<Content>, _ context: __shared Context) {
        super.init(context)
        child = mountView(group.content, context)
    }

    override func refresh<V: View>(_ view: V, _ context: Context) {
        child?.update(sameTypeCast(view, to: Group<Content>.self).content, context)
    }
}

/// An empty view: no children.
@MainActor
final class EmptyNode: Node {
    override func refresh<V: View>(_ view: V, _ context: Context) {}
}
