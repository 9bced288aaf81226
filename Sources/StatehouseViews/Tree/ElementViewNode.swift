/// A primitive view that renders one element, optionally with child content.
@MainActor
protocol ElementView: PrimitiveView {
    associatedtype Content: View = EmptyView
    /// The element for the current environment.
    func element(in environment: EnvironmentValues) -> ElementSpec
    /// Children rendered inside the element.
    var content: Content { get }
    /// What the element does with events.
    func handler(in environment: EnvironmentValues) -> EventHandler?
    /// Whether each child of the element is a list row (`List`).
    static var childrenAreListRows: Bool { get }
    /// Whether the element has content mounted inside it (else its spec says all it shows).
    static var hasContent: Bool { get }
    /// Mounts `content` (and updates its node) from where it is stored. Through the `content`
    /// requirement it is copied first, every view in it retained and released again: element
    /// views whose content is a stored property (the stacks, a button's label) hand it on from
    /// there instead.
    func mountContent(_ context: Context) -> Node
    func updateContent(_ node: Node, _ context: Context)
    /// Runs `body` with the address of `content` (a `TupleView`'s, mounted into the element:
    /// `TupleElementNode`), as `mountContent` hands it on.
    func withContentAddress(_ body: (UnsafeRawPointer) -> Void)
}

extension ElementView where Content == EmptyView {
    var content: EmptyView { EmptyView() }
}

extension ElementView {
    func mountContent(_ context: Context) -> Node { mountView(content, context) }
    func updateContent(_ node: Node, _ context: Context) { node.update(content, context) }
    func withContentAddress(_ body: (UnsafeRawPointer) -> Void) { withAddress(of: content, body) }
    func handler(in environment: EnvironmentValues) -> EventHandler? { nil }
    static var childrenAreListRows: Bool { false }
    static var hasContent: Bool { Content.self != EmptyView.self }
    /// An element whose content is a block of views (a `TupleView`) holds the block's nodes
    /// itself: no node of the tuple's own (an object a stack of several views made on every
    /// mount).
    @inline(__always) static func makeNode(_ view: Self, _ context: Context) -> Node {
        if hasContent, let layout = TupleLayout.ofContent(Content.self) { return TupleElementNode(view, layout: layout, context).mounted(view, context) }
        return ElementViewNode(view, context).mounted(view, context)
    }
}

/// The node of an element view. Not generic: the view's type is kept as a metatype (with its
/// conformance), so mounting an element looks up no class metadata for it (a generic class's
/// metadata is found in the runtime's cache on every allocation in unspecialised code), and
/// an update opens it.
@MainActor
class ElementViewNode: ElementNode {
    private let viewType: any ElementView.Type

    /// The element alone: `mounted(_:_:)` mounts its content. (Not here: a call on `self` in an
    /// initializer retains and releases it around the call; on the new node, it does not.)
    init<V: ElementView>(_ view: __shared V, _ context: __shared Context) {
        viewType = V.self
        super.init(spec: view.element(in: context.environment), handler: view.handler(in: context.environment), context)
    }

    /// Mounts the content of `view`, whose node this new node is.
    @inline(__always) final func mounted<V: ElementView>(_ view: __shared V, _ context: __shared Context) -> ElementViewNode {
        if V.hasContent {
            mountContent(of: view, contentContext(context, listRows: V.childrenAreListRows))
        }
        return self
    }

    override var elementViewType: ObjectIdentifier? { ObjectIdentifier(viewType) }

    override func refresh<W: View>(_ view: W, _ context: Context) {
        func refresh<V: ElementView>(_: V.Type) {
            let view = sameTypeCast(view, to: V.self)
            apply(spec: view.element(in: context.environment), handler: view.handler(in: context.environment), context)
            if V.hasContent { updateContent(of: view, contentContext(context, listRows: V.childrenAreListRows)) }
        }
        refresh(viewType)
    }

    /// Mounts the view's content inside the element.
    func mountContent<V: ElementView>(of view: V, _ context: Context) {
        child = view.mountContent(context)
    }

    /// Brings the content's nodes up to date with the view's.
    func updateContent<V: ElementView>(of view: V, _ context: Context) {
        if let child { view.updateContent(child, context) }
    }
}

private let rowAttributes = [Attribute("class", "sh-row")]

/// One row of a `List` (a `ForEach`'s row in a list, or any view in it): its own `<li>`,
/// holding the row's content.
@MainActor
final class RowNode: ElementNode {
    init<Content: View>(content: __shared Content, key: String?, _ context: __shared Context) {
        let spec = ElementSpec("li", rowAttributes)
        super.init(spec: spec, handler: nil, context, takesPending: false)
        rowKey = key
        var inner = contentContext(context)
        inner.pending = context.pending
        if let key { inner.rowKey = key }
        child = mountView(content, inner)
    }

    override func refresh<W: View>(_ view: W, _ context: Context) {
        var inner = contentContext(context)
        inner.pending = context.pending
        if let rowKey { inner.rowKey = rowKey }
        child?.update(view, inner)
    }

    private var rowKey: String?
}
