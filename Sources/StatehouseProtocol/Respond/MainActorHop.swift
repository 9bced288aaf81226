import Dispatch
import StatehouseViews

/// The one way work gets from a host's threads onto the main actor, where every page's views
/// live. Everything the protocol does on the main actor enters here: requests, a closed
/// stream's bookkeeping, pushes. (Where view work runs is then a decision made in one place.)
///
/// A host whose event loop is the main thread (`--event-loop main`) is already on the main
/// actor: `run` then costs nothing, and a request's view work happens on the thread that read
/// it. A host on other threads hops, except where the main thread is the loop that drains the
/// main queue holding the main actor's baton (`StatehouseServer.run`, which `App.main()` uses):
/// there a request the host read alone is answered in place, taking the baton, when the main
/// actor is free (`runEntering(inPlace:)`).
enum MainActorHop {
    /// Runs `work` on the main actor: at once if the caller is on it, else enqueued.
    static func run(_ work: @escaping @MainActor @Sendable () -> Void) {
        MainQueue.run(work)
    }

    /// As `run`, for work that enters the main actor itself with `MainActor.assumeIsolated`:
    /// dispatch gets the closure as it is (a request's hop: one allocation fewer). `inPlace`:
    /// the request came alone, and may run on the calling thread holding the baton.
    static func runEntering(inPlace: Bool = false, _ work: @escaping @Sendable () -> Void) {
        MainQueue.runOnQueue(inPlace: inPlace, work)
    }

    /// Runs `work` on the main actor after what is already queued there (the tasks a new page
    /// started, the writes that are landing together).
    static func enqueue(_ work: @escaping @MainActor @Sendable () -> Void) {
        MainQueue.enqueue(work)
    }

    /// The main queue's newest item (`MainQueue.newestQueued`): the same after a page's mount
    /// as before it, the mount queued nothing that must run before its document. Nil where it
    /// cannot be read.
    static var newestQueued: UInt? { MainQueue.newestQueued }

    /// Runs `work` on the main actor every `interval` seconds until the returned timer is
    /// cancelled. (The timer fires on the main queue itself: a timer on a global queue can be
    /// starved by threads that block.)
    static func repeating(every interval: Double, _ work: @escaping @MainActor () -> Void) -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(Int(interval * 100)))
        timer.setEventHandler { MainActor.assumeIsolated(work) }
        timer.resume()
        return timer
    }
}
