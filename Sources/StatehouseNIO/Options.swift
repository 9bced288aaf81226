import ArgumentParser
import Foundation
import Logging
import NIOCore
import StatehouseProtocol

/// How a Statehouse server runs. `App.main()` fills it from the command line and the
/// environment (`swift run demo --port 8080`, `STATEHOUSE_PORT=8080`; see `ServerArguments`).
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
    /// Seconds a client has from a request's first byte to its last (408 and dropped beyond).
    public var requestTimeout: Double = 10
    /// Seconds a kept-alive connection may sit without a request before it is closed.
    public var idleTimeout: Double = 60
    /// Connections open at once (503 beyond).
    public var maxConnections = 10_000
    /// Events of one page waiting to be applied (429 beyond).
    public var maxQueuedEvents = 32
    /// Seconds a page may go without an event, render or open stream before it ends; a
    /// session ends when its last page has ended and this long has passed since its last request.
    public var sessionTTL: Double = 600
    /// Pages one session may hold; over it, the session's least recently used page ends.
    public var maxPagesPerSession = 16
    /// Sessions the server holds; over it, the least recently used session ends.
    public var maxSessions = 10_000
    /// Mark the session cookie `Secure` (the server sits behind TLS).
    public var secureCookies = false
    /// The lowest level logged.
    public var logLevel: Logger.Level = .info

    public init() {}

    var protocolSettings: ProtocolSettings {
        var settings = ProtocolSettings()
        settings.sessionTTL = sessionTTL
        settings.maxPagesPerSession = maxPagesPerSession
        settings.maxSessions = maxSessions
        settings.maxQueuedEvents = maxQueuedEvents
        settings.secureCookies = secureCookies
        settings.publicDirectory = publicDirectory
        return settings
    }

    var limits: HTTPLimits {
        var limits = HTTPLimits()
        limits.maxBodyBytes = maxBodyBytes
        limits.maxHeaderBytes = maxHeaderBytes
        limits.requestTimeout = .nanoseconds(Int64(requestTimeout * 1e9))
        limits.idleTimeout = .nanoseconds(Int64(idleTimeout * 1e9))
        limits.maxConnections = maxConnections
        return limits
    }
}

/// The command line of an app built on Statehouse. Every option can also be given as an
/// environment variable: `--max-body-bytes` is `STATEHOUSE_MAX_BODY_BYTES`; the command line wins.
public struct ServerArguments: ParsableArguments {
    @Option(help: Env.help("The address to listen on.", "host"))
    var host: String = Env.value("host", "127.0.0.1")

    @Option(help: Env.help("The port to listen on (0 picks a free one).", "port"))
    var port: Int = Env.value("port", 8080)

    @Option(name: .customLong("public-dir"), help: Env.help("Serve /_sh/ files from this directory instead of the embedded copy of public/.", "public-dir"))
    var publicDirectory: String = Env.value("public-dir", "")

    @Option(name: .customLong("max-body-bytes"), help: Env.help("Largest request body accepted (413 beyond).", "max-body-bytes"))
    var maxBodyBytes: Int = Env.value("max-body-bytes", 1 << 20)

    @Option(name: .customLong("max-header-bytes"), help: Env.help("Largest request header block accepted (431 beyond).", "max-header-bytes"))
    var maxHeaderBytes: Int = Env.value("max-header-bytes", 16 << 10)

    @Option(name: .customLong("request-timeout"), help: Env.help("Seconds a client has to send a whole request (408 and dropped beyond).", "request-timeout"))
    var requestTimeout: Double = Env.value("request-timeout", 10)

    @Option(name: .customLong("idle-timeout"), help: Env.help("Seconds an idle keep-alive connection stays open.", "idle-timeout"))
    var idleTimeout: Double = Env.value("idle-timeout", 60)

    @Option(name: .customLong("max-connections"), help: Env.help("Connections open at once (503 beyond).", "max-connections"))
    var maxConnections: Int = Env.value("max-connections", 10_000)

    @Option(name: .customLong("max-queued-events"), help: Env.help("Events of one page waiting to be applied (429 beyond).", "max-queued-events"))
    var maxQueuedEvents: Int = Env.value("max-queued-events", 32)

