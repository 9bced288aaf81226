#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Something a body can read, which remembers who read it.
protocol StateSource: AnyObject {
    /// Forgets `reader`. Main actor only.
    func removeReader(_ reader: Node)
}

/// The reader whose `body` is being evaluated on this thread (only ever set on the main actor).
enum Tracking {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The node currently evaluating its body, if any.
    static var current: Node? {
        guard let raw = pthread_getspecific(key) else { return nil }
        return Unmanaged<Node>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Calls `body` with the node evaluating its body, if any, borrowed: not retained and
    /// released around the call, as `current` is (once per state read of every evaluation).
    @inline(__always) static func withCurrent(_ body: (Node) -> Void) {
        guard let raw = pthread_getspecific(key) else { return }
        Unmanaged<Node>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
    }

    /// Evaluates `body` with `reader` recording every state read. (Called on the main actor, but
    /// not isolated to it: an isolated function taking a closure checked its executor on every
    /// call, a thread-local lookup per evaluated `body`.)
    static func reading<R>(as reader: Node?, _ body: () -> R) -> R {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, reader.map { Unmanaged.passUnretained($0).toOpaque() })
        defer { pthread_setspecific(key, previous) }
        return body()
    }
}

/// The set of nodes that read one piece of state.
///
/// Not weak (a weak reference gives its node a side table, one more allocation per node):
/// a node leaves every set it is in when it re-evaluates or unmounts (`Reads.clear`), and
/// every node is unmounted before it is freed (a tree unmounts its nodes when closed or
/// freed). Most state has one reader, kept inline; more go to a list.
struct ReaderSet {
    private struct Entry { unowned(unsafe) var reader: Node }
    private var entries = InlineList<Entry>()

    mutating func insert(_ reader: Node) -> Bool {
        if entries.contains(where: { $0.reader === reader }) { return false }
        entries.append(Entry(reader: reader))
        return true
    }

    mutating func remove(_ reader: Node) {
        entries.removeAll { $0.reader === reader }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// Calls `body` with each reader, in the order they first read.
    func forEach(_ body: (Node) -> Void) {
        entries.forEach { body($0.reader) }
    }
}
