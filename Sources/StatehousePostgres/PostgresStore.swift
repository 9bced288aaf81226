import Foundation
import Logging
import NIOCore
import NIOSSL
import PostgresNIO
import StatehouseProtocol
import Synchronization

/// The durable store for several processes: PostgreSQL (postgres-nio), `--state-store
/// postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`. Every process reads and writes the same
/// sessions, pages and state, so a load balancer may send a session to any of them (one that
/// does not hold a page takes it up from the store); App-level `@State` written in one process
/// reaches the others at once through `LISTEN`/`NOTIFY` on the channel `statehouse_app`.
///
/// Writes are group-committed as in `SQLiteStore`; a batch is durable (PostgreSQL's commit)
/// before the answer that made it is sent.
///
/// ```swift
/// PostgresStore.register()      // App.main(): --state-store postgres://app@db.internal/app
/// // …or, for a host of its own:
/// var settings = ProtocolSettings()
/// settings.stateStore = try await PostgresStore.open(url: "postgres://app@db.internal/app")
/// settings.sessionSecret = try SessionSecret(contentsOfFile: "/etc/myapp/statehouse.key")
/// ```
public final class PostgresStore: DurableStore {
    private let client: PostgresClient
    private let endpoint: Endpoint
    private let logger: Logger
    private let running: Task<Void, Never>
    private let listening = Mutex<[Task<Void, Never>]>([])
    private let appHandlers = Mutex<[@Sendable (String, [UInt8]) -> Void]>([])
    private let pageHandlers = Mutex<[@Sendable (String) -> Void]>([])
    /// Pages taken up here whose record in `page_takes` is on its way (`inFlight`) or failed:
    /// the table may still name another process for them, whose take-up is older than this
    /// one's (a failed one is kept until a catch-up has passed it over).
    private let announcing = Mutex<[String: (inFlight: Int, failed: Bool)]>([:])
    private let commits: GroupCommit
    /// This store's name in the announcements it makes (it ignores its own).
    private let process = UUID().uuidString
    /// The channel App-level writes are announced on (the payload is the key).
    static let appChannel = "statehouse_app"
    /// The channel pages taken up are announced on (the payload: the page id, a space, the
    /// process).
    static let pagesChannel = "statehouse_pages"
    /// Each page taken up, with the process that took it up last and when (the database's
    /// clock): written with the announcement, so that a listener that was away reads what it
    /// missed.
    static let takesTable = "CREATE TABLE IF NOT EXISTS page_takes (page TEXT PRIMARY KEY, process TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)"

