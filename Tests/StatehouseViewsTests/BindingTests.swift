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

/// A `ForEach` update costs what changed: a row's content is made again when its element
/// changed, or when anything the content could depend on did.
@MainActor
@Suite("ForEach updates re-run what changed")
struct ForEachUpdateTests {
    struct Item: Identifiable, Equatable {
        let id: Int
        var title: String
        var done = false
    }

    static func items(_ count: Int) -> [Item] { (0..<count).map { Item(id: $0, title: "Item \($0)") } }

    /// A row view whose `body` counts its runs.
    struct CountedRow: View {
        nonisolated(unsafe) static var runs = 0
        @Binding var item: Item
        var body: some View {
            let _ = Self.runs += 1
            Toggle(item.title, isOn: $item.done).accessibilityIdentifier("item")
        }
    }

    struct BoundRows: View {
        nonisolated(unsafe) static var runs = 0
        @State var items: [Item]
        var body: some View {
            let _ = Self.runs += 1
            Button("Add") { items.append(Item(id: items.count, title: "New")) }.accessibilityIdentifier("add")
            Button("Remove first") { items.removeFirst() }.accessibilityIdentifier("remove")
            ForEach($items) { $item in CountedRow(item: $item) }
        }
    }

    @Test("ForEach($items): toggling a row re-runs that row alone, and not the view that wrote ForEach($items) (making $items is not a read of items)")
    func boundToggleRunsOneRow() throws {
        let page = try ViewTest(BoundRows(items: Self.items(50)))
        CountedRow.runs = 0
        BoundRows.runs = 0
        try page.click("item-7")
        #expect(try page.element("item-7")[attribute: "aria-checked"] == "true")
        #expect(CountedRow.runs == 1, "\(CountedRow.runs) rows ran")
        #expect(BoundRows.runs == 0)
        #expect(page.lastFragments.count == 1, "only the toggled row's element")
    }

    @Test("ForEach($items): an added row is mounted, a removed one leaves, and the others do not run; bindings follow their elements after")
    func boundAddAndRemove() throws {
        let page = try ViewTest(BoundRows(items: Self.items(20)))
        CountedRow.runs = 0
        try page.click("add")
        #expect(CountedRow.runs == 1)
        #expect(page.elements(role: "switch").count == 21)
        CountedRow.runs = 0
        try page.click("remove")
        #expect(CountedRow.runs == 0)
        #expect(page.elements(role: "switch").map(\.label).first == "Item 1")
        try page.click("item-5")
        #expect(try page.element("item-5")[attribute: "aria-checked"] == "true", "row 5's binding finds its element, now at offset 4")
        #expect(CountedRow.runs == 1)
    }

    /// A content closure that captures nothing: the same function whichever `body` made it.
    struct GivenRows: View {
        nonisolated(unsafe) static var contents = 0
        @State var items: [Item]
        @State var suffix = ""
        var body: some View {
            Button("Rename") { items[3].title = "Renamed" }.accessibilityIdentifier("rename")
            Button("Suffix") { suffix = "!" }.accessibilityIdentifier("suffix")
            ForEach(items) { item in
                let _ = Self.contents += 1
                Text(item.title)
            }
            // A closure that captured the body's value: every row's content is made again.
            let added = suffix
            ForEach(items) { item in Text(item.title + added).accessibilityIdentifier("captured") }
        }
    }

    @Test("ForEach(items) whose content captured nothing: a change to one element makes that row's content alone; a closure that captured a value of the body makes every row's again")
    func givenDataRemakesChangedRows() throws {
        let page = try ViewTest(GivenRows(items: Self.items(30)))
        GivenRows.contents = 0
        try page.click("rename")
        #expect(GivenRows.contents == 1, "\(GivenRows.contents) contents made")
        #expect(page.html.contains(">Renamed<"))
        try page.click("suffix")
        #expect(GivenRows.contents == 1, "the first ForEach's elements did not change")
        #expect(try page.element("captured-3").text == "Renamed!")
        #expect(try page.element("captured-29").text == "Item 29!", "every row of the capturing closure sees the new suffix")
    }

    @Observable final class Flag {
        var on = false
    }

    nonisolated(unsafe) static let flag = Flag()

