@_spi(Reflection) import Swift

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
        let kind = ViewKind(primitive: primitive, transparent: type as? any TransparentView.Type)
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
    override func render<R: HTMLRendering>(into writer: inout HTMLWriter, _ renderer: R.Type) { child?.render(into: &writer, renderer) }
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

/// A `TupleView`'s node, where it is not an element's whole content (see `TupleElementNode`).
/// Not generic (see `ElementViewNode`): where its tuple's views sit and their types are the
/// tuple type's `TupleLayout`, found once per type.
@MainActor
final class TupleNode: Node {
    @exclusivity(unchecked) private var children: TupleChildren

    /// `type` is `TupleView<T>`, as its `makeNode` has it (named here, in code not specialised
    /// for `T`, its metadata was looked up in the runtime's cache on every mount).
    init<T>(_ view: __shared TupleView<T>, type: Any.Type, _ context: __shared Context) {
        children = TupleChildren(TupleLayout.of(T.self, view: type))
        super.init(context)
        withAddress(of: view.value) { children.mount(at: $0, context) }
    }

    override func refresh<V: View>(_ view: V, _ context: Context) {
        // `V` is `TupleView<T>`, whose one stored property, the tuple, is at its start.
        withAddress(of: view) { children.update(at: $0, context) }
    }

    override func collectElements(into elements: inout [ElementNode]) { children.collectElements(into: &elements) }
    override func render<R: HTMLRendering>(into writer: inout HTMLWriter, _ renderer: R.Type) { children.render(into: &writer, renderer) }

    override func unmount() {
        super.unmount()
        children.unmount()
    }
}

/// The nodes mounted for a tuple's views (a block's views: two to ten), by position: the
/// first three in fields of their own and any more in an array (most blocks are short, and a
/// list of their own was one more allocation, and one more object to reach, for every block).
/// Its methods are inlined into its nodes': called on a node's stored property, the struct
/// was copied for each call (every child retained and released again).
@MainActor
struct TupleChildren {
    private unowned(unsafe) let layout: TupleLayout
    private var first: Node?
    private var second: Node?
    private var third: Node?
    private var more: [Node] = []

    init(_ layout: TupleLayout) { self.layout = layout }

    /// Mounts the tuple's views, read where they sit in the tuple at `base` (not copied out of
    /// it first: a copy retains what each view holds).
    @inline(__always)
    mutating func mount(at base: UnsafeRawPointer, _ context: Context) {
        let count = layout.views.count
        if count > 3 { more.reserveCapacity(count - 3) }  // one allocation, not one per doubling
        for (index, field) in layout.views.enumerated() {
            func mount<V: View>(_: V.Type) -> Node {
                context.withStep(UInt64(field.position)) { mountView(base.advanced(by: field.offset).assumingMemoryBound(to: V.self).pointee, $0) }
            }
            let child = mount(field.type)
            switch index {
            case 0: first = child
            case 1: second = child
            case 2: third = child
            default: more.append(child)
            }
        }
    }

    /// The child mounted for the tuple's view at `index` (among its views).
    private func child(at index: Int) -> Node {
        switch index {
        case 0: first!
        case 1: second!
        case 2: third!
        default: more[index - 3]
        }
    }

    /// Updates the children with the tuple at `base` (of the same type).
    @inline(__always)
    func update(at base: UnsafeRawPointer, _ context: Context) {
        for (index, field) in layout.views.enumerated() {
            let child = child(at: index)
            func update<V: View>(_: V.Type) {
                context.withStep(UInt64(field.position)) { child.update(base.advanced(by: field.offset).assumingMemoryBound(to: V.self).pointee, $0) }
            }
            update(field.type)
        }
    }

    @inline(__always)
    func collectElements(into elements: inout [ElementNode]) {
        first?.collectElements(into: &elements)
        second?.collectElements(into: &elements)
        third?.collectElements(into: &elements)
        for child in more { child.collectElements(into: &elements) }
    }

    @inline(__always)
    func render<R: HTMLRendering>(into writer: inout HTMLWriter, _ renderer: R.Type) {
        first?.render(into: &writer, renderer)
        second?.render(into: &writer, renderer)
        third?.render(into: &writer, renderer)
        for child in more { child.render(into: &writer, renderer) }
    }

    @inline(__always)
    func unmount() {
        first?.unmount()
        second?.unmount()
        third?.unmount()
        for child in more { child.unmount() }
    }
}

/// Runs `body` with the address of `value` (borrowed, not copied). Not isolated: a main-actor
/// closure handed to the standard library's `withUnsafePointer` checks its executor each
/// time it runs (a thread-local lookup); this one's closure is not the caller's.
@inline(__always)
func withAddress<T, R>(of value: borrowing T, _ body: (UnsafeRawPointer) -> R) -> R {
    withUnsafePointer(to: value) { body(UnsafeRawPointer($0)) }
}

/// A `TupleView` type (its layout, for an element whose whole content it is).
@MainActor
protocol TupleViewType {
    static var tupleLayout: TupleLayout { get }
}

extension TupleView: TupleViewType {
    static var tupleLayout: TupleLayout { TupleLayout.of(T.self, view: self) }
}

