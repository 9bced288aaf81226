/// The elements with generated ids that an event can name, by the id's number: hashed by one
/// multiplication (ids the server numbers in sequence, never text a client chose: nothing to
/// flood it with), not a `Dictionary` keyed by the id's text, which made and hashed (SipHash) a
/// string per control mounted: about two fifths of a button's mount in `bench render --shape
/// view_state_hstack_2_texts_button`.
typealias NumberedElements = ElementTable<Int, ElementNode>

/// The elements with a requested id (`.accessibilityIdentifier`, made unique), by that id. The
/// id is hashed with the standard library's `Hasher` (SipHash, seeded at random per process,
/// as a `Dictionary` does: the ids are built from the app's data, a row's key among them), but
/// once: the table keeps each entry's hash, so growing it (without `reserve`, a 10,000-row
/// page's table doubled 12 times) hashes nothing again, and a probe compares hashes before
/// texts.
typealias NamedElements = ElementTable<String, ElementNode>

/// A key of an `ElementTable`: its hash, and whether it is an entry's id.
protocol ElementTableKey: Equatable {
    var tableHash: Int { get }
    /// Whether `id` is this key.
    func isKey(of id: ElementID) -> Bool
}

extension Int: ElementTableKey {
    var tableHash: Int { self }
    func isKey(of id: ElementID) -> Bool {
        if case .generated(let number) = id { number == self } else { false }
    }
}

extension String: ElementTableKey {
    var tableHash: Int { hashValue }
    func isKey(of id: ElementID) -> Bool {
        if case .named(let name) = id { name == self } else { false }
    }
}

/// What an `ElementTable` holds: an object that knows its id (an element), the key it is
/// entered under.
protocol ElementTableEntry: AnyObject {
    var elementID: ElementID { get }
}

/// A table of elements by key (see `NumberedElements` and `NamedElements`): open addressing
/// with linear probing from the hash's Fibonacci home; a removal shifts the entries after it
/// back (no tombstones). Empty until the first entry (most elements are not named).
///
/// A slot is the key's hash and the element, 16 bytes: the key itself is the element's id,
/// read only where hashes are equal. (With the key in the slot as well, a 10,000-row page's
/// named table took a megabyte, and filling its empty slots retained the empty key each.)
/// An element is entered under its id: the id it has when the table next compares keys.
struct ElementTable<Key: ElementTableKey, Element: ElementTableEntry> {
    private struct Slot {
        var hash: Int
        var element: Element?  // nil: empty
    }

    private var slots: [Slot] = []
    /// Entries held.
    private(set) var count = 0
    /// Slots (entries held before it grows: three quarters of them).
    var capacity: Int { slots.count }

    private func home(_ hash: Int) -> Int {
        // Fibonacci hashing: the product's high bits, as many as the table has index bits.
        let bits = UInt(bitPattern: hash) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: bits >> UInt(UInt.bitWidth - slots.count.trailingZeroBitCount))
    }

    /// The slot holding `key` (whose hash is `hash`), if any.
    private func index(of key: Key, hash: Int) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var index = home(hash)
        while let element = slots[index].element {
            if slots[index].hash == hash, key.isKey(of: element.elementID) { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    subscript(key: Key) -> Element? {
        index(of: key, hash: key.tableHash).flatMap { slots[$0].element }
    }

    /// Enters `element` under `key` (replacing what was there).
    mutating func set(_ element: Element, for key: Key) {
        if let index = slotOrInsert(element, for: key) { slots[index].element = element }
    }

    /// Enters `element` under `key` unless an element is there already; returns that one.
    mutating func setIfAbsent(_ element: Element, for key: Key) -> Element? {
        slotOrInsert(element, for: key).flatMap { slots[$0].element }
    }

    /// The slot holding `key` if there is one; else enters `element` under it (one hash of the
    /// key, not a lookup and then an insertion) and returns nil.
    @inline(__always)
    private mutating func slotOrInsert(_ element: Element, for key: Key) -> Int? {
        let hash = key.tableHash
        if let index = index(of: key, hash: hash) { return index }
        insert(Slot(hash: hash, element: element))
        return nil
    }

    /// Places a slot whose key is not in the table.
    private mutating func insert(_ slot: consuming Slot) {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        place(slot)
        count += 1
    }

    /// Puts `slot` in the first empty slot from its home (there is one: at most three quarters
    /// are used).
    private mutating func place(_ slot: consuming Slot) {
        let mask = slots.count - 1
        var index = home(slot.hash)
        while slots[index].element != nil { index = (index + 1) & mask }
        slots[index] = slot
    }

    /// Removes `key`'s entry if it is `element`.
    mutating func remove(_ key: Key, ifItIs element: Element) {
        guard var hole = index(of: key, hash: key.tableHash), slots[hole].element === element else { return }
        let mask = slots.count - 1
        slots[hole] = Self.empty
        count -= 1
        // Entries after the hole that would not be found past it move into it.
        var next = (hole + 1) & mask
        while slots[next].element != nil {
            let wanted = home(slots[next].hash)
            // `wanted` lies cyclically in (hole, next]: the entry stays where it is.
            let stays = hole <= next ? (hole < wanted && wanted <= next) : (hole < wanted || wanted <= next)
            if !stays {
                slots[hole] = slots[next]
                slots[next] = Self.empty
                hole = next
            }
            next = (next + 1) & mask
        }
    }

    private static var empty: Slot { Slot(hash: 0, element: nil) }

    /// Makes room for `additional` more entries at once (a page about to mount many rows like
    /// one just mounted), instead of doubling, and moving every entry, as they arrive.
    mutating func reserve(_ additional: Int) {
        let wanted = ((count + additional) * 4 + 2) / 3
        guard additional > 0, wanted > slots.count else { return }
        grow(to: 1 << (Int.bitWidth - (wanted - 1).leadingZeroBitCount))
    }

    /// Twice the slots, the entries moved over and placed anew by their kept hashes (moved, not
    /// copied: a copy retained each element, and freeing the old slots released them again).
    /// 8 slots at first: a page names few elements (`bench run --only memory`: an idle
    /// `/counter` session 9.8 KiB with 16 at first, 9.56 with 8 or 4, 9.4 with the
    /// `Dictionary`; with 4, its three named elements grew the table once more: 43 allocations
    /// a page load against 42).
    private mutating func grow() { grow(to: max(8, slots.count * 2)) }

    private mutating func grow(to size: Int) {
        var old = Array(repeating: Self.empty, count: size)
        swap(&old, &slots)
        old.withUnsafeMutableBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return }
            for index in buffer.indices where buffer[index].element != nil {
                place((start + index).move())
                (start + index).initialize(to: Self.empty)
            }
        }
    }
}

extension ElementNode: @MainActor ElementTableEntry {}

extension ElementTable where Key == Int {
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
