import FuzzDriver
import Logging
import NIOCore
import NIOEmbedded
import Statehouse
@_spi(Fuzzing) import StatehouseNIO
import StatehouseProtocol
import StatehouseGallery

/// Raw bytes into the built-in server's request path, as a connection would send them: the
/// connection guard, SwiftNIO's HTTP/1.1 parser, our handler, the protocol and the demo's
/// pages (on an `EmbeddedChannel`: no socket, the same handlers). Whatever comes in, what
/// goes out is HTTP responses, none of them a 500 (a 500 is a view failing), and nothing traps.
@MainActor
enum Server {
    static let options: ServerOptions = {
        var options = ServerOptions()
        options.maxBodyBytes = 64 * 1024
        options.maxHeaderBytes = 8 * 1024
        // Few sessions and pages, so that memory stays flat over millions of page loads (no
        // sweeper runs here; the caps evict).
        options.maxSessions = 64
        options.maxPagesPerSession = 4
        return options
    }()
    static let logger: Logger = {
        var logger = Logger(label: "fuzz")
        logger.logLevel = .critical
        return logger
    }()
    static let responder = StatehouseResponder(routes: DemoApp().body._routes, settings: options.settings, logger: logger)
    static let pipeline = ConnectionPipeline(responder: responder, options: options, logger: logger)
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzHTTP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    return MainActor.assumeIsolated {
        let channel = EmbeddedChannel()
        try! Server.pipeline.configure(channel)
        try! channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 40000)).wait()
        let buffer = channel.allocator.buffer(bytes: input)
        _ = try? channel.writeInbound(buffer)
        channel.embeddedEventLoop.run()
        drainMainQueue()  // a request's hop to the views, if it had to queue
        channel.embeddedEventLoop.run()
        var output: [UInt8] = []
        while let part = try? channel.readOutbound(as: IOData.self) {
            if case .byteBuffer(let bytes) = part { output += bytes.readableBytesView }
        }
        let text = String(decoding: output, as: UTF8.self)
        precondition(output.isEmpty || text.hasPrefix("HTTP/1."), "what goes out is HTTP: \(text.prefix(80))")
        precondition(!text.contains("HTTP/1.1 500") && !text.contains("HTTP/1.0 500"), "no view failed: \(text.prefix(300))")
        _ = try? channel.finish()
        drainMainQueue()
        return 0
    }
}

runFuzzer(fuzzHTTP)
