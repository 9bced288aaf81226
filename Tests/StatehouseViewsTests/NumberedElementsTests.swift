import StatehouseTesting
import Testing
@testable import StatehouseViews

/// The table of controls with generated ids (`NumberedElements`), against a `Dictionary`.
@Suite("Numbered elements")
struct NumberedElementsTests {
    final class Box {}

    @Test("Random entries and removals leave the table holding what a Dictionary holds (clustered numbers, removals mid-cluster)")
    func matchesDictionary() {
        var random = SplitMix64(seed: 0x5EED_0001)
        for round in 0..<40 {
            var table = NumberedTable<Box>()
            var reference: [Int: Box] = [:]
            // Few distinct numbers, close together: long probe runs and wrap-around.
            let range = 1...(8 + Int(random.next() % 300))
            for _ in 0..<2_000 {
                let number = Int(random.next() % UInt64(range.upperBound)) + 1
                if random.next() % 3 == 0, let held = reference[number] {
                    // Removing another object under the number leaves the entry.
                    table.remove(number, ifItIs: Box())
                    #expect(table[number] === held)
                    table.remove(number, ifItIs: held)
                    reference[number] = nil
                } else {
                    let box = Box()
                    table.set(box, for: number)
                    reference[number] = box
                }
            }
            #expect(table.count == reference.count, "round \(round)")
            for number in 0...(range.upperBound + 2) {
                #expect(table[number] === reference[number], "round \(round), number \(number)")
            }
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
