import Foundation

/// A geometric angle whose value you access in either radians or degrees.
///
/// ```swift
/// Image(systemName: "play").rotationEffect(.degrees(90))
/// Circle().trim(from: 0, to: 0.5).rotation(Angle(radians: .pi / 2))
/// ```
public struct Angle: Hashable, Comparable, Sendable {
    public var radians: Double
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }

    public init() { radians = 0 }
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { radians = degrees * .pi / 180 }

    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    public static let zero = Angle()

    public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }
    public static func + (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians + b.radians) }
    public static func - (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians - b.radians) }
}

/// The outline of a 2D shape, written as SVG path data (`M10 10L90 10Z`).
///
/// ```swift
/// Path { path in
///     path.move(to: CGPoint(x: 0, y: 0))
///     path.addLine(to: CGPoint(x: 100, y: 50))
/// }
/// ```
public struct Path: Equatable, Sendable {
    /// The SVG path data.
    public private(set) var svgData = ""
    private var current: CGPoint?
    private var subpathStart: CGPoint?

    public init() {}

    /// Creates a path by calling `callback` with an empty one.
    public init(_ callback: (inout Path) -> Void) {
        callback(&self)
    }

    /// Creates a path that is the rectangle `rect`.
    public init(_ rect: CGRect) { addRect(rect) }

    /// Creates a path that is the rounded rectangle `rect`.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) { addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius)) }

    /// Creates a path that is the ellipse inscribed in `rect`.
    public init(ellipseIn rect: CGRect) { addEllipse(in: rect) }

    /// Whether the path holds nothing.
    public var isEmpty: Bool { svgData.isEmpty }

    /// The last point of the path.
    public var currentPoint: CGPoint? { current }

    public mutating func move(to point: CGPoint) {
        command("M", point)
        subpathStart = point
    }

    public mutating func addLine(to point: CGPoint) {
        if current == nil { return move(to: point) }
        command("L", point)
    }

    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
        if current == nil { move(to: control) }
        svgData += "Q" + Self.number(control.x) + " " + Self.number(control.y) + " "
        command("", point)
    }

    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        if current == nil { move(to: control1) }
        svgData += "C" + Self.number(control1.x) + " " + Self.number(control1.y) + " "
            + Self.number(control2.x) + " " + Self.number(control2.y) + " "
        command("", point)
    }

    /// Adds an arc of a circle. As in SwiftUI (whose y axis points down), `clockwise: false`
    /// runs from `startAngle` to `endAngle` through increasing angles, which on the screen is
    /// clockwise.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
        func point(_ angle: Double) -> CGPoint {
            CGPoint(x: center.x + radius * CGFloat(cos(angle)), y: center.y + radius * CGFloat(sin(angle)))
        }
        // Angles that are not numbers (NaN, infinite) draw nothing.
        guard startAngle.radians.isFinite, endAngle.radians.isFinite, radius.isFinite, center.x.isFinite, center.y.isFinite else { return }
        var sweep = endAngle.radians - startAngle.radians
        if clockwise { sweep = -sweep }
        // The arc runs `sweep` radians in its direction; a whole turn (or more) is a circle. A
        // sweep against it is taken modulo a turn (not a turn at a time: an angle of -1e300,
        // found by the fuzzer in a stored `@State`, held the views' thread for good).
        if sweep < 0 {
            sweep = sweep.truncatingRemainder(dividingBy: 2 * .pi)
            if sweep < 0 { sweep += 2 * .pi }
        }
        let start = point(startAngle.radians)
        if current == nil { move(to: start) } else { addLine(to: start) }
        let direction = clockwise ? -1.0 : 1.0
        if sweep >= 2 * .pi - 1e-9 {
            // Two half circles: SVG cannot draw a whole circle in one arc.
            arc(to: point(startAngle.radians + direction * .pi), radius: radius, large: false, clockwise: clockwise)
            arc(to: start, radius: radius, large: false, clockwise: clockwise)
        } else if sweep > 1e-12 {
            arc(to: point(startAngle.radians + direction * sweep), radius: radius, large: sweep > .pi, clockwise: clockwise)
        }
    }

    public mutating func addRect(_ rect: CGRect) {
        move(to: CGPoint(x: rect.minX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize) {
        let rx = min(cornerSize.width, rect.width / 2), ry = min(cornerSize.height, rect.height / 2)
        guard rx > 0, ry > 0 else { return addRect(rect) }
        move(to: CGPoint(x: rect.minX + rx, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX - rx, y: rect.minY))
        ellipticArc(to: CGPoint(x: rect.maxX, y: rect.minY + ry), rx: rx, ry: ry)
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - ry))
        ellipticArc(to: CGPoint(x: rect.maxX - rx, y: rect.maxY), rx: rx, ry: ry)
        addLine(to: CGPoint(x: rect.minX + rx, y: rect.maxY))
        ellipticArc(to: CGPoint(x: rect.minX, y: rect.maxY - ry), rx: rx, ry: ry)
        addLine(to: CGPoint(x: rect.minX, y: rect.minY + ry))
        ellipticArc(to: CGPoint(x: rect.minX + rx, y: rect.minY), rx: rx, ry: ry)
        closeSubpath()
    }

    public mutating func addEllipse(in rect: CGRect) {
        let rx = rect.width / 2, ry = rect.height / 2
        move(to: CGPoint(x: rect.minX, y: rect.midY))
        ellipticArc(to: CGPoint(x: rect.maxX, y: rect.midY), rx: rx, ry: ry)
        ellipticArc(to: CGPoint(x: rect.minX, y: rect.midY), rx: rx, ry: ry)
        closeSubpath()
    }

    /// Closes the current subpath with a line to its start.
    public mutating func closeSubpath() {
        guard current != nil else { return }
        svgData += "Z"
        current = subpathStart
    }

    private mutating func arc(to point: CGPoint, radius: CGFloat, large: Bool, clockwise: Bool) {
        svgData += "A" + Self.number(radius) + " " + Self.number(radius) + " 0 " + (large ? "1" : "0") + " " + (clockwise ? "0" : "1") + " "
        command("", point)
    }

    /// A quarter of an ellipse, clockwise on the screen.
    private mutating func ellipticArc(to point: CGPoint, rx: CGFloat, ry: CGFloat) {
        svgData += "A" + Self.number(rx) + " " + Self.number(ry) + " 0 0 1 "
        command("", point)
    }

    private mutating func command(_ letter: String, _ point: CGPoint) {
        svgData += letter + Self.number(point.x) + " " + Self.number(point.y)
        current = point
    }

    /// A coordinate with at most three decimals (`12.5`, `-3`), written as CSS numbers are.
    static func number(_ value: CGFloat) -> String { cssNumber((value * 1000).rounded() / 1000) }
}
