import Foundation

/// A 2D shape that you can use when drawing a view: inline SVG in the page.
///
/// ```swift
/// struct Ring: Shape {
///     var progress: Double
///     func path(in rect: CGRect) -> Path {
///         Path { path in
///             path.addArc(center: CGPoint(x: rect.midX, y: rect.midY), radius: min(rect.width, rect.height) / 2,
///                         startAngle: .degrees(-90), endAngle: .degrees(-90 + 360 * progress), clockwise: false)
///         }
///     }
/// }
/// Ring(progress: 0.7).stroke(.blue, lineWidth: 8).frame(width: 80, height: 80)
/// ```
///
/// A shape is drawn in a square of 100 × 100 that the SVG scales to the frame it is given
/// (centred, keeping its proportions); `Rectangle`, `RoundedRectangle`, `Ellipse` and
/// `Capsule` fill whatever frame they are given exactly. It fills with the foreground colour
/// unless `.fill` or `.stroke` says otherwise; a stroke keeps its width in points.
public protocol Shape: View, Sendable {
    /// Describes this shape as a path within a rectangular frame of reference.
    func path(in rect: CGRect) -> Path
}

extension Shape {
    public var body: ShapeView<Self> { ShapeView(shape: self) }

    /// Fills this shape with a colour or style.
    public func fill<S: ShapeStyle>(_ content: S) -> ShapeView<Self> {
        var paint = ShapePaint(fill: (content as? any CSSPaint)?.css)
        if let gradient = content as? any CSSGradient {
            paint.isGradient = true
            paint.svgFill = gradient.firstColor
        }
        return ShapeView(shape: self, paint: paint)
    }

    /// Fills this shape with the foreground colour.
    public func fill() -> ShapeView<Self> { ShapeView(shape: self) }

    /// Traces the outline of this shape with a colour or style.
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> ShapeView<Self> {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Traces the outline of this shape with a colour or style and a stroke style.
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> ShapeView<Self> {
        ShapeView(shape: self, paint: ShapePaint(stroke: (content as? any CSSPaint)?.css ?? "currentColor", style: style))
    }

    /// Traces the outline of this shape with the foreground colour.
    public func stroke(lineWidth: CGFloat = 1) -> ShapeView<Self> { stroke(style: StrokeStyle(lineWidth: lineWidth)) }

    /// Traces the outline of this shape with the foreground colour and a stroke style.
    public func stroke(style: StrokeStyle) -> ShapeView<Self> {
        ShapeView(shape: self, paint: ShapePaint(stroke: "currentColor", style: style))
    }

    /// Rotates this shape by `angle` around its centre (drawn rotated by CSS).
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self> {
        RotatedShape(shape: self, angle: angle, anchor: anchor)
    }

    /// Trims this shape by a fractional amount based on its representation as a path: the
    /// stroke (or fill) runs from `startFraction` to `endFraction` of its length.
    public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> TrimmedShape<Self> {
        TrimmedShape(base: self, from: max(0, min(1, startFraction)), to: max(0, min(1, endFraction)))
    }

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
        case .points: return [Attribute("overflow", "hidden")]
        }
    }

    /// How the page draws this shape.
    var geometry: ShapeGeometry {
        if let builtIn = self as? any BuiltInShape { return builtIn.builtInGeometry }
        return .path(path(in: ShapeGeometry.square).svgData)
    }
}

/// The ways a shape is written in SVG.
enum ShapeGeometry: Equatable {
    /// A rectangle filling the frame, with corners of this radius (in points).
    case rectangle(cornerRadius: CGFloat)
    /// A circle centred in the frame, its diameter the frame's smaller side.
    case circle
    /// An ellipse filling the frame.
    case ellipse
    /// A rectangle filling the frame, rounded along its shorter side.
    case capsule
    /// Path data in the 100 × 100 square, scaled to the frame keeping proportions.
    case path(String)
    /// Path data in points, drawn where its coordinates say (a `Path` used as a view).
    case points(String)

    /// The square custom shapes are drawn in.
    static let square = CGRect(x: 0, y: 0, width: 100, height: 100)
}

/// Statehouse's shapes, which SVG draws exactly whatever the frame's size.
@MainActor
protocol BuiltInShape {
    var builtInGeometry: ShapeGeometry { get }
    var trimRange: (from: CGFloat, to: CGFloat)? { get }
    /// Drawn rotated by this angle around this point (a `RotatedShape`).
    var rotation: (angle: Angle, anchor: UnitPoint)? { get }
}

extension BuiltInShape {
    var trimRange: (from: CGFloat, to: CGFloat)? { nil }
    var rotation: (angle: Angle, anchor: UnitPoint)? { nil }
}

/// A rectangular shape aligned inside the frame of the view containing it.
public struct Rectangle: Shape, BuiltInShape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect) }
    var builtInGeometry: ShapeGeometry { .rectangle(cornerRadius: 0) }
}

