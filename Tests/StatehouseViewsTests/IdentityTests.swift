import StatehouseTesting
import Testing
@testable import StatehouseViews

struct Item: Identifiable, Equatable {
    let id: Int
    var title: String
}

struct ItemRow: View {
    let item: Item
    @State private var expanded = false

    var body: some View {
        VStack {
            Button(expanded ? "Less \(item.id)" : "More \(item.id)") { expanded.toggle() }
            if expanded { Text("Details of \(item.title)") }
        }
    }
}

struct ItemList: View {
    @State var items: [Item]
    @State private var next = 1000

    var body: some View {
        VStack {
            Button("Add") {
                items.insert(Item(id: next, title: "Item \(next)"), at: 0)
                next += 1
            }
            Button("Delete first") { items.removeFirst() }
            Button("Reverse") { items.reverse() }
            List(items) { item in ItemRow(item: item) }
        }
    }
}

func items(_ count: Int) -> [Item] { (0..<count).map { Item(id: $0, title: "Item \($0)") } }

@MainActor
@Suite("Identity and invalidation")
struct IdentityTests {
    @Test("Changing one row's @State evaluates as many bodies in a 1,000-row ForEach as in a 10-row one")
    func rowUpdateCostIndependentOfListSize() throws {
        var counts: [Int] = []
        var fragments: [String] = []
        for size in [10, 1000] {
            let tree = LiveTree(ItemList(items: items(size)))
            let before = tree.evaluationCount
            let actions = try click(tree, "More 5")
            counts.append(tree.evaluationCount - before)
            fragments.append(actions.map(\.html).joined())
            #expect(actions.count == 2, "the button's label and the inserted details")
        }
        #expect(counts[0] == counts[1])
        #expect(counts[0] == 1, "only the row's body ran")
        for html in fragments {
            #expect(html.contains("Less 5") && html.contains("Details of Item 5"))
            #expect(!html.contains("More 4") && !html.contains("More 6"), "no other row is sent")
        }
    }

    @Test("Inserting a row above returns one row; a row's state stays with its element")
    func rowStateFollowsIdentity() throws {
        let page = try ViewTest(ItemList(items: items(3)))
        try page.button("More 1").click()
        try page.button("Add").click()
        #expect(page.lastFragments.count == 1)
        guard case .prepend(_, let html)? = page.lastFragments.first else { Issue.record("expected a prepend, got \(page.lastFragments)"); return }
        #expect(html.hasPrefix("<li "))
        #expect(html.contains("More 1000"))
        #expect(page.elements.contains { $0.text == "Details of Item 1" }, "row 1 is still expanded")
        try page.button("Delete first").click()
        #expect(page.lastFragments.count == 1)
        guard case .remove? = page.lastFragments.first else { Issue.record("expected a remove, got \(page.lastFragments)"); return }
        #expect(page.elements.contains { $0.text == "Details of Item 1" })
    }

    @Test("A range's rows keep their state when the range grows and shrinks around them; only the rows added or gone are sent")
    func rangeRowsKeepState() throws {
        struct Tapper: View {
            let index: Int
            @State private var taps = 0
            var body: some View { Button("Row \(index): \(taps)") { taps += 1 } }
        }
        struct Rows: View {
            @State var count = 2
            var body: some View {
                VStack {
                    Button("More") { count += 1 }
                    Button("Fewer") { count -= 1 }
                    ForEach(0..<count, id: \.self) { Tapper(index: $0) }
                }
            }
        }
        let page = try ViewTest(Rows())
        try page.button("Row 0: 0").click()
        try page.button("Row 1: 0").click()
        try page.button("Row 1: 1").click()
        try page.button("More").click()
        #expect(page.lastFragments.count == 1, "\(page.lastFragments)")  // row 2 only
        #expect(page.html.contains("Row 0: 1") && page.html.contains("Row 1: 2") && page.html.contains("Row 2: 0"))
        try page.button("Fewer").click()
        try page.button("Fewer").click()
        #expect(page.lastFragments.count == 1, "\(page.lastFragments)")  // row 1 only
        #expect(page.html.contains("Row 0: 1") && !page.html.contains("Row 1:"))
    }

    @Test("Reordering rows re-sends the list, and each row keeps its state")
    func reorder() throws {
        let page = try ViewTest(ItemList(items: items(3)))
        try page.button("More 0").click()
        try page.button("Reverse").click()
        #expect(page.lastFragments.count == 1)
        let rows = page.elements(role: "listitem").map(\.text)
        #expect(rows == ["More 2", "More 1", "Less 0Details of Item 0"], "row 0 moved last, still expanded")
    }

