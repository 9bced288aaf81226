import Dispatch
import Foundation
import Logging
import StatehouseProtocol
import StatehouseViews

/// A running Statehouse server: the app's routes served over HTTP/1.1.
///
/// ```swift
/// let server = try await StatehouseServer.start(MyApp(), options: options)
/// print(server.port)
/// ```
public final class StatehouseServer: Sendable {
    private let http: HTTPServer
    private let responder: StatehouseResponder
    private let logger: Logger

    /// The port the server listens on.
    public var port: Int { http.port }

    /// Starts serving `app`.
    @MainActor
    public static func start<A: App>(_ app: A, options: ServerOptions = ServerOptions()) async throws -> StatehouseServer {
        var logger = Logger(label: "statehouse")
        logger.logLevel = options.logLevel
        let responder = StatehouseResponder(routes: app.body._routes, settings: options.settings, logger: logger)
        let http = try await HTTPServer.start(host: options.host, port: options.port, limits: options.limits,
                                              logger: logger, responder: responder)
        logger.notice("Statehouse listening on http://\(options.host):\(http.port)")
        return StatehouseServer(http: http, responder: responder, logger: logger)
    }

    private init(http: HTTPServer, responder: StatehouseResponder, logger: Logger) {
        self.http = http
        self.responder = responder
        self.logger = logger
    }

    /// Waits until the server stops listening.
    public func waitUntilClosed() async throws { try await http.waitUntilClosed() }

    /// Stops gracefully: stops accepting, lets requests in flight finish (up to `deadline`),
    /// closes event streams and idle connections, then ends every page (tasks cancelled).
    public func shutdown(deadline: Duration = .seconds(10)) async throws {
        logger.notice("Statehouse stopping: \(http.connectionCount) connections open")
        try await http.shutdown(deadline: deadline)
        await MainActor.run { responder.endAllPages() }
        logger.notice("Statehouse stopped")
    }
}

extension App {
    /// Parses the command line (`--host`, `--port`, …, or their `STATEHOUSE_…` environment
    /// variables), then serves the app until SIGTERM or SIGINT, which stop it gracefully
    /// (requests in flight finish) and exit 0.
    public static func main() async {
        let options = parseCommandLineOrExit()
        let server: StatehouseServer
        do {
            server = try await StatehouseServer.start(Self(), options: options)
        } catch {
            print("error: \(error)")
            exit(1)
        }
        let stop = StopSignals()
        await stop.wait()
        do {
            try await server.shutdown()
        } catch {
            print("error while stopping: \(error)")
            exit(1)
        }
        exit(0)
    }
}

/// The options of the command line and the environment; `--help` prints them and exits 0, a
/// bad one is named on standard error with exit status 64 (as for any usage error).
private func parseCommandLineOrExit() -> ServerOptions {
    let command = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "server") } ?? "server"
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.contains("--help") || arguments.contains("-h") {
        print(ServerOptions.usage(command: command))
        exit(0)
    }
    do {
        return try ServerOptions.parse(arguments, environment: ProcessInfo.processInfo.environment)
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\nSee '\(command) --help'.\n".utf8))
        exit(64)
    }
}

/// SIGTERM and SIGINT, caught instead of ending the process.
private final class StopSignals {
    private let signals: AsyncStream<Int32>
    private let sources: [any DispatchSourceSignal]

    init() {
        let (signals, stop) = AsyncStream.makeStream(of: Int32.self)
        self.signals = signals
        sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.yield(number) }
            source.resume()
            return source
        }
    }

    /// Returns when the first of the signals arrives.
    func wait() async {
        for await _ in signals { break }
        sources.forEach { $0.cancel() }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
