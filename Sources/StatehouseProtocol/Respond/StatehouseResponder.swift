import Foundation
import Logging
import StatehouseViews
import Synchronization

/// What the protocol needs to know from a host's configuration; the defaults are the ones
/// every host gets (the built-in server's `ServerOptions` holds one of these).
///
/// ```swift
/// var settings = ProtocolSettings()
/// settings.sessionTTL = 300
/// settings.secureCookies = true      // behind TLS
/// let responder = StatehouseResponder(routes: MyApp().body._routes, settings: settings, logger: logger)
/// ```
public struct ProtocolSettings: Sendable {
    /// A page with no event, render or open stream for this many seconds ends; so does a
    /// session with no pages and no request for as long.
    public var sessionTTL: Double = 600
    /// A tab hidden this long lets go of its page's stream, so that the page may idle out and
    /// cost the server nothing; shown again, it is taken up from the durable store with its
    /// state (within 1.5 × `sessionTTL` of its last use; after that it loads afresh). Only
    /// with a durable store: in memory a page gone is gone, so a hidden tab keeps its stream.
    /// Nil: never.
    public var releaseHiddenPagesAfter: Double? = 60
    /// Over this, a session's least recently used page ends.
    public var maxPagesPerSession = 16
    /// Over this many pages in all, the least recently used sessions (and their pages) end:
    /// the memory pages take is bounded whatever the session count (measured, release build:
    /// 91.5 KiB for the demo's `/controls`, 2.7 KiB for `/counter`, each with its session; the
    /// default holds at most about 1.8 GiB of pages like `/controls`).
    public var maxPages = 20_000
    /// Over this, the least recently used session (and its pages) ends.
    public var maxSessions = 10_000
    /// The most characters a text control takes from one event (400 beyond); a view sets its
    /// own with `.textInputLimit(_:)`.
    public var maxTextLength = TextInputLimit.standard
    /// Events of one page waiting for the main actor (429 beyond).
    public var maxQueuedEvents = 32
    /// Path segments a page's URL may have below its route, each a `NavigationStack` screen
    /// the page mounts and renders (a `GET` with more is 414, Back or Forward to one is 400):
    /// a long URL of short segments must not buy a page of thousands of screens.
    public var maxPathSegments = PageLocation.defaultMaxSegments
    /// The host names the server answers for (the `Host` header, its port aside): any other is
    /// refused with 421, so that a name an attacker points at this server (DNS rebinding)
    /// reaches nothing. `example.com` is that name; `.example.com` also every name below it.
    /// Empty: every host (the default, as a server on loopback has none to name).
    public var allowedHosts: [String] = []
    /// Mark the session cookie `Secure` (the server sits behind TLS).
    public var secureCookies = false
    /// Serve `/_sh/` files from this directory instead of the embedded copy of `public/`.
    public var publicDirectory: String?
    /// Where sessions, pages and their views' `Codable` state outlive the process (nil: in
    /// memory only, gone with the process).
    public var stateStore: (any DurableStore)?
    /// An answer waits this many seconds at most for its writes to commit; a store slower than
    /// that is taken as failing: answers stop waiting for it (the server serves from memory,
    /// logs so and says so in `/_sh/health`) and what it did not write is written again once
    /// it commits again.
    public var storeTimeout: Double = 2
    /// The key under which the durable store files sessions (a keyed hash of each id) and
    /// from which pages' CSRF tokens are derived: every process of one store needs the same
    /// key, kept outside the store. Nil: `StatehousePages.open` reads `--secret-key-file`, or
    /// a SQLite store's `PATH.key`; a responder made with none uses a new random key, which
    /// suits a store in memory only (a durable store's sessions are then lost on restart).
    public var sessionSecret: SessionSecret?
    /// Where the protocol's metrics go and how `/_sh/metrics` reads them (nil: not recorded,
    /// and `/_sh/metrics` is 404). The built-in server's `--metrics` sets a Prometheus registry.
    public var metrics: MetricsSettings?

    public init() {}

    /// What a new page's root environment gets: the host's values, and the text limit where it
    /// is not the default (an environment with no entries is the cheapest).
    @MainActor func rootEnvironment(_ host: HostEnvironment) -> ((inout EnvironmentValues) -> Void)? {
        let limit = maxTextLength
        guard limit != TextInputLimit.standard else { return host.preparation }
        return {
            $0.textInputLimit = limit
            host.apply(to: &$0)
        }
    }
}

/// The protocol as a host sees it: hand it each request, write back the response.
///
/// `/_sh/` files are answered on the caller's thread; every other request enters the main
/// actor (where the views live) through `MainActorHop`: one hop to the main queue, or none
/// where the host reads requests on the main thread (`--event-loop main`).
/// A host awaits `respond(to:)`:
///
/// ```swift
/// let responder = StatehouseResponder(routes: MyApp().body._routes, settings: ProtocolSettings(), logger: logger)
/// let response = await responder.respond(to: HostRequest(method: "GET", uri: "/counter", headers: [:], body: []))
/// ```
public final class StatehouseResponder: Sendable {
    let application: Application
    private let files: StaticFiles
    private let allowedHosts: HostAllowList
    private let queues: EventQueues
    private let logger: Logger
    private let metrics: ProtocolMetrics?
    /// The paths of the app's routes, in the order the app declares them: a host routes each,
    /// and every path below it (`/bookshelf/dune`), and `Wire.prefix` (`/_sh/`) here.
    public let routePaths: [String]

