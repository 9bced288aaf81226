import Foundation
import NIOCore
import NIOConcurrencyHelpers
import NIOPosix

/// The main thread as an event loop that drains the main dispatch queue (the main actor's jobs:
/// requests the server's other loops hand on, `.task` bodies, timers, writes from other
/// threads). With `--event-loop main` it is the server's one event loop: a request is read,
/// answered by its page's views and written on one thread.
///
/// libdispatch lets a run loop other than its own drain the main queue: it signals an eventfd
/// when the queue has work, and `_dispatch_main_queue_callback_4CF` runs it. These are the two
/// entry points swift-corelibs-foundation's `RunLoop` drains the main queue through (exported
/// for it, in no public header; the only ones Statehouse calls): the event loop watches that
/// eventfd.
enum MainThreadLoop {
    /// Turns the calling thread, which must be the main thread, into an event loop that drains
    /// the main queue and runs `body` on it. Never returns: the process ends with `exit`.
    static func run(_ body: @escaping (any EventLoop) -> Void) -> Never {
        precondition(Thread.isMainThread, "StatehouseServer.run must be called on the main thread")
        MultiThreadedEventLoopGroup.withCurrentThreadAsEventLoop { loop in
            current.withLockedValue { $0 = loop }
            let handle = dup(dispatchMainQueueHandle())
            NIOPipeBootstrap(group: loop)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(MainQueueDrain()) }
                }
                .takingOwnershipOfDescriptor(input: handle)
                .whenFailure { error in fatalError("cannot drain the main queue from the event loop: \(error)") }
            body(loop)
        }
        fatalError("the main thread's event loop stopped")
    }

    /// The main thread's event loop, once `run` made it (nil in a process that serves with
    /// `StatehouseServer.start`, such as a test runner).
    static var loop: (any EventLoop)? { current.withLockedValue { $0 } }
    private static let current = NIOLockedValueBox<(any EventLoop)?>(nil)
}

/// Runs the main queue's jobs whenever libdispatch signals that it has some.
private final class MainQueueDrain: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        dispatchDrainMainQueue(nil)
    }
}

@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func dispatchMainQueueHandle() -> Int32

@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchDrainMainQueue(_ message: UnsafeMutableRawPointer?)
