import Foundation

/// Statehouse's own modifiers of appearance and layout (`foregroundStyle`, `font`, `padding`,
/// `frame`, …) and the environment, each a `ContextModifier` (`Modifiers.swift`).
extension View {
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


    /// Sets an environment value for this view and its descendants.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        modifier(EnvironmentModifier { $0[keyPath: keyPath] = value })
    }

    /// Changes an environment value for this view and the views below, from the value above.
    ///
    /// ```swift
    /// content.transformEnvironment(\.font) { $0 = $0 ?? .body }
    /// ```
    public func transformEnvironment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>,
                                        transform: @escaping @MainActor (inout V) -> Void) -> some View {
        modifier(EnvironmentModifier { transform(&$0[keyPath: keyPath]) })
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
