import Foundation
import Logging
import NIOCore
import NIOPosix
import SQLiteNIO
import StatehouseProtocol
import StatehouseViews

/// The built-in durable store: one SQLite file (sqlite-nio, its own copy of SQLite: nothing
/// to install), the default of `App.main()` (`--state-store sqlite:statehouse.sqlite`).
///
/// Writes are group-committed: the batches that arrive while one transaction commits go
/// together in the next, so a busy server commits far fewer times than it answers events.
/// The file is in WAL mode with `synchronous=NORMAL`: a committed batch survives the process
/// being killed (`kill -9`); after a power cut the last batches before it may be lost. The
/// write-ahead log is copied back into the file every 10,000 pages (40 MB), not SQLite's 1,000:
/// a page load writes a few pages where random ids fall, and a longer log copies each page
/// back once for several of its writes (page loads: about a fifth more a second, measured).
///
/// ```swift
/// var settings = ProtocolSettings()
/// settings.stateStore = try await SQLiteStore.open(path: "statehouse.sqlite")
/// settings.sessionSecret = try SessionSecret(contentsOfFile: "/etc/myapp/statehouse.key")
/// ```
public final class SQLiteStore: DurableStore {
    private let connection: SQLiteConnection
    private let threads: NIOThreadPool
    private let loop: any EventLoop
    private let commits: GroupCommit

    /// `secure_delete`: what is deleted is overwritten, not left in free pages of the file.
    /// `temp_store=MEMORY`: a multi-row upsert inside a transaction keeps a statement journal,
    /// in memory then, not in a temporary file. `journal_size_limit`: the write-ahead log, which
    /// grows to about 40 MB between checkpoints (`wal_autocheckpoint`, in 4 KiB pages), is cut
    /// back to 4 MiB when it starts over after one (what a closed page wrote there goes too).
    private static let pragmas = ["PRAGMA secure_delete=ON", "PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA busy_timeout=5000",
                                  "PRAGMA temp_store=MEMORY", "PRAGMA wal_autocheckpoint=10000", "PRAGMA journal_size_limit=4194304"]

