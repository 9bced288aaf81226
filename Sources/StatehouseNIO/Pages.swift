import Logging
import Prometheus
import ServiceLifecycle
import StatehouseProtocol
import StatehouseSQLite
import StatehouseViews

/// An app's pages, ready for a host: the protocol's responder with the options' durable
/// store opened, the `App`'s kept `@State` restored and metrics set up. The built-in server
/// serves one; a Hummingbird or Vapor app mounts one with `StatehouseHummingbird` or
/// `StatehouseVapor`.
///
/// ```swift
/// let pages = try await StatehousePages.open(MyApp(), options: options)
/// let response = await pages.responder.respond(to: request)
/// // …when the host stops:
/// await pages.close()
/// ```
///
/// As a swift-service-lifecycle `Service` it does nothing until its group shuts down, then
/// closes: put it in the host's service group after the server, so that it closes once the
/// server has stopped answering.
public final class StatehousePages: Sendable, Service {
    /// Hand it each request of the app's routes and of `/_sh/`.
    public let responder: StatehouseResponder
    private let store: (any DurableStore)?
    private let logger: Logger
    /// The bounds of an upload and where its files go (`uploadRequest`).
    let uploadLimits: MultipartUpload.Limits
    let uploadDirectory: URL

    /// The options' state store, written in a log line (`memory`, `sqlite:statehouse.sqlite`, …).
    public let storeDescription: String

    /// Opens the durable store `options` names (a SQLite file unless `stateStore` is
    /// `.memory`), restores the `App`'s own `@State` from it, and makes the responder.
    /// Throws a message saying what to do if the store cannot be used.
    @MainActor
    public static func open<A: App>(_ app: A, options: ServerOptions = ServerOptions()) async throws -> StatehousePages {
        var logger = Logger(label: "statehouse")
        logger.logLevel = options.logLevel
        var settings = options.settings
        if let path = options.secretKeyFile {
            do {
                settings.sessionSecret = try SessionSecret(contentsOfFile: path)
            } catch {
                throw OptionsError(description: "--secret-key-file \(path): \(error) (make one with: openssl rand -hex 32 > \(path); chmod 600 \(path))")
            }
        }
        if settings.stateStore == nil {
            if settings.sessionSecret == nil { settings.sessionSecret = try Self.defaultSecret(for: options.stateStore) }
            settings.stateStore = try await Self.openStore(options.stateStore, logger: logger)
        } else if settings.sessionSecret == nil {
            throw OptionsError(description: "the durable store in settings.stateStore needs its session key, kept outside it: settings.sessionSecret or --secret-key-file PATH (64 hex digits, mode 600; make one with: openssl rand -hex 32 > PATH)")
        }
        if options.metrics, settings.metrics == nil {
            let registry = PrometheusCollectorRegistry()
            settings.metrics = MetricsSettings(factory: PrometheusMetricsFactory(registry: registry),
                                               exposition: { registry.emitToBuffer() })
        }
        // The App's own `@State` takes the values the store kept, before any route reads it.
        var appState: StateSnapshots?
        if let store = settings.stateStore {
            let snapshots = StateSnapshots(restoring: try await store.appState())
            snapshots.fileAppState(of: app)
            appState = snapshots
        }
        var routes = app.body._routes
        if options.previews { routes += PreviewCatalog.routes() }
        let responder = StatehouseResponder(routes: routes, settings: settings, appState: appState, logger: logger)
        return StatehousePages(responder: responder, store: settings.stateStore, logger: logger,
                               storeDescription: settings.stateStore == nil ? "memory" : options.stateStore.description,
                               uploads: (options.limits.upload, options.limits.uploadDirectory))
    }

    /// The session key of a store named by `--state-store` when no `--secret-key-file` is
    /// given: a SQLite file's is beside it (`PATH.key`, made on first start, mode 0600).
    private static func defaultSecret(for choice: ServerOptions.StateStoreChoice) throws -> SessionSecret {
        switch choice {
        case .memory:
            return .random()
        case .sqlite(let path):
            do {
                return try SessionSecret.loadOrCreate(at: path + ".key")
            } catch {
                throw OptionsError(description: "--state-store sqlite:\(path): the session key \(path).key: \(error)")
            }
        case .postgres:
            throw OptionsError(description: "--state-store \(choice): the processes that share a store need one session key, kept outside it: --secret-key-file PATH (64 hex digits, mode 600; make one with: openssl rand -hex 32 > PATH)")
        }
    }

    private static func openStore(_ choice: ServerOptions.StateStoreChoice, logger: Logger) async throws -> (any DurableStore)? {
        switch choice {
        case .memory:
            return nil
        case .sqlite(let path):
            do {
                // Its statements' results come back to the main thread's loop, where the views
                // that wait for them run (another loop would be one more thread woken per
                // statement, and one more hop for the answer).
                return try await SQLiteStore.open(path: path, logger: logger, on: MainThreadLoop.loop)
            } catch {
                throw OptionsError(description: "--state-store sqlite:\(path): cannot open the file: \(error)")
            }
        case .postgres(let url):
            guard let open = DurableStores.opener(for: url) else {
                throw OptionsError(description: "--state-store \(choice): PostgreSQL is in the module StatehousePostgres: depend on its product and call PostgresStore.register() before App.main()")
            }
            do {
                return try await open(url, logger)
            } catch {
                throw OptionsError(description: "--state-store \(choice): cannot use the database: \(String(reflecting: error))")
            }
        }
    }

    private init(responder: StatehouseResponder, store: (any DurableStore)?, logger: Logger, storeDescription: String,
                 uploads: (limits: MultipartUpload.Limits, directory: URL)) {
        (uploadLimits, uploadDirectory) = uploads
        self.responder = responder
        self.store = store
        self.logger = logger
        self.storeDescription = storeDescription
    }

    /// Ends every page (their tasks are cancelled; a durable store keeps them for the next
    /// process, which takes them up) and closes the store. Call it once the host has stopped
    /// answering.
    public func close() async {
        await MainActor.run { responder.endAllPages() }
        await store?.close()
    }

    /// As a `Service`: waits for the group's graceful shutdown (or cancellation), then closes.
    public func run() async throws {
        try? await gracefulShutdown()
        await close()
    }
}
