import StatehouseTesting
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

/// `ForEach($items)`: each row's binding finds its element where it was, without a scan.
@MainActor
@Suite("ForEach over a binding")
struct BindingForEachTests {
    /// An element whose id counts its reads (the work a row's binding does to find it).
    struct Item: Identifiable {
        nonisolated(unsafe) static var idReads = 0
        let key: Int
        var done = false
        var id: Int {
            Self.idReads += 1
            return key
        }
    }

    struct Rows: View {
        @State var items: [Item]
        var body: some View {
            Button("Add") { items.append(Item(key: items.count)) }.accessibilityIdentifier("add")
            ForEach($items) { $item in
                Toggle("Item \(item.key)", isOn: $item.done).accessibilityIdentifier("item")
            }
        }
    }

    /// The ids read by adding a row to a list of `count`, and by toggling its first row.
    func idReads(rows count: Int) throws -> (add: Int, toggle: Int) {
        let page = try ViewTest(Rows(items: (0..<count).map { Item(key: $0) }))
        Item.idReads = 0
        try page.click("add")
        let add = Item.idReads
        Item.idReads = 0
        try page.click("item-0")
        #expect(try page.element("item-0")[attribute: "aria-checked"] == "true")
        return (add, Item.idReads)
    }

    @Test("Adding or toggling a row reads each element's id a bounded number of times: ten times the rows, about ten times the reads (a scan per binding read made it a hundred)")
    func rowsFindTheirElementsWithoutAScan() throws {
        let small = try idReads(rows: 100), large = try idReads(rows: 1_000)
        #expect(large.add < 15 * small.add, "add: \(small.add) reads at 100 rows, \(large.add) at 1,000")
        #expect(large.toggle < 15 * small.toggle, "toggle: \(small.toggle) reads at 100 rows, \(large.toggle) at 1,000")
        // After a row moved (the first deleted), the bindings made before find theirs by a scan.
        let page = try ViewTest(Rows(items: (0..<5).map { Item(key: $0) }))
        try page.click("item-3")
        #expect(try page.element("item-3")[attribute: "aria-checked"] == "true")
    }
}
