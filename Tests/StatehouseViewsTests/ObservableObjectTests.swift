import Testing
@testable import StatehouseGallery
@testable import StatehouseViews

/// A data model that counts its instances and lets tests watch them go.
final class CountedModel: ObservableObject {
    @MainActor static var made = 0
    @Published var name: String
    @Published var isEnabled = false

    @MainActor init(name: String = "Some Name") {
        self.name = name
        CountedModel.made += 1
    }
}

/// An `objectWillChange` that counts the subscriptions made to it.
struct CountingPublisher: Publisher {
    typealias Output = Void
    typealias Failure = Never
    final class Count: @unchecked Sendable { var made = 0 }
    let count = Count()
    private let subject = PassthroughSubject<Void, Never>()

    func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        count.made += 1
        subject.receive(subscriber: subscriber)
    }

    func send() { subject.send() }
}

final class SwitchModel: ObservableObject {
    let objectWillChange = CountingPublisher()
    var isOn = false { willSet { objectWillChange.send() } }
}

/// `ObservableObject` with `@StateObject`, `@ObservedObject` and `@EnvironmentObject`.
@MainActor
@Suite("ObservableObject", .serialized)
struct ObservableObjectTests {
    typealias DataModel = ModelSeed.DataModel

    struct Owner: View {
        @StateObject private var model = CountedModel()
        var body: some View {
            Text(model.name).accessibilityIdentifier("name")
            Button("Rename") { model.name = "Renamed" }
        }
    }

    struct Host: View {
        @State private var count = 0
        var body: some View {
            Button("Count \(count)") { count += 1 }
            Owner()
        }
    }

    @Test("SwiftUI creates a new instance of the model object only once during the lifetime of the container (not when the view's inputs change)")
    func stateObjectMadeOnce() throws {
        CountedModel.made = 0
        let tree = LiveTree(Host())
        #expect(CountedModel.made == 1)
        for count in 0..<3 { _ = try click(tree, "Count \(count)") }
        // The parent's body re-created Owner three times; none of the re-created autoclosures ran.
        #expect(CountedModel.made == 1)
    }

    @Test("When published properties of the observable object change, SwiftUI updates any view that depends on them, like the Text view")
    func publishedChangeUpdatesTheDeclaringView() throws {
        let tree = LiveTree(Host())
        tree.isLoggingEvaluations = true
        let actions = try click(tree, "Rename")
        #expect(tree.evaluationLog == ["Owner"])
        #expect(actions.count == 1)
        #expect(actions.first?.html.contains(">Renamed</span>") == true)
    }

    @Test("MySubView reads the model with @EnvironmentObject; the Toggle controls isEnabled through $model.isEnabled")
    func environmentObjectBinding() throws {
        let tree = LiveTree(ModelSeed.MyView())
        #expect(tree.render().contains("Some Name"))
        let toggle = try #require(tree.id(ofControl: "Enabled"))
        #expect(!tree.render().contains(#"aria-checked="true""#))
        tree.isLoggingEvaluations = true
        let actions = try tree.send(Event(target: toggle, type: .change, value: "true"))
        #expect(tree.render().contains(#"aria-checked="true""#))
        #expect(actions.contains { $0.html.contains(#"aria-checked="true""#) })
        // Both views that hold the object (MyView's @StateObject, MySubView's @EnvironmentObject)
        // are invalidated; an unchanged Text sends nothing.
        #expect(tree.evaluationLog.contains("MySubView"))
        #expect(!actions.contains { $0.html.contains("Some Name") })
    }

    struct SwitchView: View {
        @ObservedObject var model: SwitchModel
        var body: some View { Toggle("On", isOn: $model.isOn) }
    }

    @Test("A body that reads an object through a binding subscribes to it once: events re-evaluate it without new subscriptions, and closing the page lets the object go")
    func bindingReadsShareOneSubscription() throws {
        let model = SwitchModel()
        let readBefore = ObjectReaders.count
        let tree = LiveTree(SwitchView(model: model))
        let toggle = try #require(tree.id(ofControl: "On"))
        // One for the view's @ObservedObject, one shared by the bodies that read `$model.isOn`.
        let made = model.objectWillChange.count.made
        #expect(made == 2)
        #expect(ObjectReaders.count == readBefore + 1)
        for _ in 0..<5 { _ = try tree.send(Event(target: toggle, type: .click)) }
        #expect(model.isOn == true)
        #expect(tree.render().contains(#"aria-checked="true""#), "the switch follows the object")
        #expect(model.objectWillChange.count.made == made, "no subscription per event")
        tree.close()
        #expect(ObjectReaders.count == readBefore)
    }

