import Foundation
import StatehouseTesting
import Testing
@testable import StatehouseGallery
@testable import StatehouseViews

/// Shapes as inline SVG.
@MainActor
@Suite("Shapes")
struct ShapeTests {
    @Test("Path writes SVG path data: lines, curves, closed subpaths; arcs as SwiftUI draws them (clockwise: false turns clockwise on the screen)")
    func pathData() {
        let triangle = Path { path in
            path.move(to: CGPoint(x: 20, y: 0))
            path.addLine(to: CGPoint(x: 40, y: 40))
            path.addLine(to: CGPoint(x: 0, y: 40))
            path.closeSubpath()
        }
        #expect(triangle.svgData == "M20 0L40 40L0 40Z")
        var quarter = Path()
        quarter.addArc(center: CGPoint(x: 50, y: 50), radius: 50, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
        #expect(quarter.svgData == "M100 50A50 50 0 0 1 50 100", "from 3 o'clock down to 6 o'clock: sweep flag 1")
        var back = Path()
        back.addArc(center: CGPoint(x: 50, y: 50), radius: 50, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: true)
        #expect(back.svgData == "M100 50A50 50 0 1 0 50 100", "the long way round, the other direction")
        var whole = Path()
        whole.addArc(center: CGPoint(x: 50, y: 50), radius: 10, startAngle: .zero, endAngle: .degrees(360), clockwise: false)
        #expect(whole.svgData == "M60 50A10 10 0 0 1 40 50A10 10 0 0 1 60 50", "a whole turn is two half arcs")
        // Any angle, at once: a sweep against the direction is taken modulo a turn (one of
        // -1e300 degrees, from a stored value, looped a turn at a time for good); angles that
        // are not numbers draw nothing.
        for (end, expected) in [(-1e300, Angle.degrees(-1e300).radians.truncatingRemainder(dividingBy: 2 * .pi) + 2 * .pi),
                                (-270, Double.pi / 2), (-720, 0)] {
            var far = Path(), near = Path()
            far.addArc(center: CGPoint(x: 50, y: 50), radius: 50, startAngle: .zero, endAngle: .degrees(end), clockwise: false)
            near.addArc(center: CGPoint(x: 50, y: 50), radius: 50, startAngle: .zero, endAngle: .radians(expected), clockwise: false)
            #expect(far.svgData == near.svgData, "\(end)°")
        }
        for angle in [Double.nan, .infinity, -.infinity] {
            var path = Path()
            path.addArc(center: CGPoint(x: 50, y: 50), radius: 50, startAngle: .zero, endAngle: .radians(angle), clockwise: true)
            #expect(path.isEmpty, "\(angle)")
        }
        var curve = Path()
        curve.move(to: .zero)
        curve.addCurve(to: CGPoint(x: 10, y: 10), control1: CGPoint(x: 0, y: 5), control2: CGPoint(x: 5.5, y: 10))
        #expect(curve.svgData == "M0 0C0 5 5.5 10 10 10")
    }

    @Test("/shapes: a custom Shape is an <svg> in a 100×100 viewBox with its path; trim and stroke become SVG styles; built-in shapes fill their frame")
    func shapesPage() throws {
        let page = try ViewTest(ShapesSeed.ShapesView())
        let ring = try page.element("ring")
        #expect(ring.element.tag == "svg" && ring[attribute: "viewBox"] == "0 0 100 100")
        let arc = try #require(page.elements.first { $0.parentID == ring.id })
        #expect(arc.tag == "path" && arc[attribute: "d"]?.hasPrefix("M50 4A46 46 0 1 1 ") == true, "70% of the way round: the large arc")
        #expect(arc[attribute: "style"]?.contains("stroke-linecap:round") == true)
        let trimmed = try page.element("trimmed")
        #expect(trimmed[attribute: "style"]?.contains("transform:rotate(-90deg)") == true)
        let circle = try #require(page.elements.first { $0.parentID == trimmed.id })
        #expect(circle.tag == "circle" && circle[attribute: "pathLength"] == "1")
        #expect(circle[attribute: "style"]?.contains("stroke-dasharray:0.7 2") == true)
        #expect(page.html.contains(#"<rect id="#) && page.html.contains(#"rx="10" ry="10""#))
        #expect(try #require(page.elements.first { $0.parentID == (try? page.element("triangle"))?.id })[attribute: "d"] == "M20 0L40 40L0 40Z")
        try page.slider("Progress").drag(through: ["0.25"])
        #expect(page.text("ring-value") == "25%")
        let quarter = try #require(page.elements.first { $0.parentID == ring.id })
        #expect(quarter[attribute: "d"] == "M50 4A46 46 0 0 1 96 50", "a quarter from twelve o'clock to three")
    }
}

/// Custom styles with a `Configuration` (issue 21): `LabelStyle`, `ToggleStyle`,
/// `ProgressViewStyle`, and the built-in styles of each.
@MainActor
@Suite("Custom styles")
struct CustomStyleTests {
    @Test("/shapes: a custom ProgressViewStyle draws the ring from fractionCompleted and follows the slider")
    func progressViewStyle() throws {
        let page = try ViewTest(ShapesSeed.ShapesView())
        let gauge = try page.element("styled-progress")
        #expect(gauge[attribute: "class"] == "sh-zstack", "the style's body (a ZStack) replaces the bar")
        #expect(gauge[attribute: "aria-valuetext"] == "70 percent")
        #expect(!page.html.contains("<progress"))
        #expect(page.elements.contains { $0.parentID == gauge.id && $0.text == "70" })
        try page.slider("Progress").drag(through: ["0.25"])
        #expect(try page.element("styled-progress")[attribute: "aria-valuetext"] == "25 percent", "made again with the new fraction")
        #expect(page.elements.contains { $0.parentID == gauge.id && $0.text == "25" })
    }

