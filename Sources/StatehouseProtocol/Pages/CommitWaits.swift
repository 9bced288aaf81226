import Synchronization

/// Answers waiting for their writes to reach the durable store. Each is sent when its write
/// commits, or when it has waited longer than the store's timeout (`answerOverdue`), whichever
/// comes first; never twice. Any thread: a commit is reported on the store's thread, and the
/// answer goes out from there without a hop.
final class CommitWaits: Sendable {
    private struct Waiting {
        var since: UInt64
        var answer: @Sendable () -> Void
    }

    private struct State {
        var next: UInt64 = 0
        var waiting: [UInt64: Waiting] = [:]
    }

    private let state = Mutex(State())

    /// Holds `answer` until `finish` or `answerOverdue`; the ticket names it.
    func add(_ answer: @escaping @Sendable () -> Void, now: UInt64 = Uptime.now) -> UInt64 {
        state.withLock { state in
            state.next += 1
            state.waiting[state.next] = Waiting(since: now, answer: answer)
            return state.next
        }
    }

    /// The write committed (or failed): its answer goes now, unless it went already.
    func finish(_ ticket: UInt64) {
        state.withLock { $0.waiting.removeValue(forKey: ticket) }?.answer()
    }

    /// Sends the answers waiting since before `deadline`; how many there were.
    func answerOverdue(before deadline: UInt64) -> Int {
        let overdue = state.withLock { state -> [Waiting] in
            guard state.waiting.values.contains(where: { $0.since < deadline }) else { return [] }
            let overdue = state.waiting.filter { $0.value.since < deadline }
            for ticket in overdue.keys { state.waiting[ticket] = nil }
            return Array(overdue.values)
        }
        for waiting in overdue { waiting.answer() }
        return overdue.count
    }
}
