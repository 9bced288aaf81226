import Foundation
import StatehouseTesting
import Testing
@testable import StatehouseGallery
@testable import StatehouseViews

/// Issue 58.5: query items of the page's URL readable and writable from views (`@URLQuery`):
/// read from the URL the page was loaded with, written back into it (replacing, not pushing),
/// taken again from the URL Back or Forward goes to.
@MainActor
@Suite struct URLQueryTests {
    struct Search: View {
        @URLQuery("q") var search = ""
        @URLQuery("page") var page = 1
        @URLQuery("filter") var filter: String?
        var body: some View {
            TextField("Search", text: $search).accessibilityIdentifier("field")
            Text(verbatim: "q=\(search) page=\(page) filter=\(filter ?? "none")").accessibilityIdentifier("shown")
            Button("Next page") { page += 1 }.accessibilityIdentifier("next")
            Button("First page") { page = 1 }.accessibilityIdentifier("first")
        }
    }

    @Test("Items come from the URL the page was loaded with; one that does not read as its type is the default; tab is not an item")
    func readFromTheURL() throws {
        let page = try ViewTest(Search(), location: PageLocation(base: "/find", tab: nil, query: ["q": "dune", "page": "2", "tab": "x"]))
        #expect(page.text("shown") == "q=dune page=2 filter=none")
        let unreadable = try ViewTest(Search(), location: PageLocation(base: "/find", query: ["page": "two", "filter": "new"]))
        #expect(unreadable.text("shown") == "q= page=1 filter=new")
    }

    @Test("A write changes the URL's query (sorted, escaped) and not its path's version: the browser replaces its entry; the default removes the item")
    func writeToTheURL() throws {
        let location = PageLocation(base: "/find")
        let page = try ViewTest(Search(), location: location)
        let (version, queryVersion) = (location.version, location.queryVersion)
        try page.type("Dune & Emma", into: "field")
        #expect(page.text("shown") == "q=Dune & Emma page=1 filter=none")
        #expect(location.path == "/find?q=Dune%20%26%20Emma")
        try page.click("next")
        #expect(location.path == "/find?page=2&q=Dune%20%26%20Emma")
        #expect(location.version == version, "no navigation: no history entry")
        #expect(location.queryVersion > queryVersion)
        try page.click("first")
        try page.type("", into: "field")
        #expect(location.path == "/find", "default values leave the URL")
    }

    @Test("Back or Forward to a URL with other items shows them")
    func navigationTakesTheItems() throws {
        let location = PageLocation(base: "/find", query: ["q": "emma"])
        let page = try ViewTest(Search(), location: location)
        try page.navigate(to: "/find?q=middle+march&page=3")
        #expect(page.text("shown") == "q=middle march page=3 filter=none")
        try page.navigate(to: "/find")
        #expect(page.text("shown") == "q= page=1 filter=none")
    }

    @Test("The bookshelf's search is kept in ?q=: the list shows the books it finds")
    func bookshelfSearch() throws {
        let shelf = BookshelfSeed.BookshelfView(books: .constant(BookshelfSeed.initialBooks))
        let page = try ViewTest(shelf, location: PageLocation(base: "/bookshelf", query: ["q": "em"]))
        #expect(page.elements(role: "link").map(\.text).contains("Emma"))
        #expect(!page.elements(role: "link").map(\.text).contains("Dune"))
    }
}

/// Issue 58.5: `openURL` from a view's action, and `.onOpenURL` with the URL the page was
/// loaded with.
@MainActor
@Suite struct OpenURLTests {
    struct Opener: View {
        @Environment(\.openURL) private var openURL
        @State private var opened = "nothing"
        @State private var loadedWith = "none"
        var body: some View {
            Button("Docs") { openURL(URL(string: "https://swift.org/documentation/")!) }.accessibilityIdentifier("docs")
            Button("Script") { openURL(URL(string: "javascript:alert(1)")!) { opened = $0 ? "opened" : "refused" } }
                .accessibilityIdentifier("script")
            Button("Orders") { openURL(URL(string: "/orders")!) }.accessibilityIdentifier("orders")
            Text(opened).accessibilityIdentifier("opened")
            Text(loadedWith).accessibilityIdentifier("loaded")
                .onOpenURL { loadedWith = $0.relativeString }
        }
    }

    @Test("openURL asks the page to send the browser there, once; a javascript: URL is refused and its completion told so")
    func openURL() throws {
        let location = PageLocation(base: "/")
        let page = try ViewTest(Opener(), location: location)
        try page.click("docs")
        #expect(location.takeOpenURL()?.absoluteString == "https://swift.org/documentation/")
        #expect(location.takeOpenURL() == nil, "once")
        try page.click("orders")
        #expect(location.takeOpenURL()?.relativeString == "/orders")
        try page.click("script")
        #expect(location.takeOpenURL() == nil)
        #expect(page.text("opened") == "refused")
    }

    @Test("A custom openURL handler below takes the URLs: handled opens nothing; systemAction opens another")
    func customHandler() throws {
        let location = PageLocation(base: "/")
        let handled = try ViewTest(Opener().environment(\.openURL, OpenURLAction { _ in .handled }), location: location)
        try handled.click("docs")
        #expect(location.takeOpenURL() == nil)
        let other = PageLocation(base: "/")
        let redirected = try ViewTest(Opener().environment(\.openURL, OpenURLAction { _ in .systemAction(URL(string: "/elsewhere")!) }), location: other)
        try redirected.click("docs")
        #expect(other.takeOpenURL()?.relativeString == "/elsewhere")
    }

    @Test(".onOpenURL is called with the URL the page was loaded with")
    func onOpenURL() throws {
        let location = PageLocation(base: "/")
        location.loadedURL = URL(string: "/?from=mail")
        let page = try ViewTest(Opener(), location: location)
        #expect(page.text("loaded") == "/?from=mail")
    }
}