    @Test("A custom LabelStyle composes icon and title; .iconOnly keeps the title for screen readers; .titleOnly drops the icon")
    func labelStyles() throws {
        let page = try ViewTest(ShapesSeed.ShapesView())
        let play = try page.element("stacked-play")
        let stack = try #require(page.elements.first { $0.parentID == play.id })
        #expect(stack[attribute: "class"] == "sh-vstack", "Stacked: a VStack inside the label")
        #expect(page.elements.contains { $0.parentID == stack.id && $0.tag == "svg" })
        #expect(page.elements.contains { $0.parentID == stack.id && $0.text == "Play" && $0[attribute: "class"]?.contains("sh-font-caption") == true })
        let trash = try page.element("icon-only")
        let hidden = try #require(page.elements.first { $0.parentID == trash.id && $0[attribute: "class"] == "sh-visually-hidden" })
        #expect(hidden.text == "Trash", "the inner .iconOnly wins over the outer Stacked()")
        let titleOnly = try ViewTest(Label("Inbox", systemImage: "star").labelStyle(.titleOnly))
        #expect(!titleOnly.html.contains("<svg") && titleOnly.html.contains(">Inbox</span>"))
        let plain = try ViewTest(Label("Inbox", systemImage: "star"))
        #expect(plain.html.contains("<svg") && plain.html.contains(">Inbox</span>"), "no style: icon and title")
    }

    @Test("A custom ToggleStyle gets the binding: its button turns the toggle on and off")
    func toggleStyle() throws {
        let page = try ViewTest(ShapesSeed.ShapesView())
        let star = try page.element("star")
        #expect(star.element.tag == "button")
        let filled = #"<path d="M12 3l2.7"#  // Image(systemName: "star.fill")'s path; "star" is an outline
        #expect(!page.html.contains(filled))
        try star.click()
        #expect(page.html.contains(filled), "configuration.isOn.toggle() set the binding: the star is filled")
        try page.element("star").click()
        #expect(!page.html.contains(filled), "and off again")
    }

