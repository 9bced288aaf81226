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
///
/// ```swift
/// Rectangle().fill(Color.blue).frame(height: 4)
/// ```
public struct Rectangle: Shape, BuiltInShape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect) }
    var builtInGeometry: ShapeGeometry { .rectangle(cornerRadius: 0) }
}

/// A rectangular shape with rounded corners.
///
/// ```swift
/// RoundedRectangle(cornerRadius: 12).stroke(.gray, lineWidth: 1)
/// ```
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
///
/// ```swift
/// RoundedRectangle(cornerRadius: 8, style: .circular).fill(.blue)
/// ```
public enum RoundedCornerStyle: Sendable { case circular, continuous }

/// A circle centred on the frame of the view containing it.
///
/// ```swift
/// Circle().fill(.green).frame(width: 10, height: 10)
/// ```
public struct Circle: Shape, BuiltInShape {
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let side = min(rect.width, rect.height)
        return Path(ellipseIn: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
    }
    var builtInGeometry: ShapeGeometry { .circle }
}

/// An ellipse aligned inside the frame of the view containing it.
///
/// ```swift
/// Ellipse().stroke(Color.purple, lineWidth: 2).frame(width: 120, height: 60)
/// ```
public struct Ellipse: Shape, BuiltInShape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
    var builtInGeometry: ShapeGeometry { .ellipse }
}

/// A capsule shape aligned inside the frame of the view containing it.
///
/// ```swift
/// Text("New").padding(6).background(.blue).clipShape(Capsule())
/// ```
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
///
/// ```swift
/// Circle().trim(from: 0, to: 0.7).rotation(.degrees(-90)).stroke(.blue, lineWidth: 6)
/// ```
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
///
/// ```swift
/// Circle().trim(from: 0, to: progress).stroke(.blue, lineWidth: 6)
/// ```
public struct TrimmedShape<Base: Shape>: Shape, BuiltInShape {
    let base: Base
    let from: CGFloat
    let to: CGFloat
    public func path(in rect: CGRect) -> Path { base.path(in: rect) }
    var builtInGeometry: ShapeGeometry { base.geometry }
    var trimRange: (from: CGFloat, to: CGFloat)? { (from, to) }
}
