import Foundation
import StatehouseTesting
import Testing
@testable import StatehouseViews

/// Issue 57.4: `GeometryReader` — sizes reported by the browser, a default before the first
/// report and without JavaScript.
@MainActor
@Suite struct GeometryTests {
    struct Bar: View {
        var body: some View {
            GeometryReader { proxy in
                Text("\(Int(proxy.size.width))x\(Int(proxy.size.height))").accessibilityIdentifier("size")
                Text("\(Int(proxy.frame(in: .global).width))").accessibilityIdentifier("frame")
            }
            .accessibilityIdentifier("reader")
        }
    }

    @Test("Before a report the content sees the assumed 800 × 600; a resize event gives it the browser's size")
    func reportedSize() throws {
        let page = try ViewTest(Bar())
        #expect(page.text("size") == "800x600")
        let reader = try page.element("reader")
        #expect(reader[attribute: "data-sh-measure"] == "")
        #expect(reader[attribute: "class"] == "sh-geometry")
        try page.send(Event(target: "reader", type: .resize, value: "390x120"))
        #expect(page.text("size") == "390x120")
        #expect(page.text("frame") == "390")
        try page.send(Event(target: "reader", type: .resize, value: "390x120"))
        #expect(page.lastFragments.isEmpty, "the same size again changes nothing")
    }

    @Test("A resize that is no size is refused and changes nothing; a resize to an element that does not measure is unsupported")
    func badSizes() throws {
        let page = try ViewTest(Bar())
        for value in ["390", "x", "390x", "-1x10", "10x1e9", "nanx10", "390 x 120"] {
            #expect(throws: EventError.self, "\(value)") { try page.send(Event(target: "reader", type: .resize, value: value)) }
        }
        #expect(page.text("size") == "800x600")
        #expect(throws: EventError.unsupported(type: .resize, target: "size")) {
            try page.send(Event(target: "size", type: .resize, value: "10x10"))
        }
    }
}

/// Issue 57.4: `ViewThatFits`, `.containerRelativeFrame`, `.safeAreaInset`.
@MainActor
@Suite struct ContainerLayoutTests {
    struct Fits: View {
        var body: some View {
            ViewThatFits(in: .horizontal) {
                HStack { Text("A long line"); Text("and more") }.accessibilityIdentifier("wide")
                Text("Short").accessibilityIdentifier("narrow")
            }
            .accessibilityIdentifier("fits")
        }
    }

    @Test("ViewThatFits puts every child in the page, in order, under an element the browser measures (its axis named)")
    func viewThatFits() throws {
        let page = try ViewTest(Fits())
        let fits = try page.element("fits")
        #expect(fits[attribute: "class"] == "sh-fits")
        #expect(fits[attribute: "data-sh-fits"] == "horizontal")
        let html = page.html
        let wide = try #require(html.range(of: #"id="wide""#)), narrow = try #require(html.range(of: #"id="narrow""#))
        #expect(wide.lowerBound < narrow.lowerBound)
        #expect(try ViewTest(ViewThatFits { Text("x") }).html.contains(#"data-sh-fits="both""#))
        #expect(try ViewTest(ViewThatFits(in: .vertical) { Text("x") }).html.contains(#"data-sh-fits="vertical""#))
    }

    @Test("containerRelativeFrame(count:span:spacing:) is SwiftUI's length in container units: (100cqw - gaps) / count × span + inner gaps")
    func containerRelativeFrame() throws {
        let third = try ViewTest(Text("Card").containerRelativeFrame(.horizontal, count: 3, span: 2, spacing: 10).accessibilityIdentifier("card"))
        #expect(try third.element("card")[attribute: "style"] == "box-sizing:border-box;flex-shrink:0;width:calc((100cqw - 20px) / 3 * 2 + 10px)")
        let whole = try ViewTest(Text("Page").containerRelativeFrame([.horizontal, .vertical]).accessibilityIdentifier("page"))
        #expect(try whole.element("page")[attribute: "style"]
                == "box-sizing:border-box;flex-shrink:0;width:calc((100cqw - 0px) / 1 * 1 + 0px);height:calc((100cqh - 0px) / 1 * 1 + 0px)")
    }

    @Test("safeAreaInset(edge: .bottom) puts its bar after the view, marked for its edge; .top before it")
    func safeAreaInset() throws {
        let bottom = try ViewTest(Text("List").accessibilityIdentifier("list").safeAreaInset(edge: .bottom) { Text("Bar").accessibilityIdentifier("bar") })
        let html = bottom.html
        let list = try #require(html.range(of: #"id="list""#)), bar = try #require(html.range(of: #"class="sh-safe-area-inset" style="align-items:center" data-edge="bottom"><span id="bar""#))
        #expect(list.lowerBound < bar.lowerBound)
        let top = try ViewTest(Text("List").accessibilityIdentifier("list").safeAreaInset(edge: .top) { Text("Bar") }).html
        #expect(try #require(top.range(of: #"data-edge="top""#)).lowerBound < #require(top.range(of: #"id="list""#)).lowerBound)
    }
}

