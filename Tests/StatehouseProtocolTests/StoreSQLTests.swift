import Testing
@testable import StatehouseProtocol

/// The statements a batch of store writes becomes (the SQLite and PostgreSQL stores share them).
@Suite("Store statements")
struct StoreSQLTests {
    @Test("A new page in a new session is two statements and its session one: the page does not say again that the session was used")
    func newSessionIsNotTouchedAgain() {
        let writes: [StoreWrite] = [.session(id: "s1", csrf: "t"), .page(id: "p1", session: "s1", url: "/counter"),
                                    .page(id: "p2", session: "s2", url: "/todos"), .touch(page: "p3", session: "s1"),
                                    .touch(page: "p4", session: "s2")]
        let sessions = StoreSQL.sessionsWritten(in: writes)
        #expect(sessions == ["s1"])
        let statements = writes.map { StoreSQL.statements(for: $0, now: 1, .sqlite, sessionsWritten: sessions) }
        let touchesSession = { (statement: StoreSQL.Statement) in statement.sql.hasPrefix("UPDATE sessions") }
        #expect(statements.map(\.count) == [1, 1, 2, 1, 2])
        // s1 is written whole in the batch; s2, which is not, is still marked used by its page and touch.
        #expect(statements[2].filter(touchesSession).count == 1 && statements[4].filter(touchesSession).count == 1)
        #expect(statements[1].allSatisfy { !touchesSession($0) } && statements[3].allSatisfy { !touchesSession($0) })
        // Without the batch's sessions, every page write marks its session used, as before.
        #expect(writes.map { StoreSQL.statements(for: $0, now: 1, .sqlite).count } == [1, 2, 2, 2, 2])
    }
}
