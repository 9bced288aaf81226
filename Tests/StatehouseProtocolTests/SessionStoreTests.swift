import Foundation
import Statehouse
import Testing
@testable import StatehouseProtocol

/// Sessions and pages without HTTP: caps, eviction order, and the recency list behind them.
@MainActor
@Suite("Session store")
struct SessionStoreTests {
    struct Empty: View { var body: some View { Text("page") } }
    let route = Route("/") { Empty() }._routes[0]

    @Test("At the session cap a new session evicts the least recently used one; a request makes a session recent again")
    func evictsLeastRecentlyUsed() throws {
        var settings = ProtocolSettings()
        settings.maxSessions = 10_000
        let store = SessionStore(limits: settings)
        var made = (0..<10_000).map { _ in store.newSession() }
        #expect(store.sessionCount == 10_000)
        // Sessions 0 and 1 are used again: 2 is now the least recently used.
        _ = try store.session(made[0].id.description).get()
        _ = try store.session(made[1].id.description).get()
        let fresh = store.newSession()
        #expect(store.sessionCount == 10_000, "the cap holds")
        #expect(store.session(made[2].id.description).isFailure, "session 2 was evicted")
        #expect(try store.session(made[0].id.description).get() === made[0])
        // 1,000 more: each evicts the next oldest, in the order they were last used.
        for _ in 0..<1_000 { made.append(store.newSession()) }
        let order = store.recency.inOrder
        #expect(order.count == 10_000)
        #expect(order.first === made[1_003], "sessions 3…1002 were evicted in order")
        #expect(order.contains { $0 === fresh } && order.last === made.last)
        #expect(Set(order.map { ObjectIdentifier($0) }).count == order.count, "no session twice")
    }

    @Test("Over --max-pages in all, a new page evicts the least recently used sessions with their pages (never its own), and a request for one says why")
    func totalPageCap() throws {
        var settings = ProtocolSettings()
        settings.maxPages = 5
        let store = SessionStore(limits: settings)
        var made: [(Session, Page)] = []
        for _ in 0..<8 {
            let session = store.newSession()
            made.append((session, store.newPage(route, tree: route.makeTree(FormMarkup.self), in: session)))
        }
        #expect(store.pageCount == 5)
        #expect(store.sessionCount == 5, "sessions 0, 1 and 2 went with their pages")
        let (first, firstPage) = made[0]
        let refusal = store.session(first.id.description).map { _ in "held" }
        #expect(refusal.isFailure)
        if case .failure(let why) = refusal {
            #expect(String(decoding: why.response.body, as: UTF8.self).contains("evicted to make room (the server holds at most 5 pages)"))
        }
        _ = firstPage
        // One session's own pages are never evicted for it: it may hold more than the cap.
        let (last, _) = made[7]
        for _ in 0..<6 { _ = store.newPage(route, tree: route.makeTree(FormMarkup.self), in: last) }
        #expect(store.sessionCount == 1 && store.pageCount == 7, "the other sessions went; its own pages stayed")
    }

    @Test("Ending sessions (evicted, expired, all at shutdown) keeps the recency list exactly the live sessions")
    func listFollowsEndings() throws {
        var settings = ProtocolSettings()
        settings.maxSessions = 3
        settings.sessionTTL = 1
        let store = SessionStore(limits: settings)
        let a = store.newSession(), b = store.newSession()
        _ = store.newPage(route, tree: route.makeTree(FormMarkup.self), in: b)
        let c = store.newSession()
        #expect(store.recency.inOrder.map(\.id) == [a.id, b.id, c.id])
        let d = store.newSession()
        #expect(store.recency.inOrder.map(\.id) == [b.id, c.id, d.id])
        // Two seconds later every page has expired, then the sessions without pages.
        store.sweep(now: Uptime.now + 2_000_000_000)
        #expect(store.pageCount == 0)
        #expect(store.sessionCount == 0 && store.recency.inOrder.isEmpty)
        _ = store.newSession()
        store.removeAll()
        #expect(store.recency.inOrder.isEmpty)
    }

