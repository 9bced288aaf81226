import Foundation

/// A colour or pattern to use when rendering a shape (text colour, background).
///
/// ```swift
/// Text(subtitle).foregroundStyle(.secondary)
/// Circle().fill(Color.green)
/// Text("Now playing").padding().background(.ultraThinMaterial)
/// ```
public protocol ShapeStyle: Sendable {}

/// What a shape style is in CSS.
protocol CSSPaint {
    var css: String { get }
    var foreground: AttributeModifier { get }
    /// The declarations of a background in this style.
    var backgroundStyles: [Attribute] { get }
}

extension CSSPaint {
    var backgroundStyles: [Attribute] { [Attribute("background", css)] }
}

/// A colour.
///
/// ```swift
/// .background(isPlaying ? Color.green : Color.red)
/// ```
public struct Color: ShapeStyle, Hashable, CSSPaint {
    let css: String

    init(css: String) { self.css = css }

    /// Creates a colour from red, green and blue components in 0…1.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func byte(_ value: Double) -> Int { Int((max(0, min(1, value)) * 255).rounded()) }
        css = "rgb(\(byte(red)) \(byte(green)) \(byte(blue)) / \(cssNumber(CGFloat(max(0, min(1, opacity))))))"
    }

    /// A colour named in the app's asset catalog (`Assets.xcassets/Brand.colorset`): its light
    /// colour, and its dark appearance's where the page is dark (CSS `light-dark()`). A name the
    /// catalog lacks is the CSS custom property `--sh-color-NAME` (define it in your style
    /// sheet), falling back to the accent colour.
    public init(_ name: String, bundle: Bundle? = nil) {
        if let css = AssetCatalog.main.color(named: name, bundle: bundle) {
            self.css = css
            return
        }
        let safe = String(name.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "-" })
        css = "var(--sh-color-\(safe),var(--sh-accent))"
    }

    /// Creates a grey from white in 0…1.
    public init(white: Double, opacity: Double = 1) { self.init(red: white, green: white, blue: white, opacity: opacity) }

    public static let red = Color(css: "#ff3b30")
    public static let orange = Color(css: "#ff9500")
    public static let yellow = Color(css: "#ffcc00")
    public static let green = Color(css: "#34c759")
    public static let mint = Color(css: "#00c7be")
    public static let teal = Color(css: "#30b0c7")
    public static let cyan = Color(css: "#32ade6")
    public static let blue = Color(css: "#007aff")
    public static let indigo = Color(css: "#5856d6")
    public static let purple = Color(css: "#af52de")
    public static let pink = Color(css: "#ff2d55")
    public static let brown = Color(css: "#a2845e")
    public static let gray = Color(css: "#8e8e93")
    public static let black = Color(css: "#000")
    public static let white = Color(css: "#fff")
    public static let clear = Color(css: "transparent")
    public static let primary = Color(css: "var(--sh-primary)")
    public static let secondary = Color(css: "var(--sh-secondary)")
    public static let accentColor = Color(css: "var(--sh-accent)")

    /// Returns the colour with the given opacity.
    public func opacity(_ opacity: Double) -> Color {
        Color(css: "color-mix(in srgb, \(css) \(cssNumber(CGFloat(max(0, min(1, opacity)) * 100)))%, transparent)")
    }

    var foreground: AttributeModifier { AttributeModifier(styles: [Attribute("color", css)]) }
}

extension Color: View, ElementView {
    func element(in environment: EnvironmentValues) -> ElementSpec {
        ElementSpec("div", [Attribute("class", "sh-color"), Attribute("style", "background:\(css);align-self:stretch;flex:1 1 auto;min-height:1em")])
    }
}

extension ShapeStyle where Self == Color {
    public static var red: Color { .red }
    public static var orange: Color { .orange }
    public static var yellow: Color { .yellow }
    public static var green: Color { .green }
    public static var blue: Color { .blue }
    public static var purple: Color { .purple }
    public static var pink: Color { .pink }
    public static var gray: Color { .gray }
    public static var black: Color { .black }
    public static var white: Color { .white }
    public static var clear: Color { .clear }
    public static var accentColor: Color { .accentColor }
}

