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

    /// Creates what is missing.
    package static func schema(_ dialect: Dialect) -> [String] {
        let (real, bytes, table) = dialect == .sqlite ? ("REAL", "BLOB", " WITHOUT ROWID") : ("DOUBLE PRECISION", "BYTEA", "")
        return [
            "CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, csrf TEXT NOT NULL, last_used \(real) NOT NULL)\(table)",
            "CREATE TABLE IF NOT EXISTS pages (id TEXT PRIMARY KEY, session TEXT NOT NULL, url TEXT NOT NULL, last_used \(real) NOT NULL)\(table)",
            "CREATE INDEX IF NOT EXISTS pages_by_session ON pages (session)",
            "CREATE INDEX IF NOT EXISTS pages_by_use ON pages (last_used)",
            "CREATE TABLE IF NOT EXISTS state (page TEXT NOT NULL, key TEXT NOT NULL, value \(bytes) NOT NULL, PRIMARY KEY (page, key))\(table)",
            "CREATE TABLE IF NOT EXISTS app_state (key TEXT PRIMARY KEY, value \(bytes) NOT NULL)\(table)",
            "CREATE TABLE IF NOT EXISTS session_state (session TEXT NOT NULL, key TEXT NOT NULL, value \(bytes) NOT NULL, PRIMARY KEY (session, key))\(table)",
        ]
    }

    /// The sessions a batch of writes writes whole (new ones): a page written in the same batch
    /// need not say that its session was used, as the session's own row says so, at the same time.
    package static func sessionsWritten(in writes: [StoreWrite]) -> Set<String> {
        var sessions: Set<String> = []
        for case .session(let id, _) in writes { sessions.insert(id) }
        return sessions
    }

    /// What `write` does, at `now` (seconds since 1970), in a batch (one transaction) that also
    /// writes the sessions `sessionsWritten` (see `sessionsWritten(in:)`): a new page in a new
    /// session is two statements and its session one, not four.
    package static func statements(for write: StoreWrite, now: Double, _ dialect: Dialect, sessionsWritten: Set<String> = []) -> [Statement] {
        var statements: [Statement]
        switch write {
        case .session(let id, let csrf):
            statements = [("INSERT INTO sessions (id, csrf, last_used) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET last_used = excluded.last_used",
                           [.text(id), .text(csrf), .real(now)])]
        case .page(let id, let session, let url):
            statements = [("INSERT INTO pages (id, session, url, last_used) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET url = excluded.url, last_used = excluded.last_used",
                           [.text(id), .text(session), .text(url), .real(now)])]
            if !sessionsWritten.contains(session) { statements.append(sessionUsed(session, now: now)) }
        case .touch(let page, let session):
            statements = [("UPDATE pages SET last_used = ? WHERE id = ?", [.real(now), .text(page)])]
            if !sessionsWritten.contains(session) { statements.append(sessionUsed(session, now: now)) }
        case .state(let page, let changes):
            statements = keyed(changes, in: "state", owner: ("page", page))
        case .appState(let changes):
            statements = keyed(changes, in: "app_state", owner: nil)
        case .sessionState(let session, let changes):
            statements = keyed(changes, in: "session_state", owner: ("session", session))
        case .endPage(let id):
            statements = [("DELETE FROM state WHERE page = ?", [.text(id)]), ("DELETE FROM pages WHERE id = ?", [.text(id)])]
        }
        return statements.map { (placeholders($0.sql, dialect), $0.values) }
    }

    private static func sessionUsed(_ session: String, now: Double) -> Statement {
        ("UPDATE sessions SET last_used = ? WHERE id = ?", [.real(now), .text(session)])
    }

    /// The deletes and upserts of `changes` in a table of `key`/`value` rows, each under an
    /// owner column (a page's, a session's) or none (the App's).
    private static func keyed(_ changes: StateChanges, in table: String, owner: (column: String, id: String)?) -> [Statement] {
        let ownerValues: [Value] = owner.map { [.text($0.id)] } ?? []
        let match = owner.map { "\($0.column) = ? AND " } ?? ""
        let columns = owner.map { "\($0.column), " } ?? ""
        let marks = owner == nil ? "" : "?, "
        return changes.removals.map { ("DELETE FROM \(table) WHERE \(match)key = ?", ownerValues + [.text($0)]) }
            + changes.upserts.map {
                ("INSERT INTO \(table) (\(columns)key, value) VALUES (\(marks)?, ?) ON CONFLICT (\(columns)key) DO UPDATE SET value = excluded.value",
                 ownerValues + [.text($0.key), .bytes($0.value)])
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

    package static func selectSession(_ dialect: Dialect) -> String { placeholders("SELECT csrf FROM sessions WHERE id = ?", dialect) }
    package static func selectPage(_ dialect: Dialect) -> String { placeholders("SELECT session, url FROM pages WHERE id = ?", dialect) }
    package static func selectSessionState(_ dialect: Dialect) -> String {
        placeholders("SELECT key, value FROM session_state WHERE session = ?", dialect)
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
