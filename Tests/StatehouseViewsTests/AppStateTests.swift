import Testing
@testable import StatehouseGallery
@testable import StatehouseViews

/// An app whose `@State` is read through a binding (`/shared`) and as a plain value passed by
/// the route's closure.
struct CountingApp: App {
    @State private var count = 0
    var body: some Scene {
        Route("/shared") { SharedSeed.SharedCounterView(count: $count) }
        Route("/value") { ValueView(count: count) }
    }
}

struct ValueView: View {
    let count: Int
    var body: some View { Text("value \(count)") }
}

@MainActor
@Suite("App-level state")
struct AppStateTests {
    @Test("@State in the App is one value for every page; a write from one page invalidates the others, page state stays per page")
    func sharedAcrossPages() throws {
        let routes = CountingApp().body._routes
        let first = routes[0].makeTree(PlainHTML.self), second = routes[0].makeTree(PlainHTML.self)
        var invalidated = 0, clickerInvalidated = 0
        second.onInvalidate = { invalidated += 1 }
        first.onInvalidate = { clickerInvalidated += 1 }

        let own = try click(first, "Increment").map(\.html).joined()
        #expect(clickerInvalidated == 0, "the clicked page's own answer carries its changes: nothing to push")
        #expect(own.contains(">1</span>"))
        #expect(own.contains("Clicks from this page: 1"))

        #expect(invalidated == 1, "the other page learns that it has changes to deliver")
        #expect(second.hasPendingChanges)
        let pushed = try second.flush()
        #expect(pushed.count == 1, "only the count's element: \(pushed.map(\.html))")
        #expect(pushed.map(\.html).joined().contains(">1</span>"))
        #expect(second.render().contains("Clicks from this page: 0"), "@State in the view is per page")
    }

    @Test("A value the route's closure reads from App state rebuilds that page's root with the new value")
    func closureReadsAreTracked() throws {
        let routes = CountingApp().body._routes
        let clicker = routes[0].makeTree(PlainHTML.self), reader = routes[1].makeTree(PlainHTML.self)
        #expect(reader.render().contains("value 0"))
        _ = try click(clicker, "Increment")
        _ = try reader.flush()
        #expect(reader.render().contains("value 1"))
    }

    @Test("Two App instances do not share state (each server process has its own)")
    func perInstance() throws {
        let one = CountingApp().body._routes[0].makeTree(PlainHTML.self)
        let other = CountingApp().body._routes[0].makeTree(PlainHTML.self)
        _ = try click(one, "Increment")
        #expect(!other.hasPendingChanges)
        #expect(other.render().contains(">0</span>"))
    }
}
