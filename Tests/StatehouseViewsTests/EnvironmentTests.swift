import Testing
@testable import StatehouseGallery
@testable import StatehouseViews

private struct AccentKey: EnvironmentKey {
    static let defaultValue = "blue"
}

extension EnvironmentValues {
    var accent: String {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }
}

@MainActor
@Suite("Environment")
struct EnvironmentTests {
    typealias Book = BookSeed.Book

    struct AccentLabel: View {
        @Environment(\.accent) private var accent
        var body: some View { Text("accent \(accent)") }
    }

    struct AccentHost: View {
        @State private var accent = "green"
        @State private var count = 0
        var body: some View {
            Button("Red") { accent = "red" }
            Button("Count") { count += 1 }
            Text("\(count)")
            VStack {
                AccentLabel()
                AccentLabel().environment(\.accent, "fixed")
            }
            .environment(\.accent, accent)
        }
    }

    @Test("@Environment(\\.key) reads a custom EnvironmentKey; .environment(\\.key, value) sets it for the subtree")
    func customKey() throws {
        #expect(LiveTree(AccentLabel()).render().contains("accent blue"), "the key's default value")
        let tree = LiveTree(AccentHost())
        #expect(tree.render().contains("accent green"))
        #expect(tree.render().contains("accent fixed"), "the nearest setting wins")
        let actions = try click(tree, "Red")
        #expect(actions.count == 1)
        #expect(actions.first?.html.contains("accent red") == true)
    }

    @Test("Setting the same environment value again (the parent's body re-ran) re-evaluates no descendant")
    func sameValueIsNoChange() throws {
        let tree = LiveTree(AccentHost())
        tree.isLoggingEvaluations = true
        _ = try click(tree, "Count")
        #expect(tree.evaluationLog == ["AccentHost"])
    }

    struct EnvironmentBookView: View {
        @Environment(Book.self) private var book
        var body: some View { Text(book.title) }
    }

    struct OptionalBookView: View {
        @Environment(Book.self) private var book: Book?
        var body: some View { Text(book?.title ?? "no book") }
    }

    struct BookHost: View {
        @State private var book = Book()
        var body: some View {
            VStack {
                EnvironmentBookView()
                OptionalBookView()
                Button("Rename") { book.title = "Renamed" }
            }
            .environment(book)
        }
    }

    @Test("@Environment(Book.self) reads the observable object .environment(book) placed, and follows its properties")
    func observableInEnvironment() throws {
        let tree = LiveTree(BookHost())
        #expect(tree.render().components(separatedBy: "A sample book").count == 3)
        tree.isLoggingEvaluations = true
        let actions = try click(tree, "Rename")
        #expect(Set(tree.evaluationLog) == ["EnvironmentBookView", "OptionalBookView"])
        #expect(actions.count == 2)
    }

    @Test("A missing @Environment object fails the page naming its type; an optional one reads nil")
    func missingObservableInEnvironment() throws {
        let optional = LiveTree(OptionalBookView())
        #expect(throws: Never.self) { try optional.flush() }
        #expect(optional.render().contains("no book"))
        let missing = LiveTree(VStack { EnvironmentBookView() })
        let failure = try #require(throws: ViewFailure.self) { try missing.flush() }
        #expect(failure.description.contains("Book"))
        // …and says what to do.
        #expect(failure.description.contains("add .environment(object) with a Book to a view above it"))
        #expect(failure.description.contains("@Environment(Book.self) var object: Book?"))
    }

    struct EnabledLabel: View {
        @Environment(\.isEnabled) private var isEnabled
        var body: some View { Text(isEnabled ? "on" : "off") }
    }

    @Test("Built-in values: .disabled(true) reaches @Environment(\\.isEnabled)")
    func builtInValue() {
        #expect(LiveTree(EnabledLabel().disabled(true)).render().contains(">off<"))
        #expect(LiveTree(EnabledLabel()).render().contains(">on<"))
    }

    struct SubmitOuter: View {
        var body: some View { SubmitInner().onSubmit {} }
    }

    struct SubmitInner: View {
        @State private var count = 0
        var body: some View {
            Text("\(count)")
            Button("Bump") { count += 1 }
            SubmitLeaf()
        }
    }

    struct SubmitLeaf: View {
        var body: some View { Text("leaf") }
    }

    @Test("An environment handed down unchanged is no change, even holding a value that cannot be compared (an .onSubmit action)")
    func unchangedIncomparableValue() throws {
        let tree = LiveTree(SubmitOuter())
        tree.isLoggingEvaluations = true
        _ = try click(tree, "Bump")
        #expect(tree.evaluationLog == ["SubmitInner"])
    }
}