/// Where the views of a `TupleView<T>`'s tuple sit, and their types: found once per `T` from
/// its metadata (a block's tuple type is known where the block is written, but the node that
/// mounts it is not specialised for it).
@MainActor
final class TupleLayout {
    /// The tuple's views: their position in the tuple (their structural identity), their offset
    /// and their type. A `T` that is one view is one, at offset 0.
    let views: [(position: Int, offset: Int, type: any View.Type)]

    // No dynamic exclusivity check (only the main actor touches it); layouts live as long as
    // the process (nodes refer to theirs unowned).
    @exclusivity(unchecked) private static var known = TypeTable<TupleLayout>()
    /// Whether each element view's content type is a `TupleView` (and its layout), and the
    /// last type asked about: a page mounts one stack of a type after another (a `ForEach`'s
    /// rows), each answered here without a probe of the table.
    @exclusivity(unchecked) private static var contents = TypeTable<Unowned>()
    @exclusivity(unchecked) private static var lastContent: (key: ObjectIdentifier, layout: TupleLayout?)?

    private struct Unowned {
        unowned(unsafe) let layout: TupleLayout?
    }

    /// The layout of `content` if it is a `TupleView` (an element's content: mounted into the
    /// element, `TupleElementNode`), else nil.
    static func ofContent(_ content: Any.Type) -> TupleLayout? {
        let key = ObjectIdentifier(content)
        if let last = lastContent, last.key == key { return last.layout }
        let layout: TupleLayout?
        if let known = contents[key] {
            layout = known.layout
        } else {
            layout = (content as? any TupleViewType.Type)?.tupleLayout
            contents.insert(Unowned(layout: layout), for: key)
        }
        lastContent = (key, layout)
        return layout
    }

    /// `T`'s layout; `view` is `TupleView<T>` (whose one field says whether `T` is a tuple).
    static func of(_ tuple: Any.Type, view: Any.Type) -> TupleLayout {
        let key = ObjectIdentifier(tuple)
        if let layout = known[key] { return layout }
        let layout = TupleLayout(view, tuple)
        known.insert(layout, for: key)
        return layout
    }

    private init(_ view: Any.Type, _ tuple: Any.Type) {
        var isTuple = false
        _ = _forEachField(of: view, options: []) { _, _, _, kind in
            isTuple = kind == .tuple
            return false
        }
        var views: [(position: Int, offset: Int, type: any View.Type)] = []
        if isTuple {
            var position = 0
            _ = _forEachField(of: tuple, options: []) { _, offset, type, _ in
                if let view = type as? any View.Type { views.append((position, offset, view)) }
                position += 1
                return true
            }
        } else if let one = tuple as? any View.Type {
            views.append((0, 0, one))
        }
        self.views = views
    }
}

/// `if`/`else` and `switch`: each branch is its own identity.
@MainActor
final class ConditionalNode<TrueContent: View, FalseContent: View>: SingleChildNode {
    private var isTrue: Bool

    init(_ view: __shared _ConditionalContent<TrueContent, FalseContent>, _ context: __shared Context) {
        switch view.storage {
        case .trueContent: isTrue = true
        case .falseContent: isTrue = false
        }
        super.init(context)
        child = mount(view, context)
    }

    private func mount(_ view: _ConditionalContent<TrueContent, FalseContent>, _ context: Context) -> Node {
        switch view.storage {
        case .trueContent(let content): context.withStep(1) { mountView(content, $0) }
        case .falseContent(let content): context.withStep(2) { mountView(content, $0) }
        }
    }

    override func refresh<V: View>(_ view: V, _ context: Context) {
        let view = sameTypeCast(view, to: _ConditionalContent<TrueContent, FalseContent>.self)
        let childContext = context
        switch view.storage {
        case .trueContent(let content) where isTrue: context.withStep(1) { child?.update(content, $0) }
        case .falseContent(let content) where !isTrue: context.withStep(2) { child?.update(content, $0) }
        case .trueContent:
            isTrue = true
            replaceChild { mount(view, childContext) }
        case .falseContent:
            isTrue = false
            replaceChild { mount(view, childContext) }
        }
    }
}

/// `if` without `else`, `if let`: present or absent.
@MainActor
final class OptionalNode<Wrapped: View>: SingleChildNode {
    init(_ view: __shared Wrapped?, _ context: __shared Context) {
        super.init(context)
        if let view { child = mountView(view, context) }
    }

    override func refresh<V: View>(_ view: V, _ context: Context) {
        let view = sameTypeCast(view, to: Wrapped?.self)
        let childContext = context
        switch (view, child) {
        case (let content?, let existing?): existing.update(content, childContext)
        case (let content?, nil): replaceChild { mountView(content, childContext) }
        case (nil, _?): removeChild()
        case (nil, nil): break
        }
    }
}

/// `AnyView`: a new wrapped type is a new identity.
@MainActor
final class AnyViewNode: SingleChildNode {
    private var type: ObjectIdentifier

    init(_ view: __shared AnyView, _ context: __shared Context) {
        type = view.type
        super.init(context)
        child = view.make(context)
    }

    override func refresh<V: View>(_ view: V, _ context: Context) {
        let view = sameTypeCast(view, to: AnyView.self)
        let childContext = context
        if view.type == type, let child {
            view.update(child, childContext)
        } else {
            type = view.type
            replaceChild { view.make(childContext) }
        }
    }
}
