import Foundation
import StatehouseProtocol
import StatehouseSQLite
import StatehouseTesting
import StatehouseViews
import Testing

/// A batch's writes gathered into multi-row statements (`StoreSQL.statements(for:now:_:)`), on
/// a real SQLite file against the same writes one row a statement.
@Suite("Durable store batches")
struct StoreBatchTests {
    @Test("Random batches, gathered into multi-row statements, leave the file as the same writes one row at a time do, batch after batch")
    func gatheredBatchesWriteWhatRowsDo() async throws {
        let paths = (0..<2).map { _ in FileManager.default.temporaryDirectory.appendingPathComponent("statehouse-batch-\(UUID().uuidString).sqlite").path }
        defer { for path in paths { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } } }
        let gathered = try await SQLiteStore.open(path: paths[0])
        let alone = try await SQLiteStore.open(path: paths[1])
        var random = SplitMix64(seed: 20_261_126)
        var statements = (gathered: 0, alone: 0)
        var tablesWritten: Set<String> = []
        for batch in 0..<150 {
            let writes = (0..<Int.random(in: 1...40, using: &random)).map { _ in Self.write(&random) }
            let together = StoreSQL.statements(for: writes, now: Double(batch), .sqlite)
            let apart = StoreSQL.statements(for: writes, now: Double(batch), .sqlite, gathering: false)
            try await gathered.execute(together)
            try await alone.execute(apart)
            statements.gathered += together.count
            statements.alone += apart.count
            let (a, b) = (try await gathered.contents(), try await alone.contents())
            #expect(a == b, "batch \(batch): \(writes)")
            if a != b { break }
            for row in b { tablesWritten.insert(String(row.prefix { $0 != ":" })) }
        }
        // Every table written, and the gathering did gather (this mix is made to collide: few
        // rows, and a seventh of the writes end a page, two statements that stay apart; a batch
        // of page loads or of clicks on different pages gathers far more: StoreSQLTests).
        for table in ["sessions", "pages", "state", "app_state", "session_state"] {
            #expect(tablesWritten.contains(table), "\(table) had rows")
        }
        #expect(statements.gathered * 4 < statements.alone * 3, "\(statements)")
        await gathered.close()
        await alone.close()
    }

    /// A write among few sessions, pages and keys, so that batches write the same rows again.
    private static func write(_ random: inout SplitMix64) -> StoreWrite {
        func pick(_ prefix: String, _ count: Int) -> String { prefix + String(Int.random(in: 0..<count, using: &random)) }
        func changes() -> StateChanges {
            var changes = StateChanges()
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                if Int.random(in: 0..<4, using: &random) == 0 {
                    changes.removals.append(pick("k", 4))
                } else {
                    changes.upserts.append((key: pick("k", 4), value: (0..<Int.random(in: 1...3, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }))
                }
            }
            return changes
        }
        // A session's end, rarely: it deletes much, and gathers nothing across it.
        if Int.random(in: 0..<40, using: &random) == 0 { return .endSession(id: pick("s", 4)) }
        switch Int.random(in: 0..<7, using: &random) {
        case 0: return .session(id: pick("s", 4))
        case 1: return .page(id: pick("p", 6), session: pick("s", 4), url: pick("/u", 100))
        case 2: return .touch(page: pick("p", 6), session: pick("s", 4))
        case 3: return .state(page: pick("p", 6), changes())
        case 4: return .appState(changes())
        case 5: return .sessionState(session: pick("s", 4), changes())
        default: return .endPage(id: pick("p", 6))
        }
    }
}
