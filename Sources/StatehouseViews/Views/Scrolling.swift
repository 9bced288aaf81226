import Foundation

/// A scrollable view: a `<div>` that scrolls along `axes` (keyboard-focusable, as a scrolling
/// region should be).
///
/// ```swift
/// ScrollView(.horizontal) { HStack { ForEach(photos) { PhotoView($0) } } }
/// ```
public struct ScrollView<Content: View>: View, ElementView {
    let axes: Axis.Set
    let showsIndicators: Bool
    let content: Content

    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.content = content()
    }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        var classes = "sh-scroll"
        if axes.contains(.vertical) { classes += " sh-scroll-vertical" }
        if axes.contains(.horizontal) { classes += " sh-scroll-horizontal" }
        if !showsIndicators { classes += " sh-scroll-hidden" }
        return ElementSpec("div", [Attribute("class", classes), Attribute("tabindex", "0")])
    }
}

/// The horizontal or vertical dimension.
///
/// ```swift
/// ScrollView(.horizontal) { HStack { ForEach(photos) { PhotoView($0) } } }
/// ```
public enum Axis: Sendable, Hashable {
    case horizontal, vertical

    /// A set of axes.
    ///
    /// ```swift
    /// ScrollView([.horizontal, .vertical]) { FloorPlan() }
    /// ```
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// A view that arranges its children in a vertical line (all of them: a page is rendered
/// whole, so "lazy" changes nothing but the name).
///
/// ```swift
/// ScrollView {
///     LazyVStack(alignment: .leading, spacing: 8) {
///         ForEach(messages) { MessageRow(message: $0) }
///     }
/// }
/// ```
public struct LazyVStack<Content: View>: View {
    let stack: VStack<Content>

    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        stack = VStack(alignment: alignment, spacing: spacing, content: content)
    }

    public var body: some View { stack }
}

/// A view that arranges its children in a horizontal line (all of them).
///
/// ```swift
/// ScrollView(.horizontal) {
///     LazyHStack(spacing: 12) { ForEach(photos) { PhotoView($0) } }
/// }
/// ```
public struct LazyHStack<Content: View>: View {
    let stack: HStack<Content>

    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        stack = HStack(alignment: alignment, spacing: spacing, content: content)
    }

    public var body: some View { stack }
}

/// A description of a row or a column in a lazy grid.
///
/// ```swift
/// let columns = [GridItem(.fixed(80)), GridItem(.flexible())]
/// LazyVGrid(columns: columns) { ForEach(contacts) { ContactCell(contact: $0) } }
/// ```
public struct GridItem: Sendable {
    /// The size in the minor axis of one or more rows or columns in a grid layout.
    ///
    /// ```swift
    /// GridItem(.adaptive(minimum: 80, maximum: 120))
    /// ```
    public enum Size: Sendable {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }

    public var size: Size
    public var spacing: CGFloat?

    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
    }

    /// The CSS track: `120px`, `minmax(10px, 1fr)`, `repeat(auto-fill, minmax(80px, 1fr))`.
    var track: String {
        func limit(_ value: CGFloat) -> String { value.isFinite ? "\(cssNumber(value))px" : "1fr" }
        switch size {
        case .fixed(let width): return "\(cssNumber(width))px"
        case .flexible(let minimum, let maximum): return "minmax(\(cssNumber(minimum))px, \(limit(maximum)))"
        case .adaptive(let minimum, let maximum): return "repeat(auto-fill, minmax(\(cssNumber(minimum))px, \(limit(maximum))))"
        }
    }
}

/// A container view that arranges its children in a grid that grows vertically: CSS grid
/// columns from `columns`.
///
/// ```swift
/// LazyVGrid(columns: [GridItem(.adaptive(minimum: 80))], spacing: 8) {
///     ForEach(photos) { PhotoView($0) }
/// }
/// ```
public struct LazyVGrid<Content: View>: View, ElementView {
    let columns: [GridItem]
    let spacing: CGFloat?
    let content: Content

    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.columns = columns
        self.spacing = spacing
        self.content = content()
    }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        ElementSpec("div", [Attribute("class", "sh-grid"), Attribute("style", gridStyle("grid-template-columns", columns, spacing))])
    }
}

/// A container view that arranges its children in a grid that grows horizontally: CSS grid
/// rows from `rows`, filled column by column.
///
/// ```swift
/// LazyHGrid(rows: [GridItem(.fixed(40)), GridItem(.fixed(40))]) {
///     ForEach(tags, id: \.self) { Text($0) }
/// }
/// ```
public struct LazyHGrid<Content: View>: View, ElementView {
    let rows: [GridItem]
    let spacing: CGFloat?
    let content: Content

    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.rows = rows
        self.spacing = spacing
        self.content = content()
    }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        ElementSpec("div", [Attribute("class", "sh-grid sh-grid-horizontal"),
                            Attribute("style", gridStyle("grid-template-rows", rows, spacing))])
    }
}

/// The views a lazy stack or grid pins (accepted; nothing is pinned).
///
/// ```swift
/// LazyVGrid(columns: columns, pinnedViews: [.sectionHeaders]) {
///     ForEach(photos) { PhotoView($0) }
/// }
/// ```
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

private func gridStyle(_ property: String, _ items: [GridItem], _ spacing: CGFloat?) -> String {
    var style = property + ":" + items.map(\.track).joined(separator: " ")
    if let spacing { style += ";gap:\(cssNumber(spacing))px" }
    return style
}

/// A container view that arranges other views in a two dimensional layout: a table of
/// `GridRow`s, each child of a row a cell.
///
/// ```swift
/// Grid {
///     GridRow { Text("Name"); Text(name) }
///     GridRow { Text("Email"); Text(email) }
/// }
/// ```
public struct Grid<Content: View>: View, ElementView {
    let content: Content

    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    func element(in environment: EnvironmentValues) -> ElementSpec { ElementSpec("div", [Attribute("class", "sh-table-grid")]) }
}

/// A horizontal row in a two dimensional grid container.
///
/// ```swift
/// GridRow { Text("Total"); Text(total, format: .currency(code: "EUR")) }
/// ```
public struct GridRow<Content: View>: View, ElementView {
    let content: Content

    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    func element(in environment: EnvironmentValues) -> ElementSpec { ElementSpec("div", [Attribute("class", "sh-gridrow")]) }
}
