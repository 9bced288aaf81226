import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the main actor is: all view evaluation, actions and state invalidation happen there.
///
/// Its jobs run from the main dispatch queue. In a test runner or another host that queue is
/// drained by `dispatchMain()` (as an `async` main does), on whichever thread dispatch picks.
/// Under `StatehouseServer.run` (`App.main()`) the main thread is an event loop that drains it
/// (`MainThreadLoop`); with `--event-loop main` that loop reads requests too, and code on it is
/// on the main actor between the queue's jobs.
package enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// `DispatchQueue.main` makes a new wrapper object on each use on Linux.
    private static let queue = DispatchQueue.main

    /// Whether the caller is on the main actor: in a job of the main queue, or on the main
    /// thread while it is the event loop that drains that queue.
    package static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true || isMainThread }

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
    package static func runOnQueue(_ body: @escaping @Sendable () -> Void) {
        if isCurrent {
            body()
        } else {
            queue.async(execute: body)
        }
    }

    /// Runs `body` on the main actor after the jobs already queued there.
    package static func enqueue(_ body: @escaping @MainActor @Sendable () -> Void) {
        queue.async { MainActor.assumeIsolated(body) }
    }
}
