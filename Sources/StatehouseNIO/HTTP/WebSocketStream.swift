import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOWebSocket
import StatehouseProtocol

/// A page's stream over a WebSocket (`GET /_sh/stream?page=…` with `Upgrade: websocket`): a
/// browser holds any number of these, where it holds at most six event-stream connections to
/// one origin over HTTP/1.1 (a seventh tab would never load).
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
            maxFrameSize: maxFrameBytes,
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
                    guard response.status == 200, let stream = response.stream else { return promise.succeed(nil) }
                    opened.withLockedValue { $0 = stream }
                    promise.succeed(HTTPHeaders([("Cache-Control", "no-store")]))
                }
                return promise.futureResult
            },
            upgradePipelineHandler: { channel, _ in
                guard let stream = opened.withLockedValue({ $0 }) else {
                    return channel.eventLoop.makeFailedFuture(ChannelError.inappropriateOperationForState)
                }
                opened.withLockedValue { $0 = nil }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(WebSocketStreamHandler(stream))
                }
            }
        )
    }

    /// The client sends nothing but control frames (close, ping, pong): a frame larger than
    /// this is a protocol error.
    static let maxFrameBytes = 4096
}

/// The connection once upgraded: the page's events go out as text messages, a ping every 15 s
/// keeps proxies from closing it, and a close (the client's, the server's, or the page's end)
/// ends the stream. A client's message is refused: the socket carries nothing to the server.
final class WebSocketStreamHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let stream: EventStream
    private var heartbeat: RepeatedTask?
    /// A close frame has been sent: the next close from the client ends the connection.
    private var isClosing = false

    init(_ stream: EventStream) { self.stream = stream }

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
        default:
            // 1003: this socket takes no data.
            WebSocketSink(channel: context.channel).close(code: .unacceptableData)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The server is stopping: the stream ends now (the browser reconnects elsewhere).
        if case .quiesce? = event as? ConnectionEvent { stream.close() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        heartbeat?.cancel()
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
