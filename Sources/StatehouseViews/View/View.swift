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
