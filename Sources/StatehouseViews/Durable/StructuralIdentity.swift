/// A view's structural identity within its page as a number that is the same in every process
/// running the same app: where durable state is filed (`StateSnapshots`).
///
/// It is the path from the page's root down to the view, folded step by step: a child's
/// position in a `TupleView`, the branch of an `if`/`else`, a `ForEach` row's id, and the type
/// of each user view on the way. (Not `Hasher`: it is seeded per process.)
struct StructuralIdentity: Hashable, Sendable {
    private(set) var value: UInt64

    /// The page's root.
    static let root = StructuralIdentity(value: 0xcbf2_9ce4_8422_2325)

    /// The identity one step further down.
    func child(_ step: UInt64) -> StructuralIdentity {
        // FNV-1a's prime, then a xor-shift so nearby steps spread over all bits.
        var mixed = (value ^ step) &* 0x0000_0100_0000_01b3
        mixed ^= mixed >> 29
        return StructuralIdentity(value: mixed)
    }

    /// FNV-1a of `text`'s UTF-8 bytes: the same in every process.
    static func hash(_ text: String) -> UInt64 { hash(bytes: text.utf8) }

    /// FNV-1a (64 bits) of `bytes`: a name for them, the same in every process (not a secret).
    static func hash(bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    /// 16 hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
