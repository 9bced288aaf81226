import Foundation
import StatehouseTesting
import Testing
@testable import StatehouseGallery
@testable import StatehouseViews

@MainActor
func click(_ tree: LiveTree, _ name: String) throws -> [ElementChange] {
    let id = try #require(tree.id(ofControl: name), "no control named \(name)")
    return try tree.send(Event(target: id, type: .click))
}

@MainActor
@Suite("State")
struct StateTests {
    @Test("When the value changes, SwiftUI updates the parts of the view hierarchy that depend on the value")
    func counterUpdatesOnlyTheText() throws {
        let page = try ViewTest(CounterView())
        #expect(page.text("count") == "0")
        try page.button("Increment").click()
        #expect(page.lastFragments.map(\.target) == ["count"], "the count's element, not the button or the stack")
        #expect(page.text("count") == "1")
    }

    @Test("Mutating a state variable does not require a mutating function (reference-based storage survives re-creation)")
    func stateSurvivesRecreation() throws {
        let page = try ViewTest(CounterView())
        for _ in 0..<3 { try page.click("increment") }
        #expect(page.text("count") == "3")
    }

    @Test("A view that reads and writes its own @State: Play becomes Pause")
    func ownStateButton() throws {
        let page = try ViewTest(StateSeed.OwnStatePlayButton())
        try page.button("Play").click()
        #expect(try page.button("Pause").text == "Pause")
        #expect(throws: ViewTestError.self) { try page.button("Play") }
        #expect(page.lastFragments.count == 1, "only the label's text")
    }

    @Test("To enable the subview to modify the state's stored value, pass a Binding instead")
    func bindingWritesParentState() throws {
        let tree = LiveTree(PlaySeed.PlayerView(episode: Episode(title: "Ep", showTitle: "Show", isFavorite: false)))
        #expect(tree.render().contains("sh-fg-secondary"))
        tree.isLoggingEvaluations = true
        _ = try click(tree, "Play")
        let html = tree.render()
        #expect(html.contains("Pause"))
        #expect(html.contains("sh-fg-primary"))
        // PlayerView read isPlaying (foregroundStyle) and PlayButton read it through the binding.
        #expect(tree.evaluationLog.contains("PlayerView"))
        #expect(tree.evaluationLog.contains("PlayButton"))
    }

    @Test("You can refer to $episode.isFavorite to get a binding to a scoped value; PlayerView keeps its isPlaying")
    func scopedBindingKeepsChildState() throws {
        let page = try ViewTest(PodcasterSeed.Podcaster())
        try page.button("Play").click()
        let favorite = try page.toggle("Favorite")
        try favorite.setToggle(to: true)
        #expect(!page.lastFragments.isEmpty)
        #expect(try page.toggle("Favorite")[attribute: "aria-checked"] == "true")
        #expect(try page.button("Pause").isEnabled, "PlayerView's isPlaying survives the new input")
        try favorite.setToggle(to: true)
        #expect(page.lastFragments.isEmpty, "the same change again changes nothing")
    }

    @Test("When the user selects a different episode, SwiftUI recreates the PlayerView with a new input")
    func newInputReevaluatesChild() throws {
        struct Parent: View {
            @State var title = "One"
            var body: some View {
                VStack {
                    Button("Next") { title = "Two" }
                    PlaySeed.PlayerView(episode: Episode(title: title, showTitle: "Show", isFavorite: false))
                }
            }
        }
        let page = try ViewTest(Parent())
        try page.button("Next").click()
        #expect(page.lastFragments.map(\.target) == [try page.element(text: "Two").id])
    }

    @Test("Pressing Change Text modifies foo, ExampleView's body is recomputed and ChildView shows Banana")
    func exampleViewChangeText() throws {
        let page = try ViewTest(ExampleSeed.ExampleView())
        _ = try page.element(text: "Apple")
        page.tree.isLoggingEvaluations = true
        try page.button("Change Text").click()
        #expect(page.tree.evaluationLog == ["ExampleView", "ChildView"])
        #expect(page.lastFragments.map(\.target) == [try page.element(text: "Banana").id])
    }

