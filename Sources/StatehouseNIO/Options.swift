import Foundation
import Logging
import StatehouseProtocol

/// How a Statehouse server runs. `App.main()` fills it from the environment and the command
/// line (`swift run demo --port 8080`, `STATEHOUSE_PORT=8080`); each option is declared once,
/// in `ServerOptions.declarations`, with its flag, environment variable, help and check.
///
/// ```swift
/// var options = ServerOptions()
/// options.port = 0          // a free port
/// let server = try await StatehouseServer.start(MyApp(), options: options)
/// ```
public struct ServerOptions: Sendable {
    /// The address to listen on.
    public var host = "127.0.0.1"
    /// The port to listen on (0 picks a free one).
    public var port = 8080
    /// Largest request body accepted (413 beyond).
    public var maxBodyBytes = 1 << 20
    /// Largest request header block accepted (431 beyond).
    public var maxHeaderBytes = 16 << 10
    /// Largest upload (a file importer's post, its files together; 413 beyond).
    public var maxUploadBytes = 64 << 20
    /// Largest file in an upload (413 beyond).
    public var maxUploadFileBytes = 32 << 20
    /// Where uploaded files are written (nil: `statehouse-uploads` in the temporary directory).
    public var uploadDirectory: String?
    /// Seconds a client has from a request's first byte to its last (408 and dropped beyond).
    public var requestTimeout: Double = 10
    /// Seconds a kept-alive connection may sit without a request before it is closed.
    public var idleTimeout: Double = 60
    /// Connections open at once (503 beyond).
    public var maxConnections = 10_000
    /// Connections one client address may hold open at once (429 beyond), so that one client
    /// cannot take every connection the server allows; addresses in `trustedProxies` are not
    /// held to it.
    public var maxConnectionsPerClient = 256
    /// The addresses of proxies in front of the server (`127.0.0.1`, `::1`, …): their
    /// connections carry many clients, and are not held to `maxConnectionsPerClient` (limit
    /// each client at the proxy: nginx's `limit_conn`).
    public var trustedProxies: [String] = []
    /// The lowest level logged.
    public var logLevel: Logger.Level = .info
    /// Where `App.main()` runs connections and views (`StatehouseServer.start` always uses
    /// `.threads`).
    public var eventLoop: EventLoopChoice = .main
    /// With `.threads`, the event loops that read and write connections: one per core but
    /// one, left to the main thread, which runs the views for every request the loops hand
    /// it. On 2 cores one loop beside the views served more events with less CPU each than
    /// two, which contended with the views for the cores.
    public var eventLoopThreads = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
    /// What the protocol needs: page and session lifetimes and caps, queued events, cookies,
    /// static files (its defaults are `ProtocolSettings`'s).
    public var settings = ProtocolSettings()
    /// Where sessions, pages and views' `Codable` state outlive the process: a SQLite file by
    /// default (opened when the server starts), or memory only. (A `DurableStore` set in
    /// `settings.stateStore` is used instead, if any.)
    public var stateStore: StateStoreChoice = .sqlite(path: "statehouse.sqlite")
    /// The file holding the session key (64 hexadecimal digits, readable by its owner only):
    /// the durable store files sessions under keyed hashes of their ids and derives CSRF tokens
    /// under it (`SessionSecret`). Nil: a SQLite store's `PATH.key`, made on first start; a
    /// PostgreSQL store, shared by several processes, needs one named here.
    public var secretKeyFile: String?
    /// Record metrics and serve them at `/_sh/metrics` for Prometheus (off: they tell anyone
    /// how busy the server is; put the path behind your proxy's access rules). (A
    /// `MetricsSettings` set in `settings.metrics` is used instead, if any.)
    public var metrics = false
    /// Serve every `PreviewProvider` of the program as a live page under `/_previews` (a
    /// developer's tool: off by default).
    public var previews = false

    public init() {}