    @Test("If the name input to MyInitializableView changes, the model's stored name does not; .id(name) makes a new one")
    func explicitInitialisationKeepsTheFirstObject() throws {
        let tree = LiveTree(InitializableSeed.ContentView())
        #expect(tree.render().components(separatedBy: "Name: Ravi").count == 3)
        let field = try #require(tree.id(ofControl: "Name"))
        _ = try tree.send(Event(target: field, type: .input, value: "Maria"))
        let html = tree.render()
        #expect(html.contains("Name: Ravi"), "the first keeps its object")
        #expect(html.contains("Name: Maria"), "the second has a new identity, so a new object")
    }

    struct HashIdentified: View {
        let name: String
        let isEnabled: Bool
        var hash: Int {
            var hasher = Hasher()
            hasher.combine(name)
            hasher.combine(isEnabled)
            return hasher.finalize()
        }
        var body: some View {
            Owner().id(hash)
        }
    }

    struct HashHost: View {
        @State var isEnabled = false
        var body: some View {
            Toggle("Enabled", isOn: $isEnabled)
            HashIdentified(name: "Ravi", isEnabled: isEnabled)
        }
    }

    @Test("Combine several values into one identifier with a Hasher: a change of one of them makes a new state object")
    func hasherIdentity() throws {
        CountedModel.made = 0
        let tree = LiveTree(HashHost())
        _ = try click(tree, "Rename")
        #expect(tree.render().contains("Renamed"))
        let toggle = try #require(tree.id(ofControl: "Enabled"))
        _ = try tree.send(Event(target: toggle, type: .change, value: "true"))
        #expect(CountedModel.made == 2)
        #expect(tree.render().contains("Some Name"), "the new identity's state starts over")
    }

    struct ModelInState: View {
        @State private var model = CountedModel()
        var body: some View {
            Text(model.name)
            Button("Rename") { model.name = "Renamed" }
            Button("Replace") { model = CountedModel(name: "Replaced") }
        }
    }

    @Test("An ObservableObject stored in State updates the view only when the reference changes, not when a published property does")
    func observableObjectInState() throws {
        let tree = LiveTree(ModelInState())
        tree.isLoggingEvaluations = true
        #expect(try click(tree, "Rename").isEmpty)
        #expect(tree.evaluationLog.isEmpty)
        let actions = try click(tree, "Replace")
        #expect(tree.evaluationLog == ["ModelInState"])
        #expect(actions.contains { $0.html.contains("Replaced") })
    }

    struct Observer: View {
        @ObservedObject var model: CountedModel
        var body: some View {
            TextField("Name", text: $model.name)
            Text(model.name).accessibilityIdentifier("echo")
        }
    }

    struct ObserverHost: View {
        @StateObject private var first = CountedModel(name: "First")
        @StateObject private var second = CountedModel(name: "Second")
        @State private var useSecond = false
        var body: some View {
            Button("Switch") { useSecond.toggle() }
            Observer(model: useSecond ? second : first)
        }
    }

    @Test("Pass a state object into a subview through @ObservedObject: the subview follows the object it is given")
    func observedObject() throws {
        let tree = LiveTree(ObserverHost())
        let field = try #require(tree.id(ofControl: "Name"))
        let typed = try tree.send(Event(target: field, type: .input, value: "Edited"))
        #expect(typed.contains { $0.html.contains(">Edited</span>") })
        _ = try click(tree, "Switch")
        #expect(tree.render().contains(">Second</span>"))
        // Now subscribed to the second object only.
        let again = try tree.send(Event(target: field, type: .input, value: "Second edited"))
        #expect(again.contains { $0.html.contains(">Second edited</span>") })
    }

    struct Orphan: View {
        var body: some View {
            VStack {
                Text("before")
                ModelSeed.MySubView()
            }
        }
    }

    @Test("A missing environment object is an error for the page that names the type, not a crash")
    func missingEnvironmentObject() throws {
        let tree = LiveTree(Orphan())
        let failure = try #require(throws: ViewFailure.self) { try tree.flush() }
        #expect(failure.description.contains("DataModel"))
        #expect(failure.description.contains("add .environmentObject(object) with a DataModel to a view above it"),
                "it says what to do")
        #expect(!tree.render().contains("Enabled"))
    }
}
