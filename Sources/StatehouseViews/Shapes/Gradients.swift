import Foundation

/// A normalized 2D point in a view's coordinate space: (0, 0) is the top leading corner,
/// (1, 1) the bottom trailing one.
///
/// ```swift
/// LinearGradient(colors: [.white, .blue], startPoint: .topLeading, endPoint: UnitPoint(x: 1, y: 0.8))
/// ```
public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat

    public init() { self.init(x: 0, y: 0) }
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)

    /// `X% Y%`, a CSS position.
    var cssPosition: String { "\(cssNumber(x * 100))% \(cssNumber(y * 100))%" }
}

/// The inset distances for the sides of a rectangle.
///
/// ```swift
/// Text(message).padding(EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
/// ```
public struct EdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// A colour gradient: colours at locations from 0 to 1.
///
/// ```swift
/// Rectangle().fill(LinearGradient(colors: [.blue, .purple], startPoint: .top, endPoint: .bottom))
/// ```
public struct Gradient: Hashable, Sendable {
    /// One colour stop in the gradient.
    ///
    /// ```swift
    /// Gradient(stops: [Gradient.Stop(color: .red, location: 0), Gradient.Stop(color: .orange, location: 0.3)])
    /// ```
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: CGFloat
        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }

    public var stops: [Stop]

    public init(stops: [Stop]) { self.stops = stops }

    /// Colours spread evenly from 0 to 1.
    public init(colors: [Color]) {
        let last = CGFloat(max(colors.count - 1, 1))
        stops = colors.enumerated().map { Stop(color: $1, location: CGFloat($0) / last) }
    }

    /// `color position, …` with each stop's location mapped by `position`.
    func cssStops(_ position: (CGFloat) -> String) -> String {
        stops.map { "\($0.color.css) \(position($0.location))" }.joined(separator: ",")
    }
}

/// A gradient as a shape style: what it is in CSS, and how text is painted with it.
protocol CSSGradient: CSSPaint, ShapeStyle {
    var gradient: Gradient { get }
}

extension CSSGradient {
    /// The first colour, where a gradient cannot be drawn.
    var firstColor: String { gradient.stops.first?.color.css ?? "currentColor" }

    /// Text painted with a gradient: the gradient as the text's background, clipped to it.
    var foreground: AttributeModifier {
        AttributeModifier(styles: [Attribute("background-image", css), Attribute("-webkit-background-clip", "text"),
                                   Attribute("background-clip", "text"), Attribute("color", "transparent")])
    }
}

/// A linear gradient (`linear-gradient()` in CSS), as a fill, a background, a foreground
/// style, or a view that fills its frame.
///
/// ```swift
/// Text("Sale")
///     .foregroundStyle(LinearGradient(colors: [.orange, .red], startPoint: .leading, endPoint: .trailing))
/// ```
public struct LinearGradient: CSSGradient, Hashable {
    let gradient: Gradient
    let startPoint: UnitPoint
    let endPoint: UnitPoint

    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }

    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    /// The direction as a CSS angle (0deg points up, clockwise), the stops along it. (Exact
    /// for square frames and for start and end points on opposite edges.)
    var css: String {
        let dx = endPoint.x - startPoint.x
        let dy = endPoint.y - startPoint.y
        let degrees = (dx == 0 && dy == 0) ? 180 : atan2(dx, -dy) * 180 / .pi
        return "linear-gradient(\(cssNumber((degrees * 100).rounded() / 100))deg,\(gradient.cssStops { "\(cssNumber($0 * 100))%" }))"
    }
}

/// A radial gradient (`radial-gradient()` in CSS): from `startRadius` to `endRadius` points
/// around `center`.
///
/// ```swift
/// Circle().fill(RadialGradient(colors: [.yellow, .orange], center: .center, startRadius: 0, endRadius: 50))
/// ```
public struct RadialGradient: CSSGradient, Hashable {
    let gradient: Gradient
    let center: UnitPoint
    let startRadius: CGFloat
    let endRadius: CGFloat

    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
    }

    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    var css: String {
        let stops = gradient.cssStops { "\(cssNumber(self.startRadius + $0 * (self.endRadius - self.startRadius)))px" }
        return "radial-gradient(circle at \(center.cssPosition),\(stops))"
    }
}

