import Foundation

// How a shape is painted: its stroke style, the SVG element (or the CSS box) that draws it.

/// The characteristics of a stroke that traces a path.
///
/// ```swift
/// RoundedRectangle(cornerRadius: 8)
///     .stroke(.gray, style: StrokeStyle(lineWidth: 2, dash: [4, 2]))
/// ```
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
///
/// ```swift
/// Circle().trim(from: 0, to: 0.7).stroke(.blue, style: StrokeStyle(lineWidth: 8, lineCap: .round))
/// ```
public enum CGLineCap: Int32, Sendable { case butt, round, square }
/// How the joins of a stroked path look.
///
/// ```swift
/// Rectangle().stroke(.black, style: StrokeStyle(lineWidth: 4, lineJoin: .bevel))
/// ```
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
///
/// ```swift
/// Circle().fill(.red)   // a ShapeView<Circle>
/// ```
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