    // The protocol's options, reachable here too.
    public var sessionTTL: Double { get { settings.sessionTTL } set { settings.sessionTTL = newValue } }
    public var maxPagesPerSession: Int { get { settings.maxPagesPerSession } set { settings.maxPagesPerSession = newValue } }
    public var maxPages: Int { get { settings.maxPages } set { settings.maxPages = newValue } }
    public var maxSessions: Int { get { settings.maxSessions } set { settings.maxSessions = newValue } }
    public var maxQueuedEvents: Int { get { settings.maxQueuedEvents } set { settings.maxQueuedEvents = newValue } }
    public var maxTextLength: Int { get { settings.maxTextLength } set { settings.maxTextLength = newValue } }
    public var maxPathSegments: Int { get { settings.maxPathSegments } set { settings.maxPathSegments = newValue } }
    public var secureCookies: Bool { get { settings.secureCookies } set { settings.secureCookies = newValue } }
    public var allowedHosts: [String] { get { settings.allowedHosts } set { settings.allowedHosts = newValue } }
    public var publicDirectory: String? { get { settings.publicDirectory } set { settings.publicDirectory = newValue } }
    public var storeTimeout: Double { get { settings.storeTimeout } set { settings.storeTimeout = newValue } }
    public var releaseHiddenPagesAfter: Double {
        get { settings.releaseHiddenPagesAfter ?? 0 }
        set { settings.releaseHiddenPagesAfter = newValue > 0 ? newValue : nil }
    }

    /// Where state outlives the process.
    ///
    /// ```swift
    /// var options = ServerOptions()
    /// options.stateStore = .sqlite(path: "/var/lib/myapp/statehouse.sqlite")   // or .memory in tests
    /// let pages = try await StatehousePages.open(MyApp(), options: options)
    /// ```
    public enum StateStoreChoice: Sendable, Equatable, CustomStringConvertible {
        /// Nowhere: a restart ends every page (browsers reload).
        case memory
        /// A SQLite file (created if missing): one process.
        case sqlite(path: String)
        /// A PostgreSQL database (`postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`): several
        /// processes share sessions, pages and App-level state.
        case postgres(url: String)

        /// `memory`, `sqlite:PATH` or `postgres://…`; nil for anything else.
        public init?(_ text: String) {
            if text == "memory" {
                self = .memory
            } else if text.hasPrefix("sqlite:"), text.count > "sqlite:".count {
                self = .sqlite(path: String(text.dropFirst("sqlite:".count)))
            } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
                self = .postgres(url: text)
            } else {
                return nil
            }
        }

        public var description: String {
            switch self {
            case .memory: "memory"
            case .sqlite(let path): "sqlite:\(path)"
            case .postgres(let url): Self.withoutPassword(url)
            }
        }

        /// `url` with its password (if any) written as `***`, for logs and `--help`.
        static func withoutPassword(_ url: String) -> String {
            guard let components = URLComponents(string: url), components.password != nil else { return url }
            var hidden = components
            hidden.password = "***"
            return hidden.string ?? url
        }
    }

    /// Where connections are served and views run.
    ///
    /// ```swift
    /// let options = try ServerOptions(arguments: ["--event-loop", "threads"], environment: [:])
    /// // options.eventLoop == .threads: App.main() reads and writes connections on threads of
    /// // their own, and runs the views on the main thread
    /// ```
    public enum EventLoopChoice: String, CaseIterable, Sendable {
        /// The main thread is the only event loop and runs the views too (the default): no
        /// thread wakes another on a request's path, so a server answers sooner and spends less
        /// CPU per request, but all of it runs on one core. (A deployment uses more cores with
        /// more processes: see the Deploying guide.)
        case main
        /// Event loops on threads of the server's own (`eventLoopThreads`: one per core but
        /// one) beside the main thread, which runs the views: each request is handed to the
        /// main thread and its answer back (parsing and writing run beside the views).
        case threads
    }

    var limits: HTTPLimits {
        HTTPLimits(maxBodyBytes: maxBodyBytes, maxHeaderBytes: maxHeaderBytes, requestTimeout: .nanoseconds(Int64(requestTimeout * 1e9)),
                   idleTimeout: .nanoseconds(Int64(idleTimeout * 1e9)), maxConnections: maxConnections,
                   maxConnectionsPerClient: maxConnectionsPerClient, trustedProxies: Set(trustedProxies),
                   upload: MultipartUpload.Limits(maxRequestBytes: maxUploadBytes, maxFileBytes: maxUploadFileBytes, maxFieldBytes: maxBodyBytes),
                   uploadDirectory: uploadDirectory.map { URL(fileURLWithPath: $0) }
                       ?? FileManager.default.temporaryDirectory.appendingPathComponent("statehouse-uploads"))
    }
}

