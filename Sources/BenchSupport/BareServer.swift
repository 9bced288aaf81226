import NIOCore
import NIOHTTP1
import NIOPosix

/// The ceiling: a bare SwiftNIO HTTP/1.1 server that answers every request with the same
/// 100-byte fragment, on the same number of event loops as Statehouse.
public struct BareServer {
    public let channel: any Channel
    public var port: Int { channel.localAddress?.port ?? 0 }

    public static let fragment: [UInt8] = {
        let head = #"<turbo-stream action="replace" target="count"><template><span id="count">1</span></template>"#
        let bytes = Array(head.utf8) + Array("</turbo-stream>".utf8)
        return Array(bytes.prefix(100)) + Array(repeating: UInt8(ascii: " "), count: max(0, 100 - bytes.count))
    }()

    public static func start(port: Int) throws -> BareServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)
        let channel = try ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(Handler())
                }
            }
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .bind(host: "127.0.0.1", port: port).wait()
        return BareServer(channel: channel)
    }


    final class Handler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        private var keepAlive = true

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): keepAlive = head.isKeepAlive
            case .body: break
            case .end:
                let headers: HTTPHeaders = ["Content-Type": "text/vnd.turbo-stream.html; charset=utf-8",
                                            "Content-Length": String(BareServer.fragment.count)]
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: BareServer.fragment)))), promise: nil)
                let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
                if !keepAlive { done.assumeIsolated().whenComplete { _ in context.close(promise: nil) } }
            }
        }
    }
}
