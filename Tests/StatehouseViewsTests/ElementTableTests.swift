import StatehouseTesting
import Testing
@testable import StatehouseViews

/// The tables of elements by id (`NumberedElements`, `NamedElements`), against a `Dictionary`.
@Suite("Element tables")
@MainActor
struct ElementTableTests {
    /// An entry that knows its id, as an element does.
    final class Box: ElementTableEntry {
        let elementID: ElementID
        init(_ id: ElementID) { elementID = id }
    }

    @Test("Random entries, removals and room made ahead leave the table holding what a Dictionary holds (clustered numbers, removals mid-cluster)")
    func numbersMatchDictionary() {
        matchDictionary(seed: 0x5EED_0001, key: { $0 + 1 }, id: { .generated($0) })
    }

    @Test("The same with ids as text, as requested ids are (a grown table keeps each entry's hash)")
    func namesMatchDictionary() {
        matchDictionary(seed: 0x5EED_0002, key: { "click-\($0)" }, id: { .named($0) })
    }

    /// 40 rounds of 2,000 random entries and removals over a few keys made by `key`.
    private func matchDictionary<Key: ElementTableKey & Hashable>(seed: UInt64, key: (Int) -> Key, id: (Key) -> ElementID) {
        var random = SplitMix64(seed: seed)
        for round in 0..<40 {
            var table = ElementTable<Key, Box>()
            var reference: [Key: Box] = [:]
            // Few distinct keys: long probe runs (for numbers, close together) and wrap-around.
            let keys = (0..<(8 + Int(random.next() % 300))).map(key)
            for _ in 0..<2_000 {
                let key = keys[Int(random.next() % UInt64(keys.count))]
                if random.next() % 97 == 0 {
                    // Room made ahead (a ForEach about to mount many rows) keeps what is there.
                    table.reserve(Int(random.next() % 200))
                }
                if random.next() % 3 == 0, let held = reference[key] {
                    // Removing another object under the key leaves the entry.
                    table.remove(key, ifItIs: Box(id(key)))
                    #expect(table[key] === held)
                    table.remove(key, ifItIs: held)
                    reference[key] = nil
                } else if random.next() % 2 == 0 {
                    let box = Box(id(key))
                    table.set(box, for: key)
                    reference[key] = box
                } else {
                    let box = Box(id(key))
                    let holder = table.setIfAbsent(box, for: key)
                    #expect(holder === reference[key], "round \(round): what was there is returned")
                    if holder == nil { reference[key] = box }
                }
            }
            #expect(table.count == reference.count, "round \(round)")
            for key in keys {
                #expect(table[key] === reference[key], "round \(round), key \(key)")
            }
            #expect(table[key(-1)] == nil && table[key(keys.count)] == nil, "round \(round): keys never entered")
        }
    }

    @Test("A generated id's number is read back from its text; other ids are not generated ones")
    func generatedIDs() {
        for number in [1, 35, 36, 1_295, 1_296, 123_456_789, Int(Int32.max)] {
            #expect(NumberedElements.number(ofGeneratedID: HTMLWriter.generatedID(number)) == number)
        }
        for id in ["", "_", "__1", "_01", "_0", "_A", "x_1", "_1-2", "_zzzzzzzzzzzzz", "sh-root"] {
            #expect(NumberedElements.number(ofGeneratedID: id) == nil, "\(id)")
        }
    }
}

/// How a `ForEach` sizes the registry's tables ahead of its rows.
@Suite("Element tables ahead of a ForEach")
@MainActor
struct ElementTableReserveTests {
    struct Rows: View {
        var body: some View {
            VStack {
                ForEach(0..<1_000, id: \.self) { index in
                    if index == 0 {
                        // A first row unlike the others: twenty named controls.
                        ForEach(0..<20, id: \.self) { inner in
                            Button("Inner \(inner)") {}.accessibilityIdentifier("inner-\(inner)")
                        }
                    } else {
                        Button("Row \(index)") {}.accessibilityIdentifier("row")
                    }
                }
            }
        }
    }

    @Test("A first row unlike the others does not size the tables for its ids times every row (they never shrink)")
    func lopsidedFirstRow() throws {
        let tree = LiveTree(Rows())
        defer { tree.close() }
        // 20 + 999 named ids. Sized by the first row alone: 20 × 999 more, 32,768 slots; at
        // most 4 a row: 8,192 (and no growth after).
        #expect(tree.registry.tableCounts.named == 1 + 20 + 999)  // the root, too
        #expect(tree.registry.tableCapacities.named <= 8_192)
        // Every id still names its control.
        #expect(tree.render().contains(#"id="inner-19-19""#))  // the inner row's key
        #expect(tree.render().contains(#"id="row-999""#))
        _ = try tree.send(Event(target: "row-999", type: .click))
        _ = try tree.send(Event(target: "inner-7-7", type: .click))
    }
}