    struct Highlighted: PrimitiveButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            configuration.label
                .padding(6)
                .background(Color.yellow)
                .onTapGesture { configuration.trigger() }
        }
    }

    struct Framed: PrimitiveButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            Button(configuration).padding(2).border(Color.gray)
        }
    }

    struct Taps: View {
        @State private var taps = 0
        var body: some View {
            Text("taps \(taps)").accessibilityIdentifier("taps")
            Text("Tap me").onTapGesture { taps += 1 }.accessibilityIdentifier("tap")
            Button("Save") { taps += 10 }.buttonStyle(Highlighted()).accessibilityIdentifier("save")
            Button("Framed") { taps += 100 }.buttonStyle(Framed()).accessibilityIdentifier("framed")
        }
    }

    @Test(".onTapGesture makes the view a plain button (keyboard and no-JavaScript included); a PrimitiveButtonStyle of your own replaces the button and trigger() runs its action; Button(configuration) inside it is a plain button, not the style again")
    func tapsAndPrimitiveStyles() throws {
        let page = try ViewTest(Taps())
        let tap = try page.element("tap")
        #expect(tap.element.tag == "button" && tap[attribute: "class"]?.contains("sh-plain") == true)
        try tap.click()
        #expect(page.text("taps") == "taps 1")
        let save = try page.element("save")
        #expect(save.element.tag == "button", "the style's onTapGesture is the button")
        #expect(save[attribute: "style"]?.contains("background:#ffcc00") == true || page.html.contains("background:#ffcc00"))
        try save.click()
        #expect(page.text("taps") == "taps 11")
        try page.button("Framed").click()
        #expect(page.text("taps") == "taps 111")
        #expect(page.elements.filter { $0.tag == "button" }.count == 3, "no button inside a button, no recursion")
    }

    struct Nested: View {
        var body: some View {
            VStack {
                Button("Inner") {}.buttonStyle(.bordered).accessibilityIdentifier("inner")
                Button("Outer") {}.accessibilityIdentifier("outer")
            }
            .buttonStyle(Highlighted())
        }
    }

    @Test("The innermost button style wins, whatever its kind: a built-in style inside a PrimitiveButtonStyle of your own gives a plain bordered button")
    func innermostButtonStyle() throws {
        let page = try ViewTest(Nested())
        #expect(page.html.contains("background:#ffcc00"), "the outer button gets the custom style")
        let inner = try page.element("inner")
        #expect(inner.element.tag == "button" && inner[attribute: "class"]?.contains("sh-bordered") == true)
        #expect(page.elements.filter { $0.parentID == inner.id && $0.tag == "button" }.isEmpty, "not the custom style's button around it")
        #expect(page.html.components(separatedBy: "background:#ffcc00").count == 2, "one button styled, not two")
    }

    struct Toggles: View {
        @State var a = false
        @State var b = true
        var body: some View {
            VStack {
                Toggle("Checkbox", isOn: $a).toggleStyle(.checkbox).accessibilityIdentifier("a")
                Toggle("Pressed", isOn: $b).toggleStyle(.button).accessibilityIdentifier("b")
                Toggle("Switch", isOn: $a).toggleStyle(.switch).accessibilityIdentifier("c")
                ProgressView(value: 0.5).progressViewStyle(.circular).accessibilityIdentifier("d")
                ProgressView(value: 0.5).progressViewStyle(.linear)
            }
        }
    }

    @Test("Built-in toggle styles: .checkbox is role=checkbox, .button is a button with aria-pressed, .switch the switch; progress .circular and .linear are <progress>")
    func builtInStyles() throws {
        let page = try ViewTest(Toggles())
        #expect(page.html.contains(#"role="checkbox" aria-checked="false""#))
        #expect(page.html.contains(#"class="sh-togglebutton" type="submit" role="button" aria-pressed="true""#))
        #expect(page.html.contains(#"role="switch" aria-checked="false""#))
        try page.element("a").click()
        #expect(page.html.contains(#"role="checkbox" aria-checked="true""#))
        #expect(page.html.contains(#"role="switch" aria-checked="true""#), "one binding, two toggles")
        try page.element("b").click()
        #expect(page.html.contains(#"aria-pressed="false""#))
        #expect(page.html.contains(#"class="sh-progressbar sh-circular""#))
        #expect(page.html.components(separatedBy: "<progress").count == 3)
    }
}