    /// A durable store whose every write fails at once.
    final class FailingStore: DurableStore {
        struct Failure: Error {}
        func write(_ writes: [StoreWrite], _ done: @escaping @Sendable ((any Error)?) -> Void) { done(Failure()) }
        func session(_ id: String, _ done: @escaping @Sendable (Result<StoredSession?, any Error>) -> Void) { done(.failure(Failure())) }
        func page(_ id: String, _ done: @escaping @Sendable (Result<StoredPage?, any Error>) -> Void) { done(.failure(Failure())) }
        func appState(_ done: @escaping @Sendable (Result<[String: [UInt8]], any Error>) -> Void) { done(.failure(Failure())) }
        func onAppStateWritten(_ handler: @escaping @Sendable (String, [UInt8]) -> Void) {}
        func announceTaken(page id: String) {}
        func onPageTaken(_ handler: @escaping @Sendable (String) -> Void) {}
        func expire(before cutoff: Double) {}
        func close() async {}
    }

    /// A durable store that answers every write at once, on the caller's thread: each write
    /// takes the next of `outcomes` (true: commits), and fails once they run out.
    /// A store that answers each write at once as scripted (`outcomes`: commit or fail; then
    /// `unscripted`), or, with `holds`, keeps it until the test fails it (`fail`).
    final class ScriptedStore: DurableStore, @unchecked Sendable {
        var outcomes: [Bool] = []
        var unscripted = false
        var holds = false
        private(set) var waiting: [([StoreWrite], @Sendable ((any Error)?) -> Void)] = []
        private(set) var committed: [[StoreWrite]] = []
        func write(_ writes: [StoreWrite], _ done: @escaping @Sendable ((any Error)?) -> Void) {
            if holds { return waiting.append((writes, done)) }
            let commits = outcomes.isEmpty ? unscripted : outcomes.removeFirst()
            if commits { committed.append(writes) }
            done(commits ? nil : FailingStore.Failure())
        }
        /// Fails the write held `index`th.
        func fail(_ index: Int) { waiting[index].1(FailingStore.Failure()) }
        func session(_ id: String, _ done: @escaping @Sendable (Result<StoredSession?, any Error>) -> Void) { done(.success(nil)) }
        func page(_ id: String, _ done: @escaping @Sendable (Result<StoredPage?, any Error>) -> Void) { done(.success(nil)) }
        func appState(_ done: @escaping @Sendable (Result<[String: [UInt8]], any Error>) -> Void) { done(.success([:])) }
        func expire(before cutoff: Double) {}
        func close() async {}
    }

    /// A session store over a `ScriptedStore` that holds every write until the test fails it.
    static func storeHoldingWrites(_ configure: (inout ProtocolSettings) -> Void = { _ in }) -> (ScriptedStore, SessionStore) {
        let manual = ScriptedStore()
        manual.holds = true
        var settings = ProtocolSettings()
        settings.stateStore = manual
        configure(&settings)
        return (manual, SessionStore(limits: settings))
    }

    @Test("A store that answers at once and fails again while what was held back is written stays failing (it read ok with those writes lost)")
    func failingAgainWhileCatchingUp() {
        let scripted = ScriptedStore()
        var settings = ProtocolSettings()
        settings.stateStore = scripted
        let store = SessionStore(limits: settings)
        let pages = (0..<3).map { _ in store.newPage(route, tree: route.makeTree(FormMarkup.self), in: store.newSession()) }
        store.persist(pages[0])  // fails: the store is failing
        #expect(store.storeCondition == .failing)
        for page in pages.dropFirst() { store.persist(page) }  // held back
        // A try commits; writing the pages held back, the store fails again.
        scripted.outcomes = [true, false]
        store.persist(pages[1], trying: true)
        #expect(store.storeCondition == .failing, "not ok: a page held back is still unwritten")
        // It works: a try commits, and the rest is written.
        scripted.outcomes = Array(repeating: true, count: 10)
        store.persist(pages[2], trying: true)
        #expect(store.storeCondition == .works)
    }

    @Test("Writes of a page that ended while they were on their way, failing one after the other, are written again in the order they were made")
    func failedWritesKeepTheirOrder() throws {
        // Every later write of the page says it was used.
        let (manual, store) = Self.storeHoldingWrites { $0.sessionTTL = 0.000_01 }
        let page = store.newPage(route, tree: route.makeTree(FormMarkup.self), in: store.newSession())
        let other = store.newPage(route, tree: route.makeTree(FormMarkup.self), in: store.newSession())
        store.persist(page)  // the page and its session
        usleep(1000)
        store.persist(page)  // that it was used
        #expect(manual.waiting.count == 2)
        store.remove(page, reason: .idlePage(seconds: 1))
        manual.fail(0)
        manual.fail(1)
        #expect(store.storeCondition == .failing)
        // The store works again: what was held back is written.
        (manual.holds, manual.unscripted) = (false, true)
        store.persist(other, trying: true)
        let written = manual.committed.filter { $0.contains { if case .page(page.id.description, _, _) = $0 { true } else { false } } || $0.contains { if case .touch(page.id.description, _) = $0 { true } else { false } } }
        #expect(written.count == 2)
        let first = try #require(written.first)
        #expect(first.contains { if case .page = $0 { true } else { false } }, "the page's first write (the page itself) first, its later one (used) after: \(written)")
    }

