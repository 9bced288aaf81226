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

    /// Evaluates `body` with `reader` recording every state read.
    @MainActor
    static func reading<R>(as reader: Node?, _ body: () -> R) -> R {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, reader.map { Unmanaged.passUnretained($0).toOpaque() })
        defer { pthread_setspecific(key, previous) }
        return body()
    }
}

/// The set of nodes that read one piece of state (weak: a removed node frees itself).
struct ReaderSet {
    private struct Entry { weak var reader: Node? }
    private var entries: [Entry] = []

    mutating func insert(_ reader: Node) -> Bool {
        for entry in entries where entry.reader === reader { return false }
        entries.removeAll { $0.reader == nil }
        entries.append(Entry(reader: reader))
        return true
    }

    mutating func remove(_ reader: Node) {
        entries.removeAll { $0.reader === reader || $0.reader == nil }
    }

    /// The live readers, in the order they first read.
    var readers: [Node] { entries.compactMap(\.reader) }
}
