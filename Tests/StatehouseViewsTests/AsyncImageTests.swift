import Foundation
import StatehouseTesting
import Testing
@testable import StatehouseViews

/// Issue 57.3: `AsyncImage` with its phases — all three in the page, the browser shows the one
/// its loading has reached.
@MainActor
@Suite struct AsyncImageTests {
    @Test("The phases' views are all in the page: the empty and failure ones hidden, the success one showing the image")
    func phasesAreRendered() throws {
        let url = try #require(URL(string: "https://example.com/cover.jpg"))
        let page = try ViewTest(AsyncImage(url: url) { phase in
            switch phase {
            case .empty: Text("loading").accessibilityIdentifier("empty")
            case .success(let image): image.resizable().accessibilityIdentifier("image")
            case .failure(let error): Text("failed: \(error is URLError)").accessibilityIdentifier("failure")
            }
        })
        let image = try page.element("image")
        #expect(image[attribute: "src"] == "https://example.com/cover.jpg")
        #expect(image[attribute: "class"] == "sh-image sh-resizable")
        #expect(page.text("empty") == "loading")
        #expect(page.text("failure") == "failed: true")
        let parts = page.elements.filter { $0.attributes.contains { $0.name == "data-sh-phase" } }
        #expect(parts.map { part in "\(part.attributes.first { $0.name == "data-sh-phase" }!.value) \(part.attributes.contains { $0.name == "hidden" })" }
                == ["empty true", "success false", "failure true"])
        #expect(page.elements.contains { $0.attributes.contains { $0.name == "data-sh-async" } })
    }

    @Test("A nil URL is the failure phase; content and placeholder: the placeholder stands for empty and failure")
    func nilURLAndPlaceholder() throws {
        let missing = try ViewTest(AsyncImage(url: nil) { phase in
            if phase.error != nil { Text("no URL").accessibilityIdentifier("failure") }
        })
        #expect(missing.text("failure") == "no URL")
        let url = try #require(URL(string: "https://example.com/a.png"))
        let page = try ViewTest(AsyncImage(url: url) { $0.resizable() } placeholder: { Text("wait") })
        #expect(page.elements.filter { $0.text == "wait" }.count >= 2)
        #expect(page.elements.contains { $0.tag == "img" && $0.attributes.contains { $0.name == "src" && $0.value == "https://example.com/a.png" } })
    }
}