/// Gradients, `strokeBorder`, `clipShape`, `mask` and materials (issue 21), as CSS.
@MainActor
@Suite("Drawing with CSS")
struct DrawingTests {
    @Test("A linear gradient's direction is a CSS angle (0° up, clockwise) from its start and end points; stops at their locations")
    func linearAngles() {
        #expect(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom).css == "linear-gradient(180deg,#ff3b30 0%,#007aff 100%)")
        #expect(LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing).css.hasPrefix("linear-gradient(90deg,"))
        #expect(LinearGradient(colors: [.red, .blue], startPoint: .bottom, endPoint: .top).css.hasPrefix("linear-gradient(0deg,"))
        #expect(LinearGradient(colors: [.red, .blue], startPoint: .topLeading, endPoint: .bottomTrailing).css.hasPrefix("linear-gradient(135deg,"))
        let three = LinearGradient(stops: [.init(color: .red, location: 0), .init(color: .green, location: 0.25), .init(color: .blue, location: 1)],
                                   startPoint: .leading, endPoint: .trailing)
        #expect(three.css == "linear-gradient(90deg,#ff3b30 0%,#34c759 25%,#007aff 100%)")
        #expect(Gradient(colors: [.red, .green, .blue]).stops.map(\.location) == [0, 0.5, 1])
    }

    @Test("Radial stops lie between the start and end radius in points; angular starts at three o'clock as SwiftUI's (CSS conic starts at twelve)")
    func radialAndAngular() {
        #expect(RadialGradient(colors: [.white, .black], center: .topLeading, startRadius: 10, endRadius: 60).css
                == "radial-gradient(circle at 0% 0%,#fff 10px,#000 60px)")
        #expect(AngularGradient(colors: [.red, .blue], center: .center).css == "conic-gradient(from 90deg at 50% 50%,#ff3b30 0deg,#007aff 360deg)")
        #expect(AngularGradient(colors: [.red, .blue], center: .center, startAngle: .degrees(-90), endAngle: .degrees(90)).css
                == "conic-gradient(from 0deg at 50% 50%,#ff3b30 0deg,#007aff 180deg)")
    }

    @Test("/shapes: a gradient fill is a <div> cut to the shape; strokeBorder a border inside the edge; clipShape, mask, materials and gradient text are CSS")
    func shapesPage() throws {
        let page = try ViewTest(ShapesSeed.ShapesView())
        let circle = try page.element("gradient-circle")
        #expect(circle.element.tag == "div")
        #expect(circle[attribute: "style"]?.hasPrefix("background:linear-gradient(180deg,#007aff 0%,#af52de 100%);clip-path:circle(closest-side)") == true)
        let bordered = try page.element("bordered")
        #expect(bordered[attribute: "style"]?.hasPrefix("border:4px solid #ff9500;box-sizing:border-box;border-radius:12px") == true)
        #expect(try page.element("conic-ring")[attribute: "style"]?.hasPrefix("background:conic-gradient(from 90deg") == true)
        let clipped = try page.element("clipped")
        #expect(clipped[attribute: "style"]?.contains("clip-path:inset(0 round 9999px)") == true)
        #expect(clipped[attribute: "style"]?.contains("background:radial-gradient(circle at 50% 50%,#ffcc00 0px,#ff9500 50px)") == true)
        #expect(try page.element("faded")[attribute: "style"]?.contains("mask-image:linear-gradient(90deg,#000 0%,transparent 100%)") == true)
        #expect(try page.element("material")[attribute: "style"]?.contains("backdrop-filter:blur(12px)") == true)
        let text = try page.element("gradient-text")
        #expect(text[attribute: "style"]?.contains("background-clip:text;color:transparent") == true)
    }

    @Test("A custom shape cuts by a mask of its path, scaled as the shape is drawn; a Path in points keeps SVG")
    func customShapeMask() throws {
        let page = try ViewTest(ShapesSeed.Ring(progress: 0.5).fill(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)))
        #expect(page.html.contains("mask:url(&quot;data:image/svg+xml,%3Csvg xmlns=&#39;http://www.w3.org/2000/svg&#39; viewBox=&#39;0 0 100 100&#39;"))
        #expect(page.html.contains("%3Cpath d=&#39;M50 4A46 46 0 0 1 50 96&#39;/%3E"))
        let path = try ViewTest(Path { $0.addRect(CGRect(x: 0, y: 0, width: 10, height: 10)) }.fill(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)))
        #expect(path.html.contains("<svg") && path.html.contains("fill:#ff3b30"), "a Path in points stays SVG, filled with the gradient's first colour")
    }
}
