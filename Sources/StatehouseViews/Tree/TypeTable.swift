/// What Statehouse remembers per Swift type (a view type's kind, a type's layout): an
/// open-addressing table keyed by the type's metadata address, hashed by one multiplication.
/// (A `Dictionary` hashes each lookup with SipHash, and a page mounts one view after another:
/// each composite view's mount looked its layout up in one.)
struct TypeTable<Value> {
    private var keys: [ObjectIdentifier?] = Array(repeating: nil, count: 64)
    private var values: [Value?] = Array(repeating: nil, count: 64)
    private var count = 0

    private func slot(_ key: ObjectIdentifier) -> Int {
        // Metadata addresses are aligned: the multiplication's high bits mix the rest.
        let bits = unsafeBitCast(key, to: UInt.self)
        return Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 40) & (keys.count - 1)
    }

    subscript(key: ObjectIdentifier) -> Value? {
        var index = slot(key)
        while let found = keys[index] {
            if found == key { return values[index] }
            index = (index + 1) & (keys.count - 1)
        }
        return nil
    }

    /// Enters `value` for `key`, which is not in the table.
    mutating func insert(_ value: Value, for key: ObjectIdentifier) {
        if (count + 1) * 2 > keys.count { grow() }
        var index = slot(key)
        while keys[index] != nil { index = (index + 1) & (keys.count - 1) }
        keys[index] = key
        values[index] = value
        count += 1
    }

    /// Twice the slots, the entries placed anew (at most half the slots are ever used).
    private mutating func grow() {
        let old = zip(keys, values)
        keys = Array(repeating: nil, count: keys.count * 2)
        values = Array(repeating: nil, count: keys.count)
        count = 0
        for case (let key?, let value?) in old { insert(value, for: key) }
    }
}
