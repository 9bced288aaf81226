import StatehouseViews

/// The SQL of the built-in durable stores: SQLite and PostgreSQL take the same tables and the
/// same upserts (`INSERT … ON CONFLICT … DO UPDATE`), with their own column types and
/// placeholders.
package enum StoreSQL {
    package enum Dialect: Sendable { case sqlite, postgres }

    /// A bound value.
    package enum Value: Sendable {
        case text(String)
        case real(Double)
        case bytes([UInt8])
    }

    /// A statement and its values, in placeholder order.
    package typealias Statement = (sql: String, values: [Value])

    /// The version of the tables `schema` makes, kept in `store_version`. (Version 1, which
    /// recorded none, kept session ids and CSRF tokens as the browser has them.)
    package static let version = 2
    /// Made before anything else, to read the version a store is at (`selectVersion`).
    package static let versionTable = "CREATE TABLE IF NOT EXISTS store_version (version INTEGER NOT NULL)"
    package static let selectVersion = "SELECT version FROM store_version"

    /// What brings a store at `version` (nil: it recorded none) to this one: a store at
    /// version 1 ends its sessions, their pages and their state (their ids were kept as they
    /// are, which opens them to whoever reads the store); the App's state is kept. Nil for a
    /// store of a newer version, which this one cannot use.
    package static func upgrade(from version: Int?, _ dialect: Dialect) -> [String]? {
        if version == Self.version { return schema(dialect) }
        if let version, version > Self.version { return nil }
        return ["DROP TABLE IF EXISTS session_state", "DROP TABLE IF EXISTS state", "DROP TABLE IF EXISTS pages",
                "DROP TABLE IF EXISTS sessions"]
            + schema(dialect) + ["DELETE FROM store_version", "INSERT INTO store_version (version) VALUES (\(Self.version))"]
    }

    /// Creates what is missing.
    package static func schema(_ dialect: Dialect) -> [String] {
        let (real, bytes, table) = dialect == .sqlite ? ("REAL", "BLOB", " WITHOUT ROWID") : ("DOUBLE PRECISION", "BYTEA", "")
        return [
            "CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, last_used \(real) NOT NULL)\(table)",
            "CREATE TABLE IF NOT EXISTS pages (id TEXT PRIMARY KEY, session TEXT NOT NULL, url TEXT NOT NULL, last_used \(real) NOT NULL)\(table)",
            "CREATE INDEX IF NOT EXISTS pages_by_session ON pages (session)",
            "CREATE INDEX IF NOT EXISTS pages_by_use ON pages (last_used)",
            "CREATE TABLE IF NOT EXISTS state (page TEXT NOT NULL, key TEXT NOT NULL, value \(bytes) NOT NULL, PRIMARY KEY (page, key))\(table)",
            "CREATE TABLE IF NOT EXISTS app_state (key TEXT PRIMARY KEY, value \(bytes) NOT NULL)\(table)",
            "CREATE TABLE IF NOT EXISTS session_state (session TEXT NOT NULL, key TEXT NOT NULL, value \(bytes) NOT NULL, PRIMARY KEY (session, key))\(table)",
            // `@UserStorage`: kept for as long as the app keeps its user (no expiry).
            "CREATE TABLE IF NOT EXISTS user_state (account TEXT NOT NULL, key TEXT NOT NULL, value \(bytes) NOT NULL, PRIMARY KEY (account, key))\(table)",
        ]
    }

    /// The statements of one batch of writes (one transaction), at `now` (seconds since 1970):
    /// the rows of the same kind gathered into multi-row statements, so a batch of forty page
    /// loads is two statements (the sessions, the pages), not eighty. (Each statement is a round
    /// trip: a job on SQLite's thread and a hop back, a message to PostgreSQL and its answer.)
    ///
    /// A row joins the last statement of its kind unless a later statement touches the same
    /// session, page or App state (`Change.scope`), so what the batch leaves is what the writes
    /// one by one leave; and no statement holds one row twice (PostgreSQL refuses an upsert that
    /// would change a row twice). `gathering: false` writes each row alone (the tests compare).
    package static func statements(for writes: [StoreWrite], now: Double, _ dialect: Dialect, gathering: Bool = true) -> [Statement] {
        let sessions = sessionsWritten(in: writes)
        var groups: [Group] = []
        var lastOfKind: [Change.Kind: Int] = [:]
        for write in writes {
            for change in changes(for: write, sessionsWritten: sessions) {
                if gathering, change.kind.gathers, let index = lastOfKind[change.kind],
                   !groups[(index + 1)...].contains(where: { $0.scopes.contains(change.scope) }) {
                    // The same `last_used = now` again, with nothing of its scope between: done.
                    if change.kind.isUse, groups[index].holds(change.row) { continue }
                    if groups[index].accepts(change) {
                        groups[index].add(change)
                        continue
                    }
                }
                lastOfKind[change.kind] = groups.count
                groups.append(Group(change))
            }
            // A session's end deletes rows of pages no scope names (all of the session's): no
            // later row joins a statement before it.
            if case .endSession = write { lastOfKind.removeAll() }
        }
        return groups.map { ($0.sql(dialect), $0.values(now: now)) }
    }

    /// The sessions a batch of writes writes whole (new ones): a page written in the same batch
    /// need not say that its session was used, as the session's own row says so, at the same time.
    static func sessionsWritten(in writes: [StoreWrite]) -> Set<String> {
        var sessions: Set<String> = []
        for case .session(let id) in writes { sessions.insert(id) }
        return sessions
    }

    /// One row that a write inserts, updates or deletes.
    struct Change {
        enum Kind: Hashable {
            case upsertSession, upsertPage, sessionUsed, pageUsed
            case upsertKeyed(KeyedTable), deleteKeyed(KeyedTable)
            case deletePageState, deletePage
            case deleteSessionPagesState, deleteSessionPages, deleteSessionState, deleteSession

            /// Whether rows of this kind share a statement (deletes stay one each: they are rare,
            /// and a page's end deletes by a column that is not the row's key).
            var gathers: Bool {
                switch self {
                case .upsertSession, .upsertPage, .sessionUsed, .pageUsed, .upsertKeyed: true
                case .deleteKeyed, .deletePageState, .deletePage, .deleteSessionPagesState, .deleteSessionPages,
                     .deleteSessionState, .deleteSession: false
                }
            }

            /// A `last_used = now`: the same row twice in a batch is once.
            var isUse: Bool { self == .sessionUsed || self == .pageUsed }
        }

        let kind: Kind
        /// The row's values in column order (a `…Used` change: the id only; `now` is the batch's).
        let values: [Value]
        /// What the change belongs to: changes of one scope keep their order.
        let scope: String
        /// The row it writes: one statement never writes a row twice.
        let row: String
    }

    /// The tables of `key`/`value` rows, each under an owner column or none (the App's).
    enum KeyedTable: Hashable {
        case state, appState, sessionState, userState
        var name: String {
            switch self {
            case .state: "state"
            case .appState: "app_state"
            case .sessionState: "session_state"
            case .userState: "user_state"
            }
        }
        var owner: String? {
            switch self {
            case .state: "page"
            case .appState: nil
            case .sessionState: "session"
            case .userState: "account"  // (`user` is a reserved word in PostgreSQL)
            }
        }
    }

    /// What `write` changes, row by row, in a batch that also writes the sessions
    /// `sessionsWritten` (see `sessionsWritten(in:)`).
    static func changes(for write: StoreWrite, sessionsWritten: Set<String>) -> [Change] {
        func used(_ session: String) -> [Change] {
            sessionsWritten.contains(session) ? [] : [Change(kind: .sessionUsed, values: [.text(session)], scope: "session " + session, row: session)]
        }
        switch write {
        case .session(let id):
            return [Change(kind: .upsertSession, values: [.text(id)], scope: "session " + id, row: id)]
        case .page(let id, let session, let url):
            return [Change(kind: .upsertPage, values: [.text(id), .text(session), .text(url)], scope: "page " + id, row: id)] + used(session)
        case .touch(let id, let session):
            return [Change(kind: .pageUsed, values: [.text(id)], scope: "page " + id, row: id)] + used(session)
        case .state(let id, let changes):
            return keyed(changes, in: .state, owner: id, scope: "state " + id)
        case .appState(let changes):
            return keyed(changes, in: .appState, owner: nil, scope: "app state")
        case .sessionState(let id, let changes):
            return keyed(changes, in: .sessionState, owner: id, scope: "session state " + id)
        case .userState(let id, let changes):
            return keyed(changes, in: .userState, owner: id, scope: "user state " + id)
        case .endPage(let id):
            return [Change(kind: .deletePageState, values: [.text(id)], scope: "state " + id, row: id),
                    Change(kind: .deletePage, values: [.text(id)], scope: "page " + id, row: id)]
        case .endSession(let id):
            return [Change(kind: .deleteSessionPagesState, values: [.text(id)], scope: "session " + id, row: id),
                    Change(kind: .deleteSessionPages, values: [.text(id)], scope: "session " + id, row: id),
                    Change(kind: .deleteSessionState, values: [.text(id)], scope: "session state " + id, row: id),
                    Change(kind: .deleteSession, values: [.text(id)], scope: "session " + id, row: id)]
        }
    }

    /// The deletes and upserts of `changes` in a table of `key`/`value` rows.
    private static func keyed(_ changes: StateChanges, in table: KeyedTable, owner: String?, scope: String) -> [Change] {
        let ownerValues: [Value] = owner.map { [.text($0)] } ?? []
        // The row: its owner and key (a NUL between: in neither).
        let row = { (key: String) in (owner ?? "") + "\u{0}" + key }
        return changes.removals.map { Change(kind: .deleteKeyed(table), values: ownerValues + [.text($0)], scope: scope, row: row($0)) }
            + changes.upserts.map {
                Change(kind: .upsertKeyed(table), values: ownerValues + [.text($0.key), .bytes($0.value)], scope: scope, row: row($0.key))
            }
    }

    /// Rows of one kind that go in one statement.
    struct Group {
        let kind: Change.Kind
        private(set) var rows: [[Value]]
        private(set) var rowKeys: Set<String>
        private(set) var scopes: Set<String>

        /// At most this many rows in a statement (a page's upsert binds four values a row).
        static let maximumRows = 200

        init(_ change: Change) {
            kind = change.kind
            rows = [change.values]
            rowKeys = [change.row]
            scopes = [change.scope]
        }

        func holds(_ row: String) -> Bool { rowKeys.contains(row) }
        func accepts(_ change: Change) -> Bool { rows.count < Self.maximumRows && !rowKeys.contains(change.row) }

        mutating func add(_ change: Change) {
            rows.append(change.values)
            rowKeys.insert(change.row)
            scopes.insert(change.scope)
        }

        func values(now: Double) -> [Value] {
            switch kind {
            case .upsertSession, .upsertPage: rows.flatMap { $0 + [.real(now)] }
            case .sessionUsed, .pageUsed: [.real(now)] + rows.joined()
            default: Array(rows.joined())
            }
        }

        func sql(_ dialect: Dialect) -> String {
            /// `(?, ?, ?), (?, ?, ?)`: a row's placeholders, once per row.
            func tuples(_ width: Int) -> String {
                let row = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
                return Array(repeating: row, count: rows.count).joined(separator: ", ")
            }
            let list = Array(repeating: "?", count: rows.count).joined(separator: ", ")
            let sql: String
            switch kind {
            case .upsertSession:
                sql = "INSERT INTO sessions (id, last_used) VALUES \(tuples(2)) ON CONFLICT (id) DO UPDATE SET last_used = excluded.last_used"
            case .upsertPage:
                sql = "INSERT INTO pages (id, session, url, last_used) VALUES \(tuples(4)) ON CONFLICT (id) DO UPDATE SET url = excluded.url, last_used = excluded.last_used"
            case .sessionUsed:
                sql = "UPDATE sessions SET last_used = ? WHERE id IN (\(list))"
            case .pageUsed:
                sql = "UPDATE pages SET last_used = ? WHERE id IN (\(list))"
            case .upsertKeyed(let table):
                let columns = table.owner.map { "\($0), key" } ?? "key"
                sql = "INSERT INTO \(table.name) (\(columns), value) VALUES \(tuples(table.owner == nil ? 2 : 3)) ON CONFLICT (\(columns)) DO UPDATE SET value = excluded.value"
            case .deleteKeyed(let table):
                sql = "DELETE FROM \(table.name) WHERE \(table.owner.map { "\($0) = ? AND " } ?? "")key = ?"
            case .deletePageState:
                sql = "DELETE FROM state WHERE page = ?"
            case .deletePage:
                sql = "DELETE FROM pages WHERE id = ?"
            case .deleteSessionPagesState:
                sql = "DELETE FROM state WHERE page IN (SELECT id FROM pages WHERE session = ?)"
            case .deleteSessionPages:
                sql = "DELETE FROM pages WHERE session = ?"
            case .deleteSessionState:
                sql = "DELETE FROM session_state WHERE session = ?"
            case .deleteSession:
                sql = "DELETE FROM sessions WHERE id = ?"
            }
            return placeholders(sql, dialect)
        }
    }

    /// Deletes pages and sessions last used before `cutoff`.
    package static func expire(before cutoff: Double, _ dialect: Dialect) -> [Statement] {
        let statements: [Statement] = [
            ("DELETE FROM state WHERE page IN (SELECT id FROM pages WHERE last_used < ?)", [.real(cutoff)]),
            ("DELETE FROM pages WHERE last_used < ?", [.real(cutoff)]),
            ("DELETE FROM sessions WHERE last_used < ? AND NOT EXISTS (SELECT 1 FROM pages WHERE pages.session = sessions.id)", [.real(cutoff)]),
            ("DELETE FROM session_state WHERE NOT EXISTS (SELECT 1 FROM sessions WHERE sessions.id = session_state.session)", []),
            // State written for a page that had expired meanwhile.
            ("DELETE FROM state WHERE NOT EXISTS (SELECT 1 FROM pages WHERE pages.id = state.page)", [])]
        return statements.map { (placeholders($0.sql, dialect), $0.values) }
    }

    package static func selectSession(_ dialect: Dialect) -> String { placeholders("SELECT id FROM sessions WHERE id = ?", dialect) }
    package static func selectPage(_ dialect: Dialect) -> String { placeholders("SELECT session, url FROM pages WHERE id = ?", dialect) }
    package static func selectSessionState(_ dialect: Dialect) -> String {
        placeholders("SELECT key, value FROM session_state WHERE session = ?", dialect)
    }
    package static func selectUserState(_ dialect: Dialect) -> String {
        placeholders("SELECT key, value FROM user_state WHERE account = ?", dialect)
    }
    package static func selectState(_ dialect: Dialect) -> String { placeholders("SELECT key, value FROM state WHERE page = ?", dialect) }
    package static func selectAppValue(_ dialect: Dialect) -> String { placeholders("SELECT value FROM app_state WHERE key = ?", dialect) }
    package static let selectAppState = "SELECT key, value FROM app_state"

    /// `?` placeholders as the dialect writes them (`$1`, `$2`, … for PostgreSQL).
    private static func placeholders(_ sql: String, _ dialect: Dialect) -> String {
        guard dialect == .postgres else { return sql }
        var result = ""
        var number = 0
        for character in sql {
            if character == "?" {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }
}
