/// Runs what is queued on the main dispatch queue (the main actor's jobs: `.task` bodies,
/// timers, invalidations from other threads). The fuzzer owns the main thread, so nothing
/// drains that queue unless a harness calls this after each input (else it grows for the
/// whole run). The same entry point Foundation's `RunLoop` and the server's main-thread loop use.
public func drainMainQueue() {
    dispatchDrainMainQueue(nil)
}

@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchDrainMainQueue(_ message: UnsafeMutableRawPointer?)
