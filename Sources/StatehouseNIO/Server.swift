@_exported import StatehouseViews
import ArgumentParser
import Dispatch
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// A running Statehouse server: the app's routes served over HTTP/1.1.
///
/// ```swift
/// let server = try await StatehouseServer.start(MyApp(), options: options)
/// print(server.port)
/// ```
public final class StatehouseServer: Sendable {
    private let http: HTTPServer
    private let application: Application
    private let logger: Logger

    /// The port the server listens on.
    public var port: Int { http.port }

    /// Starts serving `app`.
    @MainActor
    public static func start<A: App>(_ app: A, options: ServerOptions = ServerOptions()) async throws -> StatehouseServer {
        var logger = Logger(label: "statehouse")
        logger.logLevel = options.logLevel
        let application = Application(routes: app.body._routes, options: options, logger: logger)
        let responder = ApplicationResponder(application: application, files: StaticFiles(directory: options.publicDirectory),
                                             queues: EventQueues(limit: options.maxQueuedEvents), logger: logger)
        let http = try await HTTPServer.start(host: options.host, port: options.port, limits: options.limits,
                                              logger: logger, responder: responder)
        logger.notice("Statehouse listening on http://\(options.host):\(http.port)")
        return StatehouseServer(http: http, application: application, logger: logger)
    }

    private init(http: HTTPServer, application: Application, logger: Logger) {
        self.http = http
        self.application = application
        self.logger = logger
    }

    /// Waits until the server stops listening.
    public func waitUntilClosed() async throws { try await http.waitUntilClosed() }

    /// Stops gracefully: stops accepting, lets requests in flight finish (up to `deadline`),
    /// closes event streams and idle connections, then ends every page (tasks cancelled).
    public func shutdown(deadline: Duration = .seconds(10)) async throws {
        logger.notice("Statehouse stopping: \(http.connectionCount) connections open")
        try await http.shutdown(deadline: deadline)
        await MainActor.run { application.store.removeAll() }
        logger.notice("Statehouse stopped")
    }
}

/// How many events each page has waiting for the main actor; over the limit a page's events
/// are refused with 429 on the I/O thread, so a flood from one page cannot delay the others'.
final class EventQueues: Sendable {
    private let counts = NIOLockedValueBox([String: Int]())
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Counts one more event for `page`; false (not counted) when `limit` are already waiting.
    func enter(_ page: String) -> Bool {
        counts.withLockedValue { counts in
            let count = counts[page, default: 0]
            guard count < limit else { return false }
            counts[page] = count + 1
            return true
        }
    }

    func leave(_ page: String) {
        counts.withLockedValue { counts in
            let count = counts[page, default: 1] - 1
            counts[page] = count > 0 ? count : nil
        }
    }
}

/// Serves `/_sh/` files on the I/O thread; everything else runs on the main actor.
struct ApplicationResponder: Responder {
    let application: Application
    let files: StaticFiles
    let queues: EventQueues
    let logger: Logger

    func respond(to request: Request, _ complete: @escaping @Sendable (Response) -> Void) {
        let start = Uptime.now
        let logger = self.logger
        // An event names its page in the body, the other requests in the query. The form is
        // decoded once, here, and handed on.
        let request = request.decodingEventForm()
        let eventPage = request.form?["page"]
        let finish: @Sendable (Response) -> Void = { response in
            if logger.logLevel <= .info {
                let micros = (Uptime.now - start) / 1000
                let page = (eventPage ?? request.query["page"]).map { " page=\($0)" } ?? ""
                // A refusal's one line of text says why.
                let why = response.status.code >= 400 ? " " + String(decoding: response.body.prefix(300), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines) : ""
                logger.info("\(request.method) \(request.path) \(response.status.code) \(micros)µs\(page)\(why)")
            }
            complete(response)
        }
        if request.method == .GET, request.path.hasPrefix("/_sh/"), let response = files.response(for: String(request.path.dropFirst(5))) {
            finish(response)
            return
        }
        var done = finish
        if let page = eventPage {
            guard queues.enter(page) else {
                return finish(.text(.tooManyRequests, "too many events waiting for page '\(page)' (limit \(queues.limit)): slow down"))
            }
            let queues = self.queues
            done = { response in
                queues.leave(page)
                finish(response)
            }
        }
        let application = self.application
        DispatchQueue.main.async {
            MainActor.assumeIsolated { application.handle(request, done) }
        }
    }
}

extension App {
    /// Parses the command line (`--host`, `--port`, …, or their `STATEHOUSE_…` environment
    /// variables), then serves the app until SIGTERM or SIGINT, which stop it gracefully
    /// (requests in flight finish) and exit 0.
    public static func main() async {
        let options = Command.parseOrExit().arguments.options
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

/// The command line of `App.main()`, named after the binary.
private struct Command: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "server") },
                             abstract: "Serves a Statehouse app over HTTP until SIGTERM or SIGINT.")
    }

    @OptionGroup var arguments: ServerArguments
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
