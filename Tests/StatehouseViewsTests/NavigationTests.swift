import StatehouseTesting
import Testing
@testable import StatehouseViews

/// An object a pushed screen keeps in `@State`, to watch it go when the screen is popped.
@MainActor
final class ScreenProbe {
    static var kept: [Weak] = []
    struct Weak { weak var probe: ScreenProbe? }
    static var alive: Int { kept.filter { $0.probe != nil }.count }
}

/// `NavigationStack`, `NavigationLink`, `navigationDestination`, `dismiss` and the page's URL.
@MainActor
@Suite("Navigation", .serialized)
struct NavigationTests {
    static let books = ["dune": "Dune", "emma": "Emma", "ulysses": "Ulysses"]

    struct Detail: View {
        let title: String
        let journal: Journal
        @State private var probe = ScreenProbe()
        @State private var likes = 0
        @Environment(\.dismiss) private var dismiss

        var body: some View {
            VStack {
                Text(title).accessibilityIdentifier("detail")
                Button("Like \(likes)") { likes += 1 }
                Button("Close") { dismiss() }
            }
            .navigationTitle(title)
            .onAppear { ScreenProbe.kept.append(ScreenProbe.Weak(probe: probe)) }
            .task {
                journal.entries.append("open \(title)")
                do { try await Task.sleep(nanoseconds: 60_000_000_000) } catch { journal.entries.append("close \(title)") }
            }
        }
    }

    struct Shelf: View {
        let journal: Journal
        var body: some View {
            NavigationStack {
                VStack {
                    ForEach(NavigationTests.books.keys.sorted(), id: \.self) { id in
                        NavigationLink(NavigationTests.books[id]!, value: id)
                    }
                }
                .navigationTitle("Books")
                .navigationDestination(for: String.self) { id in
                    if let title = NavigationTests.books[id] { Detail(title: title, journal: journal) }
                }
            }
        }
    }

    @Test("A NavigationLink is an <a href> to the pushed screen's URL; clicking it pushes the destination, hides the list and moves the URL")
    func push() throws {
        let page = try ViewTest(Shelf(journal: Journal()), location: PageLocation(base: "/shelf"))
        let dune = try page.link("Dune")
        #expect(dune[attribute: "href"] == "/shelf/dune")
        #expect(page.tree.location.path == "/shelf")
        try dune.click()
        #expect(page.text("detail") == "Dune")
        #expect(page.tree.location.path == "/shelf/dune")
        #expect(page.tree.location.segments == ["dune"])
        #expect(throws: ViewTestError.self, "the list is hidden: its links refuse events") { try page.link("Emma") }
        #expect(try page.link("Back")[attribute: "href"] == "/shelf")
    }

    @Test("A pushed screen's @State lives while it is on the stack and is freed when it is popped; its .task starts on push and is cancelled on pop")
    func lifetimes() async throws {
        ScreenProbe.kept = []
        let journal = Journal()
        let page = try ViewTest(Shelf(journal: journal), location: PageLocation(base: "/shelf"))
        try page.link("Emma").click()
        #expect(journal.entries == ["open Emma"])
        try page.button("Like 0").click()
        try page.button("Like 1").click()
        #expect(ScreenProbe.alive == 1)
        try page.button("Close").click()  // dismiss
        #expect(page.text("detail") == nil)
        #expect(page.tree.location.path == "/shelf")
        try await waitUntil { journal.entries == ["open Emma", "close Emma"] }
        #expect(ScreenProbe.alive == 0, "the popped screen's state is freed (once its cancelled task, which holds the view, has ended)")
        try page.link("Emma").click()
        #expect(try page.button("Like 0").isEnabled, "pushed again: new state")
    }

