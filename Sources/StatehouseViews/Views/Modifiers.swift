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
    static func makeNode(_ view: Self, _ context: Context) -> Node {
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

/// What `accessibilityIdentifier(_:)` and `accessibilityLabel(_:)` apply: the element's `id`,
/// its `aria-label`. (A concrete result, as SwiftUI's: an opaque one is looked up by its mangled
/// name every time a body uses it.)
public struct AccessibilityAttachmentModifier: ContextModifier, @unchecked Sendable {
    public typealias Body = Never
    // Optional strings only, no field of a type of Statehouse's own: an app's module then knows
    // the layout, and the `ModifiedContent` of an app's `.accessibilityIdentifier(…)` is built
    // and moved where it is written. (With a private field of an internal type, the app's code
    // copied every view around it through value witnesses, three times per `body`.)
    @usableFromInline let identifier: String?
    @usableFromInline let label: String?

    @usableFromInline init(identifier: String?, label: String?) {
        self.identifier = identifier
        self.label = label
    }

    public func body(content: Content) -> Never { fatalError("AccessibilityAttachmentModifier is applied by Statehouse and has no body") }

    func modify(_ context: inout Context) {
        if let label { context.pending.add(classes: [], styles: [], attributes: [Attribute("aria-label", label)]) }
        if let identifier, context.pending.identifier == nil { context.pending.identifier = identifier }
    }

    /// `accessibilityIdentifier(_:)`'s and `accessibilityLabel(_:)`'s modifiers (called from
    /// their inlined bodies: the generic part, the `ModifiedContent`, is built where they are used).
    @inlinable static func identifier(_ identifier: String) -> Self { Self(identifier: identifier, label: nil) }
    @inlinable static func label(_ label: String) -> Self { Self(identifier: nil, label: label) }
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

    func style(_ declarations: Attribute...) -> Modified<Self, AttributeModifier> { modifier(AttributeModifier(styles: declarations)) }

    /// Sets the style for the foreground elements (text colour): `.primary`, `.secondary`,
    /// `.tertiary` or a `Color`.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        modifier((style as? any CSSPaint)?.foreground ?? AttributeModifier())
    }

    /// Sets the colour of foreground elements.
    public func foregroundColor(_ color: Color?) -> some View {
        modifier(color?.foreground ?? AttributeModifier())
    }

    /// Sets the default font for text in this view.
    public func font(_ font: Font?) -> some View {
        modifier(font?.modifier ?? AttributeModifier())
    }

    /// Applies a bold font weight to text in this view.
    public func bold(_ isActive: Bool = true) -> some View {
        modifier(AttributeModifier(styles: isActive ? [Attribute("font-weight", "600")] : []))
    }

    /// Applies italics to text in this view.
    public func italic(_ isActive: Bool = true) -> some View {
        modifier(AttributeModifier(styles: isActive ? [Attribute("font-style", "italic")] : []))
    }

    /// Adds padding on all edges (16 points by default).
    public func padding(_ length: CGFloat? = nil) -> some View {
        style(Attribute("padding", "\(cssNumber(length ?? 16))px"))
    }

    /// Adds padding to the given edges.
    public func padding(_ edges: Edge.Set, _ length: CGFloat? = nil) -> some View {
        let value = "\(cssNumber(length ?? 16))px"
        var declarations: [Attribute] = []
        if edges.contains(.top) { declarations.append(Attribute("padding-top", value)) }
        if edges.contains(.leading) { declarations.append(Attribute("padding-inline-start", value)) }
        if edges.contains(.bottom) { declarations.append(Attribute("padding-bottom", value)) }
        if edges.contains(.trailing) { declarations.append(Attribute("padding-inline-end", value)) }
        return modifier(AttributeModifier(styles: declarations))
    }

    /// Adds a border of `width` points inside this view's edge (an inset box shadow: it takes
    /// no room, as SwiftUI's border does not).
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View {
        let paint = (content as? any CSSGradient)?.firstColor ?? (content as? any CSSPaint)?.css ?? "currentColor"
        return modifier(AttributeModifier(styles: [Attribute("box-shadow", "inset 0 0 0 \(cssNumber(width))px \(paint)")]))
    }

    /// Sets the view's background to a style.
    public func background<S: ShapeStyle>(_ style: S) -> some View {
        modifier(AttributeModifier(styles: (style as? any CSSPaint)?.backgroundStyles ?? []))
    }

    /// Positions this view within an invisible frame with the specified size.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        var declarations: [Attribute] = []
        if let width { declarations.append(Attribute("width", "\(cssNumber(width))px")) }
        if let height { declarations.append(Attribute("height", "\(cssNumber(height))px")) }
        return modifier(AttributeModifier(styles: declarations))
    }

    /// Positions this view within an invisible frame having the specified size constraints
    /// (`maxWidth: .infinity` fills the available width).
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> some View {
        func length(_ value: CGFloat) -> String { value.isInfinite ? "100%" : "\(cssNumber(value))px" }
        var declarations: [Attribute] = []
        if let minWidth { declarations.append(Attribute("min-width", length(minWidth))) }
        if let maxWidth {
            declarations.append(Attribute("max-width", length(maxWidth)))
            if maxWidth.isInfinite { declarations.append(Attribute("align-self", "stretch")) }
        }
        if let minHeight { declarations.append(Attribute("min-height", length(minHeight))) }
        if let maxHeight { declarations.append(Attribute("max-height", length(maxHeight))) }
        return modifier(AttributeModifier(styles: declarations))
    }

    /// Scales this view's rendered output by the given amount.
    public func scaleEffect(_ scale: CGFloat) -> some View {
        style(Attribute("transform", "scale(\(cssNumber(scale)))"))
    }

    /// Sets the transparency of this view.
    public func opacity(_ opacity: Double) -> some View {
        style(Attribute("opacity", cssNumber(CGFloat(opacity))))
    }

    /// Clips this view to its bounding frame, with the specified corner radius.
    public func cornerRadius(_ radius: CGFloat) -> some View {
        style(Attribute("border-radius", "\(cssNumber(radius))px"), Attribute("overflow", "hidden"))
    }

    /// Adds a condition that controls whether users can interact with this view and its
    /// descendants: disabled controls render `disabled` and refuse events (409).
    public func disabled(_ disabled: Bool) -> some View {
        modifier(EnvironmentModifier { if disabled { $0.isEnabled = false } })
    }

    /// Hides this view unconditionally: it stays in the document with `hidden`, and its
    /// controls refuse events.
    public func hidden() -> some View {
        modifier(AttributeModifier(attributes: [Attribute("hidden", "")]))
            .modifier(EnvironmentModifier { $0.isHidden = true })
    }

    /// Gives the element this view renders the id `identifier` (inside a `ForEach`,
    /// `identifier-KEY`), so scripts and tests can address it by a stable name.
    @inlinable public consuming func accessibilityIdentifier(_ identifier: String) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: .identifier(identifier))
    }

    /// Adds a label to the view that describes its contents (`aria-label`).
    @inlinable public consuming func accessibilityLabel<S: StringProtocol>(_ label: S) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: .label(String(label)))
    }

    /// Applies the given animation to this view when the specified value changes (accepted;
    /// changes apply at once).
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }

    /// Sets an environment value for this view and its descendants.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        modifier(EnvironmentModifier { $0[keyPath: keyPath] = value })
    }
}

/// Edges of a rectangle.
///
/// ```swift
/// Text(title).padding(.top, 8)
/// ```
public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing

    /// A set of edges.
    ///
    /// ```swift
    /// Text(caption).padding([.leading, .bottom], 12)
    /// ```
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8)
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
    }
}
