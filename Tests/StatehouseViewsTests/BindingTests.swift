import Testing
@testable import StatehouseViews

@MainActor
@Suite("Binding")
struct BindingTests {
    @Test("You can get a binding from a binding using the $ prefix, through any number of levels")
    func bindingOfBinding() throws {
        struct Inner: View {
            @Binding var value: Int
            var body: some View { Button("Bump \(value)") { value += 1 } }
        }
        struct Middle: View {
            @Binding var value: Int
            var body: some View { Inner(value: $value) }
        }
        struct Outer: View {
            @State private var value = 0
            var body: some View { VStack { Text("outer \(value)"); Middle(value: $value) } }
        }
        let tree = LiveTree(Outer())
        _ = try click(tree, "Bump 0")
        #expect(tree.render().contains("outer 1"))
        #expect(tree.id(ofControl: "Bump 1") != nil)
    }

    @Test("Binding(get:set:), .constant, and conversions between Binding<T> and Binding<T?>")
    func constructedBindings() {
        var storage = 3
        let plain = Binding(get: { storage }, set: { storage = $0 })
        plain.wrappedValue = 4
        #expect(storage == 4)
        let constant = Binding.constant(9)
        constant.wrappedValue = 1
        #expect(constant.wrappedValue == 9)
        let optional = Binding<Int?>(plain)
        #expect(optional.wrappedValue == 4)
        optional.wrappedValue = 5
        #expect(storage == 5)
        var maybe: Int? = nil
        let maybeBinding = Binding(get: { maybe }, set: { maybe = $0 })
        #expect(Binding(maybeBinding) == nil)
        maybe = 2
        let unwrapped = Binding(maybeBinding)
        unwrapped?.wrappedValue = 8
        #expect(maybe == 8)
    }

    @Test("A binding handed down again to the same storage does not re-evaluate the child")
    func sameBindingSkipsChild() throws {
        struct Child: View {
            @Binding var flag: Bool
            var body: some View { Text("child") }
        }
        struct Parent: View {
            @State private var flag = false
            @State private var other = 0
            var body: some View {
                VStack {
                    Text("other \(other)")
                    Button("Other") { other += 1 }
                    Child(flag: $flag)
                }
            }
        }
        let tree = LiveTree(Parent())
        tree.isLoggingEvaluations = true
        _ = try click(tree, "Other")
        #expect(tree.evaluationLog == ["Parent"])
    }

    @Test("State(initialValue:) and State() for optionals")
    func stateInitializers() {
        struct Initial: View {
            @State var name: String?
            @State private var count: Int
            init() { _count = State(initialValue: 41) }
            var body: some View { Text("\(name ?? "none") \(count + 1)") }
        }
        #expect(LiveTree(Initial()).render().contains("none 42"))
    }
}

/// A dynamic property of the app's own, as SwiftUI samples write them.
struct Clicks: DynamicProperty {
    @State var count = 0
    /// Set by `update()` from the state: what SwiftUI's contract makes current before `body`.
    var doubled = 0
    mutating func update() { doubled = count * 2 }
}

@MainActor
@Suite("DynamicProperty")
struct DynamicPropertyTests {
    struct ClicksView: View {
        var clicks = Clicks()
        var body: some View {
            Text("\(clicks.count) → \(clicks.doubled)").accessibilityIdentifier("shown")
            Button("Click") { clicks.count += 1 }
        }
    }

    @Test("SwiftUI calls update() on a view's dynamic properties before it renders the body: a value derived in update() is current")
    func updateRunsBeforeBody() throws {
        let tree = LiveTree(ClicksView())
        #expect(tree.render().contains("0 → 0"))
        _ = try click(tree, "Click")
        _ = try click(tree, "Click")
        #expect(tree.render().contains("2 → 4"))
    }
}
