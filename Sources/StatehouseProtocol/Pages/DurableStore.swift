import Logging
import StatehouseViews
import Synchronization

/// Where sessions, pages and their views' durable state outlive the process: a page named by
/// a request that this process does not hold (after a restart, or one served by another
/// process) is mounted again from it, with the same id, CSRF token and state.
///
/// Writes come in batches, one per flush of a page (and one per new page); a batch is
/// durable when `done` is called, and the protocol acknowledges the request that made it
/// only then. Every method may be called from any thread; callbacks come on any thread.
///
/// `SQLiteStore` (module `StatehouseSQLite`) is the built-in one, the default of
/// `App.main()` (`--state-store sqlite:statehouse.sqlite`).
///
/// ```swift
/// final class MyStore: DurableStore {
///     let inner: SQLiteStore
///     func write(_ writes: [StoreWrite], _ done: @escaping @Sendable ((any Error)?) -> Void) {
///         inner.write(writes, done)      // done(nil) once durable, or done(error)
///     }   // …and session(_:_:), page(_:_:), appState(_:), expire(before:), close()
/// }
/// ```
public protocol DurableStore: Sendable {
    /// Writes `writes`, in order, in one transaction; `done` gets nil once they are durable,
    /// or the error that stopped them.
    func write(_ writes: [StoreWrite], _ done: @escaping @Sendable ((any Error)?) -> Void)
    /// The session `id`, or nil if the store has none by that id.
    func session(_ id: String, _ done: @escaping @Sendable (Result<StoredSession?, any Error>) -> Void)
    /// The page `id` with its state, or nil if the store has none by that id.
    func page(_ id: String, _ done: @escaping @Sendable (Result<StoredPage?, any Error>) -> Void)
    /// The `@UserStorage` values of user `id` (a keyed hash of the app's id for them), by key.
    func userState(_ id: String, _ done: @escaping @Sendable (Result<[String: [UInt8]], any Error>) -> Void)
    /// The App-level state (`@State` of the `App`), by key (`app.0`, …).
    func appState(_ done: @escaping @Sendable (Result<[String: [UInt8]], any Error>) -> Void)
    /// Calls `handler` with each App-level value another process writes, as it is written
    /// (a store shared by several processes; a store of one process never calls it).
    func onAppStateWritten(_ handler: @escaping @Sendable (_ key: String, _ value: [UInt8]) -> Void)
    /// Tells the other processes sharing the store that this one took up page `id`: one that
    /// still holds it lets go (its copy is stale from now on).
    func announceTaken(page id: String)
    /// Calls `handler` with each page another process took up (and with the id a session is
    /// filed under when another process replaced it at a sign-in: `announceTaken(page:)` with
    /// that id).
    func onPageTaken(_ handler: @escaping @Sendable (_ id: String) -> Void)
    /// Deletes the pages last used before `cutoff` (seconds since 1970) with their state, and
    /// the sessions last used before it that have no page left.
    func expire(before cutoff: Double)
    /// Finishes the writes under way and closes the store.
    func close() async
}

/// One write of a batch. Pages and sessions carry "last used" times (the store's clock at the
/// write), which `expire(before:)` reads.
///
/// A session is named by a keyed hash of its id (`SessionSecret`), never by the id the
/// browser holds, and has no CSRF token to store: whoever reads the store opens no session.
///
/// ```swift
/// store.write([.session(id: sessionKey), .page(id: pageID, session: sessionKey, url: "/counter")]) { error in
///     if let error { print("not durable: \(error)") }
/// }
/// ```
public enum StoreWrite: Sendable {
    /// A new session: the keyed hash it is filed under.
    case session(id: String)
    /// A page, new or moved (its URL changed): its session, its URL (route and screens).
    case page(id: String, session: String, url: String)
    /// The page and its session were used now.
    case touch(page: String, session: String)
    /// What a flush changed of the page's views' durable state.
    case state(page: String, StateChanges)
    /// The page ended for good (its document closed, a view failed, it was evicted at a cap):
    /// it and its state are deleted. (A page that idles out here stays in the store, which
    /// expires it by its own clock: another process may take it up.)
    case endPage(id: String)
    /// The session was evicted at the cap: it, its `@AppStorage` and every page of it the store
    /// still holds are deleted.
    case endSession(id: String)
    /// What a flush changed of the App-level state (shared by every session).
    case appState(StateChanges)
    /// What a flush changed of a session's `@AppStorage`.
    case sessionState(session: String, StateChanges)
    /// What a flush changed of a signed-in user's `@UserStorage` (the user filed under a keyed
    /// hash of their id).
    case userState(user: String, StateChanges)
}