    @Test("A child whose inputs did not change is not re-evaluated (Apple's behaviour, not the wiki's)")
    func unchangedChildIsSkipped() throws {
        let tree = LiveTree(ExampleSeed.ExampleView())
        _ = try click(tree, "Change Text")
        tree.isLoggingEvaluations = true
        let actions = try click(tree, "Change Text")
        #expect(tree.evaluationLog == ["ExampleView"])
        #expect(actions.isEmpty)
    }

    @Test("A function called by a button, not marked mutating, changes the state")
    func stateWrittenFromMethod() throws {
        let page = try ViewTest(ExampleSeedExtras.ContentView())
        try page.button("Change Text").click()
        #expect(try page.element(text: "Banana").role == nil)
    }

    @Test("TextField requires a binding: typing updates the Text, and the field is not echoed back")
    func textFieldBinding() throws {
        let page = try ViewTest(ExampleSeed.TextFieldExampleView())
        let field = try page.textField("Placeholder")
        try field.type("Hello <world>")
        #expect(page.lastFragments.map(\.target) == [try page.element(text: "Hello <world>").id], "no echo of the field being typed in")
        #expect(page.lastFragmentsBody.contains("Hello &lt;world&gt;"), "escaped on the wire")
        #expect(try page.textField("Placeholder")[attribute: "value"] == "Hello <world>")
    }

    @Test("An image-only button is named by its symbol, and the symbol flips with the state")
    func imageButton() throws {
        let page = try ViewTest(ManagingStateSeed.PlayerView(episode: Episode(title: "T", showTitle: "S", isFavorite: false)))
        try page.button("Play").click()
        #expect(try page.button("Pause").isEnabled)
        #expect(throws: ViewTestError.self) { try page.button("Play") }
        #expect(page.lastFragments.contains { $0.html.contains("#34c759") }, "the background follows isPlaying")
    }

    @Test("withAnimation applies the change at once")
    func withAnimationApplies() throws {
        let tree = LiveTree(ManagingStateSeed.AnimatedPlayButton())
        #expect(tree.render().contains("scale(1.5)"))
        _ = try click(tree, "Play")
        #expect(tree.render().contains("scale(1)"))
    }

    struct Tally: View {
        let name: String
        var round: Int?
        @State private var count = 0
        var body: some View {
            Button("\(name) \(count)" + (round.map { " in \($0)" } ?? "")) { count += 1 }.accessibilityIdentifier(name)
        }
    }

    @Test("One view value shown in two places: each place has its own @State (storage belongs to the view's identity, not to the value)")
    func oneValueTwoPlaces() throws {
        struct Twice: View {
            var body: some View {
                let tally = Tally(name: "t")
                VStack { tally; tally }
            }
        }
        let page = try ViewTest(Twice())
        try page.click("t")
        #expect(page.text("t") == "t 1")
        #expect(page.text("t-2") == "t 0", "the other place's state is its own")
        try page.click("t-2")
        try page.click("t-2")
        #expect(page.text("t") == "t 1")
        #expect(page.text("t-2") == "t 2")
    }

    @Test("One view value shown in two places keeps a state in each when its parent's body runs again, with new inputs or a new environment")
    func oneValueTwoPlacesAfterReevaluation() throws {
        struct Rebuilt: View {
            @State private var round = 0
            var body: some View {
                let tally = Tally(name: "t", round: round)
                VStack {
                    tally
                    tally
                    Button("Again") { round += 1 }.accessibilityIdentifier("again")
                }
            }
        }
        let page = try ViewTest(Rebuilt())
        try page.click("t")
        try page.click("again")  // both places get a new value: one box, linked twice
        #expect(page.text("t") == "t 1 in 1")
        #expect(page.text("t-2") == "t 0 in 1")
        try page.click("t-2")
        try page.click("t-2")
        try page.click("t")
        #expect(page.text("t") == "t 2 in 1", "each place's button writes its own state")
        #expect(page.text("t-2") == "t 2 in 1")
        try page.click("again")
        try page.click("t")
        #expect(page.text("t") == "t 3 in 2")
        #expect(page.text("t-2") == "t 2 in 2")

        struct Kept: View {
            let tally = Tally(name: "k")
            @State private var off = false
            var body: some View {
                VStack {
                    tally
                    tally
                }
                .disabled(off)  // a new environment: both places linked again with the kept value
                Button("Flip") { off.toggle() }.accessibilityIdentifier("flip")
            }
        }
        let kept = try ViewTest(Kept())
        try kept.click("k-2")
        try kept.click("flip")
        try kept.click("flip")
        #expect(kept.text("k") == "k 0")
        #expect(kept.text("k-2") == "k 1")
        try kept.click("k")
        #expect(kept.text("k") == "k 1")
        #expect(kept.text("k-2") == "k 1")
        try kept.click("k-2")
        #expect(kept.text("k") == "k 1", "the first place's storage is not redirected to the second's")
        #expect(kept.text("k-2") == "k 2")
    }

