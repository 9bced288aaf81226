import Logging
import NIOCore

/// The first handler of every connection (on raw bytes, before HTTP parsing). It refuses
/// connections over the cap with 503 (over a client address's own cap with 429; a few over the
/// cap are admitted for one health check), gives a client `requestTimeout` from the first byte of a
/// request to its last (slow clients get 408 and are dropped), closes a kept-alive connection
/// idle for `idleTimeout` or whose answers wait unread by the client for `idleTimeout`, and on
/// shutdown closes each connection once its response is out.
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

    private enum Expiry { case firstRequest, request, idle, unread }
    /// While the client does not read what was written: the deadline that stood before it, and
    /// since when its clock stopped (the server reads nothing meanwhile: that time is not the
    /// client's).
    private var beforeStall: (deadline: NIODeadline?, expiry: Expiry, since: NIODeadline)?
    private var isQuiescing = false
    private var isAdmitted = false

    init(_ settings: ConnectionSettings) { self.settings = settings }

    func channelActive(context: ChannelHandlerContext) {
        // The client's address, unless it is a proxy's (which carries many clients).
        let client = context.remoteAddress?.ipAddress.flatMap { limits.trustedProxies.contains($0) ? nil : $0 }
        let admission = registry.admit(context.channel, limit: limits.maxConnections, client: client, clientLimit: limits.maxConnectionsPerClient)
        switch admission {
        case .full:
            refuse(context, "503 Service Unavailable", "the server has \(limits.maxConnections) connections open: try again shortly")
            return
        case .clientFull:
            refuse(context, "429 Too Many Requests", "this client has \(limits.maxConnectionsPerClient) connections open: close some first")
            return
        case .open, .quiescing, .healthOnly:
            break
        }
        isAdmitted = true
        // A new connection has the request time for its first request, not the idle time.
        arm(.firstRequest, limits.requestTimeout)
        context.fireChannelActive()
        // Accepted as the server stopped accepting, after it told every connection to finish:
        // told now (else a stream it started would hold the shutdown until its deadline).
        if admission == .quiescing { context.pipeline.fireUserInboundEventTriggered(ConnectionEvent.quiesce) }
        if admission == .healthOnly { context.fireUserInboundEventTriggered(ConnectionEvent.healthOnly) }
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

    /// A connection whose client stops reading its answers gets the idle time to resume; then
    /// it is closed (its unsent answers are dropped).
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if !context.channel.isWritable {
            if beforeStall == nil { beforeStall = (deadline, expiry, .now()) }
            arm(.unread, limits.idleTimeout)
        } else if let before = beforeStall {
            beforeStall = nil
            let stalled = NIODeadline.now() - before.since
            (deadline, expiry) = (before.deadline.map { $0 + stalled }, before.expiry)
        }
        context.fireChannelWritabilityChanged()
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let event = event as? ConnectionEvent else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        switch event {
        case .requestRead:
            phase = .answering
            disarm()
        case .responseWritten:
            phase = .idle
            if isQuiescing {
                context.close(promise: nil)
            } else {
                arm(.idle, limits.idleTimeout)
            }
        case .quiesce, .tick, .healthOnly:
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
        case .unread:
            logger.notice("closed a connection whose client read no answer for \(limits.idleTimeout.seconds) s",
                          metadata: ["peer": "\(context.remoteAddress.map { "\($0)" } ?? "?")"])
            context.close(promise: nil)
        }
    }

    /// Sets the deadline; while the client reads nothing, the one that applies once it reads
    /// again (its clock stopped until then).
    private func arm(_ what: Expiry, _ delay: TimeAmount) {
        if beforeStall != nil, what != .unread {
            let now = NIODeadline.now()
            beforeStall = (now + delay, what, now)
        } else {
            expiry = what
            deadline = .now() + delay
        }
    }

    private func disarm() {
        if let before = beforeStall { beforeStall = (nil, expiry, before.since) } else { deadline = nil }
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
