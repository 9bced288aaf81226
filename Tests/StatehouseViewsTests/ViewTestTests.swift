import Statehouse
import StatehouseTesting
import Testing
@testable import StatehouseGallery

/// `StatehouseTesting`'s `ViewTest`: views driven with no server, queried by id, role and label.
@MainActor
@Suite("ViewTest")
struct ViewTestTests {
    @Test("Click by id or by label, read text by id, and see the exact fragments a server would send")
    func counter() throws {
        let page = try ViewTest(CounterView())
        #expect(page.text("count") == "0")
        try page.click("increment")
        #expect(page.text("count") == "1")
        #expect(page.lastFragments.count == 1)
        #expect(page.lastFragments.first?.target == "count")
        #expect(page.lastFragmentsBody == #"<turbo-stream action="replace" target="count"><template><span id="count" class="sh-text sh-font-largeTitle">1</span></template></turbo-stream>"#)
        try page.button("Increment").click()
        #expect(page.text("count") == "2")
        #expect(page.elements(role: "button").map(\.id) == ["increment"])
    }

    @Test("Typing into a field by its label: the Text follows, the field itself is not sent back")
    func typing() throws {
        let page = try ViewTest(ExampleSeed.TextFieldExampleView())
        let field = try page.textField("Placeholder")
        #expect(field.role == "textbox")
        #expect(field[attribute: "value"] == "🍌🍌")
        try field.type("Hello <world>")
        #expect(page.lastFragments.count == 1)
        #expect(page.lastFragmentsBody.contains("Hello &lt;world&gt;"))
        #expect(!page.lastFragmentsBody.contains("<input"), "the browser shows what was typed already")
        #expect(page.elements.contains { $0.text == "Hello <world>" })
    }

    @Test("A toggle is found by its label and set; a switch has the role a screen reader announces")
    func toggles() throws {
        let page = try ViewTest(PodcasterSeed.Podcaster())
        let favorite = try page.toggle("Favorite")
        #expect(favorite.role == "switch")
        #expect(favorite[attribute: "aria-checked"] == "false")
        try favorite.setToggle(to: true)
        #expect(try page.toggle("Favorite")[attribute: "aria-checked"] == "true")
        try page.button("Play").click()
        #expect(throws: ViewTestError.self) { try page.button("Play") }
        #expect(try page.button("Pause").isEnabled)
    }

    @Test("A query that finds nothing says what the page has; an event for a missing id is refused and changes nothing")
    func misses() throws {
        let page = try ViewTest(CounterView())
        do {
            _ = try page.button("Decrement")
            Issue.record("found a button that is not there")
        } catch {
            #expect(error.description.contains("no element a button named 'Decrement'"))
            #expect(error.description.contains(#"<button id="increment" role=button> Increment"#))
        }
        #expect(throws: EventError.noSuchElement("nope")) { try page.click("nope") }
        #expect(throws: EventError.unsupported(type: .input, target: "increment")) { try page.type("x", into: "increment") }
        #expect(page.text("count") == "0")
    }

    struct TwoSteps: View {
        @State private var status = "idle"
        var body: some View {
            Text(status).accessibilityIdentifier("status")
                .task {
                    status = "loading"
                    await Task.yield()
                    status = "loaded"
                }
        }
    }

    @Test("ViewTest(view) mounts and runs .task up to its first await")
    func taskRunsToItsFirstAwait() throws {
        let page = try ViewTest(TwoSteps())
        #expect(page.text("status") == "loading")
        #expect(page.lastFragments.isEmpty, "the first render already holds it")
    }

    @Test("mount lets .task go on past its first suspension, and collects what it changed then")
    func tasksRunOnMount() async throws {
        let page = try await ViewTest.mount(TwoSteps())
        #expect(page.text("status") == "loaded")
        #expect(page.lastFragments.map(\.target) == ["status"])
    }

    @Test("A view that cannot be evaluated fails the mount with SwiftUI's message")
    func failingMount() {
        #expect(throws: ViewFailure.self) { try ViewTest(ModelSeed.MySubView()) }
    }
}
