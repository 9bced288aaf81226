import StatehouseTesting
import Testing
@testable import StatehouseGallery
@testable import StatehouseViews

/// Issue 17: every `Codable` `@State` (and `Codable` object held in one) is kept by its view's
/// structural identity, and put back before that view's first body when the page is mounted
/// again (after a restart).
@MainActor
@Suite("Durable state")
struct DurableStateTests {
    @Test("A counter's count survives a restart; a state at its initial value is not written")
    func counterSurvives() throws {
        let page = try ViewTest(CounterView(), storedState: StoredState())
        #expect(page.storedState?.values.isEmpty == true, "nothing written while every state is at its initial value")
        for _ in 0..<3 { try page.click("increment") }
        #expect(page.storedState?.texts.values.sorted() == ["3"])
        let restarted = try ViewTest(CounterView(), storedState: page.storedState)
        #expect(restarted.text("count") == "3")
        try restarted.click("increment")
        #expect(restarted.text("count") == "4")
        #expect(restarted.storedState?.texts.values.sorted() == ["4"])
    }

    @Test("/todos: the rows, the expanded row and the text in the field survive; a deleted row's state goes with it")
    func todosSurvive() throws {
        let page = try ViewTest(TodosSeed.ContentView(), storedState: StoredState())
        for title in ["Milk", "Bread", "Eggs"] { try page.submit(title, in: "new-todo") }
        // Rows are newest first: Eggs (3), Bread (2), Milk (1).
        try page.click("details-2")
        try page.click("done-1")
        try page.click("details-3")
        try page.type("Half-typed", into: "new-todo")
        let stored = try #require(page.storedState)
        #expect(stored.values.count == 4, "the list, the field, two rows' Details: \(stored.texts)")

        let restarted = try ViewTest(TodosSeed.ContentView(), storedState: stored)
        #expect(Self.withoutGeneratedIDs(restarted.html) == Self.withoutGeneratedIDs(page.html), "the same page")
        #expect(restarted.text("details-text-2") == "Details of Bread")
        #expect(try restarted.element("new-todo").element[attribute: "value"] == "Half-typed")

        // Deleting a row deletes its stored Details; the restarted page goes on as the first.
        try restarted.click("delete-3")
        #expect(restarted.storedState?.values.count == 3)
        let again = try ViewTest(TodosSeed.ContentView(), storedState: restarted.storedState)
        #expect(Self.withoutGeneratedIDs(again.html) == Self.withoutGeneratedIDs(restarted.html))
        #expect(again.text("details-text-3") == nil)
    }

    @Test("Two views the structure does not tell apart keep their own values (numbered in mount order)")
    func siblingsOfOneType() throws {
        let page = try ViewTest(TwoCounters(), storedState: StoredState())
        try page.click("b")
        try page.click("b")
        try page.click("a")
        let restarted = try ViewTest(TwoCounters(), storedState: page.storedState)
        #expect(restarted.text("a-count") == "1")
        #expect(restarted.text("b-count") == "2")
    }

