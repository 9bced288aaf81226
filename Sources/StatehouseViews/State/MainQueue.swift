import Dispatch

/// Where the main actor is: all view evaluation, actions and state invalidation happen there.
enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller runs on the main actor's queue.
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

    /// Runs `body` on the main actor: now if already there, else enqueued (FIFO).
    static func run(_ body: @escaping @MainActor @Sendable () -> Void) {
        if isCurrent {
            MainActor.assumeIsolated(body)
        } else {
            queue.async { MainActor.assumeIsolated(body) }
        }
    }

    /// `DispatchQueue.main` makes a new wrapper object on each use on Linux.
    private static let queue = DispatchQueue.main
}
