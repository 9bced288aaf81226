import Synchronization

/// A response that stays open: server-sent events (`text/event-stream`). The protocol sends
/// events from the main actor; the host attaches the stream to its connection once it has
/// written the head, and says when the connection is gone. What is sent before the host
/// attaches waits in the stream.
///
/// ```swift
/// // In a host, after writing the head of a response whose `stream` is set:
/// stream.attach(MySink(connection))      // MySink: EventStreamSink
/// // …and when the connection closes:
/// stream.didClose()
/// ```
public final class EventStream: Sendable {
    private struct State {
        var sink: (any EventStreamSink)?
        var pending: [[UInt8]] = []
        var isClosed = false
        var onClose: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    public init() {}

    /// Called once the connection is gone (or the server closed the stream).
    public func onClose(_ action: @escaping @Sendable () -> Void) {
        state.withLock { $0.onClose = action }
    }

    /// Sends one event whose `data` is `text` (split into `data:` lines).
    public func send(_ text: String) {
        var bytes: [UInt8] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            bytes.append(contentsOf: "data: ".utf8)
            bytes.append(contentsOf: line.utf8)
            bytes.append(UInt8(ascii: "\n"))
        }
        bytes.append(UInt8(ascii: "\n"))
        write(bytes)
    }

    /// A comment line that keeps proxies from closing an idle stream (hosts send one every 15 s).
    public static let heartbeat: [UInt8] = Array(": keep-alive\n\n".utf8)

    /// Writes raw bytes of the event stream (an event, or `heartbeat`).
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
        let pending: [[UInt8]] = state.withLock { state in
            state.sink = sink
            defer { state.pending = [] }
            return state.pending
        }
        for bytes in pending { sink.write(bytes) }
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
public protocol EventStreamSink: Sendable {
    /// Writes bytes of the response body, from any thread.
    func write(_ bytes: [UInt8])
    /// Ends the response and closes the connection.
    func end()
}
