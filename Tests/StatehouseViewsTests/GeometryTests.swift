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
