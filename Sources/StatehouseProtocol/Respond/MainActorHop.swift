import Dispatch
import StatehouseViews

/// The one way work gets from a host's threads onto the main actor, where every page's views
/// live. Everything the protocol does on the main actor enters here: requests, a closed
/// stream's bookkeeping, pushes. (Where view work runs is then a decision made in one place.)
///
/// A host whose event loop is the main thread (`--event-loop main`) is already on the main
/// actor: `run` then costs nothing, and a request's view work happens on the thread that read
/// it. A host on other threads hops: one job onto the main queue.
enum MainActorHop {
    /// Runs `work` on the main actor: at once if the caller is on it, else enqueued.
    static func run(_ work: @escaping @MainActor @Sendable () -> Void) {
        MainQueue.run(work)
    }

    /// As `run`, for work that enters the main actor itself with `MainActor.assumeIsolated`:
    /// dispatch gets the closure as it is (a request's hop: one allocation fewer).
    static func runEntering(_ work: @escaping @Sendable () -> Void) {
        MainQueue.runOnQueue(work)
    }

    /// Runs `work` on the main actor after what is already queued there (the tasks a new page
    /// started, the writes that are landing together).
    static func enqueue(_ work: @escaping @MainActor @Sendable () -> Void) {
        MainQueue.enqueue(work)
    }

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
