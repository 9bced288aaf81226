import Testing
@testable import StatehouseGallery
@testable import StatehouseViews

/// Counts what the lifecycle modifiers did.
@MainActor
final class Journal {
    var entries: [String] = []
}

/// An object whose instances a test can watch go away.
@MainActor
final class Tracked: ObservableObject {
    @Published var value = 0
    static var all: [Weak] = []
    struct Weak { weak var object: Tracked? }
    init() { Tracked.all.append(Weak(object: self)) }
    static var alive: Int { all.filter { $0.object != nil }.count }
}

@MainActor
@Suite("Lifecycle and identity", .serialized)
struct LifecycleTests {
    struct Ticker: View {
        let journal: Journal
        var body: some View {
            Text("ticker")
                .task {
                    journal.entries.append("started")
                    do {
                        try await Task.sleep(nanoseconds: 60_000_000_000)
                    } catch {
                        journal.entries.append("cancelled")
                    }
                }
        }
    }

    struct TickerHost: View {
        let journal: Journal
        @State var shown = true
        @State var count = 0
        var body: some View {
            Button("Count") { count += 1 }
            Button("Hide") { shown = false }
            Text("\(count)")
            if shown { Ticker(journal: journal) }
        }
    }

    @Test(".task runs once when the view first appears, not again when its parent's body runs, and is cancelled when the view disappears")
    func taskRunsOnceAndIsCancelled() async throws {
        let journal = Journal()
        let tree = LiveTree(TickerHost(journal: journal))
        await tree.yieldToTasks()
        #expect(journal.entries == ["started"])
        for _ in 0..<3 { _ = try click(tree, "Count") }
        await tree.yieldToTasks()
        #expect(journal.entries == ["started"])
        _ = try click(tree, "Hide")
        try await waitUntil { journal.entries == ["started", "cancelled"] }
    }

    struct Loader: View {
        let journal: Journal
        @State var query = "a"
        var body: some View {
            Button("Next") { query += "a" }
            Text(query)
                .task(id: query) {
                    let loading = query
                    journal.entries.append("load \(loading)")
                    do { try await Task.sleep(nanoseconds: 60_000_000_000) } catch { journal.entries.append("cancel \(loading)") }
                }
        }
    }

    @Test(".task(id:) cancels the running task and starts a new one when the id changes")
    func taskIDRestarts() async throws {
        let journal = Journal()
        let tree = LiveTree(Loader(journal: journal))
        await tree.yieldToTasks()
        _ = try click(tree, "Next")
        // The new task starts at once; the old one ends when its cancelled sleep returns.
        try await waitUntil { Set(journal.entries) == ["load a", "cancel a", "load aa"] }
        #expect(journal.entries.first == "load a")
        tree.close()
        try await waitUntil { journal.entries.last == "cancel aa" }
    }

    @Test("The deferred Library: .task is performed before the view appears, so the first render already has the library it creates")
    func deferredCreation() async throws {
        let tree = LiveTree(LibrarySeed.Deferred.ContentView())
        #expect(tree.render().contains("My library of books"))
        #expect(!tree.render().contains("No library yet"))
        await tree.yieldToTasks()
        #expect(try tree.flush().isEmpty, "the task ran once, before the first render")
    }

    struct Appearing: View {
        let journal: Journal
        @State var shown = true
        @State var value = 0
        var body: some View {
            Button("Toggle") { shown.toggle() }
            Button("Bump") { value += 1 }
            if shown {
                Text("child")
                    .onAppear { journal.entries.append("appear") }
                    .onDisappear { journal.entries.append("disappear") }
            }
            Text("\(value)")
                .onChange(of: value) { old, new in journal.entries.append("change \(old)→\(new)") }
                .onChange(of: value, initial: true) { journal.entries.append("initial or change") }
        }
    }

    @Test(".onAppear runs when the view is mounted, .onDisappear when it leaves, .onChange(of:) with the old and new value")
    func appearDisappearChange() throws {
        let journal = Journal()
        let tree = LiveTree(Appearing(journal: journal))
        #expect(journal.entries == ["appear", "initial or change"])
        _ = try click(tree, "Toggle")
        _ = try click(tree, "Toggle")
        _ = try click(tree, "Bump")
        #expect(journal.entries == ["appear", "initial or change", "disappear", "appear", "change 0→1", "initial or change"])
    }

