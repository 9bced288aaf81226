import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import StatehouseProtocol

/// What every connection's handlers share, held once per server: each handler keeps one
/// reference instead of its own copy of the limits, the logger and the responder (an idle
/// connection is then that much lighter).
final class ConnectionSettings: Sendable {
    let responder: StatehouseResponder
    let limits: HTTPLimits
    let logger: Logger
    let registry: ConnectionRegistry
    /// The server's loops are shutting down: an answer that comes later (a store that answered
    /// after the stop) is dropped, not handed to a loop that runs no more (NIO refuses that).
    private let loopsStopped = NIOLockedValueBox(false)

    init(responder: StatehouseResponder, limits: HTTPLimits, logger: Logger, registry: ConnectionRegistry) {
        self.responder = responder
        self.limits = limits
        self.logger = logger
        self.registry = registry
    }

    /// Runs `body` on `loop`: at once if this is its thread, else as a task on it, unless the
    /// loops are stopping (its connection is gone then).
    func onLoop(_ loop: any EventLoop, _ body: @escaping @Sendable () -> Void) {
        if loop.inEventLoop { return body() }
        loopsStopped.withLockedValue { stopped in
            if !stopped { loop.execute(body) }
        }
    }

    /// No more tasks go to the loops (called before they shut down).
    func stopHandingToLoops() {
        loopsStopped.withLockedValue { $0 = true }
    }
}

