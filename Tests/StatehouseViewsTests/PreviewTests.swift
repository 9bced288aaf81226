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

/// `#Preview`s (issue 57.1): a named one, and one with a layout trait and its own state.
private let countingLine = #line + 1
#Preview("Counting") {
    PreviewedCounter(count: 7)
}

private let lightsLine = #line + 1
#Preview(traits: .fixedLayout(width: 150, height: 50), .landscapeLeft) {
    @Previewable @State var isOn = true
    let word = isOn ? "lit" : "dark"
    Toggle("Lights", isOn: $isOn)
    Text(word)
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

    @Test("#Preview declares a preview the catalog finds and serves at its file and line, named, live")
    func previewMacro() throws {
        let file = "StatehouseViewsTests/PreviewTests.swift"
        let entries = PreviewCatalog.providers()
        let counting = try #require(entries.first { $0.name == "\(file):\(countingLine)" })
        #expect(counting.title == "\(file):\(countingLine) Counting")
        let routes = PreviewCatalog.routes()
        let page = try ViewTest(route: try #require(routes.first { $0.path == "/_previews/\(file):\(countingLine)" }))
        #expect(page.html.contains("Counting"), "its name is its caption")
        #expect(page.text("count") == "count 7")
        try page.element(label: "More").click()
        #expect(page.text("count") == "count 8")
        let index = try ViewTest(route: try #require(routes.first))
        #expect(try index.link("\(file):\(countingLine) Counting")[attribute: "href"] == "/_previews/\(file):\(countingLine)")
    }

    @Test("@Previewable state lives in the preview as a view's @State does; a fixed-layout trait frames it")
    func previewableState() throws {
        let path = "/_previews/StatehouseViewsTests/PreviewTests.swift:\(lightsLine)"
        let page = try ViewTest(route: try #require(PreviewCatalog.routes().first { $0.path == path }))
        #expect(page.html.contains("width:150px"))
        #expect(try page.element(text: "lit").text == "lit")
        try page.toggle("Lights").setToggle(to: false)
        #expect(try page.element(text: "dark").text == "dark")
        #expect(throws: ViewTestError.self) { try page.element(text: "lit") }
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
