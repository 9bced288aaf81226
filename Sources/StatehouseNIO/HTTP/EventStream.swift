import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// A response that stays open: server-sent events (`text/event-stream`). The application
/// sends events from any thread; the HTTP handler attaches the stream to its connection
/// after writing the head. A comment line every 15 s keeps proxies from closing it.
public final class EventStream: Sendable {
    private struct State {
        var channel: (any Channel)?
        var pending: [[UInt8]] = []
        var isClosed = false
        var heartbeat: RepeatedTask?
        var onClose: (@Sendable () -> Void)?
    }

    private let state = NIOLockedValueBox(State())

    public init() {}

    /// Called once the connection is gone (or the server closed the stream).
    public func onClose(_ action: @escaping @Sendable () -> Void) {
        state.withLockedValue { $0.onClose = action }
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

    private func write(_ bytes: [UInt8]) {
        let channel: (any Channel)? = state.withLockedValue { state in
            if state.isClosed { return nil }
            if state.channel == nil { state.pending.append(bytes) }
            return state.channel
        }
        guard let channel else { return }
        let buffer = channel.allocator.buffer(bytes: bytes)
        channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(buffer)), promise: nil)
    }

    /// Attaches the stream to the connection whose head was just written (event loop).
    func attach(to channel: any Channel) {
        let heartbeat = channel.eventLoop.scheduleRepeatedTask(initialDelay: .seconds(15), delay: .seconds(15)) { [weak self] _ in
            self?.write(Array(": keep-alive\n\n".utf8))
        }
        let pending: [[UInt8]] = state.withLockedValue { state in
            state.channel = channel
            state.heartbeat = heartbeat
            defer { state.pending = [] }
            return state.pending
        }
        for bytes in pending { write(bytes) }
    }

    /// The connection is gone.
    func didClose() {
        let (action, heartbeat) = state.withLockedValue { state -> ((@Sendable () -> Void)?, RepeatedTask?) in
            if state.isClosed { return (nil, nil) }
            state.isClosed = true
            state.channel = nil
            defer { state.onClose = nil }
            return (state.onClose, state.heartbeat)
        }
        heartbeat?.cancel()
        action?()
    }

    /// Ends the stream from the server's side: the response ends properly (the client sees a
    /// complete response, and an EventSource reconnects), then the connection closes.
    public func close() {
        let channel = state.withLockedValue { $0.channel }
        if let channel {
            channel.writeAndFlush(HTTPServerResponsePart.end(nil)).whenComplete { _ in channel.close(promise: nil) }
        }
        didClose()
    }
}
