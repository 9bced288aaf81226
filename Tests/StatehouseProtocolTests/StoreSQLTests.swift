import Testing
@testable import StatehouseProtocol
@testable import StatehouseViews

/// The statements a batch of store writes becomes (the SQLite and PostgreSQL stores share them).
@Suite("Store statements")
struct StoreSQLTests {
    @Test("A new page in a new session is two statements and its session one: the page does not say again that the session was used")
    func newSessionIsNotTouchedAgain() {
        let writes: [StoreWrite] = [.session(id: "s1"), .page(id: "p1", session: "s1", url: "/counter"),
                                    .page(id: "p2", session: "s2", url: "/todos"), .touch(page: "p3", session: "s1"),
                                    .touch(page: "p4", session: "s2")]
        #expect(StoreSQL.sessionsWritten(in: writes) == ["s1"])
        let statements = StoreSQL.statements(for: writes, now: 1, .sqlite, gathering: false)
        // s1 is written whole in the batch; s2, which is not, is still marked used by its page and touch.
        #expect(statements.count == 7)
        #expect(statements.filter { $0.sql.hasPrefix("UPDATE sessions") }.map { Self.texts($0.values) } == [["s2"], ["s2"]])
        // Alone, a page write marks its session used.
        #expect(StoreSQL.statements(for: [writes[1]], now: 1, .sqlite).count == 2)
    }

    @Test("Forty page loads in one batch are two statements (the sessions, the pages); forty clicks on forty pages three")
    func batchesGatherRowsOfOneKind() {
        let loads = (0..<40).flatMap { index -> [StoreWrite] in
            [.session(id: "s\(index)"), .page(id: "p\(index)", session: "s\(index)", url: "/counter")]
        }
        let statements = StoreSQL.statements(for: loads, now: 7, .sqlite)
        #expect(statements.map { String($0.sql.prefix(20)) } == ["INSERT INTO sessions", "INSERT INTO pages (i"])
        #expect(statements[0].values.count == 40 * 2 && statements[1].values.count == 40 * 4)
        #expect(Self.texts(statements[1].values).prefix(3) == ["p0", "s0", "/counter"])

        var clicks: [StoreWrite] = []
        for index in 0..<40 {
            var changes = StateChanges()
            changes.upserts = [(key: "count", value: Array("\(index)".utf8))]
            clicks += [.touch(page: "p\(index)", session: "s\(index % 3)"), .state(page: "p\(index)", changes)]
        }
        let clickStatements = StoreSQL.statements(for: clicks, now: 7, .postgres)
        #expect(clickStatements.map { String($0.sql.prefix(20)) } == ["UPDATE pages SET las", "UPDATE sessions SET ", "INSERT INTO state (p"])
        // Each session once in its statement (three sessions), each page's value in the upsert.
        #expect(clickStatements[1].values.count == 1 + 3)
        #expect(clickStatements[2].values.count == 40 * 3 && clickStatements[2].sql.contains("$120)"))
    }

    @Test("A row never joins a statement past a later change of its page, nor a statement that writes the same row")
    func batchesKeepTheOrderThatMatters() {
        var first = StateChanges(), second = StateChanges()
        first.upserts = [(key: "k", value: [1])]
        second.upserts = [(key: "k", value: [2])]
        // The page ends between its two writes: the second upsert comes after the deletes.
        let ended = StoreSQL.statements(for: [.state(page: "p", first), .endPage(id: "p"), .state(page: "p", second)], now: 1, .sqlite)
        #expect(ended.map { String($0.sql.prefix(19)) } == ["INSERT INTO state (", "DELETE FROM state W", "DELETE FROM pages W", "INSERT INTO state ("])
        // The same row twice: two statements (PostgreSQL refuses to change a row twice in one).
        let twice = StoreSQL.statements(for: [.state(page: "p", first), .state(page: "p", second)], now: 1, .postgres)
        #expect(twice.count == 2)
        // Another page's row joins the first statement: nothing later touches that page.
        let other = StoreSQL.statements(for: [.state(page: "p", first), .endPage(id: "p"), .state(page: "q", second)], now: 1, .sqlite)
        #expect(other.count == 3 && other[0].values.count == 6)
    }

    @Test("A statement holds at most 200 rows")
    func statementsAreBounded() {
        let sessions = (0..<450).map { StoreWrite.session(id: "s\($0)") }
        #expect(StoreSQL.statements(for: sessions, now: 1, .postgres).map { $0.values.count / 2 } == [200, 200, 50])
    }

    private static func texts(_ values: [StoreSQL.Value]) -> [String] {
        values.compactMap { if case .text(let text) = $0 { text } else { nil } }
    }
}