extension DurableStore {
    public func onAppStateWritten(_ handler: @escaping @Sendable (_ key: String, _ value: [UInt8]) -> Void) {}
    public func announceTaken(page id: String) {}
    public func onPageTaken(_ handler: @escaping @Sendable (_ id: String) -> Void) {}

    /// None: a store written before `@UserStorage` keeps none (its writes of `.userState` are
    /// its to keep or drop).
    public func userState(_ id: String, _ done: @escaping @Sendable (Result<[String: [UInt8]], any Error>) -> Void) {
        done(.success([:]))
    }

    /// `appState(_:)`, awaited.
    public func appState() async throws -> [String: [UInt8]] {
        try await withCheckedThrowingContinuation { continuation in
            appState { continuation.resume(with: $0) }
        }
    }
}

/// A session as a store keeps it.
///
/// ```swift
/// func session(_ id: String, _ done: @escaping @Sendable (Result<StoredSession?, any Error>) -> Void) {
///     let row = sessions.withLock { $0[id] }      // what the store kept of this session, if any
///     done(.success(row.map { StoredSession(id: id, values: $0.values) }))
/// }
/// ```
public struct StoredSession: Sendable {
    /// The keyed hash the session is filed under.
    public var id: String
    /// Its `@AppStorage` values, by key.
    public var values: [String: [UInt8]]
    public init(id: String, values: [String: [UInt8]] = [:]) {
        self.id = id
        self.values = values
    }
}

/// A page as a store keeps it: enough to mount it again.
///
/// ```swift
/// func page(_ id: String, _ done: @escaping @Sendable (Result<StoredPage?, any Error>) -> Void) {
///     guard let row = pages.withLock({ $0[id] }) else { return done(.success(nil)) }
///     done(.success(StoredPage(id: id, session: row.session, url: row.url, values: row.state)))
/// }
/// ```
public struct StoredPage: Sendable {
    public var id: String
    public var session: String
    /// Its route's path, with the screens below it and the selected tab (`/bookshelf/dune?tab=2`).
    public var url: String
    /// Its views' durable state, by key (see `StateSnapshots`).
    public var values: [String: [UInt8]]
    public init(id: String, session: String, url: String, values: [String: [UInt8]]) {
        self.id = id
        self.session = session
        self.url = url
        self.values = values
    }
}

/// How durable stores in modules of their own are opened from a `--state-store` URL: a store
/// module registers its scheme (`PostgresStore.register()` for `postgres://`), so that hosts
/// that do not use it do not build it.
///
/// ```swift
/// PostgresStore.register()
/// MyApp.main()      // --state-store postgres://app@db.internal/app
/// ```
public enum DurableStores {
    /// Opens the store `url` names.
    public typealias Opener = @Sendable (_ url: String, _ logger: Logger) async throws -> any DurableStore

    private static let openers = Mutex<[String: Opener]>([:])

    /// Opens `scheme://…` URLs with `open` from now on.
    public static func register(scheme: String, _ open: @escaping Opener) {
        openers.withLock { $0[scheme] = open }
    }

    /// The opener registered for `url`'s scheme, if any.
    public static func opener(for url: String) -> Opener? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = String(url[..<colon])
        return openers.withLock { $0[scheme] ?? (scheme == "postgresql" ? $0["postgres"] : nil) }
    }
}

/// A store whose tables a newer Statehouse wrote (`version`): this one cannot use it.
public struct NewerStore: Error, CustomStringConvertible {
    public let version: Int
    public init(version: Int) { self.version = version }
    public var description: String {
        "the store's tables are at version \(version), newer than this build's \(StoreSQL.version): run the newer build, or start from an empty store"
    }
}
