/// Builds views from closures: any number of children, `if`/`else`, `if let`, `switch`,
/// optionals and `#available` checks, as in SwiftUI.
///
/// ```swift
/// VStack {
///     Text(title)
///     if isPlaying { Text("Now playing") } else { Button("Play") { isPlaying = true } }
/// }
/// ```
@resultBuilder
@MainActor
public enum ViewBuilder {
    // Inlinable, as the views' initializers are: specialised where the view is written (an
    // app's `body`), a block builds its tuple with no run-time lookup of the tuple's type.
    // Views are taken `consuming`: a block's views are temporaries, moved into the tuple (a
    // borrowed argument is copied to be stored, every reference in it retained, and the
    // caller's temporary then destroyed).
    @inlinable public static func buildExpression<Content: View>(_ content: consuming Content) -> Content { content }
    @inlinable public static func buildBlock() -> EmptyView { EmptyView() }
    @inlinable public static func buildBlock<Content: View>(_ content: consuming Content) -> Content { content }
    @inlinable public static func buildBlock<each Content: View>(_ content: repeat consuming each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    // Blocks of two to ten views, as SwiftUI's own: the tuple is built as a tuple. Built from
    // a pack expansion (the variadic one above, for longer blocks), each view was copied
    // through its value witnesses even where its type is known (an app's `body`), and the
    // copy destroyed again (with `consuming`, 65 fewer reference-count calls a row of the
    // benchmark page, counted with uprobes on the runtime's retain and release).
    @inlinable public static func buildBlock<C0: View, C1: View>(_ c0: consuming C0, _ c1: consuming C1) -> TupleView<(C0, C1)> {
        TupleView((c0, c1))
    }
    @inlinable public static func buildBlock<C0: View, C1: View, C2: View>(_ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2) -> TupleView<(C0, C1, C2)> {
        TupleView((c0, c1, c2))
    }
    @inlinable public static func buildBlock<C0: View, C1: View, C2: View, C3: View>(_ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3) -> TupleView<(C0, C1, C2, C3)> {
        TupleView((c0, c1, c2, c3))
    }
    @inlinable public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View>(_ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3, _ c4: consuming C4) -> TupleView<(C0, C1, C2, C3, C4)> {
        TupleView((c0, c1, c2, c3, c4))
    }
    @inlinable public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View>(_ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3, _ c4: consuming C4, _ c5: consuming C5) -> TupleView<(C0, C1, C2, C3, C4, C5)> {
        TupleView((c0, c1, c2, c3, c4, c5))
    }
    @inlinable public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View>(_ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3, _ c4: consuming C4, _ c5: consuming C5, _ c6: consuming C6) -> TupleView<(C0, C1, C2, C3, C4, C5, C6)> {
        TupleView((c0, c1, c2, c3, c4, c5, c6))
    }
    @inlinable public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View>(_ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3, _ c4: consuming C4, _ c5: consuming C5, _ c6: consuming C6, _ c7: consuming C7) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7)> {
        TupleView((c0, c1, c2, c3, c4, c5, c6, c7))
    }
    @inlinable public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View, C8: View>(_ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3, _ c4: consuming C4, _ c5: consuming C5, _ c6: consuming C6, _ c7: consuming C7, _ c8: consuming C8) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7, C8)> {
        TupleView((c0, c1, c2, c3, c4, c5, c6, c7, c8))
    }
    @inlinable public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View, C8: View, C9: View>(_ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3, _ c4: consuming C4, _ c5: consuming C5, _ c6: consuming C6, _ c7: consuming C7, _ c8: consuming C8, _ c9: consuming C9) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7, C8, C9)> {
        TupleView((c0, c1, c2, c3, c4, c5, c6, c7, c8, c9))
    }
    @inlinable public static func buildIf<Content: View>(_ content: consuming Content?) -> Content? { content }
    @inlinable public static func buildOptional<Content: View>(_ content: consuming Content?) -> Content? { content }
    @inlinable public static func buildEither<TrueContent: View, FalseContent: View>(first: consuming TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }
    @inlinable public static func buildEither<TrueContent: View, FalseContent: View>(second: consuming FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// A fixed sequence of views, produced by a `@ViewBuilder` block with several children: `T`
/// is the tuple of the block's views, as in SwiftUI. Each child's identity is its position.
///
/// ```swift
/// VStack { Text(title); Text(subtitle) }   // the content is a TupleView<(Text, Text)>
/// ```
///
/// A `T` that is itself one view is that one child; a tuple's elements that are not views
/// render nothing.
public struct TupleView<T>: View, PrimitiveView {
    public var value: T
    @inlinable public init(_ value: consuming T) { self.value = value }
    static var isRowContainer: Bool { true }
    // `self`: this type's metadata as the caller has it (see `TupleNode.init`).
    @inline(__always) static func makeNode(_ view: Self, _ context: Context) -> Node { TupleNode(view, type: self, context) }
}

/// One of two views, chosen by an `if`/`else` or `switch`. The two branches have distinct
/// identities: flipping the condition destroys one branch (and its state) and builds the other.
///
/// ```swift
/// if isEditing { EditForm() } else { DetailView() }   // in a @ViewBuilder: a _ConditionalContent
/// ```
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    @usableFromInline enum Storage { case trueContent(TrueContent), falseContent(FalseContent) }
    @usableFromInline let storage: Storage
    @inlinable init(storage: Storage) { self.storage = storage }
    static var isRowContainer: Bool { true }
    static func makeNode(_ view: Self, _ context: Context) -> Node { ConditionalNode<TrueContent, FalseContent>(view, context) }
}

