import NIOCore
import NIOHTTP1
import NIOPosix

/// An HTTP/1.1 server with keep-alive on SwiftNIO, answering through a `Responder`.
public final class HTTPServer: Sendable {
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel

    /// The port the server listens on (useful after binding port 0).
    public var port: Int { channel.localAddress?.port ?? 0 }

    /// Binds `host:port` and starts serving.
    public static func start(host: String, port: Int, limits: HTTPLimits = HTTPLimits(),
                             threads: Int = System.coreCount, responder: any Responder) async throws -> HTTPServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.configureHTTPServerPipeline(withPipeliningAssistance: true, withErrorHandling: false)
                    try pipeline.addHandler(ProtocolErrorHandler())
                    try pipeline.addHandler(HTTPHandler(responder: responder, limits: limits))
                }
            }
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
        do {
            let channel = try await bootstrap.bind(host: host, port: port).get()
            return HTTPServer(group: group, channel: channel)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    private init(group: MultiThreadedEventLoopGroup, channel: any Channel) {
        self.group = group
        self.channel = channel
    }

    /// Waits until the server stops.
    public func waitUntilClosed() async throws {
        try await channel.closeFuture.get()
    }

    /// Stops listening and closes every connection.
    public func shutdown() async throws {
        try? await channel.close()
        try await group.shutdownGracefully()
    }
}