    @Option(name: .customLong("session-ttl"), help: Env.help("Seconds an idle page lives, and a session after its last page.", "session-ttl"))
    var sessionTTL: Double = Env.value("session-ttl", 600)

    @Option(name: .customLong("max-pages-per-session"), help: Env.help("Pages a session holds; the least recently used goes beyond.", "max-pages-per-session"))
    var maxPagesPerSession: Int = Env.value("max-pages-per-session", 16)

    @Option(name: .customLong("max-sessions"), help: Env.help("Sessions the server holds; the least recently used goes beyond.", "max-sessions"))
    var maxSessions: Int = Env.value("max-sessions", 10_000)

    @Flag(name: .customLong("secure-cookies"), inversion: .prefixedNo,
          help: Env.help("Mark the session cookie Secure (the server sits behind TLS).", "secure-cookies"))
    var secureCookies: Bool = Env.value("secure-cookies", false)

    @Option(name: .customLong("log-level"), help: Env.help("trace, debug, info, notice, warning, error or critical.", "log-level"))
    var logLevel: String = Env.value("log-level", "info")

    public init() {}

    public func validate() throws {
        for (flag, type) in Env.typed {
            if let problem = Env.problem(flag, type) { throw ValidationError(problem) }
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be in 0...65535") }
        for (name, value) in [("--max-body-bytes", maxBodyBytes), ("--max-header-bytes", maxHeaderBytes), ("--max-connections", maxConnections),
                              ("--max-queued-events", maxQueuedEvents), ("--max-pages-per-session", maxPagesPerSession),
                              ("--max-sessions", maxSessions)] where value < 1 {
            throw ValidationError("\(name) must be at least 1")
        }
        for (name, value) in [("--request-timeout", requestTimeout), ("--idle-timeout", idleTimeout), ("--session-ttl", sessionTTL)]
        where !(value > 0 && value < 1e9) {
            throw ValidationError("\(name) must be a positive number of seconds")
        }
    }

    /// The options these arguments give.
    public var options: ServerOptions {
        var options = ServerOptions()
        options.host = host
        options.port = port
        options.publicDirectory = publicDirectory.isEmpty ? nil : publicDirectory
        options.maxBodyBytes = maxBodyBytes
        options.maxHeaderBytes = maxHeaderBytes
        options.requestTimeout = requestTimeout
        options.idleTimeout = idleTimeout
        options.maxConnections = maxConnections
        options.maxQueuedEvents = maxQueuedEvents
        options.sessionTTL = sessionTTL
        options.maxPagesPerSession = maxPagesPerSession
        options.maxSessions = maxSessions
        options.secureCookies = secureCookies
        options.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        return options
    }
}

/// Environment-variable equivalents of the command-line options.
enum Env {
    /// The options whose environment values must parse, and as what.
    static let typed: [(String, any ExpressibleByArgument.Type)] = [
        ("port", Int.self), ("max-body-bytes", Int.self), ("max-header-bytes", Int.self), ("request-timeout", Double.self),
        ("idle-timeout", Double.self), ("max-connections", Int.self), ("max-queued-events", Int.self), ("session-ttl", Double.self),
        ("max-pages-per-session", Int.self), ("max-sessions", Int.self), ("secure-cookies", Bool.self),
    ]

    /// `max-body-bytes` → `STATEHOUSE_MAX_BODY_BYTES`.
    static func name(_ flag: String) -> String {
        "STATEHOUSE_" + flag.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    static func help(_ text: String, _ flag: String) -> ArgumentHelp {
        ArgumentHelp("\(text) (env: \(name(flag)))")
    }

    static func raw(_ flag: String) -> String? { ProcessInfo.processInfo.environment[name(flag)] }

    /// The environment's value for `flag`, else `fallback` (an unparsable value is reported by
    /// `problem`, from `validate()`).
    static func value<T: ExpressibleByArgument>(_ flag: String, _ fallback: T) -> T {
        raw(flag).flatMap { T(argument: $0) } ?? fallback
    }

    static func problem(_ flag: String, _ type: any ExpressibleByArgument.Type) -> String? {
        guard let text = raw(flag), type.init(argument: text) == nil else { return nil }
        return "\(name(flag))='\(text)' is not a valid \(type) for --\(flag)"
    }
}