extension ServerOptions {
    /// Every option, once: `--max-body-bytes` is also `STATEHOUSE_MAX_BODY_BYTES`; the
    /// command line wins over the environment, which wins over the default.
    static let declarations: [OptionDeclaration] = [
        .text("host", \.host, "The address to listen on."),
        .integer("port", \.port, "The port to listen on (0 picks a free one).", in: 0...65535),
        .text("public-dir", \.publicDirectory, "Serve /_sh/ files from this directory instead of the embedded copy of public/."),
        .integer("max-body-bytes", \.maxBodyBytes, "Largest request body accepted (413 beyond)."),
        .integer("max-header-bytes", \.maxHeaderBytes, "Largest request header block accepted (431 beyond)."),
        .integer("max-upload-bytes", \.maxUploadBytes, "Largest upload: a file importer's post, its files together (413 beyond)."),
        .integer("max-upload-file-bytes", \.maxUploadFileBytes, "Largest file in an upload (413 beyond)."),
        .text("upload-dir", \.uploadDirectory, "Where uploaded files are written (default: statehouse-uploads in the temporary directory); each page's are deleted when it ends."),
        .seconds("request-timeout", \.requestTimeout, "Seconds a client has to send a whole request (408 and dropped beyond)."),
        .seconds("idle-timeout", \.idleTimeout, "Seconds an idle keep-alive connection stays open."),
        .integer("max-connections", \.maxConnections, "Connections open at once (503 beyond)."),
        .integer("max-connections-per-client", \.maxConnectionsPerClient, "Connections one client address may hold open at once (429 beyond); a trusted proxy is not held to it."),
        .list("trusted-proxies", \.trustedProxies, "The addresses of proxies in front of the server, comma-separated: their connections are not held to the per-client cap (limit clients at the proxy). Default: none.", valueName: "<address,…>"),
        .integer("max-queued-events", \.maxQueuedEvents, "Events of one page waiting to be applied (429 beyond)."),
        .integer("max-text-length", \.maxTextLength, "Characters a text field or editor takes from one event (400 beyond); .textInputLimit(_:) sets a view's own."),
        .integer("max-path-segments", \.maxPathSegments, "Path segments a page's URL may have below its route, each a NavigationStack screen (414 beyond)."),
        .seconds("session-ttl", \.sessionTTL, "Seconds an idle page lives, and a session after its last page."),
        .seconds("release-hidden-pages", \.releaseHiddenPagesAfter, "Seconds after which a hidden tab closes its page's stream, so that the page may idle out (taken up again from the durable store when the tab is shown; with the memory store a hidden tab keeps its stream)."),
        OptionDeclaration(name: "state-store", help: "Where sessions, pages and their views' Codable state outlive the process: sqlite:PATH (a file, one process), postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (several processes), or memory (a restart ends every page).",
                          valueName: "<sqlite:PATH|postgres://…|memory>", set: { options, text in
                              guard let choice = StateStoreChoice(text) else { return "expected sqlite:PATH, postgres://… or memory" }
                              options.stateStore = choice
                              return nil
                          }, show: { $0.stateStore.description }),
        .seconds("store-timeout", \.storeTimeout, "Seconds an answer waits for its writes to commit; a slower state store is taken as failing (served from memory until it commits again)."),
        .integer("max-pages-per-session", \.maxPagesPerSession, "Pages a session holds; the least recently used goes beyond."),
        .integer("max-pages", \.maxPages, "Pages the server holds in all; beyond, the least recently used sessions go, with their pages (about 1.8 GiB of pages as heavy as the demo's /controls at the default)."),
        .integer("max-sessions", \.maxSessions, "Sessions the server holds; the least recently used goes beyond."),
        .text("secret-key-file", \.secretKeyFile, "The session key's file (64 hex digits, mode 600): sessions are stored under keyed hashes of their ids. Default: a SQLite store's PATH.key, made on first start; required with PostgreSQL (one key for every process)."),
        .list("allowed-hosts", \.allowedHosts, "The host names the server answers for, comma-separated (421 for any other Host; .example.com also allows every name below it). Default: any.", valueName: "<name,…>"),
        .flag("secure-cookies", \.secureCookies, "Mark the session cookie Secure (the server sits behind TLS)."),
        .flag("metrics", \.metrics, "Record metrics and serve them at /_sh/metrics in Prometheus' text format."),
        .flag("previews", \.previews, "Serve every PreviewProvider of the program as a live page: /_previews lists them (for development)."),
        .choice("log-level", \.logLevel, "The lowest level logged."),
        .integer("event-loop-threads", \.eventLoopThreads, "The event loops that serve connections beside the main thread (with the event loop threads).", in: 1...1024),
        .choice("event-loop", \.eventLoop, "main: the main thread serves and runs the views (the lowest latency and CPU per request, one core); threads: event loops of their own read and write beside the main thread, which runs the views (each request is handed to it and back)."),
    ]
}

