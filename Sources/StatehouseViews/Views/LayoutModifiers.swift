import Foundation

/// Text layout, shadows, offsets and the modifiers older SwiftUI code uses everywhere.

/// An alignment position for text along the horizontal axis.
///
/// ```swift
/// Text(poem)
///     .multilineTextAlignment(.center)
/// ```
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    case leading, center, trailing

    var css: String {
        switch self {
        case .leading: "start"
        case .center: "center"
        case .trailing: "end"
        }
    }
}

extension View {
    /// Sets the maximum number of lines text can occupy (nil: no limit); longer text ends
    /// with an ellipsis (`-webkit-line-clamp`).
    public func lineLimit(_ number: Int?) -> some View {
        let clamp = number.map {
            [Attribute("display", "-webkit-box"), Attribute("-webkit-box-orient", "vertical"),
             Attribute("-webkit-line-clamp", String(max(1, $0))), Attribute("overflow", "hidden")]
        }
        return modifier(AttributeModifier(styles: clamp ?? []))
    }

    /// Sets the alignment of multiline text in this view.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        style(Attribute("text-align", alignment.css))
    }

    /// Fixes this view at its ideal size: it neither grows nor shrinks, and text does not wrap.
    public func fixedSize() -> some View {
        style(Attribute("flex", "none"), Attribute("white-space", "nowrap"))
    }

    /// Fixes this view at its ideal size in the given dimensions.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        modifier(AttributeModifier(styles: horizontal ? [Attribute("flex-shrink", "0"), Attribute("white-space", "nowrap")] : []))
    }

    /// Sets the priority by which a parent layout should apportion space to this child: a
    /// higher priority grows first (`flex-grow`).
    public func layoutPriority(_ value: Double) -> some View {
        style(Attribute("flex-grow", cssNumber(CGFloat(max(0, value)))))
    }

    /// Adds a shadow to this view.
    public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View {
        style(Attribute("box-shadow", "\(cssNumber(x))px \(cssNumber(y))px \(cssNumber(radius))px \(color.css)"))
    }

    /// Offsets this view by the specified horizontal and vertical distances.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        style(Attribute("translate", "\(cssNumber(x))px \(cssNumber(y))px"))
    }

    /// Controls the display order of overlapping views.
    public func zIndex(_ value: Double) -> some View {
        style(Attribute("position", "relative"), Attribute("z-index", String(Int(value.rounded()))))
    }

    /// Sets the background of the row this view is in, in a `List`.
    public func listRowBackground<V: View>(_ view: V?) -> some View {
        modifier(AttributeModifier(styles: (view as? any CSSPaint).map { [Attribute("background", $0.css)] } ?? []))
    }

    /// Sets the display mode of the separator of the row this view is in.
    public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View {
        modifier(AttributeModifier(classes: visibility == .hidden ? ["sh-no-separator"] : []))
    }

    /// Configures the title display mode of a navigation bar (accepted: the title is one
    /// heading either way).
    public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View { self }

    /// Sets the navigation bar's trailing items (the older `toolbar`).
    public func navigationBarItems<T: View>(trailing: T) -> some View {
        toolbar { trailing }
    }

    /// Sets the navigation bar's leading and trailing items.
    public func navigationBarItems<L: View, T: View>(leading: L, trailing: T) -> some View {
        toolbar {
            leading
            trailing
        }
    }
}

/// Vertical edges.
///
/// ```swift
/// Text(book.title)
///     .listRowSeparator(.hidden, edges: .bottom)
/// ```
public enum VerticalEdge: Int8, Sendable {
    case top, bottom

    /// A set of vertical edges.
    ///
    /// ```swift
    /// Text(book.title).listRowSeparator(.hidden, edges: [.top, .bottom])
    /// ```
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let bottom = Set(rawValue: 2)
        public static let all: Set = [.top, .bottom]
    }
}

/// A navigation bar item's configuration.
///
/// ```swift
/// BookList()
///     .navigationBarTitleDisplayMode(.inline)
/// ```
public enum NavigationBarItem {
    /// How a navigation bar shows its title.
    ///
    /// ```swift
    /// .navigationBarTitleDisplayMode(.large)
    /// ```
    public enum TitleDisplayMode: Sendable {
        case automatic, inline, large
    }
}

/// A view for presenting a stack of views (deprecated in SwiftUI, still everywhere): a
/// `NavigationStack`.
///
/// ```swift
/// NavigationView {
///     BookList()
///         .navigationTitle("Books")
/// }
/// ```
public struct NavigationView<Content: View>: View {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: some View { NavigationStack { content } }
}

extension View {
    /// Sets the navigation view style (accepted: a `NavigationView` is a stack).
    public func navigationViewStyle<S: NavigationViewStyle>(_ style: S) -> some View { self }
}

/// A specification for the appearance and interaction of a navigation view.
///
/// ```swift
/// NavigationView { BookList() }
///     .navigationViewStyle(.stack)
/// ```
public protocol NavigationViewStyle {}

/// A navigation view style that represents views one at a time.
///
/// ```swift
/// NavigationView { BookList() }.navigationViewStyle(StackNavigationViewStyle())
/// ```
public struct StackNavigationViewStyle: NavigationViewStyle, Sendable { public init() {} }

extension NavigationViewStyle where Self == StackNavigationViewStyle {
    public static var stack: StackNavigationViewStyle { StackNavigationViewStyle() }
}
