import Foundation

/// A modifier that you apply to a view or another view modifier, producing a different version
/// of the original value: its `body(content:)` says what the modified view is, `content` standing
/// for the view it modifies. It may keep `@State` (and the other dynamic properties) of its own,
/// as a view does.
///
/// ```swift
/// struct Card: ViewModifier {
///     @State private var isExpanded = false
///     func body(content: Content) -> some View {
///         VStack {
///             content
///             Button(isExpanded ? "Less" : "More") { isExpanded.toggle() }
///         }
///         .padding()
///     }
/// }
///
/// Text("Hello").modifier(Card())
/// ```
@MainActor @preconcurrency
public protocol ViewModifier {
    /// The type of view representing the body.
    associatedtype Body: View
    /// The content view type passed to `body(content:)`.
    typealias Content = _ViewModifier_Content<Self>
    /// Gets the current body of the caller: `content` is the view the modifier is applied to.
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a `ViewModifier` modifies, as its `body(content:)` sees it (`ViewModifier.Content`).
public struct _ViewModifier_Content<Modifier: ViewModifier>: View, PrimitiveView {
    let content: AnyView
    public var body: Never { fatalError("_ViewModifier_Content is rendered by Statehouse and has no body") }
    // One view (not a container of rows, nor of views a modifier spreads over): what the
    // modifier was applied to, itself one view once a modifier on a container is distributed
    // (`DistributedModifier`). In a `List` or `Form` of a modifier's body it is one row, the
    // row's element outside the content's node (which takes the content's later values).
    /// The modified view's own node: its type is fixed (the modifier's `Content`), so the node
    /// takes later values through this one (`TransparentView`).
    static func makeNode(_ view: Self, _ context: Context) -> Node {
        let node = view.content.make(context)
        node.takesModifiedViews = true
        return node
    }
}

extension _ViewModifier_Content: TransparentView {
    static func update(_ node: Node, with view: Self, _ context: Context) { view.content.update(node, context) }
}

/// Statehouse's own modifiers: they change what their content inherits (attributes for the
/// element(s) the content renders, or the environment) and have no body.
protocol ContextModifier: ViewModifier where Body == Never {
    @MainActor func modify(_ context: inout Context)
}

extension ContextModifier {
    func body(content: Content) -> Never { fatalError("\(Self.self) is applied by Statehouse and has no body") }
}

/// A value with a modifier applied to it (`Text("x").padding()`, `.modifier(Card())`).
public struct ModifiedContent<Content, Modifier> {
    /// The content that the modifier transforms into a new view.
    public var content: Content
    /// The view modifier.
    public var modifier: Modifier

