import Foundation
import Logging
import NIOCore
import NIOPosix
import SQLiteNIO
import StatehouseProtocol
import StatehouseViews
import Synchronization

/// The built-in durable store: one SQLite file (sqlite-nio, its own copy of SQLite: nothing
/// to install), the default of `App.main()` (`--state-store sqlite:statehouse.sqlite`).
///
/// Writes are group-committed: the batches that arrive while one transaction commits go
/// together in the next, so a busy server commits far fewer times than it answers events.
/// The file is in WAL mode with `synchronous=NORMAL`: a committed batch survives the process
/// being killed (`kill -9`); after a power cut the last batches before it may be lost.
///
/// ```swift
/// var settings = ProtocolSettings()
/// settings.stateStore = try await SQLiteStore.open(path: "statehouse.sqlite")
/// ```
public final class SQLiteStore: DurableStore {
    private let connection: SQLiteConnection
    private let threads: NIOThreadPool
    private let loop: any EventLoop
    private let pending = Mutex(Pending())

    private struct Pending {
        var writes: [StoreWrite] = []
        var done: [@Sendable ((any Error)?) -> Void] = []
        var isCommitting = false
    }

    private static let schema = [
        "PRAGMA journal_mode=WAL",
        "PRAGMA synchronous=NORMAL",
        "PRAGMA busy_timeout=5000",
        "CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, csrf TEXT NOT NULL, last_used REAL NOT NULL) WITHOUT ROWID",
        "CREATE TABLE IF NOT EXISTS pages (id TEXT PRIMARY KEY, session TEXT NOT NULL, url TEXT NOT NULL, last_used REAL NOT NULL) WITHOUT ROWID",
        "CREATE INDEX IF NOT EXISTS pages_by_session ON pages (session)",
        "CREATE INDEX IF NOT EXISTS pages_by_use ON pages (last_used)",
        "CREATE TABLE IF NOT EXISTS state (page TEXT NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL, PRIMARY KEY (page, key)) WITHOUT ROWID",
    ]

    /// Opens (creating if needed) the store in the file at `path`.
    public static func open(path: String, logger: Logger = Logger(label: "statehouse.sqlite")) async throws -> SQLiteStore {
        // One thread: statements run in the order they are submitted.
        let threads = NIOThreadPool(numberOfThreads: 1)
        threads.start()
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        do {
            let connection = try await SQLiteConnection.open(storage: .file(path: path), threadPool: threads, logger: logger, on: loop)
            for statement in schema { _ = try await connection.query(statement) }
            return SQLiteStore(connection: connection, threads: threads, loop: loop)
        } catch {
            try? await threads.shutdownGracefully()
            throw error
        }
    }

    private init(connection: SQLiteConnection, threads: NIOThreadPool, loop: any EventLoop) {
        self.connection = connection
        self.threads = threads
        self.loop = loop
    }

    // MARK: Writing

    public func write(_ writes: [StoreWrite], _ done: @escaping @Sendable ((any Error)?) -> Void) {
        let starts = pending.withLock { pending in
            pending.writes += writes
            pending.done.append(done)
            if pending.isCommitting { return false }
            pending.isCommitting = true
            return true
        }
        if starts { commitNext() }
    }

    /// Commits everything waiting in one transaction, then what arrived meanwhile, until
    /// nothing waits.
    private func commitNext() {
        let (writes, done) = pending.withLock { pending in
            let taken = (pending.writes, pending.done)
            pending.writes = []
            pending.done = []
            if taken.1.isEmpty { pending.isCommitting = false }
            return taken
        }
        guard !done.isEmpty else { return }
        let now = Date().timeIntervalSince1970
        // Submitted at once; the one thread runs them in order.
        var statements = [connection.query("BEGIN IMMEDIATE")]
        for write in writes {
            for (sql, binds) in Self.statements(for: write, now: now) { statements.append(connection.query(sql, binds)) }
        }
        statements.append(connection.query("COMMIT"))
        EventLoopFuture.whenAllComplete(statements, on: loop).whenSuccess { results in
            var failure: (any Error)?
            for case .failure(let error) in results {
                failure = error
                break
            }
            if failure != nil { _ = self.connection.query("ROLLBACK") }
            for call in done { call(failure) }
            self.commitNext()
        }
    }