    struct ReadingRows: View {
        @State var items: [Item]
        var body: some View {
            Button("Flag") { ForEachUpdateTests.flag.on.toggle() }.accessibilityIdentifier("flag")
            ForEach($items) { $item in
                Text(item.title + (ForEachUpdateTests.flag.on ? " on" : "")).accessibilityIdentifier("row")
            }
        }
    }

    @Test("State a row's content read (not its element) re-runs every row when it changes")
    func contentReadsRemakeAll() throws {
        Self.flag.on = false
        let page = try ViewTest(ReadingRows(items: Self.items(10)))
        try page.click("flag")
        #expect(try page.element("row-0").text == "Item 0 on")
        #expect(try page.element("row-9").text == "Item 9 on")
        Self.flag.on = false
    }

    /// An element whose `==` compares ids only (a common shortcut): a row shows what its
    /// bytes say, not what `==` says.
    struct Task: Identifiable, Equatable {
        let id: Int
        var done = false
        static func == (a: Task, b: Task) -> Bool { a.id == b.id }
    }

    struct TaskRow: View {
        @Binding var task: Task
        var body: some View { Text(task.done ? "done" : "open").accessibilityIdentifier("bound") }
    }

    struct Tasks: View {
        @State var tasks = (0..<5).map { Task(id: $0) }
        var body: some View {
            Button("Finish 2") { tasks[2].done = true }.accessibilityIdentifier("finish")
            ForEach($tasks) { $task in TaskRow(task: $task) }
            ForEach(tasks) { task in Text(task.done ? "done" : "open").accessibilityIdentifier("given") }
        }
    }

    @Test("An element changed where its type's == says nothing changed is shown changed, in a ForEach over a binding and over given data")
    func bytesNotEquality() throws {
        let page = try ViewTest(Tasks())
        try page.click("finish")
        #expect(try page.element("bound-2").text == "done")
        #expect(try page.element("given-2").text == "done")
        #expect(try page.element("bound-1").text == "open")
    }

    /// A plain class: not observed, read through the object the closure captured alone.
    final class Units {
        var unit = "kg"
    }

    struct Weights: View {
        let units: Units
        @State private var changes = 0
        var body: some View {
            Button("Pounds") { units.unit = "lb"; changes += 1 }.accessibilityIdentifier("pounds")
            Text("\(changes) changes")
            let captured = units
            ForEach(0..<3, id: \.self) { index in Text("\(index) \(captured.unit)").accessibilityIdentifier("weight") }
        }
    }

    @Test("A content closure that captured one object (its context is the object itself, the same whichever body made it) makes every row again when the body runs again")
    func loneCaptureRemakes() throws {
        let page = try ViewTest(Weights(units: Units()))
        try page.click("pounds")
        #expect(try page.element("weight-0").text == "0 lb")
        #expect(try page.element("weight-2").text == "2 lb")
    }

    struct EditableRows: View {
        @State var items: [Item]
        var body: some View {
            NavigationStack {
                List {
                    ForEach($items) { $item in Text(item.title) }
                        .onDelete { items.remove(atOffsets: $0) }
                        .onMove { items.move(fromOffsets: $0, toOffset: $1) }
                }
                Button("Add") { items.append(Item(id: items.count + 100, title: "Added")) }
                    .toolbar { EditButton() }
            }
        }
    }

    @Test("An editable list's rows keep their Move buttons right as rows come and go: the last row's Move down is disabled, the first's Move up; a Delete deletes the row it is in after rows before it left")
    func editableEnds() throws {
        let page = try ViewTest(EditableRows(items: Self.items(3)))
        try page.button("Edit").click()
        let enabled = { (label: String) in page.elements(role: "button").filter { $0.label == label }.map(\.isEnabled) }
        #expect(enabled("Move down") == [true, true, false])
        try page.button("Add").click()
        #expect(enabled("Move down") == [true, true, true, false], "the old last row can move down now")
        try page.elements(role: "button").filter { $0.label == "Delete" }[0].click()
        #expect(enabled("Move up") == [false, true, true], "the new first row cannot move up")
        try page.elements(role: "button").filter { $0.label == "Delete" }[1].click()
        #expect(page.elements.filter { $0.tag == "li" }.map(\.text).map { $0.hasPrefix("Item 1") || $0.hasPrefix("Added") } == [true, true])
    }
}
