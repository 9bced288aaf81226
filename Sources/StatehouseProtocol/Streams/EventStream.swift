import Synchronization

/// A response that stays open: server-sent events (`text/event-stream`), or the messages of a
/// WebSocket the host upgraded the request to (`framing`). The protocol sends events from the
/// main actor; the host attaches the stream to its connection once it has written the head (or
/// switched protocols), and says when the connection is gone. What is sent before the host
/// attaches waits in the stream.
///
/// ```swift
/// // In a host, after writing the head of a response whose `stream` is set:
/// stream.attach(MySink(connection))      // MySink: EventStreamSink
/// // …and when the connection closes:
/// stream.didClose()
/// ```
public final class EventStream: Sendable {
    /// How an event's bytes are framed for the sink.
    public enum Framing: Sendable {
        /// Server-sent events: each event as `data:` lines and a blank line; the host writes
        /// the bytes as the response body.
        case serverSentEvents
        /// One WebSocket text message per event: the bytes are the event's text, and the
        /// host sends each `write` as one message (and pings on its own to keep it open).
        case messages
    }

    /// How this stream's events are framed.
    public let framing: Framing

    private struct State {
        var sink: (any EventStreamSink)?
        var pending: [[UInt8]] = []
        var isClosed = false
        var onClose: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    public init(framing: Framing = .serverSentEvents) { self.framing = framing }

    /// Called once the connection is gone (or the server closed the stream).
    public func onClose(_ action: @escaping @Sendable () -> Void) {
        state.withLock { $0.onClose = action }
    }

    /// Sends one event whose `data` is `text` (split into `data:` lines; or one message).
    package func send(_ text: String) {
        send(event: Array(text.utf8))
    }

    /// Sends one event of UTF-8 `text`, framed as `framing` says.
    func send(event text: [UInt8]) {
        guard framing == .serverSentEvents else { return write(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count + 16)
        for line in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            bytes.append(contentsOf: "data: ".utf8)
            bytes.append(contentsOf: line)
            bytes.append(UInt8(ascii: "\n"))
        }
        bytes.append(UInt8(ascii: "\n"))
        write(bytes)
    }

    /// A comment line that keeps proxies from closing an idle stream (hosts send one every 15 s).
    public static let heartbeat: [UInt8] = Array(": keep-alive\n\n".utf8)

    /// Writes raw bytes of the event stream (an event, or `heartbeat`; with `.messages`, one
    /// message).
    public func write(_ bytes: [UInt8]) {
        let sink: (any EventStreamSink)? = state.withLock { state in
            if state.isClosed { return nil }
            if state.sink == nil { state.pending.append(bytes) }
            return state.sink
        }
        sink?.write(bytes)
    }

    /// Host: the head is written; events go to `sink` from now on (what waited goes first).
    public func attach(_ sink: any EventStreamSink) {
        let (pending, isClosed) = state.withLock { state in
            defer { state.pending = [] }
            if !state.isClosed { state.sink = sink }
            return (state.pending, state.isClosed)
        }
        for bytes in pending { sink.write(bytes) }
        // Closed by the server before the host attached (its page ended meanwhile, the server
        // is stopping): the response ends now, instead of staying open for nothing.
        if isClosed { sink.end() }
    }

    /// Host: the connection is gone.
    public func didClose() {
        let action = state.withLock { state -> (@Sendable () -> Void)? in
            if state.isClosed { return nil }
            state.isClosed = true
            state.sink = nil
            defer { state.onClose = nil }
            return state.onClose
        }
        action?()
    }

    /// Ends the stream from the server's side: the host ends the response properly (the
    /// client sees a complete response, and an EventSource reconnects) and closes.
    public func close() {
        let sink = state.withLock { $0.sink }
        sink?.end()
        didClose()
    }
}

/// Where a host writes an event stream: its connection.
///
/// ```swift
/// struct MySink: EventStreamSink {
///     let connection: MyConnection
///     func write(_ bytes: [UInt8]) { connection.send(bytes) }      // from any thread
///     func end() { connection.finishResponse(); connection.close() }
/// }
/// stream.attach(MySink(connection: connection))
/// ```
public protocol EventStreamSink: Sendable {
    /// Writes bytes of the response body, from any thread.
    func write(_ bytes: [UInt8])
    /// Ends the response and closes the connection.
    func end()
}

extension EventStream {
    /// For a host that writes a response body from async code (Hummingbird, Vapor), once it
    /// has the head out: attaches the stream and writes what the server sends through `write`
    /// (with a heartbeat every `heartbeat`), until the server ends the stream, `write` throws
    /// (the connection is gone) or the task is cancelled; then the stream is closed.
    ///
    /// At most `buffer` writes wait for a client that does not read; past that the stream ends
    /// rather than hold more (the browser reconnects, and is sent the page's changes from then
    /// on), as the built-in server does.
    ///
    /// ```swift
    /// ResponseBody { writer in
    ///     await stream.pump { bytes in try await writer.write(ByteBuffer(bytes: bytes)) }
    ///     try await writer.finish(nil)
    /// }
    /// ```
    public func pump(heartbeat: Duration = .seconds(15), buffer: Int = 1024,
                     write: (_ bytes: [UInt8]) async throws -> Void) async {
        let (chunks, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingOldest(buffer))
        // (What waited goes first: the protocol's opening comment, with which a host that sends
        // the head with the first bytes, as Vapor does, sends it at once.)
        attach(ContinuationSink(continuation: continuation))
        let beats = Task { [weak self] in
            while (try? await Task.sleep(for: heartbeat)) != nil { self?.write(Self.heartbeat) }
        }
        defer {
            beats.cancel()
            didClose()
        }
        do {
            for await chunk in chunks { try await write(chunk) }
        } catch {
            // The connection is gone: the stream closes.
        }
    }
}

/// An event stream's bytes into an `AsyncStream`, ended when it overflows.
private struct ContinuationSink: EventStreamSink {
    let continuation: AsyncStream<[UInt8]>.Continuation

    func write(_ bytes: [UInt8]) {
        if case .dropped = continuation.yield(bytes) { continuation.finish() }
    }

    func end() { continuation.finish() }
}