/// One option of the server's command line and environment.
struct OptionDeclaration: Sendable {
    /// `max-body-bytes`: the flag without its dashes.
    let name: String
    let help: String
    /// What the value is (`<n>`, `<seconds>`); nil for an on/off flag.
    let valueName: String?
    /// Sets the option from `text`; returns what is wrong with it instead, if anything.
    let set: @Sendable (inout ServerOptions, String) -> String?
    /// The option's value in `options`, as text (the default, in `--help`).
    let show: @Sendable (ServerOptions) -> String

    /// `STATEHOUSE_MAX_BODY_BYTES`.
    var environmentName: String { "STATEHOUSE_" + String(name.uppercased().map { $0 == "-" ? "_" : $0 }) }

    static func text(_ name: String, _ path: WritableKeyPath<ServerOptions, String> & Sendable, _ help: String) -> Self {
        Self(name: name, help: help, valueName: "<text>", set: { $0[keyPath: path] = $1; return nil }, show: { $0[keyPath: path] })
    }

    static func text(_ name: String, _ path: WritableKeyPath<ServerOptions, String?> & Sendable, _ help: String) -> Self {
        Self(name: name, help: help, valueName: "<path>", set: { $0[keyPath: path] = $1.isEmpty ? nil : $1; return nil },
             show: { $0[keyPath: path] ?? "" })
    }

    /// A comma-separated list (white space around each item dropped, empty items too).
    static func list(_ name: String, _ path: WritableKeyPath<ServerOptions, [String]> & Sendable, _ help: String, valueName: String) -> Self {
        Self(name: name, help: help, valueName: valueName, set: { options, text in
            options[keyPath: path] = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return nil
        }, show: { $0[keyPath: path].joined(separator: ",") })
    }

    static func integer(_ name: String, _ path: WritableKeyPath<ServerOptions, Int> & Sendable, _ help: String,
                        in range: ClosedRange<Int> = 1...Int.max) -> Self {
        Self(name: name, help: help, valueName: "<n>", set: { options, text in
            guard let value = Int(text) else { return "'\(text)' is not a valid Int" }
            guard range.contains(value) else {
                return range.upperBound == .max ? "must be at least \(range.lowerBound)" : "must be in \(range.lowerBound)...\(range.upperBound)"
            }
            options[keyPath: path] = value
            return nil
        }, show: { String($0[keyPath: path]) })
    }

    static func seconds(_ name: String, _ path: WritableKeyPath<ServerOptions, Double> & Sendable, _ help: String) -> Self {
        Self(name: name, help: help, valueName: "<seconds>", set: { options, text in
            guard let value = Double(text) else { return "'\(text)' is not a valid Double" }
            guard value > 0, value < 1e9 else { return "must be a positive number of seconds" }
            options[keyPath: path] = value
            return nil
        }, show: { String($0[keyPath: path]) })
    }

