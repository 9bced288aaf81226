import Logging
import NIOConcurrencyHelpers
import NIOCore

/// The open connections of one server: counted against the cap, and told to finish when the
/// server stops.
final class ConnectionRegistry: Sendable {
    private let channels = NIOLockedValueBox([ObjectIdentifier: any Channel]())

    var count: Int { channels.withLockedValue { $0.count } }

    /// Adds `channel`; false (and not added) if `limit` connections are already open.
    func admit(_ channel: any Channel, limit: Int) -> Bool {
        channels.withLockedValue { channels in
            guard channels.count < limit else { return false }
            channels[ObjectIdentifier(channel)] = channel
            return true
        }
    }

    func remove(_ channel: any Channel) {
        _ = channels.withLockedValue { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Asks every connection to close once the request it is reading or answering is done.
    func quiesceAll() {
        let all = channels.withLockedValue { Array($0.values) }
        for channel in all {
            channel.pipeline.fireUserInboundEventTriggered(ConnectionEvent.quiesce)
        }
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
}

/// The first handler of every connection (on raw bytes, before HTTP parsing). It refuses
/// connections over the cap with 503, gives a client `requestTimeout` from the first byte of a
/// request to its last (slow clients get 408 and are dropped), closes a kept-alive connection
/// idle for `idleTimeout`, and on shutdown closes each connection once its response is out.
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

    private let registry: ConnectionRegistry
    private let limits: HTTPLimits
    private let logger: Logger
    private var phase = Phase.idle
    private var timer: Scheduled<Void>?
    private var isQuiescing = false
    private var isAdmitted = false

    init(registry: ConnectionRegistry, limits: HTTPLimits, logger: Logger) {
        self.registry = registry
        self.limits = limits
        self.logger = logger
    }

    func channelActive(context: ChannelHandlerContext) {
        guard registry.admit(context.channel, limit: limits.maxConnections) else {
            refuse(context, "503 Service Unavailable", "the server has \(limits.maxConnections) connections open: try again shortly")
            return
        }
        isAdmitted = true
        // A new connection has the request time for its first request, not the idle time.
        arm(context, limits.requestTimeout, phaseAtStart: .idle) { context in
            self.refuse(context, "408 Request Timeout", "no request within \(self.limits.requestTimeout.seconds) s")
        }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        if isAdmitted { registry.remove(context.channel) }
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if phase == .idle {
            phase = .reading
            arm(context, limits.requestTimeout, phaseAtStart: .reading) { context in
                self.refuse(context, "408 Request Timeout", "the request was not received within \(self.limits.requestTimeout.seconds) s")
            }
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
            cancelTimer()
        case .responseWritten:
            phase = .idle
            if isQuiescing {
                context.close(promise: nil)
            } else {
                arm(context, limits.idleTimeout, phaseAtStart: .idle) { context in context.close(promise: nil) }
            }
        case .quiesce:
            break
        }
        promise?.succeed(())
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .quiesce? = event as? ConnectionEvent {
            isQuiescing = true
            // Idle: nothing in flight. Reading or answering: close after the response.
            if phase == .idle { context.close(promise: nil) }
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func arm(_ context: ChannelHandlerContext, _ delay: TimeAmount, phaseAtStart: Phase,
                     _ expire: @escaping (ChannelHandlerContext) -> Void) {
        cancelTimer()
        let loop = context.eventLoop.assumeIsolated()
        let context = NIOLoopBound(context, eventLoop: context.eventLoop)
        timer = loop.scheduleTask(in: delay) { [self] in
            guard phase == phaseAtStart else { return }
            expire(context.value)
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }

    /// Answers with one line of text, written beneath the HTTP layer, and closes.
    private func refuse(_ context: ChannelHandlerContext, _ status: String, _ message: String) {
        cancelTimer()
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
