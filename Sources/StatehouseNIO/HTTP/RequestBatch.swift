import NIOCore
import NIOPosix
import StatehouseProtocol
import StatehouseViews

/// The requests one turn of an event loop reads. The turn's first request waits for the turn's
/// end: if no other came, it may be answered where it was read, when the main actor is free
/// (no thread wakes another on its path). As soon as a second comes, both go to the main
/// actor's thread, which then works beside the loop, as every later one in the turn does.
final class RequestBatch {
    /// A request and where it goes.
    private struct Held {
        let request: HostRequest
        let responder: StatehouseResponder
        let complete: @Sendable (HostResponse) -> Void

        func respond(inPlace: Bool) { responder.respond(to: request, inPlace: inPlace, complete) }
    }

    /// The loop whose turn this is (a thread runs one loop; an embedded loop in a test may
    /// leave a turn unended, and a new loop on the thread starts afresh).
    private var loop: (any EventLoop)?
    /// The turn's first request, while it is the only one.
    private var held: Held?
    /// Whether the loop's end-of-turn task is scheduled.
    private var scheduled = false
    /// That task, made once (a closure made per turn would be an allocation per turn).
    private lazy var endTurnTask: () -> Void = { [unowned self] in self.endTurn() }

    /// The thread is the main thread as the server's loop (`--event-loop main`), on the main
    /// actor already: nothing to wait for. (Asked once per thread, not per request.)
    private let onMainActor: Bool

    private init(onMainActor: Bool) { self.onMainActor = onMainActor }

    /// Each thread's batch.
    nonisolated(unsafe) private static let perThread = ThreadSpecificVariable<RequestBatch>()

    /// Hands `request` to `responder` (called on `loop`), in place if it may be: at once, not
    /// in place, when other requests came in the same turn, else at the turn's end.
    static func add(_ request: HostRequest, to responder: StatehouseResponder, on loop: any EventLoop,
                    _ complete: @escaping @Sendable (HostResponse) -> Void) {
        let batch: RequestBatch
        if let current = perThread.currentValue {
            batch = current
        } else {
            batch = RequestBatch(onMainActor: MainQueue.isCurrent)
            perThread.currentValue = batch
        }
        if batch.onMainActor { return responder.respond(to: request, complete) }
        if batch.loop !== loop {
            batch.loop = loop
            batch.held = nil
            batch.scheduled = false
        }
        if !batch.scheduled {
            batch.scheduled = true
            batch.held = Held(request: request, responder: responder, complete: complete)
            loop.assumeIsolatedUnsafeUnchecked().execute(batch.endTurnTask)
        } else {
            if let first = batch.held {
                batch.held = nil
                first.respond(inPlace: false)
            }
            responder.respond(to: request, complete)
        }
    }

    private func endTurn() {
        scheduled = false
        if let first = held {
            held = nil
            first.respond(inPlace: true)
        }
    }
}