/// A rectangular shape with rounded corners.
public struct RoundedRectangle: Shape, BuiltInShape {
    public var cornerSize: CGSize
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
    }
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) { self.cornerSize = cornerSize }
    public func path(in rect: CGRect) -> Path { Path { $0.addRoundedRect(in: rect, cornerSize: cornerSize) } }
    var builtInGeometry: ShapeGeometry { .rectangle(cornerRadius: cornerSize.width) }
}

/// The style of a rounded rectangle's corners (drawn as circular arcs either way).
public enum RoundedCornerStyle: Sendable { case circular, continuous }

/// A circle centred on the frame of the view containing it.
public struct Circle: Shape, BuiltInShape {
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let side = min(rect.width, rect.height)
        return Path(ellipseIn: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
    }
    var builtInGeometry: ShapeGeometry { .circle }
}

/// An ellipse aligned inside the frame of the view containing it.
public struct Ellipse: Shape, BuiltInShape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
    var builtInGeometry: ShapeGeometry { .ellipse }
}

/// A capsule shape aligned inside the frame of the view containing it.
public struct Capsule: Shape, BuiltInShape {
    public init(style: RoundedCornerStyle = .continuous) {}
    public func path(in rect: CGRect) -> Path {
        Path(roundedRect: rect, cornerRadius: min(rect.width, rect.height) / 2)
    }
    var builtInGeometry: ShapeGeometry { .capsule }
}

extension Path: Shape, BuiltInShape {
    public func path(in rect: CGRect) -> Path { self }
    /// A path is drawn in its own coordinates, in points.
    var builtInGeometry: ShapeGeometry { .points(svgData) }
}

/// A shape rotated around an anchor (`SpeakerArc(…).rotation(.degrees(-90))`).
public struct RotatedShape<Content: Shape>: Shape, BuiltInShape {
    public var shape: Content
    public var angle: Angle
    public var anchor: UnitPoint
    public func path(in rect: CGRect) -> Path { shape.path(in: rect) }
    var builtInGeometry: ShapeGeometry { shape.geometry }
    var trimRange: (from: CGFloat, to: CGFloat)? { (shape as? any BuiltInShape)?.trimRange }
    var rotation: (angle: Angle, anchor: UnitPoint)? { (angle, anchor) }
}

/// A shape trimmed to a fraction of its length (`Circle().trim(from: 0, to: 0.7)`).
public struct TrimmedShape<Base: Shape>: Shape, BuiltInShape {
    let base: Base
    let from: CGFloat
    let to: CGFloat
    public func path(in rect: CGRect) -> Path { base.path(in: rect) }
    var builtInGeometry: ShapeGeometry { base.geometry }
    var trimRange: (from: CGFloat, to: CGFloat)? { (from, to) }
}

/// The characteristics of a stroke that traces a path.
public struct StrokeStyle: Equatable, Sendable {
    public var lineWidth: CGFloat
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    public var miterLimit: CGFloat
    public var dash: [CGFloat]
    public var dashPhase: CGFloat

    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
                dash: [CGFloat] = [], dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// How the ends of a stroked line look.
public enum CGLineCap: Int32, Sendable { case butt, round, square }
/// How the joins of a stroked path look.
public enum CGLineJoin: Int32, Sendable { case miter, round, bevel }

/// How a shape is painted: filled (with the foreground colour by default) or stroked.
struct ShapePaint: Equatable {
    var fill: String?
    var stroke: String?
    var style = StrokeStyle()
    /// The fill is a gradient (CSS, not SVG paint: the shape is drawn as a `<div>` cut to it).
    var isGradient = false
    /// The fill where SVG paints it after all (a `Path` in points): the gradient's first colour.
    var svgFill: String?
    /// A stroke inside the shape's edge (`strokeBorder`): drawn as the `<div>`'s border.
    var isBorder = false

    init(fill: String? = nil) { self.fill = fill }
    init(stroke: String, style: StrokeStyle) {
        self.stroke = stroke
        self.style = style
    }

    /// The CSS declarations of the SVG element.
    func css(trim: (from: CGFloat, to: CGFloat)?) -> String {
        var declarations: [String]
        if let stroke {
            declarations = ["fill:none", "stroke:" + stroke, "stroke-width:" + cssNumber(style.lineWidth),
                            "stroke-linecap:" + ["butt", "round", "square"][Int(style.lineCap.rawValue)],
                            "stroke-linejoin:" + ["miter", "round", "bevel"][Int(style.lineJoin.rawValue)],
                            "vector-effect:non-scaling-stroke"]
            if !style.dash.isEmpty { declarations.append("stroke-dasharray:" + style.dash.map(cssNumber).joined(separator: " ")) }
        } else {
            declarations = ["fill:" + (svgFill ?? fill ?? "currentColor")]
        }
        if let trim {
            // With pathLength="1", a dash as long as the kept fraction, starting at `from`.
            declarations.append("stroke-dasharray:" + cssNumber(max(0, trim.to - trim.from)) + " 2")
            declarations.append("stroke-dashoffset:" + cssNumber(-trim.from))
        }
        return declarations.joined(separator: ";")
    }
}

/// A shape and how it is painted: `<svg class="sh-shape">` holding one SVG element.
public struct ShapeView<Content: Shape>: View {
    let shape: Content
    var paint = ShapePaint()

