import NIOCore
import NIOPosix

/// The requests one turn of an event loop reads. The turn's first request waits for the turn's
/// end: if no other came, it may be answered where it was read, when the main actor is free
/// (no thread wakes another on its path). As soon as a second comes, both go to the main
/// actor's thread, which then works beside the loop, as every later one in the turn does.
final class RequestBatch {
    /// The loop whose turn this is (a thread runs one loop; an embedded loop in a test may
    /// leave a turn unended, and a new loop on the thread starts afresh).
    private var loop: (any EventLoop)?
    /// The turn's first request, while it is the only one.
    private var held: ((Bool) -> Void)?
    /// Whether the loop's end-of-turn task is scheduled.
    private var scheduled = false

    /// Each thread's batch.
    nonisolated(unsafe) private static let perThread = ThreadSpecificVariable<RequestBatch>()

    /// Hands `request` on (called on `loop`): it is called with whether it may be answered in
    /// place, at once (false) when other requests came in the same turn, else at the turn's end.
    static func add(on loop: any EventLoop, _ request: @escaping (Bool) -> Void) {
        let batch: RequestBatch
        if let current = perThread.currentValue {
            batch = current
        } else {
            batch = RequestBatch()
            perThread.currentValue = batch
        }
        if batch.loop !== loop {
            batch.loop = loop
            batch.held = nil
            batch.scheduled = false
        }
        if !batch.scheduled {
            batch.scheduled = true
            batch.held = request
            loop.assumeIsolatedUnsafeUnchecked().execute { batch.endTurn() }
        } else {
            if let first = batch.held {
                batch.held = nil
                first(false)
            }
            request(false)
        }
    }

    private func endTurn() {
        scheduled = false
        if let request = held {
            held = nil
            request(true)
        }
    }
}
