import Logging
import NIOCore
import NIOHTTP1
import NIOPosix

import StatehouseProtocol

/// An HTTP/1.1 server with keep-alive on SwiftNIO, answering through the protocol's responder.
final class HTTPServer: Sendable {
    /// Where connections are served: threads of the server's own, or one loop it was given
    /// (the main thread's, which outlives the server).
    enum Loops: Sendable {
        case own(threads: Int)
        case given(any EventLoop)
    }

    private let group: any EventLoopGroup
    private let ownsGroup: Bool
    private let channel: any Channel
    private let connections: ConnectionRegistry
    private let settings: ConnectionSettings
    private let ticks: RepeatedTask

    /// The port the server listens on (useful after binding port 0).
    var port: Int { channel.localAddress?.port ?? 0 }

    /// Connections open now.
    var connectionCount: Int { connections.count }
    /// The event loops serving connections.
    var loopCount: Int { group.makeIterator().reduce(0) { count, _ in count + 1 } }

    /// Binds `host:port` and starts serving.
    static func start(host: String, port: Int, limits: HTTPLimits, loops: Loops,
                      logger: Logger = Logger(label: "http"), responder: StatehouseResponder) async throws -> HTTPServer {
        let group: any EventLoopGroup
        switch loops {
        case .own(let threads): group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
        case .given(let loop): group = loop
        }
        let ownsGroup = if case .own = loops { true } else { false }
        let connections = ConnectionRegistry()
        let settings = ConnectionSettings(responder: responder, limits: limits, logger: logger, registry: connections)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try settings.configure(channel) }
            }
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
        do {
            let channel = try await bootstrap.bind(host: host, port: port).get()
            // Deadlines are checked a few times per the shorter timeout (between 10 ms and 1 s).
            let shortest = min(limits.requestTimeout, limits.idleTimeout).nanoseconds / 4
            let interval = TimeAmount.nanoseconds(min(max(shortest, 10_000_000), 1_000_000_000))
            let ticks = connections.startTicking(on: group.next(), every: interval)
            return HTTPServer(group: group, ownsGroup: ownsGroup, channel: channel, connections: connections, settings: settings, ticks: ticks)
        } catch {
            if ownsGroup { try? await group.shutdownGracefully() }
            throw error
        }
    }

    private init(group: any EventLoopGroup, ownsGroup: Bool, channel: any Channel, connections: ConnectionRegistry,
                 settings: ConnectionSettings, ticks: RepeatedTask) {
        self.group = group
        self.ownsGroup = ownsGroup
        self.channel = channel
        self.connections = connections
        self.settings = settings
        self.ticks = ticks
    }

    /// Waits until the server stops listening.
    func waitUntilClosed() async throws {
        try await channel.closeFuture.get()
    }

    /// Stops gracefully: no new connections; idle ones close now, event streams end, and a
    /// connection with a request in flight closes once its response is written. After
    /// `deadline` the rest are closed anyway. The event loops run on (`stopLoops()`): a request
    /// whose connection the client closed may still wait for its page's write to commit, and
    /// its answer then goes to its loop.
    func shutdown(deadline: Duration = .seconds(10)) async throws {
        try? await channel.close()
        connections.quiesceAll()
        // The last connection to close wakes this; at the deadline it wakes anyway.
        let (seconds, attoseconds) = deadline.components
        let giveUp = group.next().scheduleTask(in: .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)) {
            self.connections.releaseDrainWaiters()
        }
        await connections.drained()
        giveUp.cancel()
        ticks.cancel()
    }

    /// Shuts the event loops down (those the server made), once nothing will answer on them.
    func stopLoops() async throws {
        guard ownsGroup else { return }
        settings.stopHandingToLoops()
        try await group.shutdownGracefully()
    }
}

extension ConnectionSettings {
    /// Adds the handlers of one connection to `channel`: the guard (connection cap, timeouts),
    /// HTTP/1.1 parsing, the upgrade of a page's stream to a WebSocket (a connection's first
    /// request only, as NIO's upgrade handler does), and the handler that hands each request to
    /// the responder (and keeps pipelined requests in order).
    func configure(_ channel: any Channel) throws {
        let pipeline = channel.pipeline.syncOperations
        try pipeline.addHandler(ConnectionGuard(self))
        let http = HTTPHandler(self)
        let upgraded = NIOLoopBound(http, eventLoop: channel.eventLoop)
        let upgrade: NIOHTTPServerUpgradeConfiguration = (
            upgraders: [WebSocketStreamUpgrade.upgrader(self, channel: channel)],
            completionHandler: { context in context.pipeline.syncOperations.removeHandler(upgraded.value, promise: nil) }
        )
        try pipeline.configureHTTPServerPipeline(withPipeliningAssistance: false, withServerUpgrade: upgrade, withErrorHandling: false,
                                                 withEncoderConfiguration: Self.encoder)
        try pipeline.addHandler(http)
    }

    /// `HTTPHandler.write` frames every response itself (a length, or chunks for a stream):
    /// NIO's encoder would otherwise copy each head's headers to strip a `Transfer-Encoding`
    /// no response has.
    private static let encoder: HTTPResponseEncoder.Configuration = {
        var configuration = HTTPResponseEncoder.Configuration()
        configuration.automaticallySetFramingHeaders = false
        return configuration
    }()
}

/// The built-in server's request path without a socket, for the fuzzer (`Fuzz/`): the
/// handlers every connection gets, on a channel the caller made (an `EmbeddedChannel`), bytes
/// in, bytes out.
///
/// ```swift
/// @_spi(Fuzzing) import StatehouseNIO
/// let pipeline = ConnectionPipeline(responder: responder, options: ServerOptions(), logger: logger)
/// let channel = EmbeddedChannel()
/// try pipeline.configure(channel)
/// try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 40000)).wait()
/// try channel.writeInbound(channel.allocator.buffer(string: "GET /_sh/health HTTP/1.1\r\nHost: a\r\n\r\n"))
/// ```
@_spi(Fuzzing)
public struct ConnectionPipeline: Sendable {
    private let settings: ConnectionSettings

    /// The limits of `options`; `responder` answers.
    public init(responder: StatehouseResponder, options: ServerOptions, logger: Logger) {
        settings = ConnectionSettings(responder: responder, limits: options.limits, logger: logger, registry: ConnectionRegistry())
    }

    /// Adds a connection's handlers to `channel` (on its event loop).
    public func configure(_ channel: any Channel) throws {
        try settings.configure(channel)
    }
}