    public var body: some View {
        let geometry = shape.geometry
        let trim = (shape as? any BuiltInShape)?.trimRange
        if paint.isBorder || (paint.isGradient && !Self.isPoints(geometry)) {
            PaintedBox(attributes: [Attribute("class", "sh-shape sh-painted"), Attribute("style", boxStyle(geometry))])
        } else {
            Box("svg", Self.svgAttributes(geometry, rotation: (shape as? any BuiltInShape)?.rotation)) {
                ShapeElement(geometry: geometry, style: paint.css(trim: trim), isTrimmed: trim != nil)
            }
        }
    }

    private static func isPoints(_ geometry: ShapeGeometry) -> Bool {
        if case .points = geometry { return true }
        return false
    }

    /// A shape drawn with CSS: a gradient background cut to the shape, or a border inside its
    /// edge (`strokeBorder`, for the built-in shapes, which are insettable).
    private func boxStyle(_ geometry: ShapeGeometry) -> String {
        var declarations: [String] = []
        if paint.isBorder {
            let width = cssNumber(paint.style.lineWidth)
            declarations.append("border:\(width)px \(paint.style.dash.isEmpty ? "solid" : "dashed") \(paint.stroke ?? "currentColor")")
            declarations.append("box-sizing:border-box")
            switch geometry {
            case .rectangle(let radius): if radius > 0 { declarations.append("border-radius:\(cssNumber(radius))px") }
            case .capsule: declarations.append("border-radius:9999px")
            case .ellipse: declarations.append("border-radius:50%")
            case .circle: declarations += ["border-radius:50%", "aspect-ratio:1", "width:auto", "max-width:100%", "max-height:100%", "margin:auto"]
            case .path, .points: break
            }
        } else {
            declarations.append("background:" + (paint.fill ?? "currentColor"))
            declarations += shape.clipCSS.map { "\($0.name):\($0.value)" }
        }
        return declarations.joined(separator: ";")
    }

    private static func svgAttributes(_ geometry: ShapeGeometry, rotation: (angle: Angle, anchor: UnitPoint)?) -> [Attribute] {
        var attributes = [Attribute("class", geometry == .capsule ? "sh-shape sh-capsule" : "sh-shape"), Attribute("aria-hidden", "true")]
        if let rotation {
            attributes.append(Attribute("style", "transform:rotate(\(cssNumber(CGFloat(rotation.angle.degrees)))deg);transform-origin:\(rotation.anchor.cssPosition)"))
        }
        switch geometry {
        case .circle, .path:
            attributes.append(Attribute("viewBox", "0 0 100 100"))
            attributes.append(Attribute("preserveAspectRatio", "xMidYMid meet"))
        case .rectangle, .ellipse, .capsule, .points:
            break
        }
        return attributes
    }
}

/// A shape drawn with CSS (`ShapeView.boxStyle`).
struct PaintedBox: ElementView {
    let attributes: [Attribute]
    func element(in environment: EnvironmentValues) -> ElementSpec { ElementSpec("div", attributes) }
}

/// A shape that can be inset: the built-in shapes. `strokeBorder` draws inside its edge.
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    /// Returns this shape inset by `amount` on every side.
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
public struct FillStyle: Equatable, Sendable {
    public var isEOFilled: Bool
    public var isAntialiased: Bool
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

/// The one SVG element that draws a shape.
struct ShapeElement: ElementView {
    let geometry: ShapeGeometry
    let style: String
    let isTrimmed: Bool

    func element(in environment: EnvironmentValues) -> ElementSpec {
        var spec: ElementSpec
        switch geometry {
        case .rectangle(let radius):
            spec = ElementSpec("rect", [Attribute("width", "100%"), Attribute("height", "100%")])
            if radius > 0 { spec.attributes += [Attribute("rx", cssNumber(radius)), Attribute("ry", cssNumber(radius))] }
        case .capsule:
            spec = ElementSpec("rect", [Attribute("width", "100%"), Attribute("height", "100%")])
        case .circle:
            spec = ElementSpec("circle", [Attribute("cx", "50"), Attribute("cy", "50"), Attribute("r", "50")])
        case .ellipse:
            spec = ElementSpec("ellipse", [Attribute("cx", "50%"), Attribute("cy", "50%"), Attribute("rx", "50%"), Attribute("ry", "50%")])
        case .path(let data), .points(let data):
            spec = ElementSpec("path", [Attribute("d", data)])
        }
        if isTrimmed { spec.attributes.append(Attribute("pathLength", "1")) }
        spec.attributes.append(Attribute("style", style))
        return spec
    }
}

extension View {
    /// Rotates this view's rendered output by `angle` around its centre.
    public func rotationEffect(_ angle: Angle) -> some View {
        style(Attribute("transform", "rotate(\(cssNumber(CGFloat(angle.degrees)))deg)"))
    }
}