/// An angular (conic) gradient (`conic-gradient()` in CSS) around `center`, from
/// `startAngle` (0° is three o'clock, as in SwiftUI) to `endAngle`.
///
/// ```swift
/// Circle().fill(AngularGradient(colors: [.red, .yellow, .green, .blue, .red], center: .center))
/// ```
public struct AngularGradient: CSSGradient, Hashable {
    let gradient: Gradient
    let center: UnitPoint
    let startAngle: Angle
    let endAngle: Angle

    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)) {
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
        self.endAngle = endAngle
    }

    public init(colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    public init(gradient: Gradient, center: UnitPoint, angle: Angle) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle + .degrees(360))
    }

    var css: String {
        let span = endAngle.degrees - startAngle.degrees
        let stops = gradient.cssStops { "\(cssNumber(CGFloat(($0 * span * 100).rounded() / 100)))deg" }
        return "conic-gradient(from \(cssNumber(CGFloat(startAngle.degrees + 90)))deg at \(center.cssPosition),\(stops))"
    }
}

extension ShapeStyle where Self == LinearGradient {
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }
}

extension ShapeStyle where Self == RadialGradient {
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension ShapeStyle where Self == AngularGradient {
    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }
}

extension LinearGradient: View, ElementView {
    func element(in environment: EnvironmentValues) -> ElementSpec { GradientFill.element(css) }
}
extension RadialGradient: View, ElementView {
    func element(in environment: EnvironmentValues) -> ElementSpec { GradientFill.element(css) }
}
extension AngularGradient: View, ElementView {
    func element(in environment: EnvironmentValues) -> ElementSpec { GradientFill.element(css) }
}

/// A gradient used as a view: a `<div>` that fills its frame (as `Color` does).
enum GradientFill {
    static func element(_ css: String) -> ElementSpec {
        ElementSpec("div", [Attribute("class", "sh-color"), Attribute("style", "background:\(css);align-self:stretch;flex:1 1 auto;min-height:1em")])
    }
}

/// A background material: translucent, blurring what is behind it
/// (`.background(.ultraThinMaterial)`).
///
/// ```swift
/// Text("Now playing")
///     .padding()
///     .background(.ultraThinMaterial)
/// ```
public struct Material: ShapeStyle, CSSPaint, Hashable {
    let opacity: Int
    let blur: Int

    public static let ultraThin = Material(opacity: 35, blur: 12)
    public static let thin = Material(opacity: 50, blur: 16)
    public static let regular = Material(opacity: 65, blur: 20)
    public static let thick = Material(opacity: 80, blur: 24)
    public static let ultraThick = Material(opacity: 90, blur: 28)
    public static let bar = Material(opacity: 75, blur: 20)

    var css: String { "color-mix(in srgb, Canvas \(opacity)%, transparent)" }
    var foreground: AttributeModifier { AttributeModifier() }
    /// A background of the page's colour, see-through, over a blur of what is behind.
    var backgroundStyles: [Attribute] {
        [Attribute("background", css), Attribute("backdrop-filter", "blur(\(blur)px)"), Attribute("-webkit-backdrop-filter", "blur(\(blur)px)")]
    }
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { .ultraThin }
    public static var thinMaterial: Material { .thin }
    public static var regularMaterial: Material { .regular }
    public static var thickMaterial: Material { .thick }
    public static var ultraThickMaterial: Material { .ultraThick }
    public static var bar: Material { .bar }
}

extension View {
    /// Adds padding to each edge by its inset.
    public func padding(_ insets: EdgeInsets) -> some View {
        modifier(AttributeModifier(styles: [
            Attribute("padding-top", "\(cssNumber(insets.top))px"), Attribute("padding-inline-start", "\(cssNumber(insets.leading))px"),
            Attribute("padding-bottom", "\(cssNumber(insets.bottom))px"), Attribute("padding-inline-end", "\(cssNumber(insets.trailing))px"),
        ]))
    }
}
