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
