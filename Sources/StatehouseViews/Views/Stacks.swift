import Foundation

/// A view that arranges its children in a vertical line.
///
/// ```swift
/// VStack(alignment: .leading, spacing: 12) { Text(title); Text(subtitle) }
/// ```
public struct VStack<Content: View>: View, ElementView {
    @usableFromInline let alignment: HorizontalAlignment
    @usableFromInline let spacing: CGFloat?
    @usableFromInline let content: Content

    @inlinable public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        ElementSpec("div", class: "sh-vstack", stackAttributes(alignment.stackAttributes, spacing: spacing))
    }

    // The stored content, handed on as it is (see `ElementView.mountContent`).
    func mountContent(_ context: Context) -> Node { mountView(content, context) }
    func updateContent(_ node: Node, _ context: Context) { node.update(content, context) }
    func withContentAddress(_ body: (UnsafeRawPointer) -> Void) { withAddress(of: content, body) }
}

/// A view that arranges its children in a horizontal line.
///
/// ```swift
/// HStack(alignment: .firstTextBaseline, spacing: 8) { Text(name); Spacer(); Text(price) }
/// ```
public struct HStack<Content: View>: View, ElementView {
    @usableFromInline let alignment: VerticalAlignment
    @usableFromInline let spacing: CGFloat?
    @usableFromInline let content: Content

    @inlinable public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        ElementSpec("div", class: "sh-hstack", stackAttributes(alignment.stackAttributes, spacing: spacing))
    }

    // The stored content, handed on as it is (see `ElementView.mountContent`).
    func mountContent(_ context: Context) -> Node { mountView(content, context) }
    func updateContent(_ node: Node, _ context: Context) { node.update(content, context) }
    func withContentAddress(_ body: (UnsafeRawPointer) -> Void) { withAddress(of: content, body) }
}

/// A view that overlays its children, aligning them in both axes.
///
/// ```swift
/// ZStack(alignment: .bottomTrailing) {
///     Circle().fill(Color.blue)
///     Text("\(unread)")
/// }
/// ```
public struct ZStack<Content: View>: View, ElementView {
    @usableFromInline let alignment: Alignment
    @usableFromInline let content: Content

    @inlinable public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        ElementSpec("div", [Attribute("class", "sh-zstack"),
                            Attribute("style", "place-items:\(alignment.vertical.css) \(alignment.horizontal.css)")])
    }
}

/// A stack's style: the alignment's shared list, plus the spacing if there is one.
private func stackAttributes(_ shared: [Attribute], spacing: CGFloat?) -> [Attribute] {
    guard let spacing else { return shared }
    var attributes = shared
    attributes[0].value += ";gap:\(cssNumber(spacing))px"
    return attributes
}

/// A CSS number: integral values without a fraction.
func cssNumber(_ value: CGFloat) -> String {
    guard value.isFinite else { return "0" }
    if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
    return String(Double(value))
}

/// A flexible space that expands along the major axis of its containing stack.
///
/// ```swift
/// HStack { Text("Total"); Spacer(minLength: 16); Text(total) }
/// ```
public struct Spacer: View, ElementView {
    let minLength: CGFloat?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    func element(in environment: EnvironmentValues) -> ElementSpec {
        var attributes = [Attribute("class", "sh-spacer")]
        if let minLength { attributes.append(Attribute("style", "min-width:\(cssNumber(minLength))px;min-height:\(cssNumber(minLength))px")) }
        return ElementSpec("div", attributes)
    }
}

/// A visual element that separates content.
///
/// ```swift
/// VStack { Text("Inbox"); Divider(); Text("Sent") }
/// ```
public struct Divider: View, ElementView {
    public init() {}
    func element(in environment: EnvironmentValues) -> ElementSpec {
        var spec = ElementSpec("hr", [Attribute("class", "sh-divider")])
        spec.isVoid = true
        return spec
    }
}

/// An alignment position along the horizontal axis.
///
/// ```swift
/// VStack(alignment: .leading) { Text(title); Text(subtitle) }
/// ```
public struct HorizontalAlignment: Equatable, Sendable, StackAligning {
    let value: StackAlignment
    public static let leading = HorizontalAlignment(value: .start)
    public static let center = HorizontalAlignment(value: .center)
    public static let trailing = HorizontalAlignment(value: .end)
}

/// An alignment position along the vertical axis.
///
/// ```swift
/// HStack(alignment: .top) { Image(systemName: "star"); Text(review) }
/// ```
public struct VerticalAlignment: Equatable, Sendable, StackAligning {
    let value: StackAlignment
    public static let top = VerticalAlignment(value: .start)
    public static let center = VerticalAlignment(value: .center)
    public static let bottom = VerticalAlignment(value: .end)
    public static let firstTextBaseline = VerticalAlignment(value: .baseline)
    public static let lastTextBaseline = VerticalAlignment(value: .lastBaseline)
}

/// A horizontal or vertical alignment: which one, a plain value (a stack's copies retain
/// nothing for it), and what it writes.
protocol StackAligning {
    var value: StackAlignment { get }
}

extension StackAligning {
    var css: String { value.css }
    var stackAttributes: [Attribute] { value.stackAttributes }
}

/// An alignment's CSS value (`align-items`, `place-items`).
enum StackAlignment: UInt8, Sendable {
    case start, center, end, baseline, lastBaseline

    var css: String {
        switch self {
        case .start: "flex-start"
        case .center: "center"
        case .end: "flex-end"
        case .baseline: "baseline"
        case .lastBaseline: "last baseline"
        }
    }

    /// A stack's `align-items`, built once per alignment and shared by every stack that uses
    /// it (an array copy is a retain; one of a table's arrays was two, the table's and its).
    var stackAttributes: [Attribute] {
        switch self {
        case .start: Self.startStyle
        case .center: Self.centerStyle
        case .end: Self.endStyle
        case .baseline: Self.baselineStyle
        case .lastBaseline: Self.lastBaselineStyle
        }
    }

    private static func style(_ alignment: StackAlignment) -> [Attribute] { [Attribute("style", "align-items:" + alignment.css)] }
    private static let startStyle = style(.start)
    private static let centerStyle = style(.center)
    private static let endStyle = style(.end)
    private static let baselineStyle = style(.baseline)
    private static let lastBaselineStyle = style(.lastBaseline)
}

/// An alignment in both axes.
///
/// ```swift
/// Text("New").frame(maxWidth: .infinity, alignment: .topLeading)
/// ```
public struct Alignment: Equatable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

extension View {
    /// Layers the views of `content` in front of this view (a `ZStack` of the two: the
    /// overlay takes this view's place and size, as long as it is not larger).
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        ZStack(alignment: alignment) {
            self
            content()
        }
    }

    /// Layers `overlay` in front of this view.
    public func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> some View {
        ZStack(alignment: alignment) {
            self
            overlay
        }
    }

    /// Layers the views of `content` behind this view.
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        ZStack(alignment: alignment) {
            content()
            self
        }
    }
}
