import Synchronization

/// Group commit for a durable store: the batches written while one transaction commits wait,
/// and go together in the next, so a busy server commits far fewer times than it answers.
package final class GroupCommit: Sendable {
    /// Runs one transaction of `writes` and calls back with its error, if any (any thread).
    package typealias Transaction = @Sendable (_ writes: [StoreWrite], _ committed: @escaping @Sendable ((any Error)?) -> Void) -> Void

    private struct Pending {
        var writes: [StoreWrite] = []
        var done: [@Sendable ((any Error)?) -> Void] = []
        var isCommitting = false
    }

    private let pending = Mutex(Pending())
    private let transaction: Transaction

    package init(_ transaction: @escaping Transaction) {
        self.transaction = transaction
    }

    /// `DurableStore.write`: `done` is called once a transaction holding `writes` committed.
    package func write(_ writes: [StoreWrite], _ done: @escaping @Sendable ((any Error)?) -> Void) {
        let starts = pending.withLock { pending in
            pending.writes += writes
            pending.done.append(done)
            if pending.isCommitting { return false }
            pending.isCommitting = true
            return true
        }
        if starts { commitNext() }
    }

    /// Whether a transaction is under way (a store waits for it before closing).
    package var isCommitting: Bool { pending.withLock { $0.isCommitting } }

    private func commitNext() {
        let (writes, done) = pending.withLock { pending in
            let taken = (pending.writes, pending.done)
            pending.writes = []
            pending.done = []
            if taken.1.isEmpty { pending.isCommitting = false }
            return taken
        }
        guard !done.isEmpty else { return }
        transaction(writes) { error in
            for call in done { call(error) }
            self.commitNext()
        }
    }

    /// Waits (up to five seconds) for the transactions under way.
    package func finish() async {
        for _ in 0..<500 where isCommitting {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}