    struct Counter: View {
        @State var count = 0
        @StateObject var model = Tracked()
        var body: some View {
            Button("Tap \(count)") { count += 1 }
                .task {
                    // Holds the view (and so its state object) until it ends.
                    do { try await Task.sleep(nanoseconds: 60_000_000_000) } catch { return }
                    model.value += 1
                }
        }
    }

    struct Reset: View {
        @State var generation = 0
        var body: some View {
            Button("Reset") { generation += 1 }
            Counter().id(generation)
        }
    }

    @Test(".id(_:) changes identity: State and StateObject start over and the old subtree's task is cancelled")
    func idDestroysState() async throws {
        Tracked.all = []
        let tree = LiveTree(Reset())
        _ = try click(tree, "Tap 0")
        #expect(tree.id(ofControl: "Tap 1") != nil)
        _ = try click(tree, "Reset")
        #expect(tree.id(ofControl: "Tap 0") != nil, "State starts over")
        try await waitUntil { Tracked.alive == 1 }
        #expect(Tracked.all.count == 2, "a new StateObject for the new identity")
    }

    struct Many: View {
        @State var count: Int
        var body: some View {
            Button("Clear") { count = 0 }
            ForEach(0..<count, id: \.self) { index in
                Counter()
            }
        }
    }

    @Test("Creating and destroying 10,000 views with @StateObject and .task leaves no objects behind")
    func tenThousandViewsAreFreed() async throws {
        Tracked.all = []
        Tracked.all.reserveCapacity(10_000)
        weak var weakTree: LiveTree?
        do {
            let tree = LiveTree(Many(count: 10_000))
            weakTree = tree
            await tree.yieldToTasks()
            #expect(Tracked.alive == 10_000)
            _ = try click(tree, "Clear")
            try await waitUntil(seconds: 20) { Tracked.alive == 0 }
            #expect(tree.elementCount < 10)
        }
        #expect(Tracked.all.count == 10_000)
        #expect(Tracked.alive == 0)
        #expect(weakTree == nil)
    }

    @Test("A State default value is instantiated every time the view struct is; only the first one is kept")
    func stateDefaultInstantiatedEachTime() throws {
        struct Child: View {
            @State private var model = Tracked()
            var body: some View { Text("model \(ObjectIdentifier(model).hashValue)") }
        }
        struct Parent: View {
            @State var count = 0
            var body: some View {
                Button("Count \(count)") { count += 1 }
                Child()
            }
        }
        Tracked.all = []
        let tree = LiveTree(Parent())
        let first = tree.render()
        for count in 0..<3 { _ = try click(tree, "Count \(count)") }
        // Four Child structs, four default objects made: the cost the seed warns about ...
        #expect(Tracked.all.count == 4)
        // ... but the view still shows the first, and the other three are already gone.
        #expect(Tracked.alive == 1)
        #expect(tree.render().contains(first.components(separatedBy: "model ")[1].prefix { $0 != "<" }))
    }
}

/// Waits (bounded) until `condition` holds, letting tasks run.
@MainActor
func waitUntil(seconds: Double = 5, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        if ContinuousClock.now > deadline {
            Issue.record("condition not met within \(seconds) s")
            return
        }
        try await Task.sleep(nanoseconds: 5_000_000)
    }
}

extension LifecycleTests {
    struct Rows: View {
        @State var ids = [1, 2, 3]
        var body: some View {
            Button("Drop 2") { ids.removeAll { $0 == 2 } }
            Button("Restore 2") { ids.insert(2, at: 1) }
            Button("Reverse") { ids.reverse() }
            ForEach(ids, id: \.self) { id in
                Counter()
            }
        }
    }

    @Test("A view inside a ForEach implicitly receives an id(_:) from its element: its state object follows the element, and a removed element's comes back new")
    func forEachImplicitIdentity() async throws {
        Tracked.all = []
        let tree = LiveTree(Rows())
        #expect(Tracked.all.count == 3)
        let before = Tracked.all.map { $0.object.map(ObjectIdentifier.init) }
        _ = try click(tree, "Reverse")
        #expect(Tracked.all.count == 3, "moving rows keeps their objects")
        #expect(Tracked.all.map { $0.object.map(ObjectIdentifier.init) } == before)
        _ = try click(tree, "Drop 2")
        _ = try click(tree, "Restore 2")
        #expect(Tracked.all.count == 4, "element 2 came back as a new identity with a new object")
        try await waitUntil { Tracked.alive == 3 }
    }
}
