@_exported import Runtime
import ArgumentParser
import Dispatch
import Logging
import NIOCore
import NIOHTTP1

/// How a Statehouse server runs. `App.main()` fills it from the command line
/// (`swift run demo --host 0.0.0.0 --port 8080`, see `ServerArguments`).
public struct ServerOptions: Sendable {
    /// The address to listen on.
    public var host = "127.0.0.1"
    /// The port to listen on (0 picks a free one).
    public var port = 8080
    /// Serve `/_sh/` files from this directory instead of the embedded copy of `public/`.
    public var publicDirectory: String?
    /// Largest request body accepted (413 beyond).
    public var maxBodyBytes = 1 << 20
    /// Largest request header block accepted (431 beyond).
    public var maxHeaderBytes = 16 << 10
    /// Mark the session cookie `Secure` (the server sits behind TLS).
    public var secureCookies = false
    /// Seconds a page may go without an event, render or open stream before it ends; a
    /// session ends when its last page has ended and this long has passed since its last request.
    public var sessionTTL: Double = 600
    /// Pages one session may hold; over it, the session's least recently used page ends.
    public var maxPagesPerSession = 16
    /// Sessions the server holds; over it, the least recently used session ends.
    public var maxSessions = 10_000
    /// The lowest level logged.
    public var logLevel: Logger.Level = .info

    public init() {}

    var sessionLimits: SessionLimits {
        SessionLimits(idleTime: sessionTTL, maxPagesPerSession: maxPagesPerSession, maxSessions: maxSessions)
    }

    var limits: HTTPLimits {
        var limits = HTTPLimits()
        limits.maxBodyBytes = maxBodyBytes
        limits.maxHeaderBytes = maxHeaderBytes
        return limits
    }
}

/// The command line of an app built on Statehouse.
public struct ServerArguments: ParsableArguments {
    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port: Int = 8080

    @Option(name: .customLong("public-dir"), help: "Serve /_sh/ files from this directory instead of the embedded copy of public/.")
    var publicDirectory: String?

    @Option(name: .customLong("max-body-bytes"), help: "Largest request body accepted (413 beyond).")
    var maxBodyBytes: Int = 1 << 20

    @Option(name: .customLong("max-header-bytes"), help: "Largest request header block accepted (431 beyond).")
    var maxHeaderBytes: Int = 16 << 10

    @Flag(name: .customLong("secure-cookies"), help: "Mark the session cookie Secure (the server sits behind TLS).")
    var secureCookies = false

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    public init() {}

    public func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be in 0...65535") }
    }

    /// The options these arguments give.
    public var options: ServerOptions {
        var options = ServerOptions()
        options.host = host
        options.port = port
        options.publicDirectory = publicDirectory
        options.maxBodyBytes = maxBodyBytes
        options.maxHeaderBytes = maxHeaderBytes
        options.secureCookies = secureCookies
        options.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        return options
    }
}

/// A running Statehouse server: the app's routes served over HTTP/1.1.
///
/// ```swift
/// let server = try await StatehouseServer.start(MyApp(), options: options)
/// print(server.port)
/// ```
public final class StatehouseServer: Sendable {
    private let http: HTTPServer

    /// The port the server listens on.
    public var port: Int { http.port }

    /// Starts serving `app`.
    @MainActor
    public static func start<A: App>(_ app: A, options: ServerOptions = ServerOptions()) async throws -> StatehouseServer {
        var logger = Logger(label: "statehouse")
        logger.logLevel = options.logLevel
        let application = Application(routes: app.body._routes, options: options, logger: logger)
        let responder = ApplicationResponder(application: application, files: StaticFiles(directory: options.publicDirectory), logger: logger)
        let http = try await HTTPServer.start(host: options.host, port: options.port, limits: options.limits, responder: responder)
        logger.notice("Statehouse listening on http://\(options.host):\(http.port)")
        return StatehouseServer(http: http)
    }

    private init(http: HTTPServer) { self.http = http }

    /// Waits until the server stops.
    public func waitUntilClosed() async throws { try await http.waitUntilClosed() }

    /// Stops the server.
    public func shutdown() async throws { try await http.shutdown() }
}

/// Serves `/_sh/` files on the I/O thread; everything else runs on the main actor.
struct ApplicationResponder: Responder {
    let application: Application
    let files: StaticFiles
    let logger: Logger

    func respond(to request: Request, _ complete: @escaping @Sendable (Response) -> Void) {
        let start = DispatchTime.now().uptimeNanoseconds
        let logger = self.logger
        let finish: @Sendable (Response) -> Void = { response in
            if logger.logLevel <= .info {
                let micros = (DispatchTime.now().uptimeNanoseconds - start) / 1000
                let page = request.query["page"].map { " page=\($0)" } ?? ""
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
        let application = self.application
        DispatchQueue.main.async {
            MainActor.assumeIsolated { application.handle(request, finish) }
        }
    }
}

extension App {
    /// Parses the command line (`--host`, `--port`, …), then serves the app until stopped.
    public static func main() async {
        let options = ServerArguments.parseOrExit().options
        do {
            let server = try await StatehouseServer.start(Self(), options: options)
            try await server.waitUntilClosed()
        } catch {
            print("error: \(error)")
            exit(1)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
