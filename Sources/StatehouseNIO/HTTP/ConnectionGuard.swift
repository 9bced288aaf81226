import Logging
import NIOConcurrencyHelpers
import NIOCore

/// The open connections of one server: counted against the cap, and told to finish when the
/// server stops.
final class ConnectionRegistry: Sendable {
    private struct State {
        /// Each connection's pipeline (one word, where the channel existential would be five).
        var channels: [ObjectIdentifier: ChannelPipeline] = [:]
        /// Who waits for the last connection to close.
        var drainWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = NIOLockedValueBox(State())

    var count: Int { state.withLockedValue { $0.channels.count } }

    /// Adds `channel`; false (and not added) if `limit` connections are already open.
    func admit(_ channel: any Channel, limit: Int) -> Bool {
        state.withLockedValue { state in
            guard state.channels.count < limit else { return false }
            state.channels[ObjectIdentifier(channel)] = channel.pipeline
            return true
        }
    }

    func remove(_ channel: any Channel) {
        let waiters: [CheckedContinuation<Void, Never>] = state.withLockedValue { state in
            state.channels.removeValue(forKey: ObjectIdentifier(channel))
            guard state.channels.isEmpty else { return [] }
            defer { state.drainWaiters = [] }
            return state.drainWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Wakes whoever waits in `drained()`, connections open or not (a deadline passed).
    func releaseDrainWaiters() {
        let waiters = state.withLockedValue { state in
            defer { state.drainWaiters = [] }
            return state.drainWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once no connection is open (at once if none is), or `releaseDrainWaiters()`.
    func drained() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isEmpty = state.withLockedValue { state in
                if state.channels.isEmpty { return true }
                state.drainWaiters.append(continuation)
                return false
            }
            if isEmpty { continuation.resume() }
        }
    }

    /// Asks every connection to close once the request it is reading or answering is done.
    func quiesceAll() { send(.quiesce) }

    /// Tells every connection the time has moved on, every `interval`: one timer for the
    /// server rather than one per connection (an idle connection then holds no timer at all).
    func startTicking(on loop: any EventLoop, every interval: TimeAmount) -> RepeatedTask {
        loop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { [weak self] _ in self?.send(.tick) }
    }

    private func send(_ event: ConnectionEvent) {
        let all = state.withLockedValue { Array($0.channels.values) }
        for pipeline in all { pipeline.fireUserInboundEventTriggered(event) }
    }
}

/// What the HTTP handler tells the connection guard (outbound), and what the server tells
/// every connection (inbound).
enum ConnectionEvent: Sendable {
    /// A request has been read whole: its read time is over.
    case requestRead
    /// A response has been written whole: the connection is idle (if kept alive).
    case responseWritten
    /// The server is stopping: finish what is in flight, then close.
    case quiesce
    /// Time to check the connection's deadline.
    case tick
}

/// The first handler of every connection (on raw bytes, before HTTP parsing). It refuses
/// connections over the cap with 503, gives a client `requestTimeout` from the first byte of a
/// request to its last (slow clients get 408 and are dropped), closes a kept-alive connection
/// idle for `idleTimeout`, and on shutdown closes each connection once its response is out.
/// Deadlines are checked on the registry's ticks, so a connection holds no timer of its own.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private enum Phase {
        /// Waiting for a request's first byte (a new connection, or kept alive after a response).
        case idle
        /// Reading a request.
        case reading
        /// The request is read; its response (or event stream) is being produced.
        case answering
    }

    private let settings: ConnectionSettings
    private var registry: ConnectionRegistry { settings.registry }
    private var limits: HTTPLimits { settings.limits }
    private var logger: Logger { settings.logger }
    private var phase = Phase.idle
    /// What happens at `deadline`, if set (checked on each tick).
    private var deadline: NIODeadline?
    private var expiry = Expiry.firstRequest

    private enum Expiry { case firstRequest, request, idle }
    private var isQuiescing = false
    private var isAdmitted = false

    init(_ settings: ConnectionSettings) { self.settings = settings }

    func channelActive(context: ChannelHandlerContext) {
        guard registry.admit(context.channel, limit: limits.maxConnections) else {
            refuse(context, "503 Service Unavailable", "the server has \(limits.maxConnections) connections open: try again shortly")
            return
        }
        isAdmitted = true
        // A new connection has the request time for its first request, not the idle time.
        arm(.firstRequest, limits.requestTimeout)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline = nil
        if isAdmitted { registry.remove(context.channel) }
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if phase == .idle {
            phase = .reading
            arm(.request, limits.requestTimeout)
        }
        context.fireChannelRead(data)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let event = event as? ConnectionEvent else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        switch event {
        case .requestRead:
            phase = .answering
            deadline = nil
        case .responseWritten:
            phase = .idle
            if isQuiescing {
                context.close(promise: nil)
            } else {
                arm(.idle, limits.idleTimeout)
            }
        case .quiesce, .tick:
            break
        }
        promise?.succeed(())
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event as? ConnectionEvent {
        case .quiesce?:
            isQuiescing = true
            // Idle: nothing in flight. Reading or answering: close after the response.
            if phase == .idle { context.close(promise: nil) }
        case .tick?:
            if let deadline, deadline <= .now() { expire(context) }
            return
        default:
            break
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func expire(_ context: ChannelHandlerContext) {
        deadline = nil
        let seconds = limits.requestTimeout.seconds
        switch expiry {
        case .firstRequest: refuse(context, "408 Request Timeout", "no request within \(seconds) s")
        case .request: refuse(context, "408 Request Timeout", "the request was not received within \(seconds) s")
        case .idle: context.close(promise: nil)
        }
    }

    private func arm(_ what: Expiry, _ delay: TimeAmount) {
        expiry = what
        deadline = .now() + delay
    }

    /// Answers with one line of text, written beneath the HTTP layer, and closes.
    private func refuse(_ context: ChannelHandlerContext, _ status: String, _ message: String) {
        deadline = nil
        logger.notice("\(status.prefix(3)) \(message)", metadata: ["peer": "\(context.remoteAddress.map { "\($0)" } ?? "?")"])
        let body = message + "\n"
        let head = "HTTP/1.1 \(status)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
        context.writeAndFlush(wrapOutboundOut(.byteBuffer(context.channel.allocator.buffer(string: head + body))))
            .assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}

extension TimeAmount {
    /// Seconds, as a person would write them.
    var seconds: String {
        let value = Double(nanoseconds) / 1e9
        return value == value.rounded() ? String(Int(value)) : String(value)
    }
}