extension Optional: View where Wrapped: View {}
extension Optional: PrimitiveView where Wrapped: View {
    static var isRowContainer: Bool { true }
    static func makeNode(_ view: Self, _ context: Context) -> Node { OptionalNode<Wrapped>(view, context) }
}

/// A view that renders nothing.
///
/// ```swift
/// var badge: some View {
///     if count > 0 { Text("\(count)") } else { EmptyView() }
/// }
/// ```
public struct EmptyView: View, PrimitiveView {
    @inlinable public init() {}
    static var isRowContainer: Bool { true }
    static func makeNode(_ view: Self, _ context: Context) -> Node { EmptyNode(context) }
}

/// Groups views without adding an element; modifiers on a group apply to each child.
///
/// ```swift
/// Group {
///     Text(title)
///     Text(subtitle)
/// }
/// .font(.headline)
/// ```
///
/// Of scenes, a group is several routes that scene modifiers apply to together:
///
/// ```swift
/// var body: some Scene {
///     Group {
///         Route("/") { HomeView() }
///         Route("/settings", title: "Settings") { SettingsView() }
///     }
///     .stylesheet("app.css")
/// }
/// ```
public struct Group<Content> {
    let content: Content
}

extension Group: View, PrimitiveView where Content: View {
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    static var isRowContainer: Bool { true }
    static func makeNode(_ view: Self, _ context: Context) -> Node { GroupContentNode(view, context) }
}

extension Group: Scene where Content: Scene {
    public init(@SceneBuilder content: () -> Content) { self.content = content() }
    public var _routes: [RouteDescription] { content._routes }
}

/// A type-erased view. When the wrapped view's type changes, the old subtree is destroyed
/// with its state and the new one is built.
///
/// ```swift
/// var badge: AnyView { isNew ? AnyView(Text("New").bold()) : AnyView(EmptyView()) }
/// ```
public struct AnyView: View, PrimitiveView {
    let type: ObjectIdentifier
    let make: @MainActor (Context) -> Node
    let update: @MainActor (Node, Context) -> Void
    public init<V: View>(_ view: V) {
        if let inner = view as? AnyView { self = inner; return }
        type = ObjectIdentifier(V.self)
        make = { context in mountView(view, context) }
        update = { node, context in node.update(view, context) }
    }
    public init<V: View>(erasing view: V) { self.init(view) }
    static var isRowContainer: Bool { true }
    static func makeNode(_ view: Self, _ context: Context) -> Node { AnyViewNode(view, context) }
}
