import Foundation
import StatehouseTesting
import Testing
@testable import StatehouseViews

/// A counter to preview.
struct PreviewedCounter: View {
    @State var count = 0
    var body: some View {
        Text("count \(count)").accessibilityIdentifier("count")
        Button("More") { count += 1 }.accessibilityIdentifier("more")
    }
}

struct PreviewedCounter_Previews: PreviewProvider {
    static var previews: some View {
        PreviewedCounter()
        PreviewedCounter(count: 41).previewDisplayName("Near the answer")
    }
}

enum PreviewHolder {
    /// Nested in a type: found too.
    struct Nested_Previews: PreviewProvider {
        static var previews: some View { Text("nested preview") }
    }
}

/// Generic: no previews can be made of it without its parameter, so it is not listed.
struct Generic_Previews<T>: PreviewProvider {
    static var previews: some View { Text("generic") }
}

/// Issue 21: "PreviewProvider compiles; `--previews` serves every preview of the app as a page".
@MainActor
@Suite struct PreviewTests {
    @Test("The catalog finds every PreviewProvider in the program from its metadata, nested ones too, not generic ones")
    func catalogFindsProviders() {
        let names = PreviewCatalog.providers().map(\.name)
        #expect(names.contains("StatehouseViewsTests.PreviewedCounter_Previews"))
        #expect(names.contains("StatehouseViewsTests.PreviewHolder.Nested_Previews"))
        #expect(names.contains("MeetingsCorpus.DetailView_Previews"), "the tutorial-style corpus's previews too")
        #expect(!names.contains { $0.contains("Generic_Previews") })
        #expect(names == names.sorted())
    }

    @Test("A preview's route is a live page: its views, their display names, and their state on a click")
    func previewRouteIsLive() throws {
        let routes = PreviewCatalog.routes()
        let paths = routes.map(\.path)
        #expect(paths.first == "/_previews")
        let route = try #require(routes.first { $0.path == "/_previews/StatehouseViewsTests.PreviewedCounter_Previews" })
        let page = try ViewTest(route: route)
        #expect(page.html.contains("Near the answer"))
        #expect(page.html.contains("count 41"))
        try page.element(label: "More").click()
        #expect(page.html.contains("count 1"), "the first counter's own state")
        let index = try ViewTest(route: try #require(routes.first))
        #expect(try index.link("StatehouseViewsTests.PreviewedCounter_Previews")[attribute: "href"]
                == "/_previews/StatehouseViewsTests.PreviewedCounter_Previews")
    }

    @Test(".previewLayout(.fixed) frames the preview; device and orientation change nothing")
    func previewModifiers() throws {
        let fixed = try ViewTest(Text("x").previewLayout(.fixed(width: 120, height: 40)))
        #expect(fixed.html.contains("width:120px"))
        let plain = try ViewTest(Text("x"))
        #expect(try ViewTest(Text("x").previewLayout(.sizeThatFits).previewDevice("iPhone 15").previewInterfaceOrientation(.landscapeLeft)).html
                == plain.html)
    }
}