    private static func statements(for write: StoreWrite, now: Double) -> [(String, [SQLiteData])] {
        switch write {
        case .session(let id, let csrf):
            return [("INSERT INTO sessions (id, csrf, last_used) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET last_used = excluded.last_used",
                     [.text(id), .text(csrf), .float(now)])]
        case .page(let id, let session, let url):
            return [("INSERT INTO pages (id, session, url, last_used) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET url = excluded.url, last_used = excluded.last_used",
                     [.text(id), .text(session), .text(url), .float(now)]),
                    ("UPDATE sessions SET last_used = ? WHERE id = ?", [.float(now), .text(session)])]
        case .touch(let page, let session):
            return [("UPDATE pages SET last_used = ? WHERE id = ?", [.float(now), .text(page)]),
                    ("UPDATE sessions SET last_used = ? WHERE id = ?", [.float(now), .text(session)])]
        case .state(let page, let changes):
            var statements: [(String, [SQLiteData])] = changes.removals.map {
                ("DELETE FROM state WHERE page = ? AND key = ?", [.text(page), .text($0)])
            }
            for (key, value) in changes.upserts {
                statements.append(("INSERT INTO state (page, key, value) VALUES (?, ?, ?) ON CONFLICT (page, key) DO UPDATE SET value = excluded.value",
                                   [.text(page), .text(key), .blob(ByteBuffer(bytes: value))]))
            }
            return statements
        case .endPage(let id):
            return [("DELETE FROM state WHERE page = ?", [.text(id)]), ("DELETE FROM pages WHERE id = ?", [.text(id)])]
        case .endSession(let id):
            return [("DELETE FROM state WHERE page IN (SELECT id FROM pages WHERE session = ?)", [.text(id)]),
                    ("DELETE FROM pages WHERE session = ?", [.text(id)]),
                    ("DELETE FROM sessions WHERE id = ?", [.text(id)])]
        }
    }

    public func expire(before cutoff: Double) {
        _ = connection.query("DELETE FROM state WHERE page IN (SELECT id FROM pages WHERE last_used < ?)", [.float(cutoff)])
        _ = connection.query("DELETE FROM pages WHERE last_used < ?", [.float(cutoff)])
        _ = connection.query("DELETE FROM sessions WHERE last_used < ? AND NOT EXISTS (SELECT 1 FROM pages WHERE pages.session = sessions.id)",
                             [.float(cutoff)])
    }

    // MARK: Reading

    public func session(_ id: String, _ done: @escaping @Sendable (Result<StoredSession?, any Error>) -> Void) {
        connection.query("SELECT csrf FROM sessions WHERE id = ?", [.text(id)]).whenComplete { result in
            done(result.map { rows in rows.first?.column("csrf")?.string.map { StoredSession(id: id, csrf: $0) } })
        }
    }

    public func page(_ id: String, _ done: @escaping @Sendable (Result<StoredPage?, any Error>) -> Void) {
        let page = connection.query("SELECT session, url FROM pages WHERE id = ?", [.text(id)])
        let state = connection.query("SELECT key, value FROM state WHERE page = ?", [.text(id)])
        page.and(state).whenComplete { result in
            done(result.map { pageRows, stateRows in
                guard let row = pageRows.first, let session = row.column("session")?.string, let url = row.column("url")?.string else { return nil }
                var values: [String: [UInt8]] = [:]
                for row in stateRows {
                    guard let key = row.column("key")?.string, let value = row.column("value")?.blob else { continue }
                    values[key] = Array(value.readableBytesView)
                }
                return StoredPage(id: id, session: session, url: url, values: values)
            })
        }
    }

    /// How many sessions, pages and state values the file holds (for tests and `--help`).
    public func counts() async throws -> (sessions: Int, pages: Int, values: Int) {
        func count(_ table: String) async throws -> Int {
            Int(try await connection.query("SELECT count(*) AS n FROM \(table)").first?.column("n")?.integer ?? 0)
        }
        return (try await count("sessions"), try await count("pages"), try await count("state"))
    }

    // MARK: Closing

    public func close() async {
        // Let the commits under way finish (bounded: 5 s).
        for _ in 0..<500 {
            if !pending.withLock({ $0.isCommitting }) { break }
            try? await Task.sleep(for: .milliseconds(10))
        }
        try? await connection.close()
        try? await threads.shutdownGracefully()
    }
}