    /// Opens (creating if needed) the store in the file at `path`. Its statements' results are
    /// handled on `loop` (default: one of NIO's shared loops).
    public static func open(path: String, logger: Logger = Logger(label: "statehouse.sqlite"),
                            on loop: (any EventLoop)? = nil) async throws -> SQLiteStore {
        // One thread: statements run in the order they are submitted.
        let threads = NIOThreadPool(numberOfThreads: 1)
        threads.start()
        let loop = loop ?? MultiThreadedEventLoopGroup.singleton.next()
        do {
            // It holds the views' state: readable by this user only, from before its first byte
            // (SQLite gives the -wal and -shm files the database file's mode).
            if !FileManager.default.fileExists(atPath: path) {
                _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
            }
            for suffix in ["", "-wal", "-shm"] { chmod(path + suffix, 0o600) }
            let connection = try await SQLiteConnection.open(storage: .file(path: path), threadPool: threads, logger: logger, on: loop)
            // Their rows are not wanted: sqlite-nio's row-collecting `query` appends to a variable
            // from its thread pool, which ThreadSanitizer reports as a race (the hand-over back to
            // this task goes through the concurrency runtime, which it does not see).
            for statement in pragmas + [StoreSQL.versionTable] { try await connection.query(statement, []) { _ in } }
            let version = try await connection.query(StoreSQL.selectVersion).first?.column("version")?.integer
            guard let upgrade = StoreSQL.upgrade(from: version, .sqlite) else { throw NewerStore(version: version ?? 0) }
            for statement in upgrade { try await connection.query(statement, []) { _ in } }
            // What an upgrade deleted leaves neither the file nor its write-ahead log.
            if version != StoreSQL.version { try await connection.query("PRAGMA wal_checkpoint(TRUNCATE)", []) { _ in } }
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
        commits = GroupCommit { writes, committed in
            let statements = StoreSQL.statements(for: writes, now: Date().timeIntervalSince1970, .sqlite)
            Self.transaction(statements, on: connection, loop).whenComplete { result in
                if case .failure(let error) = result { committed(error) } else { committed(nil) }
            }
        }
    }

    /// Runs `statements` in one transaction: submitted at once (the one thread runs them in
    /// order), COMMIT only once each has succeeded, else ROLLBACK: it lands whole or not at all.
    /// One statement alone is its own transaction (SQLite's autocommit): one job on SQLite's
    /// thread instead of three (a click's batch is one upsert of its page's state).
    private static func transaction(_ statements: [StoreSQL.Statement], on connection: SQLiteConnection,
                                    _ loop: any EventLoop) -> EventLoopFuture<Void> {
        if statements.count == 1 { return run(statements[0], on: connection).map { _ in } }
        let runs = [connection.query("BEGIN IMMEDIATE")] + statements.map { run($0, on: connection) }
        // Reports `error` once the transaction is rolled back (whether or not that succeeds).
        @Sendable func rollBack(_ error: any Error) -> EventLoopFuture<Void> {
            connection.query("ROLLBACK").flatMapThrowing { _ in throw error }.flatMapErrorThrowing { _ in throw error }
        }
        return EventLoopFuture.whenAllComplete(runs, on: loop).flatMap { results in
            for case .failure(let error) in results { return rollBack(error) }
            return connection.query("COMMIT").map { _ in }.flatMapError(rollBack)
        }
    }

    /// Runs `statements` in one transaction, as a batch's commit does (for tests: the same
    /// writes gathered and one by one).
    package func execute(_ statements: [StoreSQL.Statement]) async throws {
        try await Self.transaction(statements, on: connection, loop).get()
    }

    /// Every row of every table, each as text, sorted (for tests).
    package func contents() async throws -> [String] {
        var rows: [String] = []
        for table in ["sessions", "pages", "state", "app_state", "session_state"] {
            for row in try await connection.query("SELECT * FROM \(table)") {
                rows.append(table + ": " + row.columns.map { column in
                    // A blob's bytes, not only its length (which is all its description says).
                    let value = column.data.blob.map { Array($0.readableBytesView).map(String.init).joined(separator: ",") } ?? column.data.description
                    return column.name + "=" + value
                }.joined(separator: " "))
            }
        }
        return rows.sorted()
    }

    // MARK: Writing

    public func write(_ writes: [StoreWrite], _ done: @escaping @Sendable ((any Error)?) -> Void) {
        commits.write(writes, done)
    }

    private static func run(_ statement: StoreSQL.Statement, on connection: SQLiteConnection) -> EventLoopFuture<[SQLiteRow]> {
        connection.query(statement.sql, statement.values.map {
            switch $0 {
            case .text(let text): .text(text)
            case .real(let number): .float(number)
            case .bytes(let bytes): .blob(ByteBuffer(bytes: bytes))
            }
        })
    }

    public func expire(before cutoff: Double) {
        for statement in StoreSQL.expire(before: cutoff, .sqlite) { _ = Self.run(statement, on: connection) }
    }

    // MARK: Reading

    public func session(_ id: String, _ done: @escaping @Sendable (Result<StoredSession?, any Error>) -> Void) {
        let session = connection.query(StoreSQL.selectSession(.sqlite), [.text(id)])
        let values = connection.query(StoreSQL.selectSessionState(.sqlite), [.text(id)])
        session.and(values).whenComplete { result in
            done(result.map { rows, valueRows in
                rows.isEmpty ? nil : StoredSession(id: id, values: Self.values(valueRows))
            })
        }
    }

    public func page(_ id: String, _ done: @escaping @Sendable (Result<StoredPage?, any Error>) -> Void) {
        let page = connection.query(StoreSQL.selectPage(.sqlite), [.text(id)])
        let state = connection.query(StoreSQL.selectState(.sqlite), [.text(id)])
        page.and(state).whenComplete { result in
            done(result.map { pageRows, stateRows in
                guard let row = pageRows.first, let session = row.column("session")?.string, let url = row.column("url")?.string else { return nil }
                return StoredPage(id: id, session: session, url: url, values: Self.values(stateRows))
            })
        }
    }

    public func userState(_ id: String, _ done: @escaping @Sendable (Result<[String: [UInt8]], any Error>) -> Void) {
        connection.query(StoreSQL.selectUserState(.sqlite), [.text(id)]).whenComplete { result in done(result.map(Self.values)) }
    }

    public func appState(_ done: @escaping @Sendable (Result<[String: [UInt8]], any Error>) -> Void) {
        connection.query(StoreSQL.selectAppState).whenComplete { result in done(result.map(Self.values)) }
    }

    /// Rows of `key` and `value` columns, by key.
    private static func values(_ rows: [SQLiteRow]) -> [String: [UInt8]] {
        var values: [String: [UInt8]] = [:]
        for row in rows {
            guard let key = row.column("key")?.string, let value = row.column("value")?.blob else { continue }
            values[key] = Array(value.readableBytesView)
        }
        return values
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
        await commits.finish()
        try? await connection.close()
        try? await threads.shutdownGracefully()
    }
}