    /// Connects to the database `url` names and creates the tables that are missing.
    ///
    /// - Throws: `PostgresStore.BadURL` for a URL that is not `postgres://…`, or the
    ///   connection's error.
    public static func open(url: String, logger: Logger = Logger(label: "statehouse.postgres")) async throws -> PostgresStore {
        let endpoint = try Endpoint(url)
        _ = try endpoint.connection  // a TLS setting that cannot work (an unreadable sslrootcert) fails here
        let store = PostgresStore(endpoint: endpoint, logger: logger)
        do {
            try await store.client.withConnection { connection in
                // One process at a time creates and upgrades tables (IF NOT EXISTS races in PostgreSQL).
                try await connection.query("SELECT pg_advisory_lock(7131)", logger: logger)
                try await connection.query(PostgresQuery(unsafeSQL: StoreSQL.versionTable), logger: logger)
                var version: Int?
                for try await stored in try await connection.query(PostgresQuery(unsafeSQL: StoreSQL.selectVersion), logger: logger).decode(Int.self) {
                    version = stored
                }
                guard let upgrade = StoreSQL.upgrade(from: version, .postgres) else { throw NewerStore(version: version ?? 0) }
                for statement in upgrade + [takesTable] {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query("SELECT pg_advisory_unlock(7131)", logger: logger)
            }
        } catch {
            await store.close()
            throw error
        }
        store.listen()
        return store
    }

    /// Lets `--state-store postgres://…` open this store (call it before `App.main()`).
    public static func register() {
        DurableStores.register(scheme: "postgres") { url, logger in try await open(url: url, logger: logger) }
    }

    /// A `--state-store` URL that is not `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`.
    ///
    /// ```swift
    /// do {
    ///     _ = try await PostgresStore.open(url: "mysql://app@db.internal/app")
    /// } catch let error as PostgresStore.BadURL {
    ///     print(error)      // expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE, got '…'
    /// }
    /// ```
    public struct BadURL: Error, CustomStringConvertible {
        public let description: String
    }

    /// `text` quoted for a message, its password (if any) left out.
    static func quotedURL(_ text: String) -> String {
        guard var parts = URLComponents(string: text), parts.password != nil else { return "'\(text)'" }
        parts.password = "…"
        return "'\(parts.string ?? "")'"
    }

    private init(endpoint: Endpoint, logger: Logger) {
        let client = PostgresClient(configuration: endpoint.pool, backgroundLogger: logger)
        self.client = client
        self.endpoint = endpoint
        self.logger = logger
        running = Task { await client.run() }
        commits = GroupCommit { writes, committed in
            Task {
                do {
                    let statements = StoreSQL.statements(for: writes, now: Date().timeIntervalSince1970, .postgres)
                    // One statement alone is its own transaction: one round trip, not three (a
                    // click's batch is one upsert). App state is written with its notice.
                    let notifies = writes.contains { if case .appState = $0 { true } else { false } }
                    if statements.count == 1, !notifies {
                        try await client.query(Self.query(statements[0]), logger: logger)
                        return committed(nil)
                    }
                    try await client.withTransaction(logger: logger) { connection in
                        for statement in statements { try await connection.query(Self.query(statement), logger: logger) }
                        // Delivered to every listening process when the transaction commits.
                        for case .appState(let changes) in writes {
                            for (key, _) in changes.upserts {
                                try await connection.query("SELECT pg_notify(\(Self.appChannel), \(key))", logger: logger)
                            }
                        }
                    }
                    committed(nil)
                } catch {
                    committed(error)
                }
            }
        }
    }

    static func query(_ statement: StoreSQL.Statement) -> PostgresQuery {
        var binds = PostgresBindings(capacity: statement.values.count)
        for value in statement.values {
            switch value {
            case .text(let text): binds.append(text)
            case .real(let number): binds.append(number)
            case .bytes(let bytes): binds.append(ByteBuffer(bytes: bytes))
            }
        }
        return PostgresQuery(unsafeSQL: statement.sql, binds: binds)
    }

    // MARK: Writing

    public func write(_ writes: [StoreWrite], _ done: @escaping @Sendable ((any Error)?) -> Void) {
        commits.write(writes, done)
    }

    public func expire(before cutoff: Double) {
        let client = self.client, logger = self.logger
        Task {
            do {
                for statement in StoreSQL.expire(before: cutoff, .postgres) { try await client.query(Self.query(statement), logger: logger) }
                // By the database's clock, which wrote `at`.
                let age = Date().timeIntervalSince1970 - cutoff
                try await client.query("DELETE FROM page_takes WHERE at < extract(epoch FROM clock_timestamp()) - \(age)", logger: logger)
            } catch {
                logger.error("could not expire stored pages: \(error)")
            }
        }
    }

    // MARK: Reading

    public func session(_ id: String, _ done: @escaping @Sendable (Result<StoredSession?, any Error>) -> Void) {
        let client = self.client
        Task {
            done(await Result {
                // One query at a time: a second one inside the first's rows would hold two
                // connections of the pool.
                var found = false
                for try await _ in try await client.query(Self.query((StoreSQL.selectSession(.postgres), [.text(id)]))).decode(String.self) {
                    found = true
                }
                guard found else { return nil }
                return StoredSession(id: id, values: try await Self.values(client, StoreSQL.selectSessionState(.postgres), id))
            })
        }
    }

    public func page(_ id: String, _ done: @escaping @Sendable (Result<StoredPage?, any Error>) -> Void) {
        let client = self.client
        Task {
            done(await Result {
                var found: (session: String, url: String)?
                for try await row in try await client.query(Self.query((StoreSQL.selectPage(.postgres), [.text(id)]))).decode((String, String).self) {
                    found = row
                }
                guard let found else { return nil }
                return StoredPage(id: id, session: found.session, url: found.url,
                                  values: try await Self.values(client, StoreSQL.selectState(.postgres), id))
            })
        }
    }

    public func userState(_ id: String, _ done: @escaping @Sendable (Result<[String: [UInt8]], any Error>) -> Void) {
        let client = self.client
        Task { done(await Result { try await Self.values(client, StoreSQL.selectUserState(.postgres), id) }) }
    }

    public func appState(_ done: @escaping @Sendable (Result<[String: [UInt8]], any Error>) -> Void) {
        let client = self.client
        Task { done(await Result { try await Self.values(client, StoreSQL.selectAppState, nil) }) }
    }

    /// The `key`, `value` rows `sql` selects (with `parameter`, if any), by key.
    private static func values(_ client: PostgresClient, _ sql: String, _ parameter: String?) async throws -> [String: [UInt8]] {
        var values: [String: [UInt8]] = [:]
        let rows = try await client.query(Self.query((sql, parameter.map { [.text($0)] } ?? [])))
        for try await (key, value) in rows.decode((String, ByteBuffer).self) {
            values[key] = Array(value.readableBytesView)
        }
        return values
    }

    // MARK: Other processes

    public func onAppStateWritten(_ handler: @escaping @Sendable (String, [UInt8]) -> Void) {
        appHandlers.withLock { $0.append(handler) }
    }

    public func announceTaken(page id: String) {
        let client = self.client, logger = self.logger, payload = "\(id) \(process)"
        announcing.withLock { $0[id, default: (0, false)].inFlight += 1 }
        Task { [self] in
            do {
                // Recorded and announced in one statement: a process listening hears it, one that
                // listens again later finds it in the table.
                try await client.query("""
                    WITH taken AS (
                        INSERT INTO page_takes (page, process, at) VALUES (\(id), \(process), extract(epoch FROM clock_timestamp()))
                        ON CONFLICT (page) DO UPDATE SET process = EXCLUDED.process, at = EXCLUDED.at RETURNING page)
                    SELECT pg_notify(\(Self.pagesChannel), \(payload)) FROM taken
                    """, logger: logger)
                announcing.withLock { announcing in
                    announcing[id]?.inFlight -= 1
                    announcing[id]?.failed = false
                    if announcing[id]?.inFlight == 0 { announcing[id] = nil }
                }
            } catch {
                announcing.withLock { announcing in
                    announcing[id]?.inFlight -= 1
                    announcing[id]?.failed = true
                }
                logger.error("could not tell other processes that page \(id) was taken up: \(error)")
            }
        }
    }

    public func onPageTaken(_ handler: @escaping @Sendable (String) -> Void) {
        pageHandlers.withLock { $0.append(handler) }
    }

    /// Hands on page `id`, taken up by another process (announced, or found by a catch-up).
    private func takenElsewhere(_ id: String) {
        for handler in pageHandlers.withLock({ $0 }) { handler(id) }
    }

    /// Listens on both channels, each on a connection of its own made apart from the pool (two
    /// connections beside the pool's eight), for as long as the store is open (again if the
    /// database goes away: each second, logged once). An
    /// App-level key announced is read and handed on (this process's own writes come back too:
    /// a value it already holds changes nothing); a page taken up by another process is handed
    /// on. Listening again after a gap, the pages listener first reads the pages other processes
    /// took up since it last began to listen (`page_takes`). (An App-level value announced while
    /// away is not read again until it changes again.)
    ///
    /// Not the pool's connections: a listener holds its connection for good, and the pool,
    /// when the database comes back, makes connections for the requests that waited only
    /// while it counts fewer leased ones than waiting requests. Its two listeners, leased
    /// first, left a take-up's read waiting behind them with no connection made for it.
    private func listen() {
        // No catch-up for App-level values: read again in whole, the store's older copies would
        // replace values this process changed and has not written yet (while the store failed).
        let app = listen(on: Self.appChannel, catchingUp: nil) { [unowned self] key, connection, logger in
            let rows = try await connection.query(Self.query((StoreSQL.selectAppValue(.postgres), [.text(key)])), logger: logger)
            for try await value in rows.decode(ByteBuffer.self) {
                let bytes = Array(value.readableBytesView)
                for handler in appHandlers.withLock({ $0 }) { handler(key, bytes) }
            }
        }
        let pages = listen(on: Self.pagesChannel, catchingUp: { [unowned self] since, connection, logger in
            // Not the pages taken up here whose own record has not committed (looked at as each
            // row comes: one may be taken up meanwhile): this process's copy is the newer one.
            let failedBefore = announcing.withLock { Set($0.filter { $0.value.failed }.keys) }
            let rows = try await connection.query("SELECT page FROM page_takes WHERE process <> \(process) AND at >= \(since)", logger: logger)
            for try await page in rows.decode(String.self) where announcing.withLock({ $0[page] == nil }) {
                takenElsewhere(page)
            }
            // Passed over once, by a catch-up that went through: later take-ups elsewhere are
            // newer than this process's.
            announcing.withLock { announcing in
                for id in failedBefore where announcing[id]?.failed == true && announcing[id]?.inFlight == 0 { announcing[id] = nil }
            }
        }) { [unowned self] payload, _, _ in
            let parts = payload.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, parts[1] != process else { return }
            takenElsewhere(parts[0])
        }
        listening.withLock { $0 = [app, pages] }
    }

    /// Listens on `channel`, handing each notification's payload to `handle`; listening again,
    /// calls `catchingUp` first with when (the database's clock) it last began to listen.
    private func listen(on channel: String,
                        catchingUp: (@Sendable (_ since: Double, PostgresConnection, Logger) async throws -> Void)?,
                        _ handle: @escaping @Sendable (String, PostgresConnection, Logger) async throws -> Void) -> Task<Void, Never> {
        let endpoint = self.endpoint, logger = self.logger
        return Task {
            var id = 0, failures = 0
            var listened: Double?
            while !Task.isCancelled {
                do {
                    id += 1
                    let connection = try await PostgresConnection.connect(configuration: try endpoint.connection, id: id, logger: logger)
                    if failures > 0 { logger.notice("listening on \(channel) again") }
                    failures = 0
                    do {
                        try await withTaskCancellationHandler {
                            var now: Double?
                            for try await time in try await connection.query("SELECT extract(epoch FROM clock_timestamp())::float8", logger: logger).decode(Double.self) {
                                now = time
                            }
                            try await connection.listen(on: channel) { notifications in
                                // Listening now: what was missed since the last time is read.
                                if let since = listened, let catchingUp { try await catchingUp(since, connection, logger) }
                                listened = now
                                for try await notification in notifications {
                                    try await handle(notification.payload, connection, logger)
                                }
                            }
                        } onCancel: {
                            connection.close().whenComplete { _ in }
                        }
                    } catch {
                        try? await connection.close()
                        throw error
                    }
                    try? await connection.close()
                } catch {
                    if Task.isCancelled { break }
                    // The first failure in full; while the database stays away, quieter.
                    failures += 1
                    if failures == 1 {
                        logger.error("listening on \(channel) failed, again each second: \(String(reflecting: error))")
                    } else {
                        logger.debug("listening on \(channel) failed again: \(error)")
                    }
                    try? await Task.sleep(for: .seconds(1))
                }
            }
        }
    }

    // MARK: Closing

    public func close() async {
        await commits.finish()
        let listeners = listening.withLock { $0 }
        for task in listeners { task.cancel() }
        for task in listeners { await task.value }
        running.cancel()
        await running.value
    }
}

extension Result where Failure == any Error {
    /// The result of `body`, awaited.
    init(_ body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
