@_spi(Reflection) import Swift

// A block of views (`TupleView`): its layout, the nodes mounted for its views, and the two
// nodes that hold them (an element whose whole content the block is, and any other place).

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
    init(_ layout: Unmanaged<TupleLayout>) { self.layout = layout.takeUnretainedValue() }

    /// Mounts the tuple's views, read where they sit in the tuple at `base` (not copied out of
    /// it first: a copy retains what each view holds).
    @inline(__always)
    mutating func mount(at base: UnsafeRawPointer, _ context: Context) {
        let count = layout.views.count
        if count > 3 { more.reserveCapacity(count - 3) }  // one allocation, not one per doubling
        let stepsDown = context.tree.keepsDurableState
        for (index, field) in layout.views.enumerated() {
            // (No closure: `withStep`'s, one per child, cost more than its test.)
            func mount<V: View>(_: V.Type) -> Node {
                let view = base.advanced(by: field.offset).assumingMemoryBound(to: V.self)
                return stepsDown ? withPointee(view) { mountView($0, context.step(UInt64(field.position))) } : withPointee(view) { mountView($0, context) }
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
                let view = base.advanced(by: field.offset).assumingMemoryBound(to: V.self)
                context.withStep(UInt64(field.position)) { context in withPointee(view) { child.update($0, context) } }
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

    /// Mutating, though it changes nothing: called on a node's stored property, it works in
    /// place; a method that is not was handed a copy of the children, each retained and
    /// released again. The children are borrowed (`withBorrowed`).
    @inline(__always)
    mutating func render<R: HTMLRendering>(into writer: inout HTMLWriter, _ renderer: R.Type) {
        withBorrowed(unretained(first)) { $0.render(into: &writer, renderer) }
        withBorrowed(unretained(second)) { $0.render(into: &writer, renderer) }
        withBorrowed(unretained(third)) { $0.render(into: &writer, renderer) }
        for index in more.indices { withBorrowed(unretained(more[index])) { $0.render(into: &writer, renderer) } }
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

/// Runs `body` with the value at `pointer`, borrowed where it is. (`pointer.pointee` handed to
/// a function is a copy of a generic value, through its value witnesses: every reference in
/// it retained, and released after. A generic parameter that may be noncopyable cannot be
/// copied, so this function has none, also where `T` is copyable.)
@inline(__always)
func withPointee<T: ~Copyable, R>(_ pointer: UnsafePointer<T>, _ body: (borrowing T) -> R) -> R {
    body(pointer.pointee)
}

/// A reference read from where it is stored, not retained: only for walks that change no node
/// (rendering), where the object's owner keeps it alive throughout. (A reference read from a
/// node and called was retained and released around the call: two atomic operations for each
/// child of every element rendered.)
@inline(__always)
func unretained<T: AnyObject>(_ object: T?) -> Unmanaged<T>? {
    guard let object else { return nil }
    return Unmanaged.passUnretained(object)
}

/// Calls `body` with the object `unretained(_:)` read, if any. Not isolated, as `withAddress`.
@inline(__always)
func withBorrowed<T: AnyObject>(_ object: Unmanaged<T>?, _ body: (T) -> Void) {
    object?._withUnsafeGuaranteedRef(body)
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
    /// and their type. A `T` that is one view is one, at offset 0. Allocated once and never
    /// freed, as the layout (an array, read from a layout reached unowned, was retained and
    /// released around every walk over it: each mount of a block).
    let views: UnsafeBufferPointer<(position: Int, offset: Int, type: any View.Type)>

    // No dynamic exclusivity check (only the main actor touches it); layouts live as long as
    // the process (nodes refer to theirs unowned).
    @exclusivity(unchecked) private static var known = TypeTable<TupleLayout>()
    /// The last element content type asked about (`ofContent`) and its layout: a page mounts
    /// one stack of a type after another (a `ForEach`'s rows), each answered here without a
    /// probe of the view kinds' table.
    @exclusivity(unchecked) private static var lastContent: (key: ObjectIdentifier, layout: TupleLayout?)?

    /// The layout of an element's content type if it is a `TupleView` (mounted into the
    /// element: `TupleElementNode`), else nil. Unretained: layouts live as long as the process,
    /// and the node keeps its layout unowned (returned strong, it was retained for the node's
    /// initializer and released after it).
    static func ofContent<Content: View>(_ content: Content.Type) -> Unmanaged<TupleLayout>? {
        let key = ObjectIdentifier(content)
        if let last = lastContent, last.key == key { return last.layout.map(Unmanaged.passUnretained) }
        let layout = ViewKind.of(content).tupleLayout
        lastContent = (key, layout)
        return layout.map(Unmanaged.passUnretained)
    }

    /// `T`'s layout; `view` is `TupleView<T>` (whose one field says whether `T` is a tuple).
    static func of(_ tuple: Any.Type, view: Any.Type) -> TupleLayout {
        let key = ObjectIdentifier(tuple)
        if let layout = known[key] { return layout }
        let layout = TupleLayout(view, tuple)
        known.insert(layout, for: key)
        return layout
    }

    /// Made only by `of(_:view:)`, which keeps every layout for the process's lifetime (its
    /// `views` are never freed, and nodes keep their layout unowned).
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
        let buffer = UnsafeMutableBufferPointer<(position: Int, offset: Int, type: any View.Type)>.allocate(capacity: views.count)
        _ = buffer.initialize(fromContentsOf: views)
        self.views = UnsafeBufferPointer(buffer)
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

/// The node of an element view whose content is a block of views (a `TupleView`): it holds the
/// block's nodes itself, as a `TupleNode` would (one object fewer for every such element).
@MainActor
final class TupleElementNode: ElementViewNode {
    @exclusivity(unchecked) private var children: TupleChildren

    init<V: ElementView>(_ view: __shared V, layout: Unmanaged<TupleLayout>, _ context: __shared Context) {
        children = TupleChildren(layout)
        super.init(view, context)
    }

    override func mountContent<V: ElementView>(of view: V, _ context: Context) {
        view.withContentAddress { children.mount(at: $0, context) }
    }

    override func updateContent<V: ElementView>(of view: V, _ context: Context) {
        view.withContentAddress { children.update(at: $0, context) }
    }

    override func collectChildElements(into elements: inout [ElementNode]) { children.collectElements(into: &elements) }
    override func renderContent<R: HTMLRendering>(into writer: inout HTMLWriter, _ renderer: R.Type) { children.render(into: &writer, renderer) }

    override func unmount() {
        super.unmount()
        children.unmount()
    }
}