    @Test("The two branches of an if/else are distinct identities: state does not leak between them")
    func conditionalBranchesHaveOwnState() throws {
        struct Branches: View {
            @State var flag = true
            var body: some View {
                VStack {
                    Button("Flip") { flag.toggle() }
                    if flag { ItemRow(item: Item(id: 1, title: "A")) } else { ItemRow(item: Item(id: 1, title: "B")) }
                }
            }
        }
        let page = try ViewTest(Branches())
        try page.button("More 1").click()
        #expect(page.elements.contains { $0.text == "Details of A" })
        try page.button("Flip").click()
        #expect(!page.html.contains("Details of"), "the else branch starts with fresh state")
        #expect(page.lastFragments.contains { if case .remove = $0 { true } else { false } })
        try page.button("Flip").click()
        #expect(!page.html.contains("Details of"), "and the if branch was rebuilt fresh too")
    }

    @Test("Changing identity with .id resets all state held by the view")
    func idResetsState() throws {
        struct Identified: View {
            @State var generation = 0
            var body: some View {
                VStack {
                    Button("Renew") { generation += 1 }
                    Button("Same") { }
                    ItemRow(item: Item(id: 7, title: "Seven")).id(generation)
                }
            }
        }
        let page = try ViewTest(Identified())
        try page.button("More 7").click()
        try page.button("Same").click()
        #expect(try page.button("Less 7").isEnabled, "still expanded after an unrelated event")
        try page.button("Renew").click()
        #expect(throws: ViewTestError.self, "a new identity starts collapsed") { try page.button("Less 7") }
        #expect(try page.button("More 7").isEnabled)
    }

    @Test("A removed subtree frees its nodes, state and elements")
    func removedSubtreeIsFreed() throws {
        final class Probe {}
        struct Holder: View {
            @State var probe: Probe
            var body: some View { Text("holder") }
        }
        struct Parent: View {
            @State var show = true
            let make: () -> Probe
            var body: some View {
                VStack {
                    Button("Hide") { show = false }
                    if show { Holder(probe: make()) }
                }
            }
        }
        weak var first: Probe?
        let tree = LiveTree(Parent(make: { let probe = Probe(); if first == nil { first = probe }; return probe }))
        #expect(first != nil)
        let elements = tree.elementCount
        _ = try click(tree, "Hide")
        #expect(first == nil, "the state box was released with its node")
        #expect(tree.elementCount == elements - 1)
    }

    @Test("ForEach over a range and with an id key path; accessibility identifiers get the row key")
    func forEachVariants() throws {
        struct Ranges: View {
            var body: some View {
                VStack {
                    ForEach(0..<3) { index in Text("r\(index)").accessibilityIdentifier("cell") }
                    ForEach(["a", "b"], id: \.self) { letter in Text(letter) }
                }
            }
        }
        let html = LiveTree(Ranges()).render()
        #expect(html.contains(#"id="cell-0""#) && html.contains(#"id="cell-2""#))
        #expect(html.contains(">a</span>") && html.contains(">b</span>"))
    }

    @Test("A ForEach shows a repeated id once, also after its data changes")
    func forEachRepeatedIDsShowOnce() throws {
        struct Letters: View {
            @State private var letters = ["a", "b", "a"]
            var body: some View {
                VStack {
                    Button("More") { letters += ["c", "b", "c"] }
                    ForEach(letters, id: \.self) { letter in Text("letter \(letter)") }
                }
            }
        }
        func shown(_ html: String, _ letter: String) -> Int { html.components(separatedBy: ">letter \(letter)<").count - 1 }
        // An id of the element's own type that is not the element (`\.self` is read without
        // its key path: this one must still be projected).
        struct Folded: View {
            var body: some View { VStack { ForEach(["a", "A", "b"], id: \.localizedLowercase) { letter in Text("letter \(letter)") } } }
        }
        let folded = LiveTree(Folded()).render()
        #expect(shown(folded, "a") == 1 && shown(folded, "A") == 0 && shown(folded, "b") == 1)
        let tree = LiveTree(Letters())
        var html = tree.render()
        #expect(shown(html, "a") == 1 && shown(html, "b") == 1)
        _ = try click(tree, "More")
        html = tree.render()
        #expect(shown(html, "a") == 1 && shown(html, "b") == 1 && shown(html, "c") == 1)
    }
}