    @Test("A location with segments builds the stack before the first render (a deep link); Back and Forward arrive as navigate events")
    func deepLinkAndHistory() throws {
        let page = try ViewTest(Shelf(journal: Journal()), location: PageLocation(base: "/shelf", segments: ["ulysses"]))
        #expect(page.tree.location.notFound == nil)
        #expect(page.text("detail") == "Ulysses")
        #expect(page.html.contains(#"<h1 id="_"#) && page.html.contains(">Ulysses</h1>"))
        try page.button("Like 0").click()
        try page.navigate(to: "/shelf")
        #expect(page.text("detail") == nil)
        #expect(page.tree.location.segments == [])
        try page.navigate(to: "/shelf/ulysses")
        #expect(try page.button("Like 0").isEnabled, "Forward builds the screen again, fresh")
        #expect(throws: EventError.self) { try page.navigate(to: "/elsewhere/ulysses") }
        #expect(throws: EventError.self, "a value whose destination renders nothing") { try page.navigate(to: "/shelf/nope") }
        #expect(page.text("detail") == "Ulysses", "a refused navigation changes nothing")
    }

    @Test("A URL's delimiters are bytes: a mark that joins the '/' or '?' beside it into one character (U+06DD, a combining accent) hides no boundary")
    func delimitersAreBytes() {
        #expect(PageLocation.segments(of: "/shelf/a\u{06DD}/b", below: "/shelf") == ["a\u{06DD}", "b"])
        #expect(PageLocation.segments(of: "/shelf/\u{0301}x", below: "/shelf") == ["\u{0301}x"])
        #expect(PageLocation.segments(of: "/shelf\u{0301}/x", below: "/shelf") == nil, "not below /shelf")
        #expect(PageLocation.segments(of: "/x\u{06DD}/y", below: "/") == ["x\u{06DD}", "y"])
        #expect(PageLocation.tabValue("a=\u{06DD}&tab=two&b") == "two")
        #expect(PageLocation.tabValue("x\u{06DD}&tab=%C3%A9") == "é")
        #expect(PageLocation.segments(of: "/shelf//a//", below: "/shelf") == ["a"], "empty segments are skipped")
    }

    @Test("A URL naming nothing is not found: a destination that renders nothing for the value, or segments on a page without a stack")
    func notFound() throws {
        let unknown = try ViewTest(Shelf(journal: Journal()), location: PageLocation(base: "/shelf", segments: ["nope"]))
        #expect(unknown.tree.location.notFound?.contains("'nope'") == true)
        #expect(unknown.text("detail") == nil)
        let plain = try ViewTest(Text("hi"), location: PageLocation(base: "/hi", segments: ["x"]))
        #expect(plain.tree.location.notFound != nil)
        let found = try ViewTest(Shelf(journal: Journal()), location: PageLocation(base: "/shelf", segments: ["dune"]))
        #expect(found.tree.location.notFound == nil)
    }

    struct Settings: View {
        var body: some View {
            NavigationStack {
                NavigationLink("About") {
                    Text("Statehouse").accessibilityIdentifier("about")
                }
            }
        }
    }

    @Test("NavigationLink(destination:) pushes its view; with no value to write, the URL stays at the screen below it")
    func destinationLink() throws {
        let page = try ViewTest(Settings(), location: PageLocation(base: "/settings"))
        let about = try page.link("About")
        #expect(about[attribute: "href"] == nil && about.role == "link")
        try about.click()
        #expect(page.text("about") == "Statehouse")
        #expect(page.tree.location.path == "/settings")
        try page.link("Back").click()
        #expect(page.text("about") == nil)
    }

    struct TypedPath: View {
        @State var path: [Int] = []
        var body: some View {
            NavigationStack(path: $path) {
                Button("Push 7") { path.append(7) }
                Text("depth \(path.count)").accessibilityIdentifier("depth")
                    .navigationDestination(for: Int.self) { n in
                        Text("number \(n)").accessibilityIdentifier("number")
                        NavigationLink("Next", value: n + 1)
                    }
            }
        }
    }

    @Test("NavigationStack(path:) with a typed array: writing the path pushes, links append to it, and the URL holds each value")
    func typedPath() throws {
        let page = try ViewTest(TypedPath(), location: PageLocation(base: "/n"))
        try page.button("Push 7").click()
        #expect(page.text("number") == "number 7")
        let next = try page.link("Next")
        #expect(next[attribute: "href"] == "/n/7/8")
        try next.click()
        #expect(try page.element(text: "number 8").id == "number-2")
        #expect(page.text("depth") == "depth 2", "the root reads the path it wrote")
        #expect(page.tree.location.path == "/n/7/8")
        try page.navigate(to: "/n/7")
        #expect(page.tree.location.segments == ["7"])
    }
}
