import StatehouseTesting
import Testing
@testable import StatehouseViews

/// Issue 57: gestures as a browser offers them.
@MainActor
@Suite struct GestureTests {
    struct Row: View {
        @State private var log: [String] = []
        var body: some View {
            Text("Note").accessibilityIdentifier("note")
                .contextMenu {
                    Button("Duplicate") { log.append("duplicated") }.accessibilityIdentifier("duplicate")
                }
            Text("Mail").accessibilityIdentifier("mail")
                .swipeActions(edge: .leading) { Button("Archive") { log.append("archived") }.accessibilityIdentifier("archive") }
            Text("Hold").accessibilityIdentifier("hold")
                .onLongPressGesture { log.append("pressed") }
            Text(log.joined(separator: ",")).accessibilityIdentifier("log")
        }
    }

    @Test("A context menu is a More actions menu after its view; swipe actions are buttons at their edge; a long press is a press")
    func gestures() throws {
        let page = try ViewTest(Row())
        let html = page.html
        let note = try #require(html.range(of: ">Note</span>")), menu = try #require(html.range(of: #"<details"#))
        #expect(note.lowerBound < menu.lowerBound, "the menu button follows its view")
        #expect(html.contains(#"aria-label="More actions""#))
        let archive = try #require(html.range(of: ">Archive</button>")), mail = try #require(html.range(of: ">Mail</span>"))
        #expect(archive.lowerBound < mail.lowerBound, "leading actions come first")
        try page.click("duplicate")
        try page.click("archive")
        try page.click(try #require(page.elements.first { $0.text == "Hold" && $0.tag == "button" }).id)
        #expect(page.text("log") == "duplicated,archived,pressed")
    }
}