    @Test("A value that no longer decodes (the type changed in a deploy) starts from its initial value")
    func undecodableValueStartsFresh() throws {
        let page = try ViewTest(CounterView(), storedState: StoredState())
        try page.click("increment")
        let key = try #require(page.storedState?.values.keys.first)
        let restarted = try ViewTest(CounterView(), storedState: StoredState(values: [key: Array(#""three""#.utf8)]))
        #expect(restarted.text("count") == "0")
    }

    @Test("State that is not Codable starts from its initial value")
    func nonCodableStateIsNotKept() throws {
        let page = try ViewTest(Uncodable(), storedState: StoredState())
        try page.click("bump")
        #expect(page.text("value") == "1")
        #expect(page.storedState?.values.isEmpty == true)
        // What the server logs says what to do (once per type and process: this test's type is its own).
        #expect(page.storedState?.problems.contains { $0.contains("Box (not Codable") && $0.hasSuffix("Box Codable to keep it)") } == true,
                "\(page.storedState?.problems ?? [])")
        let restarted = try ViewTest(Uncodable(), storedState: page.storedState)
        #expect(restarted.text("value") == "0")
    }

    @Test("A restored page's first flush sends the whole page: the browser's element ids are those of another mount")
    func restoredPageResendsEverything() throws {
        let page = try ViewTest(CounterView(), storedState: StoredState())
        try page.click("increment")
        let restarted = try ViewTest(CounterView(), storedState: page.storedState)
        restarted.tree.resendAll()
        try restarted.click("increment")
        #expect(restarted.lastFragments.map(\.target) == [LiveTree.rootID])
        #expect(restarted.lastFragmentsBody.contains(">2</span>"))
        try restarted.click("increment")
        #expect(restarted.lastFragments.map(\.target) == ["count"], "then changes as usual")
    }

    @Test("@SceneStorage is kept with its page: a restart puts the draft back")
    func sceneStorageSurvivesARestart() throws {
        let page = try ViewTest(NotesSeed.NotesView(), storedState: StoredState())
        try page.type("A <b>draft</b>", into: "draft")
        #expect(page.text("draft-shown") == "Draft: A <b>draft</b>")
        let restarted = try ViewTest(NotesSeed.NotesView(), storedState: page.storedState)
        #expect(restarted.text("draft-shown") == "Draft: A <b>draft</b>")
        #expect(try restarted.element("draft").element[attribute: "value"] == "A <b>draft</b>")
    }

    @Test("@SceneStorage: a reloaded tab's page takes over the values of the page it replaces")
    func sceneStorageMovesToTheReplacingPage() throws {
        let old = try ViewTest(NotesSeed.NotesView())
        try old.type("kept", into: "draft")
        let new = try ViewTest(NotesSeed.NotesView())
        #expect(new.text("draft-shown") == "Nothing drafted yet.")
        new.tree.takeSceneStorage(old.tree.sceneStorageValues)
        _ = try new.tree.flush()
        #expect(new.text("draft-shown") == "Draft: kept")
    }

    @Test("@AppStorage: views reading one key see one value, and a write updates each of them")
    func appStorageIsSharedByKey() throws {
        let page = try ViewTest(AppStorageTwins())
        let before = try #require(page.text("left").flatMap { Int($0) })
        #expect(page.text("right") == String(before))
        try page.click("bump")
        #expect(page.text("left") == String(before + 1))
        #expect(page.text("right") == String(before + 1))
        #expect(Set(page.lastFragments.map(\.target)) == ["left", "right"])
        // Outside a server the key lives for the process (as UserDefaults.standard does).
        let other = try ViewTest(AppStorageTwins())
        #expect(other.text("left") == String(before + 1))
    }

    struct AppStorageTwins: View {
        @AppStorage("durable-state-tests.twins") private var left = 0
        var body: some View {
            Text("\(left)").accessibilityIdentifier("left")
            Reader()
            Button("Bump") { left += 1 }.accessibilityIdentifier("bump")
        }

        struct Reader: View {
            @AppStorage("durable-state-tests.twins") private var value = 0
            var body: some View { Text("\(value)").accessibilityIdentifier("right") }
        }
    }

    /// The page's HTML without the ids the tree makes up (`_1`, `_a`): they follow mount order.
    static func withoutGeneratedIDs(_ html: String) -> String {
        html.replacing(/\sid="_[0-9a-z]+"/, with: "")
    }

    struct TwoCounters: View {
        var body: some View {
            HStack {
                LabelledCounter(name: "a")
                LabelledCounter(name: "b")
            }
        }
    }

    struct LabelledCounter: View {
        let name: String
        @State private var count = 0
        var body: some View {
            Button(name) { count += 1 }.accessibilityIdentifier(name)
            Text("\(count)").accessibilityIdentifier("\(name)-count")
        }
    }

    @Test("A SecureField's text is never stored, whether its binding is a @State, a key path into one or an @Observable's property; the fields beside it are")
    func secureFieldStaysInMemory() throws {
        let page = try ViewTest(Secrets(), storedState: StoredState())
        try page.type("Ada", into: "name")
        try page.type("hunter2-plain", into: "plain")
        try page.type("hunter2-path", into: "path")
        try page.type("hunter2-model", into: "model")
        let stored = try #require(page.storedState).texts.values.joined(separator: " ")
        #expect(stored.contains("Ada"), "the name is kept: \(stored)")
        #expect(!stored.contains("hunter2"), "no secret is kept: \(stored)")
        #expect(!page.html.contains("hunter2"), "no secret is written back into the page")
        #expect(page.text("lengths") == "13 12 13", "the secrets are there, in memory")
    }

    @Test("A value stored before its field became a SecureField is deleted from the store once the field is shown; @State(.memoryOnly) is never stored")
    func storedSecretIsDeleted() throws {
        let page = try ViewTest(Secrets(), storedState: StoredState())
        try page.type("Ada", into: "name")
        try page.type("kept-draft", into: "draft")
        let keys = try #require(page.storedState).values.keys.sorted()
        #expect(keys.count == 1, "only the name: \(keys)")
        #expect(!(page.storedState?.texts.values.contains { $0.contains("kept-draft") } ?? true))
        // A store written when the password field was a TextField: a value under its key.
        var values = try #require(page.storedState).values
        let nameKey = try #require(keys.first)
        values[nameKey.replacingOccurrences(of: "._name", with: "._plain")] = Array(#""old-secret""#.utf8)
        #expect(values.count == 2)
        let restarted = try ViewTest(Secrets(), storedState: StoredState(values: values))
        #expect(restarted.html.contains(#"value="Ada""#), "the name is restored")
        #expect(restarted.storedState?.values.keys.sorted() == [nameKey], "the old secret is deleted")
    }

    @Observable final class Account: Codable {
        var password = ""
        enum CodingKeys: String, CodingKey { case _password = "password" }
    }
    struct Credentials: Codable { var user = ""; var password = "" }

    struct Secrets: View {
        @State private var name = ""
        @State private var plain = ""
        @State private var credentials = Credentials()
        @State private var account = Account()
        @State(.memoryOnly) private var draft = ""
        var body: some View {
            TextField("Name", text: $name).accessibilityIdentifier("name")
            SecureField("Plain", text: $plain).accessibilityIdentifier("plain")
            SecureField("Path", text: $credentials.password).accessibilityIdentifier("path")
            SecureField("Model", text: Bindable(account).password).accessibilityIdentifier("model")
            TextField("Draft", text: $draft).accessibilityIdentifier("draft")
            Text("\(plain.count) \(credentials.password.count) \(account.password.count)").accessibilityIdentifier("lengths")
        }
    }

    struct Box { var value = 0 }

    struct Uncodable: View {
        @State private var box = Box()
        var body: some View {
            Button("Bump") { box.value += 1 }.accessibilityIdentifier("bump")
            Text("\(box.value)").accessibilityIdentifier("value")
        }
    }
}