    static func flag(_ name: String, _ path: WritableKeyPath<ServerOptions, Bool> & Sendable, _ help: String) -> Self {
        Self(name: name, help: help, valueName: nil, set: { options, text in
            guard let value = Bool(text) else { return "'\(text)' is not a valid Bool (true or false)" }
            options[keyPath: path] = value
            return nil
        }, show: { String($0[keyPath: path]) })
    }

    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ path: WritableKeyPath<ServerOptions, Choice> & Sendable, _ help: String
    ) -> Self where Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue)
        return Self(name: name, help: help, valueName: "<" + names.joined(separator: "|") + ">", set: { options, text in
            guard let value = Choice(rawValue: text) else { return "must be one of " + names.joined(separator: ", ") }
            options[keyPath: path] = value
            return nil
        }, show: { $0[keyPath: path].rawValue })
    }
}

/// What is wrong with a command line or environment: the option, where its value came from,
/// and what is wrong with it.
///
/// ```swift
/// do {
///     _ = try ServerOptions(arguments: ["--port", "http"], environment: [:])
/// } catch let error as OptionsError {
///     print(error)      // --port 'http': 'http' is not a valid Int
/// }
/// ```
public struct OptionsError: Error, CustomStringConvertible {
    public let description: String
}

extension ServerOptions {
    /// The options `arguments` (without the program name) and `environment` give, as
    /// `App.main()` reads them: the environment over the defaults, the command line over both.
    ///
    /// ```swift
    /// let options = try ServerOptions(arguments: [], environment: ProcessInfo.processInfo.environment)
    /// ```
    public init(arguments: [String], environment: [String: String]) throws {
        self = try Self.parse(arguments, environment: environment)
    }

    /// `init(arguments:environment:)`.
    ///
    /// - Throws: `OptionsError` naming the option, where its value came from, and what is wrong.
    static func parse(_ arguments: [String], environment: [String: String]) throws(OptionsError) -> ServerOptions {
        var options = ServerOptions()
        for declaration in declarations {
            guard let text = environment[declaration.environmentName] else { continue }
            if let problem = declaration.set(&options, text) {
                throw OptionsError(description: "\(declaration.environmentName)='\(text)' for --\(declaration.name): \(problem)")
            }
        }
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--") else { throw OptionsError(description: "unexpected argument '\(argument)'") }
            var flag = String(argument.dropFirst(2))
            var value: String?
            if let equals = flag.firstIndex(of: "=") {
                value = String(flag[flag.index(after: equals)...])
                flag = String(flag[..<equals])
            }
            var negated = false
            var found = declarations.first { $0.name == flag }
            if found == nil, flag.hasPrefix("no-"), let plain = declarations.first(where: { $0.name == flag.dropFirst(3) && $0.valueName == nil }) {
                found = plain
                negated = true
            }
            guard let declaration = found else { throw OptionsError(description: "unknown option '--\(flag)'") }
            if declaration.valueName == nil {
                guard value == nil else { throw OptionsError(description: "--\(flag) takes no value") }
                value = negated ? "false" : "true"
            } else if value == nil {
                value = rest.popFirst()
            }
            guard let text = value else { throw OptionsError(description: "missing value for '--\(flag) \(declaration.valueName ?? "")'") }
            if let problem = declaration.set(&options, text) {
                throw OptionsError(description: "--\(flag) '\(text)': \(problem)")
            }
        }
        return options
    }

    /// `--help`: every option with its environment variable and default.
    static func usage(command: String) -> String {
        var lines = ["USAGE: \(command) [--option value] …", "",
                     "Serves a Statehouse app over HTTP until SIGTERM or SIGINT. Every option is also an environment",
                     "variable; the command line wins.", "", "OPTIONS:"]
        let defaults = ServerOptions()
        for declaration in declarations {
            let flag = declaration.valueName.map { "--\(declaration.name) \($0)" } ?? "--[no-]\(declaration.name)"
            lines.append("  \(flag)")
            lines.append("        \(declaration.help) (env: \(declaration.environmentName); default: \(declaration.show(defaults).isEmpty ? "none" : declaration.show(defaults)))")
        }
        lines.append("  -h, --help")
        lines.append("        Show this help.")
        return lines.joined(separator: "\n")
    }
}
