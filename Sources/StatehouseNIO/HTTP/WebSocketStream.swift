import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOWebSocket
import StatehouseProtocol

/// A page's stream over a WebSocket (`GET /_sh/stream?page=…` with `Upgrade: websocket`): a
/// browser holds any number of these, where it holds at most six event-stream connections to
/// one origin over HTTP/1.1 (a seventh tab would never load). The page's events may come over
/// it too (`WebSocketStreamHandler`), and so reach the process that holds its stream.
///
/// The protocol decides, as for an event stream: the connection is upgraded only if it
/// answers with a stream; otherwise the request goes on to `HTTPHandler`, which asks again and
/// writes the refusal (a 410 for a page gone, a 403 for another origin).
struct WebSocketStreamUpgrade {
    /// The server's side of one connection's upgrade: it exists from the connection's start,
    /// and the stream the protocol opened waits here from the decision to the switch.
    static func upgrader(_ settings: ConnectionSettings, channel: any Channel) -> NIOWebSocketServerUpgrader {
        let opened = NIOLockedValueBox<EventStream?>(nil)
        return NIOWebSocketServerUpgrader(
            maxFrameSize: settings.limits.maxBodyBytes,
            shouldUpgrade: { channel, head in
                let promise = channel.eventLoop.makePromise(of: HTTPHeaders?.self)
                guard head.method == .GET, head.uri.split(separator: "?").first == Substring(Wire.streamPath) else {
                    promise.succeed(nil)
                    return promise.futureResult
                }
                var fields: [(name: String, value: String)] = []
                for (name, value) in head.headers { fields.append((name, value)) }
                var request = HostRequest(method: "GET", uri: head.uri, headers: HostHeaders(fields), body: [])
                request.upgradesToWebSocket = true
                settings.responder.respond(to: request) { response in
                    // (On the channel's loop: a promise completed elsewhere hops there itself.)
                    settings.onLoop(channel.eventLoop) {
                        guard response.status == 200, let stream = response.stream else { return promise.succeed(nil) }
                        opened.withLockedValue { $0 = stream }
                        promise.succeed(HTTPHeaders([("Cache-Control", "no-store")]))
                    }
                }
                return promise.futureResult
            },
            upgradePipelineHandler: { channel, head in
                guard let stream = opened.withLockedValue({ $0 }) else {
                    return channel.eventLoop.makeFailedFuture(ChannelError.inappropriateOperationForState)
                }
                opened.withLockedValue { $0 = nil }
                return channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    // An event's message may come in fragments: whole, at most a body's size.
                    try pipeline.addHandler(NIOWebSocketFrameAggregator(minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 256,
                                                                        maxAccumulatedFrameSize: settings.limits.maxBodyBytes))
                    try pipeline.addHandler(WebSocketStreamHandler(stream, settings: settings, upgrade: head))
                }
            }
        )
    }
}