/// A style that maps to the current foreground style at a level of the hierarchy:
/// `.primary`, `.secondary`, `.tertiary`, `.quaternary`.
///
/// ```swift
/// Text(subtitle)
///     .foregroundStyle(.secondary)
/// ```
public struct HierarchicalShapeStyle: ShapeStyle, Hashable, CSSPaint {
    let level: String
    public static let primary = HierarchicalShapeStyle(level: "primary")
    public static let secondary = HierarchicalShapeStyle(level: "secondary")
    public static let tertiary = HierarchicalShapeStyle(level: "tertiary")
    public static let quaternary = HierarchicalShapeStyle(level: "quaternary")

    var css: String { "var(--sh-\(level))" }
    var foreground: AttributeModifier { Self.foregrounds[level] ?? AttributeModifier(classes: ["sh-fg-\(level)"]) }

    /// Each level's modifier, built once (a body that sets one builds no list, string or box).
    private static let foregrounds = Dictionary(uniqueKeysWithValues: [primary, secondary, tertiary, quaternary].map {
        ($0.level, AttributeModifier(classes: ["sh-fg-\($0.level)"]))
    })
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

/// An environment-dependent font: Apple's text styles, or a system font of a size.
///
/// ```swift
/// Text("Total").font(.headline)
/// Text(price).font(.system(size: 28, weight: .bold))
/// ```
public struct Font: Hashable, Sendable {
    /// The text style's CSS class (`sh-font-largeTitle`), whole: a body that sets a font
    /// builds no string.
    let className: String?
    let size: CGFloat?
    let weight: Weight?

    public static let largeTitle = Font(className: "sh-font-largeTitle", size: nil, weight: nil)
    public static let title = Font(className: "sh-font-title", size: nil, weight: nil)
    public static let title2 = Font(className: "sh-font-title2", size: nil, weight: nil)
    public static let title3 = Font(className: "sh-font-title3", size: nil, weight: nil)
    public static let headline = Font(className: "sh-font-headline", size: nil, weight: nil)
    public static let subheadline = Font(className: "sh-font-subheadline", size: nil, weight: nil)
    public static let body = Font(className: "sh-font-body", size: nil, weight: nil)
    public static let callout = Font(className: "sh-font-callout", size: nil, weight: nil)
    public static let footnote = Font(className: "sh-font-footnote", size: nil, weight: nil)
    public static let caption = Font(className: "sh-font-caption", size: nil, weight: nil)
    public static let caption2 = Font(className: "sh-font-caption2", size: nil, weight: nil)

    /// Each text style's modifier, built once (a body that sets one builds no list or box).
    private static let textStyles = Dictionary(uniqueKeysWithValues: [largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2].map {
        ($0.className!, AttributeModifier(classes: [$0.className!]))
    })

    /// A system font of the given size and weight.
    public static func system(size: CGFloat, weight: Weight? = nil) -> Font { Font(className: nil, size: size, weight: weight) }

    /// The font with the given weight.
    public func weight(_ weight: Weight) -> Font { Font(className: className, size: size, weight: weight) }
    /// The font, bold.
    public func bold() -> Font { weight(.bold) }

    /// A font weight.
    ///
    /// ```swift
    /// Text(price).font(.body.weight(.semibold))
    /// ```
    public struct Weight: Hashable, Sendable {
        let value: Int
        public static let ultraLight = Weight(value: 100)
        public static let thin = Weight(value: 200)
        public static let light = Weight(value: 300)
        public static let regular = Weight(value: 400)
        public static let medium = Weight(value: 500)
        public static let semibold = Weight(value: 600)
        public static let bold = Weight(value: 700)
        public static let heavy = Weight(value: 800)
        public static let black = Weight(value: 900)
    }

    var modifier: AttributeModifier {
        if size == nil, weight == nil, let className, let shared = Self.textStyles[className] { return shared }
        var styles: [Attribute] = []
        if let size { styles.append(Attribute("font-size", "\(cssNumber(size))px")) }
        if let weight { styles.append(Attribute("font-weight", String(weight.value))) }
        return AttributeModifier(classes: className.map { [$0] } ?? [], styles: styles)
    }
}
