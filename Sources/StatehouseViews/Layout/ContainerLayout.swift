import Foundation

/// A view that shows the first of its children that fits the space it is offered, along
/// `axes` (the last if none does), as SwiftUI's does.
///
/// ```swift
/// ViewThatFits(in: .horizontal) {
///     HStack { Text("Departure 14:05"); Text("Platform 3"); Text("On time") }
///     VStack(alignment: .leading) { Text("14:05 · Pl. 3"); Text("On time") }
///     Text("14:05")
/// }
/// ```
///
/// Every child is in the page; the browser measures each one's natural size against the
/// space and shows the first that fits, again whenever that space changes (no round trip to
/// the server). Without JavaScript the first child shows. Each child is one element (a stack,
/// a text): a `Group` of several would be measured as several children.
public struct ViewThatFits<Content: View>: View, ElementView {
    let axes: Axis.Set
    let content: Content

    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        let axes = switch (self.axes.contains(.horizontal), self.axes.contains(.vertical)) {
        case (true, true): "both"
        case (false, true): "vertical"
        default: "horizontal"
        }
        return ElementSpec("div", class: "sh-fits", [Attribute("data-sh-fits", axes)])
    }

    func mountContent(_ context: Context) -> Node { mountView(content, context) }
    func updateContent(_ node: Node, _ context: Context) { node.update(content, context) }
    func withContentAddress(_ body: (UnsafeRawPointer) -> Void) { withAddress(of: content, body) }
}

extension View {
    /// Sizes this view as a fraction of its container along `axes`: across, the nearest
    /// horizontal scroll view, else the window (CSS container query units); up and down, the
    /// window. (`alignment` is accepted; the view fills the frame it is given.)
    ///
    /// ```swift
    /// ScrollView(.horizontal) {
    ///     HStack(spacing: 10) {
    ///         ForEach(photos) { PhotoCard(photo: $0).containerRelativeFrame(.horizontal, count: 3, span: 1, spacing: 10) }
    ///     }
    /// }
    /// ```
    ///
    /// The length along an axis is `(container - spacing × (count − 1)) / count × span +
    /// spacing × (span − 1)`, as SwiftUI computes it.
    public func containerRelativeFrame(_ axes: Axis.Set, count: Int, span: Int = 1, spacing: CGFloat,
                                       alignment: Alignment = .center) -> some View {
        precondition(count > 0 && span > 0, "containerRelativeFrame needs a count and a span of at least 1")
        func length(_ unit: String) -> String {
            let gaps = cssNumber(spacing * CGFloat(count - 1)), across = cssNumber(spacing * CGFloat(span - 1))
            return "calc((100\(unit) - \(gaps)px) / \(count) * \(span) + \(across)px)"
        }
        // The frame holds the view's padding and border, as SwiftUI's frame holds what is inside it.
        var declarations = [Attribute("box-sizing", "border-box"), Attribute("flex-shrink", "0")]
        if axes.contains(.horizontal) { declarations.append(Attribute("width", length("cqw"))) }
        if axes.contains(.vertical) { declarations.append(Attribute("height", length("cqh"))) }
        return modifier(AttributeModifier(styles: declarations))
    }

    /// Sizes this view to its container along `axes` (see the `count:` form).
    public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center) -> some View {
        containerRelativeFrame(axes, count: 1, span: 1, spacing: 0, alignment: alignment)
    }

    /// Shows `content` at `edge` of this view, beside it, in a bar that stays in sight while
    /// the page scrolls (a bottom bar over a list, a header above it), as SwiftUI insets the
    /// view's safe area by it.
    ///
    /// ```swift
    /// List(messages) { MessageRow(message: $0) }
    ///     .safeAreaInset(edge: .bottom) { ComposeBar(draft: $draft) }
    /// ```
    public func safeAreaInset<V: View>(edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                                       @ViewBuilder content: () -> V) -> some View {
        let inset = SafeAreaInsetBar(content: content(), edge: edge == .top ? "top" : "bottom", alignment: alignment.value)
        return VStack(alignment: .center, spacing: spacing ?? 0) {
            if edge == .top { inset }
            self
            if edge == .bottom { inset }
        }
        .style(Attribute("align-items", "stretch"))
    }

    /// Shows `content` at the leading or trailing edge of this view, beside it.
    public func safeAreaInset<V: View>(edge: HorizontalEdge, alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                                       @ViewBuilder content: () -> V) -> some View {
        HStack(alignment: alignment, spacing: spacing ?? 0) {
            if edge == .leading { content() }
            self
            if edge == .trailing { content() }
        }
    }
}

/// A `safeAreaInset`'s bar: sticky at its edge of the scrolling page.
struct SafeAreaInsetBar<Content: View>: View, ElementView {
    let content: Content
    let edge: String
    let alignment: StackAlignment

    func element(in environment: EnvironmentValues) -> ElementSpec {
        ElementSpec("div", class: "sh-safe-area-inset", [Attribute("data-edge", edge), Attribute("style", "align-items:" + alignment.css)])
    }

    func mountContent(_ context: Context) -> Node { mountView(content, context) }
    func updateContent(_ node: Node, _ context: Context) { node.update(content, context) }
    func withContentAddress(_ body: (UnsafeRawPointer) -> Void) { withAddress(of: content, body) }
}
