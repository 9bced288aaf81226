import StatehouseTesting
import Testing
@testable import StatehouseViews

/// `TabView`: tabs as links with the selected one in the URL; every tab keeps its state.
@MainActor
@Suite("TabView")
struct TabViewTests {
    enum Section: String, Codable, Hashable { case books, settings }

    struct Shelf: View {
        @State private var section = Section.books
        @State private var isOn = false
        var body: some View {
            TabView(selection: $section) {
                NavigationStack {
                    NavigationLink("Dune", value: "dune")
                        .navigationDestination(for: String.self) { Text("Book \($0)").accessibilityIdentifier("book") }
                }
                .tabItem { Text("Books") }
                .tag(Section.books)
                Toggle("Night mode", isOn: $isOn)
                    .tabItem { Text("Settings") }
                    .tag(Section.settings)
            }
        }
    }

    @Test("Tabs are links with the selected one marked; selecting a tab moves the URL's ?tab, and each tab keeps its state while hidden")
    func selecting() throws {
        let page = try ViewTest(Shelf(), location: PageLocation(base: "/shelf"))
        let tabs = page.elements(role: "tab")
        #expect(tabs.map(\.label) == ["Books", "Settings"])
        #expect(tabs.map { $0[attribute: "aria-selected"] } == ["true", "false"])
        #expect(tabs.map { $0[attribute: "href"] } == ["/shelf", "/shelf?tab=settings"])
        #expect(try page.toggle("Night mode").isEnabled == false, "the hidden tab's controls refuse events")
        try page.tab("Settings").click()
        #expect(page.tree.location.path == "/shelf?tab=settings")
        try page.toggle("Night mode").click()
        try page.tab("Books").click()
        #expect(page.tree.location.path == "/shelf")
        try page.tab("Settings").click()
        #expect(try page.toggle("Night mode")[attribute: "aria-checked"] == "true", "the tab kept its state")
    }

    @Test("The URL's tab is selected on load (an unknown one is not found); the stack in the selected tab writes the path, and Back across tabs selects the tab and the screen")
    func urlAndStacks() throws {
        let settings = try ViewTest(Shelf(), location: PageLocation(base: "/shelf", tab: "settings"))
        #expect(settings.tree.location.notFound == nil)
        #expect(try settings.toggle("Night mode").isEnabled)
        let unknown = try ViewTest(Shelf(), location: PageLocation(base: "/shelf", tab: "nope"))
        #expect(unknown.tree.location.notFound == "no tab 'nope' at /shelf")

        let page = try ViewTest(Shelf(), location: PageLocation(base: "/shelf", segments: ["dune"]))
        #expect(page.text("book") == "Book dune")
        try page.tab("Settings").click()
        #expect(page.tree.location.path == "/shelf?tab=settings")
        try page.tab("Books").click()
        #expect(page.tree.location.path == "/shelf/dune", "the stack kept its screen")
        try page.tab("Settings").click()
        try page.navigate(to: "/shelf/dune")
        #expect(page.tree.location.path == "/shelf/dune")
        #expect(page.elements(role: "tab").first?[attribute: "aria-selected"] == "true")
        try page.navigate(to: "/shelf?tab=settings")
        #expect(try page.toggle("Night mode").isEnabled)
        #expect(throws: EventError.self) { try page.navigate(to: "/shelf/dune?tab=settings") }
    }
}
