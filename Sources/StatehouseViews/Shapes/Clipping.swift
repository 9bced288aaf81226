import Foundation

// Cutting to a shape: insettable shapes and `strokeBorder`, `.clipShape`, `.mask`.

extension Shape {
    /// The CSS that cuts an element to this shape (`.clipShape`, a gradient fill): a radius, a
    /// clip path, or a mask of the shape's path.
    var clipCSS: [Attribute] {
        switch geometry {
        case .rectangle(let radius): return radius > 0 ? [Attribute("clip-path", "inset(0 round \(cssNumber(radius))px)")] : [Attribute("overflow", "hidden")]
        case .capsule: return [Attribute("clip-path", "inset(0 round 9999px)")]
        case .circle: return [Attribute("clip-path", "circle(closest-side)")]
        case .ellipse: return [Attribute("clip-path", "ellipse(50% 50%)")]
        case .path(let data):
            // The path in its 100 × 100 square, scaled to the element keeping proportions, as
            // the shape itself is drawn.
            let svg = "%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100' preserveAspectRatio='xMidYMid meet'%3E%3Cpath d='\(data)'/%3E%3C/svg%3E"
            let mask = "url(\"data:image/svg+xml,\(svg)\") center/100% 100% no-repeat"
            return [Attribute("-webkit-mask", mask), Attribute("mask", mask)]
        case .points: return [Attribute("overflow", "hidden")]  // a `Path` in points: not cut to (partial)
        }
    }
}

/// A shape that can be inset: the built-in shapes. `strokeBorder` draws inside its edge.
///
/// Partial: `inset(by:)` is accepted and returns the shape as it is (the shapes fill their
/// frame; pad the view instead), so code written for it compiles.
///
/// ```swift
/// Circle().strokeBorder(.blue, lineWidth: 4)
/// ```
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    /// Returns this shape inset by `amount` on every side (here: the shape unchanged).
    func inset(by amount: CGFloat) -> InsetShape
}

extension InsettableShape {
    /// Traces the border of this shape, inside its edge, with a colour or style.
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> ShapeView<Self> {
        strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth), antialiased: antialiased)
    }

    /// Traces the border of this shape, inside its edge, with a colour or style and a stroke
    /// style (a dash makes the border dashed).
    public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> ShapeView<Self> {
        var paint = ShapePaint(stroke: (content as? any CSSPaint)?.css ?? "currentColor", style: style)
        paint.isBorder = true
        return ShapeView(shape: self, paint: paint)
    }

    /// Traces the border of this shape, inside its edge, with the foreground colour.
    public func strokeBorder(lineWidth: CGFloat = 1, antialiased: Bool = true) -> ShapeView<Self> {
        strokeBorder(HierarchicalShapeStyle.primary, lineWidth: lineWidth)
    }

    /// Traces the border of this shape, inside its edge, with the foreground colour and a
    /// stroke style.
    public func strokeBorder(style: StrokeStyle, antialiased: Bool = true) -> ShapeView<Self> {
        strokeBorder(HierarchicalShapeStyle.primary, style: style)
    }
}

extension Rectangle: InsettableShape { public func inset(by amount: CGFloat) -> Self { self } }
extension RoundedRectangle: InsettableShape { public func inset(by amount: CGFloat) -> Self { self } }
extension Circle: InsettableShape { public func inset(by amount: CGFloat) -> Self { self } }
extension Ellipse: InsettableShape { public func inset(by amount: CGFloat) -> Self { self } }
extension Capsule: InsettableShape { public func inset(by amount: CGFloat) -> Self { self } }

extension View {
    /// Sets a clipping shape for this view: CSS `clip-path` (or a mask of a custom shape's path).
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        modifier(AttributeModifier(styles: shape.clipCSS))
    }

    /// Clips this view to its bounding frame: what it draws outside it is cut off.
    public func clipped(antialiased: Bool = false) -> some View {
        style(Attribute("overflow", "hidden"))
    }

    /// Masks this view with the alpha of a gradient (CSS `mask-image`) or cuts it to a shape.
    /// (Other views as masks are not drawn by the browser: the view is left as it is.)
    public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View {
        self.mask(mask())
    }

    /// Masks this view with a gradient or a shape.
    public func mask<Mask: View>(_ mask: Mask) -> some View {
        var styles: [Attribute] = []
        if let gradient = mask as? any CSSGradient {
            styles = [Attribute("-webkit-mask-image", gradient.css), Attribute("mask-image", gradient.css)]
        } else if let shape = mask as? any Shape {
            styles = shape.clipCSS
        }
        return modifier(AttributeModifier(styles: styles))
    }
}

/// How a shape is filled (the even-odd rule is what SVG path data uses either way here).
///
/// ```swift
/// Image(systemName: "star").clipShape(Circle(), style: FillStyle(eoFill: true))
/// ```
public struct FillStyle: Equatable, Sendable {
    public var isEOFilled: Bool
    public var isAntialiased: Bool
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

// The shapes by their short names, as `.clipShape(.circle)` and `.background(.capsule)`
// write them.
extension Shape where Self == Rectangle {
    /// A rectangle.
    public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
    /// A rectangle with rounded corners.
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
}

extension Shape where Self == Circle {
    /// A circle in the middle of the frame.
    public static var circle: Circle { Circle() }
}

extension Shape where Self == Ellipse {
    /// An ellipse filling the frame.
    public static var ellipse: Ellipse { Ellipse() }
}

extension Shape where Self == Capsule {
    /// A capsule: a rectangle whose short sides are half circles.
    public static var capsule: Capsule { Capsule() }
    /// A capsule with a corner style.
    public static func capsule(style: RoundedCornerStyle) -> Capsule { Capsule(style: style) }
}
