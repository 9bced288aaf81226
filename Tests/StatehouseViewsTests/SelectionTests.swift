import StatehouseTesting
import Testing
@testable import StatehouseViews

/// `List(selection:)`, single and multiple.
@MainActor
@Suite("List selection")
struct SelectionTests {
    struct Fruit: Identifiable {
        let id: Int
        let name: String
    }
    static let fruits = [Fruit(id: 1, name: "Apple"), Fruit(id: 2, name: "Banana"), Fruit(id: 3, name: "Cherry")]

    struct Single: View {
        @State private var selected: Int?
        @State private var fruits = SelectionTests.fruits
        var body: some View {
            List(fruits, selection: $selected) { fruit in
                Text(fruit.name)
            }
            .accessibilityIdentifier("list")
            Text(selected.map(String.init) ?? "none").accessibilityIdentifier("list-value")
            Button("Select Cherry") { selected = 3 }
            Button("Drop Apple") { fruits.removeFirst() }
        }
    }

    struct Multiple: View {
        @State private var selected: Set<String> = ["b"]
        var body: some View {
            List(selection: $selected) {
                Text("Alpha").tag("a")
                Text("Beta").tag("b")
                Text("Not selectable")
            }
            Text(selected.sorted().joined(separator: ",")).accessibilityIdentifier("list-value")
        }
    }

    @Test("A single-selection list is a listbox of option buttons: a click selects the row's id, aria-selected follows, and a write from the server moves it")
    func single() throws {
        let page = try ViewTest(Single())
        #expect(try page.element("list")[attribute: "role"] == "listbox")
        #expect(try page.element("list")[attribute: "aria-multiselectable"] == nil)
        let options = page.elements(role: "option")
        #expect(options.map(\.label) == ["Apple", "Banana", "Cherry"])
        #expect(options.allSatisfy { $0[attribute: "aria-selected"] == "false" })
        try options[1].click()
        #expect(page.text("list-value") == "2")
        #expect(page.elements(role: "option").map { $0[attribute: "aria-selected"] } == ["false", "true", "false"])
        try options[0].click()
        #expect(page.text("list-value") == "1", "a click on another row moves the single selection")
        try page.button("Select Cherry").click()
        #expect(page.elements(role: "option").map { $0[attribute: "aria-selected"] } == ["false", "false", "true"])
    }

    @Test("Rows keep their identity by id: removing a row leaves the others' elements in place")
    func rowIdentity() throws {
        let page = try ViewTest(Single())
        let banana = page.elements(role: "option")[1].id
        try page.button("Drop Apple").click()
        #expect(page.elements(role: "option").map(\.id).first == banana)
        #expect(!page.lastFragments.contains { $0.target == banana })
        #expect(throws: EventError.self) { try page.click("gone") }
    }

    @Test("A multiple-selection list toggles a row in the set; untagged rows are shown but not selectable")
    func multiple() throws {
        let page = try ViewTest(Multiple())
        #expect(page.elements(role: "listbox").first?[attribute: "aria-multiselectable"] == "true")
        let options = page.elements(role: "option")
        #expect(options.map(\.label) == ["Alpha", "Beta"])
        #expect(page.html.contains("Not selectable"))
        try options[0].click()
        #expect(page.text("list-value") == "a,b")
        try options[1].click()
        #expect(page.text("list-value") == "a")
    }

    @Test("A disabled selectable list refuses clicks (409) and changes nothing")
    func disabled() throws {
        struct Locked: View {
            @State private var selected: Int? = 1
            var body: some View {
                List(SelectionTests.fruits, selection: $selected) { Text($0.name) }.disabled(true)
                Text(selected.map(String.init) ?? "none").accessibilityIdentifier("list-value")
            }
        }
        let page = try ViewTest(Locked())
        let option = page.elements(role: "option")[2]
        #expect(option[attribute: "disabled"] == "")
        #expect(throws: EventError.disabled(option.id)) { try option.click() }
        #expect(page.text("list-value") == "1")
    }
}