/// Collects one request (head, body up to the limit), hands it to the responder, writes the
/// response, and keeps the connection alive when the client asked for it; answers what the
/// HTTP parser rejects.
///
/// Pipelined requests are answered in order: the parts of a request that arrives while one is
/// being answered wait in `waiting`, and reading stops until they have been taken (NIO's
/// pipelining handler would stop reading during every answer, which costs a client that does
/// not pipeline two `epoll_ctl` calls per request).
///
/// Answers wait for the client to read them: while the channel is not writable (its unsent
/// bytes are above the high water mark) no waiting request is taken and nothing more is read,
/// so a client that sends requests and never reads the answers holds at most the channel's
/// high water mark of them, not one answer per request it sent (`ConnectionGuard` closes it if
/// it stays so for the idle time).
final class HTTPHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let settings: ConnectionSettings
    private var responder: StatehouseResponder { settings.responder }
    private var limits: HTTPLimits { settings.limits }
    private var logger: Logger { settings.logger }
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    /// The upload being read (`POST /_sh/upload`): its files go to disk as they arrive.
    private var upload: UploadReading?
    /// After a refusal the rest of the request is ignored and the connection closed.
    private var isRefusing = false
    /// A refusal's answer is out and the output closed: what the client still sends is read
    /// and dropped, so that the connection's close does not reset it and lose the answer (see
    /// `linger`).
    private var isLingering = false
    /// The lingering connection's close, 2 s on (cancelled if the client closes first: the
    /// task would hold the handler and its loop until then, and for good on an embedded loop).
    private var lingerClose: Scheduled<Void>?
    /// The event stream this connection carries, once its head is written.
    private var stream: EventStream?
    /// A comment line every 15 s on an open event stream keeps proxies from closing it.
    private var heartbeat: RepeatedTask?
    /// The server is stopping: the response in flight is the connection's last.
    private var isQuiescing = false
    /// Admitted over the connection cap: one request, which must be a health check.
    private var isHealthOnly = false
    /// A response's head is out and its end is not (an event stream's never is).
    private var isResponding = false
    /// A request went to the responder and its response is not written yet (an event
    /// stream's never is).
    private var isAnswering = false
    /// What arrived while a request was answered (pipelined requests' parts, or the parser's
    /// complaint about them), in order.
    private var waiting = CircularBuffer<Arrival>(initialCapacity: 0)
    private enum Arrival {
        case part(HTTPServerRequestPart)
        case malformed(HTTPParserError)
    }
    /// Taking parts from `waiting` now (a response written meanwhile takes no more itself).
    private var isTakingWaiting = false
    /// The channel asked to read while parts were waiting: it reads once they are taken.
    private var readPending = false

    init(_ settings: ConnectionSettings) { self.settings = settings }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        arrived(.part(unwrapInboundIn(data)), context: context)
    }

    /// Handles `arrival` now, or after the requests before it are answered and the client has
    /// read enough of their answers (a request answered at once, on the main thread as the
    /// loop, is done before the next of the same read arrives).
    private func arrived(_ arrival: Arrival, context: ChannelHandlerContext) {
        if isLingering { return }
        if isAnswering || !waiting.isEmpty || !context.channel.isWritable {
            waiting.append(arrival)
        } else {
            handle(arrival, context: context)
        }
    }

    /// Reading waits while parts of pipelined requests do: a client that sends more than it
    /// reads cannot fill the server's memory.
    func read(context: ChannelHandlerContext) {
        if isLingering || (waiting.isEmpty && context.channel.isWritable) {
            context.read()
        } else {
            readPending = true
        }
    }

    /// A response was written: the next waiting request, if any, is taken, and reading
    /// resumes once none waits — as long as the client reads what was written.
    private func answered(context: ChannelHandlerContext) {
        isAnswering = false
        takeWaiting(context: context)
    }

    private func takeWaiting(context: ChannelHandlerContext) {
        guard !isTakingWaiting else { return }
        isTakingWaiting = true
        while !isAnswering, context.channel.isWritable, let arrival = waiting.popFirst() { handle(arrival, context: context) }
        isTakingWaiting = false
        if waiting.isEmpty, readPending, context.channel.isWritable, context.channel.isActive {
            readPending = false
            context.read()
        }
    }

    /// The client read enough of the answers: the requests that waited for it are taken, and
    /// reading resumes (on an event stream's connection too, which is answering for good).
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable, !isLingering { takeWaiting(context: context) }
        context.fireChannelWritabilityChanged()
    }

    private func handle(_ arrival: Arrival, context: ChannelHandlerContext) {
        switch arrival {
        case .part(let part): handle(part, context: context)
        case .malformed(let error): refuse(context, malformed: error)
        }
    }

    private func handle(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        switch part {
        case .head(let head):
            isRefusing = false
            body.removeAll(keepingCapacity: true)
            var headerBytes = head.uri.utf8.count
            for (name, value) in head.headers { headerBytes += name.utf8.count + value.utf8.count + 4 }
            if headerBytes > limits.maxHeaderBytes {
                refuse(context, .requestHeaderFieldsTooLarge, "request headers are larger than \(limits.maxHeaderBytes) bytes")
                return
            }
            upload?.discard()
            upload = nil
            if UploadReading.isUpload(head) {
                switch UploadReading.start(head, limits) {
                case .success(let reading): (upload, self.head) = (reading, head)
                case .failure(let failure): refuse(context, failure.httpStatus, failure.message)
                }
                return
            }
            if let length = head.headers.first(name: "content-length").flatMap(Int.init), length > limits.maxBodyBytes {
                refuse(context, .payloadTooLarge, "request body is larger than \(limits.maxBodyBytes) bytes")
                return
            }
            self.head = head
        case .body(let buffer):
            guard !isRefusing else { return }
            if let upload {
                if let failure = upload.feed(buffer) {
                    self.upload = nil
                    refuse(context, failure.httpStatus, failure.message)
                }
                return
            }
            if body.count + buffer.readableBytes > limits.maxBodyBytes {
                refuse(context, .payloadTooLarge, "request body is larger than \(limits.maxBodyBytes) bytes")
                return
            }
            buffer.withUnsafeReadableBytes { body.append(contentsOf: $0) }
        case .end:
            guard !isRefusing, let head else { return }
            self.head = nil
            if isHealthOnly, head.uri.split(separator: "?").first != Substring(Wire.healthPath) {
                refuse(context, .serviceUnavailable, "the server has \(limits.maxConnections) connections open: try again shortly")
                return
            }
            var fields: [(name: String, value: String)] = []
            fields.reserveCapacity(head.headers.count)
            for (name, value) in head.headers { fields.append((name, value)) }
            var request = HostRequest(method: head.method.rawValue, uri: head.uri, headers: HostHeaders(fields), body: body)
            body = []
            if let upload {
                self.upload = nil
                if let failure = upload.finish(into: &request) { return refuse(context, failure.httpStatus, failure.message) }
            }
            isAnswering = true
            context.triggerUserOutboundEvent(ConnectionEvent.requestRead, promise: nil)
            // Answered on this connection's loop: at once when the views ran on it (the main
            // thread as the loop), else one task onto it; no promise, no callback list.
            let loop = context.eventLoop
            let bound = NIOLoopBound((handler: self, context: context), eventLoop: loop)
            // An answer to CONNECT has no body (NIO's encoder drops it) and the connection does
            // not go on (NIO's parser reads no further): it says so, with a length of 0.
            let isConnect = head.method == .CONNECT
            let keepAlive = head.isKeepAlive && !isConnect, version = head.version
            let settings = self.settings
            responder.respond(to: request) { answer in
                let response = isConnect ? HostResponse(status: answer.status, headers: answer.headers) : answer
                settings.onLoop(loop) {
                    bound.value.handler.write(response, keepAlive: keepAlive, version: version, context: bound.value.context)
                }
            }
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event as? ConnectionEvent {
        case .quiesce?:
            isQuiescing = true
            stream?.close()
        case .healthOnly?:
            isHealthOnly = true
            isQuiescing = true  // its one answer is its last
        default:
            break
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        upload?.discard()
        upload = nil
        lingerClose?.cancel()
        lingerClose = nil
        heartbeat?.cancel()
        stream?.didClose()
        stream = nil
        context.fireChannelInactive()
    }

    /// Closes a connection whose request was refused (413, 431, 400: the client may still be
    /// sending it) as web servers do ("lingering close"): closing a socket with unread bytes
    /// resets the connection, and a client still sending loses the answer with it (curl said
    /// "send failure" instead of showing a 413). The output is closed, and what arrives is
    /// dropped until the client closes its side, for at most 2 s.
    private func linger(_ context: ChannelHandlerContext) {
        isLingering = true
        waiting.removeAll()
        context.close(mode: .output, promise: nil)
        lingerClose = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(2)) { context.close(promise: nil) }
        readPending = false
        context.read()
    }

    private func refuse(_ context: ChannelHandlerContext, _ status: HTTPResponseStatus, _ message: String) {
        logger.notice("\(status.code) \(message)", metadata: ["peer": "\(context.remoteAddress.map { "\($0)" } ?? "?")"])
        isRefusing = true
        isAnswering = true
        head = nil
        body = []
        write(.text(Int(status.code), message), keepAlive: false, version: .http1_1, context: context)
    }

    /// A request the HTTP parser rejects gets 431 (oversized headers) or 400 after the answers
    /// to the requests before it, unless an event stream is under way; then the connection
    /// closes.
    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        if isResponding {
            context.close(promise: nil)
        } else {
            arrived(.malformed(parserError), context: context)
        }
    }

    private func refuse(_ context: ChannelHandlerContext, malformed parserError: HTTPParserError) {
        let (status, message): (HTTPResponseStatus, String) = parserError == .headerOverflow
            ? (.requestHeaderFieldsTooLarge, "request headers are too large")
            : (.badRequest, "malformed HTTP request")
        logger.notice("\(status.code) \(message) (\(parserError))")
        isRefusing = true
        isAnswering = true
        write(.text(Int(status.code), message), keepAlive: false, version: .http1_1, context: context)
    }

    private func write(_ response: HostResponse, keepAlive: Bool, version: HTTPVersion, context: ChannelHandlerContext) {
        isResponding = true
        let status = HTTPResponseStatus(statusCode: response.status)
        var headers = HTTPHeaders()
        headers.reserveCapacity(response.headers.fields.count + 2)
        for field in response.headers.fields { headers.add(name: field.name, value: field.value) }
        if let stream = response.stream {
            // Headers go out at once; no length, no end: events follow as body chunks (over
            // HTTP/1.0, which has no chunks, until the connection closes).
            if version.minor >= 1 { headers.add(name: "Transfer-Encoding", value: "chunked") }  // (NIO parses HTTP/1.x only)
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: status, headers: headers))), promise: nil)
            self.stream = stream
            stream.attach(ChannelStreamSink(channel: context.channel))
            heartbeat = context.eventLoop.scheduleRepeatedTask(initialDelay: .seconds(15), delay: .seconds(15)) { [weak stream] _ in
                stream?.write(EventStream.heartbeat)
            }
            // The server is stopping and told this connection while its request waited on the
            // main actor: the stream ends at once, as the ones open then did (else it holds the
            // shutdown until the client gives up).
            if isQuiescing { stream.close() }
            return
        }
        let keepAlive = keepAlive && !isQuiescing
        // The length frames the body (NIO's encoder is told not to: see `ConnectionSettings`).
        // A 1xx, 204 or 304 has no body, and says no length (RFC 9110 §8.6). (The protocol
        // sets neither header: added, not replaced, which would copy the headers.)
        if response.status >= 200, response.status != 204, response.status != 304 {
            headers.add(name: "Content-Length", value: String(response.body.count))
        }
        if !keepAlive {
            headers.add(name: "Connection", value: "close")
        } else if version.minor == 0 {
            // An HTTP/1.0 connection persists only if the answer says so (RFC 9112 §9.3): else
            // the client takes the answer as the connection's last and the server holds an
            // idle connection the client never uses again.
            headers.add(name: "Connection", value: "keep-alive")
        }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: status, headers: headers))), promise: nil)
        if !response.body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: response.body)))), promise: nil)
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        isResponding = false
        let refused = isRefusing
        done.assumeIsolated().whenComplete { _ in
            if keepAlive {
                context.triggerUserOutboundEvent(ConnectionEvent.responseWritten, promise: nil)
            } else if refused {
                self.linger(context)
            } else {
                context.close(promise: nil)
            }
        }
        // The connection closes after this response: what waits is never answered.
        if keepAlive { answered(context: context) } else { waiting.removeAll() }
    }
}

/// An event stream's connection: body chunks from any thread, then the end of the response.
struct ChannelStreamSink: EventStreamSink {
    let channel: any Channel

    func write(_ bytes: [UInt8]) {
        // A client that does not read would have the server buffer for it without end: its
        // stream ends (a browser reconnects, and gets the page's changes from then on).
        guard channel.isWritable else { return end() }
        channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(channel.allocator.buffer(bytes: bytes))), promise: nil)
    }

    func end() {
        let channel = self.channel
        channel.writeAndFlush(HTTPServerResponsePart.end(nil)).whenComplete { _ in channel.close(promise: nil) }
    }
}
