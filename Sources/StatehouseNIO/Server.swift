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
    private let logger: Logger

    /// The port the server listens on.
    public var port: Int { http.port }
    /// The event loops serving connections (`ServerOptions.eventLoopThreads`).
    var eventLoopCount: Int { http.loopCount }
    /// Connections open now.
    var connectionCount: Int { http.connectionCount }

    /// Starts serving `app`.
    @MainActor
    public static func start<A: App>(_ app: A, options: ServerOptions = ServerOptions()) async throws -> StatehouseServer {
        try await start(app, options: options, loops: .own(threads: options.eventLoopThreads))
    }

    @MainActor
    fileprivate static func start<A: App>(_ app: A, options: ServerOptions, loops: HTTPServer.Loops) async throws -> StatehouseServer {
        let pages = try await StatehousePages.open(app, options: options)
        var logger = Logger(label: "statehouse")
        logger.logLevel = options.logLevel
        let http: HTTPServer
        do {
            http = try await HTTPServer.start(host: options.host, port: options.port, limits: options.limits,
                                              loops: loops, logger: logger, responder: pages.responder)
        } catch {
            await pages.close()
            throw error
        }
        logger.notice("Statehouse listening on http://\(options.host):\(http.port)", metadata: ["state-store": "\(pages.storeDescription)"])
        return StatehouseServer(http: http, pages: pages, logger: logger)
    }

    let pages: StatehousePages

    private init(http: HTTPServer, pages: StatehousePages, logger: Logger) {
        self.http = http
        self.pages = pages
        self.logger = logger
    }

    /// Waits until the server stops listening.
    public func waitUntilClosed() async throws { try await http.waitUntilClosed() }

    /// Stops gracefully: stops accepting, lets requests in flight finish (up to `deadline`),
    /// closes event streams and idle connections, then ends every page (tasks cancelled).
    public func shutdown(deadline: Duration = .seconds(10)) async throws {
        logger.notice("Statehouse stopping: \(http.connectionCount) connections open")
        try await http.shutdown(deadline: deadline)
        // Pages end here, not in the store: the next process takes them up. The store closes
        // once its commits are done, and their answers sent, before the loops stop (a request
        // whose client hung up while it waited for its commit is answered into a closed
        // connection, not onto a loop that is gone).
        await pages.close()
        try await http.stopLoops()
        logger.notice("Statehouse stopped")
    }
}

extension StatehouseServer {
    /// Serves `app` until SIGTERM or SIGINT stops it gracefully (requests in flight finish);
    /// then exits 0 (1 if it could not start). Call it on the main thread, which becomes the
    /// event loop that runs the main actor's jobs (`.task` bodies, timers, pushes).
    /// `App.main()` calls this.
    ///
    /// With `options.eventLoop == .main` (the default) that loop also reads and writes every
    /// connection, and answers each request itself: no thread wakes another on a request's
    /// path. With `.threads` connections are read and written on event loops of their own,
    /// which hand each request to the main thread and take its answer back. (`start` serves
    /// from threads of its own and hands every request to the main actor: for a process whose
    /// main thread is taken, such as a test runner.)
    ///
    /// - Parameters:
    ///   - app: the app to serve.
    ///   - options: the server's options (`ServerOptions(arguments:environment:)` parses them).
    ///   - onListening: called on the main actor once the server listens.
    @MainActor
    public static func run<A: App>(_ app: A, options: ServerOptions,
                                   onListening: @escaping @MainActor @Sendable (StatehouseServer) -> Void = { _ in }) -> Never {
        MainThreadLoop.run { mainLoop in
            let loops: HTTPServer.Loops
            switch options.eventLoop {
            case .main: loops = .given(mainLoop)
            case .threads: loops = .own(threads: options.eventLoopThreads)
            }
            Task { @MainActor in
                let server: StatehouseServer
                do {
                    server = try await start(app, options: options, loops: loops)
                } catch {
                    LogWriter.standardError.flush()
                    print("error: \(error)")
                    exit(1)
                }
                onListening(server)
                await server.serveUntilStopSignal()
            }
        }
    }

    /// Waits for SIGTERM or SIGINT, stops gracefully and exits 0 (1 if stopping failed).
    @MainActor
    fileprivate func serveUntilStopSignal() async -> Never {
        await StopSignals().wait()
        do {
            try await shutdown()
        } catch {
            LogWriter.standardError.flush()
            print("error while stopping: \(error)")
            exit(1)
        }
        LogWriter.standardError.flush()
        exit(0)
    }
}

extension App {
    /// Parses the command line (`--host`, `--port`, …, or their `STATEHOUSE_…` environment
    /// variables), then serves the app until SIGTERM or SIGINT, which stop it gracefully
    /// (requests in flight finish) and exit 0: from event loops of its own beside the main
    /// thread (`--event-loop threads`, the default) or from the main thread alone
    /// (`--event-loop main`); see `StatehouseServer.run`.
    ///
    /// Every `Logger` writes its lines through a thread of its own (a request's access-log line
    /// costs it no write; see `LogWriter`): an app that sets up swift-log itself calls
    /// `StatehouseServer.run` from its own `main` instead.
    @MainActor
    public static func main() {
        let options = parseCommandLineOrExit()
        LogWriter.bootstrap()
        StatehouseServer.run(Self(), options: options)
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