    /// A structure that the modifier transforms into a new view.
    @inlinable public init(content: consuming Content, modifier: consuming Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View, PrimitiveView where Content: View, Modifier: ViewModifier {
    public var body: Never { fatalError("ModifiedContent is rendered by Statehouse and has no body") }
    static var isRowContainer: Bool { ViewKind.of(Content.self).isRowContainer }
    static var spreadsModifiers: Bool { ViewKind.of(Content.self).spreadsModifiers }

    /// An app's modifier is a view of its own (`ModifierBody`), whose body is the modifier's;
    /// on a container of views (a `ForEach`, a `Group`), one for each of its views
    /// (`Distributing`). Statehouse's one public modifier, the accessibility one, is applied as
    /// `Modified` applies the others (which never come here: their helpers return `Modified`).
    @inline(__always) static func makeNode(_ view: Self, _ context: Context) -> Node {
        if Modifier.self == AccessibilityAttachmentModifier.self {
            return mountModified(view.content, sameTypeCast(view.modifier, to: AccessibilityAttachmentModifier.self), context)
        }
        return mountAppModifier(view, context)
    }

    /// An app's modifier: apart, so that the accessibility modifier's mount looks up no
    /// metadata of the types only this uses (the compiler fetches what a function may need at
    /// its start, whichever branch runs: `ModifierBody`'s, `Distributing`'s, this type's own).
    @inline(never) @MainActor
    private static func mountAppModifier(_ view: Self, _ context: Context) -> Node {
        assert(!(Modifier.self is any ContextModifier.Type), "\(Modifier.self) is Statehouse's: apply it with Modified")
        if spreadsModifiers { return mountModified(view.content, Distributing(modifier: view.modifier), context) }
        let node = mountView(ModifierBody(view), context)
        node.takesModifiedViews = true
        return node
    }
}

extension ModifiedContent: TransparentView where Content: View, Modifier: ViewModifier {
    static func update(_ node: Node, with view: Self, _ context: Context) {
        if Modifier.self == AccessibilityAttachmentModifier.self {
            updateModified(node, view.content, sameTypeCast(view.modifier, to: AccessibilityAttachmentModifier.self), context)
        } else {
            updateAppModifier(node, with: view, context)
        }
    }

    /// An app's modifier (apart: see `mountAppModifier`).
    @inline(never) @MainActor
    private static func updateAppModifier(_ node: Node, with view: Self, _ context: Context) {
        if spreadsModifiers {
            updateModified(node, view.content, Distributing(modifier: view.modifier), context)
        } else {
            node.update(ModifierBody(view), context)
        }
    }
}

/// A view with one of Statehouse's modifiers applied (`Text("x").padding()`): no node of its
/// own, the content is mounted in the modified context, and its node takes later values of
/// this view (`TransparentView`). (Not `ModifiedContent`, which finds out at run time whose
/// modifier it holds: this one knows.)
struct Modified<Content: View, Modifier: ContextModifier>: View, PrimitiveView {
    let content: Content
    let modifier: Modifier
    static var isRowContainer: Bool { ViewKind.of(Content.self).isRowContainer }
    static var spreadsModifiers: Bool { ViewKind.of(Content.self).spreadsModifiers }

    static func makeNode(_ view: Self, _ context: Context) -> Node { mountModified(view.content, view.modifier, context) }
}

extension Modified: TransparentView {
    static func update(_ node: Node, with view: Self, _ context: Context) { updateModified(node, view.content, view.modifier, context) }
}

/// Mounts `content` in the context `modifier` makes of `context` (the content is borrowed,
/// not copied into a `Modified`). Free functions, not `Modified`'s: `ModifiedContent` calls
/// them without the metadata of a `Modified` of its types, which it would look up each time.
@MainActor
func mountModified<Content: View, Modifier: ContextModifier>(_ content: Content, _ modifier: Modifier, _ context: Context) -> Node {
    var inner = context
    modifier.modify(&inner)
    let node = mountView(content, inner)
    node.takesModifiedViews = true
    return node
}

/// Updates `node`, mounted by `mountModified`, with `content` in the context `modifier` makes.
@MainActor
func updateModified<Content: View, Modifier: ContextModifier>(_ node: Node, _ content: Content, _ modifier: Modifier, _ context: Context) {
    var inner = context
    modifier.modify(&inner)
    node.update(content, inner)
}

/// An app's `ViewModifier` applied to a view: a view whose body is the modifier's
/// `body(content:)`. Its node keeps the modifier's `@State` (found inside `modifier`).
struct ModifierBody<Content: View, Modifier: ViewModifier>: View {
    var modifier: Modifier
    let content: _ViewModifier_Content<Modifier>

    init(_ view: ModifiedContent<Content, Modifier>) {
        modifier = view.modifier
        content = _ViewModifier_Content(content: AnyView(view.content))
    }

    var body: Modifier.Body { modifier.body(content: content) }
}

extension ViewModifier {
    /// Returns a new modifier that is the result of concatenating `self` with `modifier`.
    public func concat<T>(_ modifier: T) -> ModifiedContent<Self, T> { ModifiedContent(content: self, modifier: modifier) }
}

extension ModifiedContent: ViewModifier where Content: ViewModifier, Modifier: ViewModifier {
    /// The first modifier's body, modified by the second.
    public func body(content: _ViewModifier_Content<Self>) -> some View {
        content.modifier(self.content).modifier(modifier)
    }
}

/// Adds classes, CSS declarations or attributes to the element(s) the content renders.
///
/// Kept as the pending attributes it adds (their box and the identifier): a modifier is copied
/// as a body's view is built, mounted and compared, and three lists and a string would be five
/// words to retain each time. Into an element with nothing pending, the box is shared as it is
/// (written to only after a copy).
nonisolated struct AttributeModifier: ContextModifier, @unchecked Sendable {
    private var adds = PendingAttributes()

    init(classes: [String] = [], styles: [Attribute] = [], attributes: [Attribute] = [], identifier: String? = nil) {
        adds.add(classes: classes, styles: styles, attributes: attributes)
        adds.identifier = identifier
    }

    @MainActor func modify(_ context: inout Context) {
        context.pending.add(adds)
        if let identifier = adds.identifier, context.pending.identifier == nil { context.pending.identifier = identifier }
    }
}

/// Changes the environment of the content.
struct EnvironmentModifier: ContextModifier {
    let transform: @MainActor (inout EnvironmentValues) -> Void
    func modify(_ context: inout Context) {
        transform(&context.environment)
    }
}

extension View {
    // Concrete result types, not `some View`: a public modifier's opaque result is found at run
    // time, by its mangled name, wherever a body uses it (on every evaluation), and an opaque
    // result inside it would be a second such lookup.
    /// Applies a modifier to a view and returns a new view.
    public consuming func modifier<T>(_ modifier: consuming T) -> ModifiedContent<Self, T> { ModifiedContent(content: self, modifier: modifier) }

    /// Statehouse's own modifiers (concrete result types: see above).
    consuming func modifier<M: ContextModifier>(_ modifier: consuming M) -> Modified<Self, M> { Modified(content: self, modifier: modifier) }
}
