import CMainActorBaton
import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where the main actor is: all view evaluation, actions and state invalidation happen there.
///
/// Its jobs run from the main dispatch queue. In a test runner or another host that queue is
/// drained by `dispatchMain()` (as an `async` main does), on whichever thread dispatch picks.
/// Under `StatehouseServer.run` (`App.main()`) the main thread is an event loop that drains it
/// holding the main actor's *baton* (`CMainActorBaton`), a lock whose holder is on the main
/// actor: an I/O thread that read a request alone may take the baton and answer it in place
/// (`runOnQueue(inPlace:)`), with no thread woken; the Swift runtime's isolation checks count
/// the holder as on the main actor. With `--event-loop main` the main thread reads requests
/// too, and code on it is on the main actor between the queue's jobs.
package enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// `DispatchQueue.main` makes a new wrapper object on each use on Linux.
    private static let queue = DispatchQueue.main

    /// Whether the caller is on the main actor: holding the baton, in a job of the main queue,
    /// or on the main thread while it is the event loop that drains that queue.
    package static var isCurrent: Bool { statehouse_baton_held() || DispatchQueue.getSpecific(key: key) == true || isMainThread }

    /// Whether a request may be answered on the thread that read it while the main actor is
    /// free (`answerInPlace()`): only where the main thread drains the main queue holding the
    /// baton and reads no requests itself, so that the baton alone decides who is on the
    /// main actor.
    private static let answersInPlace = Atomic<Bool>(false)
    /// Requests handed to the main queue, or answered in place, and not yet done: while any
    /// is, a later one goes behind it (requests keep their order).
    private static let waiting = Atomic<Int>(0)

    /// From now on a request read alone may be answered where it was read (`runOnQueue`).
    /// Called once, by the main thread's event loop that drains the main queue holding the
    /// baton (`drainHoldingBaton`) while other threads serve connections.
    package static func answerInPlace() {
        statehouse_baton_install()
        answersInPlace.store(true, ordering: .releasing)
    }

    /// Runs the main queue's work holding the baton (the main thread, as the event loop that
    /// drains the main queue).
    package static func drainHoldingBaton(_ drain: () -> Void) {
        statehouse_baton_take()
        drain()
        statehouse_baton_give()
    }

    /// `Thread.isMainThread`, asked once per thread: on Linux it is two system calls (`gettid`
    /// and `getpid`), and an I/O thread asked it for every request it handed to the views.
    private static var isMainThread: Bool {
        #if canImport(Glibc)
        if let known = pthread_getspecific(threadKind) { return Int(bitPattern: known) == 2 }
        let isMain = Thread.isMainThread
        pthread_setspecific(threadKind, UnsafeRawPointer(bitPattern: isMain ? 2 : 1))
        return isMain
        #else
        return Thread.isMainThread
        #endif
    }

    #if canImport(Glibc)
    /// Per thread: 2 on the main thread, 1 on any other, nil until asked.
    private static let threadKind: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left")
        return key
    }()
    #endif

    /// Runs `body` on the main actor: now if already there, else enqueued (FIFO).
    package static func run(_ body: @escaping @MainActor @Sendable () -> Void) {
        if isCurrent {
            MainActor.assumeIsolated(body)
        } else {
            enqueue(body)
        }
    }

    /// Runs `body` on the main queue: now if already there, else enqueued (FIFO). For a body
    /// that enters the main actor itself (`MainActor.assumeIsolated`): dispatch gets the closure
    /// as it is, where `run` wraps it in one more (a request's hop saves that allocation).
    ///
    /// `inPlace` (a request that came alone): run it on the calling thread, holding the baton,
    /// if the main thread drains the queue holding it, the baton is free and no request handed
    /// on before is waiting or running (requests keep their order).
    package static func runOnQueue(inPlace: Bool = false, _ body: @escaping @Sendable () -> Void) {
        if isCurrent {
            body()
            return
        }
        // Where no request is answered in place, nothing needs counting.
        guard answersInPlace.load(ordering: .acquiring) else { return queue.async(execute: body) }
        // Counted first: a request that finds none ahead and the baton free runs now; any
        // later one, on this thread or another, sees it and goes behind it.
        if waiting.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0, inPlace, statehouse_baton_try_take() {
            body()
            waiting.subtract(1, ordering: .releasing)
            statehouse_baton_give()
            return
        }
        queue.async {
            body()
            waiting.subtract(1, ordering: .releasing)
        }
    }

    /// Runs `body` on the main actor after the jobs already queued there.
    package static func enqueue(_ body: @escaping @MainActor @Sendable () -> Void) {
        queue.async { MainActor.assumeIsolated(body) }
    }

    /// The main queue's newest item, if it can be read (`statehouse_main_queue_watch`): the
    /// same before and after a piece of main-actor code, nothing was pushed onto the main queue
    /// meanwhile — no task started on the main actor (`Task { }`, a `.task` that could not start
    /// at once), no state written off it, no `DispatchQueue.main.async` — by that code or by
    /// another thread. Nil where it cannot be read (a libdispatch laid out otherwise).
    package static var newestQueued: UInt? {
        guard canWatchQueue else { return nil }
        return UInt(statehouse_main_queue_newest())
    }

    private static let canWatchQueue = statehouse_main_queue_watch()
}
