import StatehouseViews

/// Values a host's middleware found for a request (the signed-in user, a tenant, a locale),
/// put in the root environment of a page the request creates, before its first body: its
/// views read them with `@Environment`, as any environment value.
///
/// ```swift
/// extension EnvironmentValues {
///     var user: User? {
///         get { self[UserKey.self] }
///         set { self[UserKey.self] = newValue }
///     }
/// }
///
/// var environment = HostEnvironment()
/// environment.set(\.user, authenticatedUser)
/// request.environment = environment
/// ```
///
/// The values are read when a page is created (a `GET` of a route, or a page taken up from
/// the durable store after a restart); a later request to the same page does not change them.
/// A page is its session's: the host's authentication still runs before every request.
public struct HostEnvironment: Sendable {
    private var writes: [@Sendable @MainActor (inout EnvironmentValues) -> Void] = []

    public init() {}

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