    @Test("A view value its parent keeps, removed and shown again, starts from its initial @State: state is destroyed when its view leaves")
    func keptValueShownAgainStartsAfresh() throws {
        struct Keeper: View {
            let tally = Tally(name: "kept")
            @State private var shown = true
            var body: some View {
                Button(shown ? "Hide" : "Show") { shown.toggle() }.accessibilityIdentifier("toggle")
                if shown { tally }
            }
        }
        let page = try ViewTest(Keeper())
        try page.click("kept")
        try page.click("kept")
        #expect(page.text("kept") == "kept 2")
        try page.click("toggle")
        #expect(throws: ViewTestError.self) { try page.element("kept") }
        try page.click("toggle")
        #expect(page.text("kept") == "kept 0", "a new identity, new state")
        try page.click("kept")
        #expect(page.text("kept") == "kept 1")
        // The kept value's state is the new node's: removed and shown once more, it starts afresh again.
        try page.click("toggle")
        try page.click("toggle")
        #expect(page.text("kept") == "kept 0")
    }

    struct EchoView: View {
        @State private var text = ""
        var body: some View {
            TextField("Name", text: $text)
            Button("Clear") { text = "" }
            Button("Restore") { text = "abc" }
        }
    }

    @Test("A field's typed text is left out of the flush that applies it only: a later change back to that text is sent")
    func echoLastsOneFlush() throws {
        let tree = LiveTree(EchoView())
        let field = try #require(tree.id(ofControl: "Name"))
        try tree.apply(Event(target: field, type: .input, value: "abc"))
        #expect(try tree.flush().isEmpty, "the browser already shows what was typed")
        try tree.apply(Event(target: try #require(tree.id(ofControl: "Clear")), type: .click))
        #expect(try tree.flush().map(\.html).joined().contains(#"value="""#))
        try tree.apply(Event(target: try #require(tree.id(ofControl: "Restore")), type: .click))
        #expect(try tree.flush().map(\.html).joined().contains(#"value="abc""#), "a push or form post after the typing")
    }
}

@Suite("InlineList")
struct InlineListTests {
    @Test("Keeps order through appends and removals, including removing the inline first element; an Optional element may be nil")
    func orderAndRemoval() {
        var list = InlineList<Int>()
        #expect(list.isEmpty && list.count == 0)
        for value in [1, 2, 3, 4] { list.append(value) }
        list.removeAll { $0 == 1 || $0 == 3 }
        var seen: [Int] = []
        list.forEach { seen.append($0) }
        #expect(seen == [2, 4] && list.count == 2 && list[0] == 2)
        list.removeAll { $0 == 2 }
        #expect(list[0] == 4 && list.contains { $0 == 4 } && !list.contains { $0 == 2 })
        list.removeAll()
        #expect(list.isEmpty)

        var slots = InlineList<Int?>()
        slots.append(nil)
        #expect(!slots.isEmpty && slots.count == 1 && slots[0] == nil)
    }
}

@Suite("Main queue")
struct MainQueueTests {
    @Test("Code knows whether it is on the main actor: yes in a main-queue job, no on another thread, the same when asked again there")
    func isCurrent() async {
        let onMainActor = await MainActor.run { MainQueue.isCurrent }
        #expect(onMainActor)
        let elsewhere: (Bool, Bool) = await withCheckedContinuation { answer in
            Thread { answer.resume(returning: (MainQueue.isCurrent, MainQueue.isCurrent)) }.start()
        }
        #expect(elsewhere == (false, false))
    }
}
