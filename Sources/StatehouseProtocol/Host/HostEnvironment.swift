import StatehouseViews

/// Values a host's middleware found for a request (a tenant, a feature flag), put in the
/// root environment of a page the request creates, before its first body: its views read them
/// with `@Environment`, as any environment value. The signed-in user goes through
/// `authenticate(as:)`, which follows the session live.
///
/// ```swift
/// extension EnvironmentValues {
///     var tenant: Tenant? {
///         get { self[TenantKey.self] }
///         set { self[TenantKey.self] = newValue }
///     }
/// }
///
/// var environment = HostEnvironment()
/// environment.set(\.tenant, tenant)
/// environment.authenticate(as: SignedInUser(id: account.id, name: account.name))
/// request.environment = environment
/// ```
///
/// The values are read when a page is created (a `GET` of a route, or a page taken up from
/// the durable store after a restart); a later request to the same page does not change them.
/// A page is its session's: the host's authentication still runs before every request.
public struct HostEnvironment: Sendable {
    private var writes: [@Sendable @MainActor (inout EnvironmentValues) -> Void] = []

    /// The user the host's authentication found (`authenticate(as:)`); nil: it did not say.
    public private(set) var authenticatedUser: SignedInUser??

    public init() {}

    /// Says who the host's own authentication (a Hummingbird or Vapor middleware) found for
    /// the request: nil for no one. That is the session's `\.signedInUser` from now on, on
    /// every page of it, live. A session that had another user (or none) ends, and the request
    /// is served as one without a session (a page load makes a new one; an event is told 410,
    /// and the browser loads its page again): no page outlives the user it was made for.
    ///
    /// ```swift
    /// router.addStatehouse(pages) { _, context in
    ///     var environment = HostEnvironment()
    ///     environment.authenticate(as: context.user.map { SignedInUser(id: $0.id, name: $0.name) })
    ///     return environment
    /// }
    /// ```
    public mutating func authenticate(as user: SignedInUser?) {
        authenticatedUser = .some(user)
    }

    /// Sets the value at `keyPath` of the page's root environment.
    public mutating func set<Value: Sendable>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) {
        // A key path is immutable; this one is only read, on the main actor.
        nonisolated(unsafe) let keyPath = keyPath
        writes.append { $0[keyPath: keyPath] = value }
    }

    /// Whether nothing is set.
    public var isEmpty: Bool { writes.isEmpty }

    /// Writes the values into `environment`.
    @MainActor
    func apply(to environment: inout EnvironmentValues) {
        for write in writes { write(&environment) }
    }

    /// What `RouteDescription.makeTree` takes: nil when nothing is set.
    @MainActor
    var preparation: ((inout EnvironmentValues) -> Void)? {
        isEmpty ? nil : { apply(to: &$0) }
    }
}
