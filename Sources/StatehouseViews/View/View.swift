/// A piece of user interface, described by its `body`.
///
/// Write views exactly as in SwiftUI; Statehouse keeps one live node per mounted view on the
/// server, re-evaluates `body` only when state the body read changes (or its inputs change),
/// and sends the browser the HTML of the elements that changed.
///
/// ```swift
/// struct PlayButton: View {
///     @State private var isPlaying = false
///     var body: some View {
///         Button(isPlaying ? "Pause" : "Play") { isPlaying.toggle() }
///     }
/// }
/// ```
@MainActor @preconcurrency
public protocol View {
    /// The type of view representing the body of this view.
    associatedtype Body: View
    /// The content and behaviour of the view.
    @ViewBuilder var body: Body { get }

    /// Mounts a view of this type: Statehouse's own, as SwiftUI's `_makeView` is SwiftUI's.
    /// An app never implements it: a view with a `body` gets the default, each view Statehouse
    /// renders itself `PrimitiveView`'s.
    /// (A requirement, so that mounting a view calls its type's code through the witness
    /// table, with the view borrowed: a lookup of the type's kind, then a copy of the view
    /// handed to it, cost each level of every mount.)
    static func _mount(_ view: Self, _ context: _ViewContext) -> _ViewNode
}

extension View {
    /// A view with a `body`: its node evaluates the body (`CompositeNode`). Inlinable: an app's
    /// view conforms in the app's module, whose witness is then this code specialised for the
    /// view's type (the node's class, the view's copies, its `body` and the call to its body's
    /// type's `_mount` all known statically, not looked up and called through the run time).
    @inlinable public static func _mount(_ view: Self, _ context: _ViewContext) -> _ViewNode {
        let node = CompositeNode<Self>(view, context)
        node.mount(context)
        return node
    }
}

extension Never: View {
    public var body: Never { fatalError("Never has no body") }
}

/// Views that Statehouse renders itself (text, controls, stacks, containers) instead of
/// evaluating a `body`. Their `Body` is `Never`.
@MainActor
protocol PrimitiveView: View where Body == Never {
    /// Creates the live node for a newly mounted instance.
    static func makeNode(_ view: Self, _ context: Context) -> Node
    /// Whether a `List` treats this view as a transparent container of rows (tuple, group,
    /// conditional, `ForEach`) rather than as one row.
    static var isRowContainer: Bool { get }
    /// Whether an app's `ViewModifier` applied to this view applies to each of its views (see
    /// `DistributedModifier`): a container of rows, but for a modifier's `content`; a wrapper
    /// (a modifier) is what its content is.
    static var spreadsModifiers: Bool { get }
}

extension PrimitiveView {
    /// Every primitive's `_mount`, public as `body` here is (a public type's witness must be).
    /// Inlined into each type's witness, which holds the type's metadata, it looks none up (a
    /// generic one's, such as `HStack<…>`'s, was found in the runtime's cache on every mount).
    @inline(__always)
    public static func _mount(_ view: Self, _ context: _ViewContext) -> _ViewNode { makeNode(view, context) }
    public var body: Never { fatalError("\(Self.self) is rendered by Statehouse and has no body") }
    static var isRowContainer: Bool { false }
    static var spreadsModifiers: Bool { isRowContainer }
}

/// Casts a value whose static type is generic to a type known to be the same at run time.
@inline(__always)
func sameTypeCast<From, To>(_ value: From, to: To.Type) -> To {
    if From.self == To.self { return unsafeBitCast(value, to: To.self) }
    return value as! To
}
