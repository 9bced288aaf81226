import ServiceLifecycle
import StatehouseViews

/// The built-in server as a swift-service-lifecycle `Service`: it starts when its
/// `ServiceGroup` runs it and stops gracefully (requests in flight answered, streams ended, the
/// durable store closed) when the group shuts down, in order with the host's other services.
///
/// ```swift
/// let group = ServiceGroup(services: [database, StatehouseService(options: options) { MyApp() }],
///                          gracefulShutdownSignals: [.sigterm], logger: logger)
/// try await group.run()
/// ```
public struct StatehouseService<A: App>: Service {
    private let options: ServerOptions
    private let app: @MainActor @Sendable () -> A
    private let started: (@Sendable (StatehouseServer) -> Void)?

    /// A service serving the app `app` makes, with `options`; `started` is told the running
    /// server (its port, after binding port 0).
    public init(options: ServerOptions = ServerOptions(), started: (@Sendable (StatehouseServer) -> Void)? = nil,
                app: @escaping @MainActor @Sendable () -> A) {
        self.options = options
        self.app = app
        self.started = started
    }

    public func run() async throws {
        let server = try await Self.start(app, options)
        started?(server)
        // Until the group shuts down (or this task is cancelled): then a graceful stop.
        try? await gracefulShutdown()
        try await server.shutdown()
    }

    @MainActor
    private static func start(_ app: @MainActor @Sendable () -> A, _ options: ServerOptions) async throws -> StatehouseServer {
        try await StatehouseServer.start(app(), options: options)
    }
}
