/// The elements with generated ids that an event can name, by the id's number: a table of
/// its own, hashed by one multiplication (ids the server numbers in sequence, never text a
/// client chose: nothing to flood it with), not a `Dictionary` keyed by the id's text, which
/// made and hashed (SipHash) a string per control mounted: about two fifths of a button's
/// mount in `bench render --shape view_state_hstack_2_texts_button`.
///
/// Open addressing with linear probing; a removal shifts the entries after it back (no
/// tombstones). Empty until the first entry (most elements are not controls).
typealias NumberedElements = NumberedTable<ElementNode>

/// See `NumberedElements`.
struct NumberedTable<Element: AnyObject> {
    private struct Slot {
        var number: Int  // 0: empty (numbers start at 1)
        var element: Element?
    }

    private var slots: [Slot] = []
    /// Entries held.
    private(set) var count = 0

    private func home(_ number: Int) -> Int {
        // Fibonacci hashing: the product's high bits, as many as the table has index bits.
        let bits = UInt(bitPattern: number) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: bits >> UInt(UInt.bitWidth - slots.count.trailingZeroBitCount))
    }

    /// The slot holding `number`, if any.
    private func index(of number: Int) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var index = home(number)
        while slots[index].number != 0 {
            if slots[index].number == number { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    subscript(number: Int) -> Element? {
        index(of: number).flatMap { slots[$0].element }
    }

    /// Enters `element` under `number` (replacing what was there).
    mutating func set(_ element: Element, for number: Int) {
        precondition(number > 0, "generated ids are numbered from 1")
        if let index = index(of: number) { return slots[index].element = element }
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var index = home(number)
        while slots[index].number != 0 { index = (index + 1) & mask }
        slots[index] = Slot(number: number, element: element)
        count += 1
    }

    /// Removes `number`'s entry if it is `element`.
    mutating func remove(_ number: Int, ifItIs element: Element) {
        guard var hole = index(of: number), slots[hole].element === element else { return }
        let mask = slots.count - 1
        slots[hole] = Slot(number: 0, element: nil)
        count -= 1
        // Entries after the hole that would not be found past it move into it.
        var next = (hole + 1) & mask
        while slots[next].number != 0 {
            let wanted = home(slots[next].number)
            // `wanted` lies cyclically in (hole, next]: the entry stays where it is.
            let stays = hole <= next ? (hole < wanted && wanted <= next) : (hole < wanted || wanted <= next)
            if !stays {
                slots[hole] = slots[next]
                slots[next] = Slot(number: 0, element: nil)
                hole = next
            }
            next = (next + 1) & mask
        }
    }

    /// Twice the slots (16 at first), the entries placed anew.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(number: 0, element: nil), count: max(16, old.count * 2))
        count = 0
        for slot in old where slot.number != 0 {
            if let element = slot.element { set(element, for: slot.number) }
        }
    }

    /// The number a generated id (`_` and base-36 digits, as `HTMLWriter.generatedID` writes it)
    /// stands for; nil for any other id.
    static func number(ofGeneratedID id: String) -> Int? {
        let utf8 = id.utf8
        guard utf8.first == UInt8(ascii: "_"), utf8.count > 1, utf8.count <= 13 else { return nil }
        var number = 0
        for byte in utf8.dropFirst() {
            let digit: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = Int(byte - UInt8(ascii: "a")) + 10
            default: return nil
            }
            number = number * 36 + digit
        }
        // A generated id has no leading zero: "_01" is some other id.
        return number > 0 && utf8.dropFirst().first != UInt8(ascii: "0") ? number : nil
    }
}