    @Test("A page that ends while a write of it hangs is freed, tree and all (a hung store must not keep ended pages outside the caps); the write, failing later, is still kept for the store")
    func endedPageFreedWhileWriteHangs() throws {
        let (manual, store) = Self.storeHoldingWrites()
        weak var ended: Page?
        do {
            let page = store.newPage(route, tree: route.makeTree(FormMarkup.self), in: store.newSession())
            store.persist(page)
            #expect(manual.waiting.count == 1)
            ended = page
            store.remove(page, reason: .idlePage(seconds: 1))
        }
        #expect(ended == nil, "the write on its way does not hold the page")
        manual.fail(0)
        #expect(store.heldBackOfEnded.count == 1, "what it held is kept for the store")
        #expect(store.writesInFlight == 0)
    }

    @Test("A page taken up here again (with its write on its way on top) and ended again: that write, failing later, is not kept (it would be written over the newer whole write)")
    func retakenPageOutdatesItsWrites() {
        let (manual, store) = Self.storeHoldingWrites()
        let session = store.newSession()
        let page = store.newPage(route, tree: route.makeTree(FormMarkup.self), in: session)
        store.persist(page)  // on its way
        store.remove(page, reason: .idlePage(seconds: 1))
        let again = store.newPage(route, tree: route.makeTree(FormMarkup.self), in: session, id: page.id)
        store.forgetStored(again)
        store.persist(again)  // written in whole
        store.remove(again, reason: .idlePage(seconds: 1))
        #expect(manual.waiting.count == 2)
        manual.fail(0)
        #expect(store.heldBackOfEnded.isEmpty, "the older write is not kept")
        manual.fail(1)
        #expect(store.heldBackOfEnded.count == 1, "the newer one is")
    }

    @Test("A page taken up where the store has no copy (or cannot be read) is built from the writes that ended here only if they begin with all of it: a moved page's delta alone is no page (taken up, it would be written in whole with the rest of its state lost)")
    func takenUpOnlyFromWholeWrites() {
        var settings = ProtocolSettings()
        settings.stateStore = ScriptedStore()
        let store = SessionStore(limits: settings)
        let id = Token.random()
        let moved: [StoreWrite] = [.page(id: id.description, session: "s", url: "/bookshelf/dune")]
        store.holdBack(moved, ofEnded: id, whole: false)
        let fromDelta = store.withHeldBack(page: id, over: nil)
        #expect(fromDelta.page == nil)
        let stored = StoredPage(id: id.description, session: "s", url: "/bookshelf", values: ["kept": [1]])
        #expect(store.withHeldBack(page: id, over: stored).page?.url == "/bookshelf/dune", "on a stored copy, the delta goes on top")
        #expect(store.withHeldBack(page: id, over: stored).page?.values["kept"] == [1])
        store.dropHeldBack(ofEnded: id)
        store.holdBack(moved, ofEnded: id, whole: true)
        #expect(store.withHeldBack(page: id, over: nil).page?.url == "/bookshelf/dune", "from a whole write alone")
    }

    @Test("While the store fails, what evicted sessions and pages leave to write (their deletions) is held back for it, but never more than the session cap's worth (a flood of new sessions cannot grow it without end)")
    func heldBackOfEndedIsBounded() {
        var settings = ProtocolSettings()
        settings.maxSessions = 3
        settings.stateStore = FailingStore()
        let store = SessionStore(limits: settings)
        for round in 0..<20 {
            let session = store.newSession()
            let page = store.newPage(route, tree: route.makeTree(FormMarkup.self), in: session)
            store.persist(page)  // fails (the first) or is held back (the store is failing)
            #expect(store.storeCondition == .failing)
            #expect(store.heldBackOfEnded.count == min(max(round - 2, 0) * 2, 3), "round \(round): a page's deletion and its session's, each eviction")
        }
    }
}

extension Result {
    var isFailure: Bool { if case .failure = self { true } else { false } }
}
