#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// An unguessable identifier (a session, its CSRF token, a page): 128 bits from the system's
/// cryptographic random source, written as 32 lowercase hex digits. Held as two words, not
/// as a string: three of them come with every session.
struct Token: Hashable, Sendable, CustomStringConvertible {
    private let high: UInt64
    private let low: UInt64

    static func random() -> Token {
        if let (high, low) = entropy.withLock({ $0.next() }) { return Token(high: high, low: low) }
        var generator = SystemRandomNumberGenerator()
        return Token(high: generator.next(), low: generator.next())
    }

    /// The system's random bytes, taken 256 at a time: one getrandom(2) for sixteen tokens (a
    /// page load makes three; it was a system call each).
    private static let entropy = Mutex(EntropyPool())

    private init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The first 16 of `bytes` (big-endian words).
    init(bytes: some Collection<UInt8>) {
        precondition(bytes.count >= 16, "a token is 16 bytes")
        var words: (UInt64, UInt64) = (0, 0)
        for (index, byte) in bytes.prefix(16).enumerated() {
            if index < 8 { words.0 = words.0 << 8 | UInt64(byte) } else { words.1 = words.1 << 8 | UInt64(byte) }
        }
        self.init(high: words.0, low: words.1)
    }

    /// The 16 bytes (big-endian words).
    var bytes: [UInt8] {
        (0..<16).map { index in UInt8(truncatingIfNeeded: (index < 8 ? high : low) >> UInt64(56 - 8 * (index % 8))) }
    }

    /// Parses 32 hex digits (either case); nil for anything else.
    init?(_ text: some StringProtocol) {
        // Over the string's own bytes (a native string keeps them contiguous): walking a
        // `UTF8View` index by index was a few percent of an event's main-actor time (each
        // request parses its session and page tokens).
        let parsed = text.utf8.withContiguousStorageIfAvailable(Token.parse) ?? Token.parse(Array(text.utf8))
        guard let parsed else { return nil }
        self = parsed
    }

    private static func parse(_ bytes: some RandomAccessCollection<UInt8>) -> Token? {
        guard bytes.count == 32 else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        var index = 0
        for byte in bytes {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            if index < 16 { words.0 = words.0 << 4 | UInt64(digit) } else { words.1 = words.1 << 4 | UInt64(digit) }
            index += 1
        }
        return Token(high: words.0, low: words.1)
    }

    /// The 32 digits, built in place (one allocation: a page load writes three tokens).
    var description: String { description(after: "", before: "") }

    /// `prefix`, the 32 digits and `suffix`, built in place (a `Set-Cookie` value).
    func description(after prefix: String, before suffix: String) -> String {
        let (head, tail) = (prefix.utf8.count, suffix.utf8.count)
        return String(unsafeUninitializedCapacity: head + 32 + tail) { buffer in
            _ = buffer.initialize(fromContentsOf: prefix.utf8)
            writeHex(into: UnsafeMutableBufferPointer(rebasing: buffer[head..<head + 32]))
            _ = buffer[(head + 32)...].initialize(fromContentsOf: suffix.utf8)
            return head + 32 + tail
        }
    }

    /// Appends the 32 digits to `bytes` (a document's, without a string between).
    func appendHex(to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            writeHex(into: buffer)
            bytes.append(contentsOf: buffer)
        }
    }

    private func writeHex(into buffer: UnsafeMutableBufferPointer<UInt8>) {
        for index in 0..<32 {
            let word = index < 16 ? high : low
            let digit = UInt8(truncatingIfNeeded: word >> UInt64(60 - 4 * (index % 16))) & 0xf
            buffer[index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
        }
    }

    /// Whether `text` is this token, in time independent of where they differ.
    func matches(_ text: String) -> Bool {
        guard let other = Token(text) else { return false }
        return (high ^ other.high) | (low ^ other.low) == 0
    }
}

/// Random words from the system's cryptographic source, fetched in blocks; each word is handed
/// out once and cleared as it goes.
private struct EntropyPool: ~Copyable {
    private static let capacity = 32  // 256 bytes: getentropy's most per call
    private let words = UnsafeMutablePointer<UInt64>.allocate(capacity: EntropyPool.capacity)
    private var used = EntropyPool.capacity

    /// Two fresh words; nil if the system's source failed.
    mutating func next() -> (UInt64, UInt64)? {
        #if canImport(Glibc)
        if used == Self.capacity {
            guard getentropy(words, Self.capacity * 8) == 0 else { return nil }
            used = 0
        }
        defer {
            words[used] = 0
            words[used + 1] = 0
            used += 2
        }
        return (words[used], words[used + 1])
        #else
        return nil
        #endif
    }

    deinit { words.deallocate() }
}