    /// Serves the app whose routes are `routes`, with the protocol's `settings`.
    ///
    /// With a durable store in `settings`, `appState` (the `App`'s `@State`, filed with
    /// `StateSnapshots.fileAppState(of:)` from the store's `appState()`) is written there too.
    @MainActor
    public init(routes: [RouteDescription], settings: ProtocolSettings, appState: StateSnapshots? = nil, logger: Logger) {
        let metrics = settings.metrics.map { ProtocolMetrics(factory: $0.factory) }
        self.metrics = metrics
        application = Application(routes: routes, settings: settings, appState: appState, metrics: metrics, logger: logger)
        files = StaticFiles(directory: settings.publicDirectory)
        allowedHosts = HostAllowList(settings.allowedHosts)
        queues = EventQueues(limit: settings.maxQueuedEvents)
        self.logger = logger
        var paths: [String] = []
        for route in routes where !paths.contains(route.path) { paths.append(route.path) }
        routePaths = paths
    }

    /// Answers `request`; `complete` is called once, from any thread. (For the built-in
    /// event-loop host, which must not block its thread; other hosts await `respond(to:)`.)
    package func respond(to request: HostRequest, _ complete: @escaping @Sendable (HostResponse) -> Void) {
        let start = Uptime.now
        // An event names its page in the body, the other requests in the query. The form is
        // decoded once, here, and handed on.
        let request = request.decodingEventForm()
        let eventPage = request.form?[Wire.Field.page]
        // No list (the default): no header is looked up on an event's path.
        if !allowedHosts.isEmpty, !allowedHosts.allows(request.headers.first("host")) {
            return finish(request, .text(421, "this server does not answer for the host \(quoted(request.headers.first("host") ?? "(none)"))"),
                          eventPage: nil, start: start, complete)
        }
        // The app's images (`AssetCatalog`), off the main actor.
        if request.method == "GET", request.path.hasPrefix(AssetCatalog.basePath) {
            let response = AssetCatalog.main.response(for: request.path.dropFirst(AssetCatalog.basePath.count),
                                                      ifNoneMatch: request.headers.first("if-none-match"))
            return finish(request, response, eventPage: nil, start: start, complete)
        }
        if request.method == "GET", request.path.hasPrefix(Wire.prefix),
           let response = files.response(for: String(request.path.dropFirst(Wire.prefix.count))) {
            return finish(request, response, eventPage: nil, start: start, complete)
        }
        // An event waits its turn with its page's others (counted until it is answered).
        if let page = eventPage, !queues.enter(page) {
            return finish(request, .text(429, "too many events waiting for page \(quoted(page)) (limit \(queues.limit)): slow down"),
                          eventPage: nil, start: start, complete)
        }
        let application = self.application
        // One closure per request: it enters the main actor (at once or by a hop) and back out.
        MainActorHop.runEntering {
            MainActor.assumeIsolated {
                application.handle(request) { response in
                    self.finish(request, response, eventPage: eventPage, start: start, complete)
                }
            }
        }
    }

    /// Hands `response` to the host, after what every answer does: the page's event leaves
    /// its queue, metrics and the log line record it.
    private func finish(_ request: HostRequest, _ response: HostResponse, eventPage: String?, start: UInt64,
                        _ complete: @Sendable (HostResponse) -> Void) {
        if let eventPage { queues.leave(eventPage) }
        metrics?.record(method: request.method, path: request.path, status: response.status,
                        nanoseconds: Uptime.now - start, bodyBytes: response.body.count)
        if logger.logLevel <= .info {
            let micros = (Uptime.now - start) / 1000
            let page = (eventPage ?? request.query[Wire.Field.page]).map { " page=\(Self.loggable($0.utf8.prefix(64)))" } ?? ""
            // A refusal's one line of text says why.
            let why = response.status >= 400 ? " " + Self.loggable(response.body.prefix(300)) : ""
            logger.info("\(request.method) \(request.path) \(response.status) \(micros)µs\(page)\(why)")
        }
        complete(response)
    }

    /// Text a client sent, fit for one log line: control characters (a newline would forge a
    /// line of its own) become `?`, and the ends are trimmed.
    static func loggable(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes.map { $0 < 0x20 || $0 == 0x7f ? UInt8(ascii: "?") : $0 }, as: UTF8.self)
            .trimmingCharacters(in: CharacterSet(charactersIn: " ?"))
    }

    /// Answers `request`.
    public func respond(to request: HostRequest) async -> HostResponse {
        await withCheckedContinuation { continuation in
            respond(to: request) { continuation.resume(returning: $0) }
        }
    }

    /// Ends every page and session (the host is stopping): tasks are cancelled, state freed.
    @MainActor
    public func endAllPages() {
        application.stop()
    }

    /// Sessions and pages alive now.
    @MainActor
    public var counts: (sessions: Int, pages: Int) { (application.store.sessionCount, application.store.pageCount) }
}

/// How many events each page has waiting for the main actor; over the limit a page's events
/// are refused with 429 on the host's thread, so a flood from one page cannot delay the others'.
final class EventQueues: Sendable {
    private let counts = Mutex([String: Int]())
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Counts one more event for `page`; false (not counted) when `limit` are already waiting.
    func enter(_ page: String) -> Bool {
        counts.withLock { counts in
            let count = counts[page, default: 0]
            guard count < limit else { return false }
            counts[page] = count + 1
            return true
        }
    }

    func leave(_ page: String) {
        counts.withLock { counts in
            let count = counts[page, default: 1] - 1
            counts[page] = count > 0 ? count : nil
        }
    }
}