/// The connection once upgraded: the page's events go out as text messages, a ping every 15 s
/// keeps proxies from closing it, and a close (the client's, the server's, or the page's end)
/// ends the stream.
///
/// The client may send its events over it too, each a text message `ID` `\n` and the body a
/// `POST /_sh/event` would carry (with `_csrf`): each is answered as that post would be, with
/// the upgrade request's cookie, host and origin, by a message `:reply ID STATUS[ RETRY]` `\n`
/// and the answer's body (a push never starts with `:`). They are answered one at a time, in
/// order; while 16 wait, nothing more is read.
final class WebSocketStreamHandler: ChannelDuplexHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let stream: EventStream
    private let settings: ConnectionSettings
    /// The upgrade request's headers, which each event's request carries (cookie, host, origin).
    private let headers: HostHeaders
    /// A close frame has been sent: the next close from the client ends the connection.
    private var isClosing = false
    private var heartbeat: RepeatedTask?
    /// Events that arrived while one was being answered (id, body), in order.
    private var waiting = CircularBuffer<(id: Substring, body: [UInt8])>(initialCapacity: 0)
    private var isAnswering = false
    /// The channel asked to read while too many events waited.
    private var readPending = false
    static let maxWaiting = 16

    init(_ stream: EventStream, settings: ConnectionSettings, upgrade: HTTPRequestHead) {
        self.stream = stream
        self.settings = settings
        var fields: [(name: String, value: String)] = [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", Wire.turboStreamType)]
        for (name, value) in upgrade.headers {
            switch name.lowercased() {
            case "cookie", "host", "origin", "x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "forwarded", "user-agent", "accept-language":
                fields.append((name, value))
            default:
                break
            }
        }
        headers = HostHeaders(fields)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // For the connection's guard, the request is read and its answer goes on for good (as
        // an event stream's): no read deadline applies, an unread backlog's does.
        context.triggerUserOutboundEvent(ConnectionEvent.requestRead, promise: nil)
        stream.attach(WebSocketSink(channel: context.channel))
        let channel = context.channel
        heartbeat = context.eventLoop.scheduleRepeatedTask(initialDelay: .seconds(15), delay: .seconds(15)) { _ in
            channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .ping, data: channel.allocator.buffer(capacity: 0)), promise: nil)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .connectionClose:
            // The client's close: answered with one (unless ours went first), then closed.
            if !isClosing {
                isClosing = true
                var code = frame.unmaskedData
                let echo = code.readSlice(length: min(2, code.readableBytes)) ?? context.channel.allocator.buffer(capacity: 0)
                context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: echo)))
                    .assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            } else {
                context.close(promise: nil)
            }
        case .ping:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .pong:
            break
        case .text:
            let bytes = Array(frame.unmaskedData.readableBytesView)
            guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")), newline > 0, newline <= 16,
                  bytes[..<newline].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                // 1003: not an event (`ID` newline body).
                return WebSocketSink(channel: context.channel).close(code: .unacceptableData)
            }
            let id = Substring(decoding: bytes[..<newline], as: UTF8.self)
            waiting.append((id, Array(bytes[(newline + 1)...])))
            answerNext(context: context)
        default:
            // 1003: the socket takes text (events), not binary data.
            WebSocketSink(channel: context.channel).close(code: .unacceptableData)
        }
    }

    /// Answers the first waiting event, unless one is being answered.
    private func answerNext(context: ChannelHandlerContext) {
        guard !isAnswering, !isClosing, let (id, body) = waiting.popFirst() else { return }
        isAnswering = true
        let request = HostRequest(method: "POST", uri: Wire.eventPath, headers: headers, body: body)
        let loop = context.eventLoop
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: loop)
        settings.responder.respond(to: request) { [settings] response in
            settings.onLoop(loop) { bound.value.handler.answered(id, response, context: bound.value.context) }
        }
    }

    private func answered(_ id: Substring, _ response: HostResponse, context: ChannelHandlerContext) {
        isAnswering = false
        guard context.channel.isActive else { return }
        var line = ":reply \(id) \(response.status)"
        if let retry = response.headers.first("retry-after") { line += " \(retry)" }
        var buffer = context.channel.allocator.buffer(capacity: line.utf8.count + 1 + response.body.count)
        buffer.writeString(line)
        buffer.writeInteger(UInt8(ascii: "\n"))
        buffer.writeBytes(response.body)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: buffer)), promise: nil)
        answerNext(context: context)
        if readPending, waiting.count < Self.maxWaiting {
            readPending = false
            context.read()
        }
    }

    /// Reading waits while many events do: a client that sends faster than they are answered
    /// cannot fill the server's memory.
    func read(context: ChannelHandlerContext) {
        if waiting.count < Self.maxWaiting { context.read() } else { readPending = true }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The server is stopping: the stream ends now (the browser reconnects elsewhere).
        if case .quiesce? = event as? ConnectionEvent { stream.close() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        heartbeat?.cancel()
        waiting.removeAll()
        stream.didClose()
        context.fireChannelInactive()
    }
}

/// A WebSocket's connection: one text message per write, from any thread; the end is a close
/// frame ("going away"), then the connection closes.
struct WebSocketSink: EventStreamSink {
    let channel: any Channel

    func write(_ bytes: [UInt8]) {
        // A client that does not read would have the server buffer for it without end: its
        // stream ends (the browser reconnects, and gets the page's changes from then on).
        guard channel.isWritable else { return close(code: .goingAway) }
        channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, data: channel.allocator.buffer(bytes: bytes)), promise: nil)
    }

    func end() { close(code: .goingAway) }

    func close(code: WebSocketErrorCode) {
        let channel = self.channel
        var data = channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))
            .whenComplete { _ in channel.close(promise: nil) }
    }
}
