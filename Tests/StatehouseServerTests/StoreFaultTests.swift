import Foundation
import StatehouseLoopback
import Statehouse
import Synchronization
import Testing
@testable import StatehouseNIO
@testable import StatehouseProtocol
import StatehouseSQLite

/// Issue 19's fault tests: a state store that fails, hangs or fills its disk, and processes
/// stopped under load. The server keeps serving from memory and says so (`/_sh/health`'s
/// `store`), and writes what it held back once the store commits again; what it acknowledged
/// while the store worked is never lost.
@Suite("State store faults and stops under load", .serialized)
struct StoreFaultTests {
    /// A SQLite store that can be told to fail every write, to fail every write and read (a
    /// database gone), to hold every write (a store that does not answer) until released, or
    /// to take a while over each.
    final class FlakyStore: DurableStore {
        enum Mode: Equatable { case works, fails, down, hangs, slow(seconds: Double) }
        struct Failure: Error, CustomStringConvertible { var description: String { "disk I/O error (test)" } }
        let inner: SQLiteStore
        private let state = Mutex<(mode: Mode, held: [([StoreWrite], @Sendable ((any Error)?) -> Void)])>((.works, []))
        private let unanswered = Atomic(0)
        /// Writes taken and not yet answered.
        var inFlight: Int { unanswered.load(ordering: .sequentiallyConsistent) }
        /// Writes held while it hangs.
        var held: Int { state.withLock { $0.held.count } }

        init(_ inner: SQLiteStore) { self.inner = inner }

        func set(_ mode: Mode) {
            let held = state.withLock { state in
                state.mode = mode
                defer { if mode != .hangs { state.held = [] } }
                return mode == .hangs ? [] : state.held
            }
            for (writes, done) in held { write(writes, done) }
        }

        func write(_ writes: [StoreWrite], _ done: @escaping @Sendable ((any Error)?) -> Void) {
            let mode = state.withLock { state in
                if state.mode == .hangs { state.held.append((writes, done)) }
                return state.mode
            }
            guard mode != .hangs else { return }  // counted when released
            unanswered.add(1, ordering: .sequentiallyConsistent)
            let answer: @Sendable ((any Error)?) -> Void = { error in
                self.unanswered.subtract(1, ordering: .sequentiallyConsistent)
                done(error)
            }
            switch mode {
            case .works, .hangs: inner.write(writes, answer)
            case .fails, .down: answer(Failure())
            case .slow(let seconds):
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [inner] in inner.write(writes, answer) }
            }
        }

        private var isDown: Bool { state.withLock { $0.mode == .down } }
        func session(_ id: String, _ done: @escaping @Sendable (Result<StoredSession?, any Error>) -> Void) {
            sessionReads.add(1, ordering: .sequentiallyConsistent)
            read({ inner.session(id, $0) }, answeredAfter: sessionAnswerDelay, done)
        }
        /// Session reads asked of it.
        let sessionReads = Atomic(0)
        func page(_ id: String, _ done: @escaping @Sendable (Result<StoredPage?, any Error>) -> Void) {
            read({ inner.page(id, $0) }, answeredAfter: pageAnswerDelay, done)
        }
        /// Seconds a session or page read's answer takes after the read.
        let sessionAnswerDelay = Mutex(0.0), pageAnswerDelay = Mutex(0.0)
        /// Reads now (fails while down), and answers after the delay: writes may commit in between.
        private func read<T: Sendable>(_ read: (@escaping @Sendable (Result<T, any Error>) -> Void) -> Void, answeredAfter delay: borrowing Mutex<Double>,
                                       _ done: @escaping @Sendable (Result<T, any Error>) -> Void) {
            guard !isDown else { return done(.failure(Failure())) }
            let seconds = delay.withLock { $0 }
            guard seconds > 0 else { return read(done) }
            read { result in DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { done(result) } }
        }
        func appState(_ done: @escaping @Sendable (Result<[String: [UInt8]], any Error>) -> Void) { inner.appState(done) }
        func userState(_ id: String, _ done: @escaping @Sendable (Result<[String: [UInt8]], any Error>) -> Void) {
            guard !isDown else { return done(.failure(Failure())) }
            inner.userState(id, done)
        }
        private let takenHandlers = Mutex<[@Sendable (String) -> Void]>([])
        func onPageTaken(_ handler: @escaping @Sendable (String) -> Void) { takenHandlers.withLock { $0.append(handler) } }
        /// Says that another process took up page `id` (as a shared store would).
        func takenElsewhere(_ id: String) {
            for handler in takenHandlers.withLock({ $0 }) { handler(id) }
        }
        func expire(before cutoff: Double) { inner.expire(before: cutoff) }
        func close() async { await inner.close() }
    }

    static func storeHealth(_ port: Int) -> String? {
        CurlClient(port: port).get("/_sh/health").body.firstMatch(of: /"store":"([\w-]+)"/).map { String($0.output.1) }
    }

    /// Another process takes `page` up; then the writes of it this process has on their way
    /// (held by a hanging store) fail, and the store works again.
    static func takenElsewhereThenWritesFail(_ flaky: FlakyStore, _ page: LoadedPage, port: Int) {
        flaky.takenElsewhere(page.id)
        Thread.sleep(forTimeInterval: 0.5)  // the news reaches the main actor
        flaky.set(.fails)  // the writes held by the store fail now
        flaky.set(.works)
        #expect(waitForStore("ok", port: port))
    }

    /// After a click on the first session's page, the store goes `mode` and a second session
    /// loads `/counter` (made while the store is so).
    static func secondSession(while mode: FlakyStore.Mode, _ flaky: FlakyStore, port: Int, first: CurlClient,
                              firstPage: LoadedPage) throws -> (CurlClient, LoadedPage) {
        #expect(DurableStoreTests.count(in: event(first, firstPage, target: "increment").body) == 1)
        flaky.set(mode)
        let second = CurlClient(port: port)
        return (second, try load(second, "/counter"))
    }

    /// Whether `condition` holds within 5 s.
    static func poll(_ condition: () -> Bool) -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    /// Polls `/_sh/health` until the store reads `expected` (up to 10 s).
    static func waitForStore(_ expected: String, port: Int) -> Bool {
        for _ in 0..<100 {
            if storeHealth(port) == expected { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }

    /// Runs `body` against a server on a `FlakyStore` over a fresh file, then starts a server on
    /// the same file and clicks the page once more: the count `then` answers with is returned.
    static func clickAfterRestart(configure: @escaping @Sendable (inout ServerOptions) -> Void = { _ in },
                                  _ body: @escaping @Sendable (_ flaky: FlakyStore, _ port: Int, _ client: CurlClient, _ page: LoadedPage) throws -> Void) async throws -> Int? {
        try await clicksAfterRestart(configure: configure) { flaky, port, client, page in
            try body(flaky, port, client, page)
            return []
        }.first ?? nil
    }

    /// `clickAfterRestart`, where `body` names more pages (of other clients) to click after the
    /// restart: their counts follow the first page's.
    static func clicksAfterRestart(configure: @escaping @Sendable (inout ServerOptions) -> Void = { _ in },
                                   _ body: @escaping @Sendable (_ flaky: FlakyStore, _ port: Int, _ client: CurlClient, _ page: LoadedPage) throws -> [(LoadedPage, CurlClient)]) async throws -> [Int?] {
        try await repliesAfterRestart(configure: configure, body).map { reply in
            #expect(reply.status == 200, "\(reply.body)")
            return DurableStoreTests.count(in: reply.body)
        }
    }

    /// The answers to a click on each page after the restart.
    static func repliesAfterRestart(configure: @escaping @Sendable (inout ServerOptions) -> Void = { _ in },
                                    _ body: @escaping @Sendable (_ flaky: FlakyStore, _ port: Int, _ client: CurlClient, _ page: LoadedPage) throws -> [(LoadedPage, CurlClient)]) async throws -> [CurlClient.Reply] {
        let file = DurableStoreTests.storeFile()
        defer { DurableStoreTests.removeStore(file) }
        let flaky = FlakyStore(try await SQLiteStore.open(path: file))
        let shown = SharedBox<[(page: LoadedPage, cookie: String)]>([])
        try await withServer({ $0.settings.stateStore = flaky; $0.storeTimeout = 0.3; configure(&$0) }) { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/counter")
            let more = try body(flaky, port, client, page)
            shown.mutate { $0 = ([(page, client)] + more).map { ($0.0, $0.1.cookie ?? "") } }
        }
        let pages = shown.value
        try #require(!pages.isEmpty)
        let replies = SharedBox<[CurlClient.Reply]>([])
        try await withServer({ $0.stateStore = .sqlite(path: file) }) { port in
            for (page, cookie) in pages {
                let reply = DurableStoreTests.post(port, cookie: cookie, page: page.id, csrf: page.csrf, target: "increment")
                replies.mutate { $0.append(reply) }
            }
        }
        return replies.value
    }

    @Test("A store whose writes fail: events are answered from memory, /_sh/health says failing; once it works again, what it missed is written, and a restart finds every click")
    func failingStore() async throws {
        let count = try await Self.clickAfterRestart { flaky, port, client, page in
            #expect(Self.storeHealth(port) == "ok")
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 1)
            flaky.set(.fails)
            for expected in 2...3 {
                let reply = event(client, page, target: "increment")
                #expect(reply.status == 200)
                #expect(DurableStoreTests.count(in: reply.body) == expected, "served from memory")
            }
            #expect(Self.storeHealth(port) == "failing")
            // A new page while the store fails: served, and written later.
            let other = CurlClient(port: port)
            #expect(other.get("/counter").status == 200)
            flaky.set(.works)
            #expect(Self.waitForStore("ok", port: port), "a held-back page is tried each second")
        }
        #expect(count == 4, "the two clicks made while the store failed were written once it worked")
    }

    @Test("A store that does not answer: an event waits --store-timeout at most, the next ones not at all; the writes land when it answers again")
    func hangingStore() async throws {
        let count = try await Self.clickAfterRestart { flaky, port, client, page in
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 1)
            flaky.set(.hangs)
            var start = Date()
            let slow = event(client, page, target: "increment")
            let waited = Date().timeIntervalSince(start)
            #expect(slow.status == 200 && DurableStoreTests.count(in: slow.body) == 2)
            #expect(waited >= 0.25 && waited < 2, "answered after the store's timeout (0.3 s), not never: \(waited) s")
            #expect(Self.storeHealth(port) == "failing")
            start = Date()
            let fast = event(client, page, target: "increment")
            #expect(DurableStoreTests.count(in: fast.body) == 3)
            #expect(Date().timeIntervalSince(start) < 0.25, "a failing store is not waited for")
            flaky.set(.works)  // the held write commits
            #expect(Self.waitForStore("ok", port: port))
        }
        #expect(count == 4)
    }

    @Test("A server stopped while an answer waits for a store that never answers is freed: the answer goes at the stop (it held the responder, and every page, for good)")
    func stoppedWhileAnswerWaits() async throws {
        let file = DurableStoreTests.storeFile()
        defer { DurableStoreTests.removeStore(file) }
        let flaky = FlakyStore(try await SQLiteStore.open(path: file))
        // A store timeout longer than the test: the answer is not sent as overdue meanwhile.
        // (`withServer` checks that the stopped server's responder and session store are freed.)
        try await withServer({ $0.settings.stateStore = flaky; $0.storeTimeout = 60 }) { port in
            let connection = try LoopbackConnection(port: port)
            let loaded = try connection.get("/counter")
            let page = try #require(LoadedPage(loaded.body))
            let cookie = try #require(loaded.header("set-cookie")?.split(separator: ";").first.map(String.init))
            flaky.set(.hangs)
            #expect(Self.sendClick(connection, page, cookie: cookie))
            let (waiting, closed) = connection.readUntilClosed(seconds: 0.5)
            #expect(waiting.isEmpty && closed == nil, "the click waits for its commit: \(waiting.prefix(100))")
        }
    }

    @Test("A session's read that the store answers after the server stopped takes nothing up: no session or page is made in the stopped server")
    func readAnsweredAfterStop() async throws {
        let file = DurableStoreTests.storeFile()
        defer { DurableStoreTests.removeStore(file) }
        let (page, cookie) = try await Self.storedPage(in: file)
        let flaky = FlakyStore(try await SQLiteStore.open(path: file))
        flaky.sessionAnswerDelay.withLock { $0 = 1 }
        var options = ServerOptions.forTests
        options.settings.stateStore = flaky
        options.storeTimeout = 5
        let server = try await StatehouseServer.start(TestApp(), options: options)
        let responder = server.pages.responder
        let connection = try LoopbackConnection(port: server.port)
        #expect(Self.sendClick(connection, page, cookie: cookie))
        for _ in 0..<100 where flaky.sessionReads.load(ordering: .sequentiallyConsistent) == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(flaky.sessionReads.load(ordering: .sequentiallyConsistent) == 1, "the click's session is being read")
        try await server.shutdown(deadline: .milliseconds(200))
        try await Task.sleep(for: .seconds(1.5))  // the read is answered meanwhile
        let counts = await MainActor.run { responder.counts }
        #expect(counts == (sessions: 0, pages: 0), "\(counts)")
        await flaky.inner.close()
    }

    @Test("A store that does not answer, with nothing held back: health stays failing (not catching-up) until it answers")
    func hungStoreStaysFailing() async throws {
        let count = try await Self.clickAfterRestart { flaky, port, client, page in
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 1)
            flaky.set(.hangs)
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 2, "answered after the store's timeout")
            var seen: Set<String> = []
            for _ in 0..<25 {  // 2.5 s: two trials of the store
                seen.insert(Self.storeHealth(port) ?? "none")
                Thread.sleep(forTimeInterval: 0.1)
            }
            #expect(seen == ["failing"], "\(seen)")
            flaky.set(.works)
            #expect(Self.waitForStore("ok", port: port))
        }
        #expect(count == 3)
    }

    @Test("/_sh/health says ok only once what was held back has committed (catching-up until then): a process stopped at ok loses no answered click")
    func okOnlyWhenCaughtUp() async throws {
        let count = try await Self.clickAfterRestart { flaky, port, client, page in
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 1)
            flaky.set(.hangs)
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 2, "waited, then answered")
            #expect(Self.storeHealth(port) == "failing")
            for expected in 3...4 {
                #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == expected, "held back")
            }
            // Every write takes 0.8 s now: the hanging one (click 2) commits, then what was held
            // back (clicks 3 and 4).
            flaky.set(.slow(seconds: 0.8))
            var seen: [String] = []
            for _ in 0..<100 {
                let health = Self.storeHealth(port) ?? "none"
                if seen.last != health { seen.append(health) }
                if health == "ok" {
                    #expect(flaky.inFlight == 0, "at ok, nothing answered is still on its way to the store")
                    break
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
            #expect(seen.last == "ok" && seen.contains("catching-up"), "\(seen)")
        }
        #expect(count == 5)
    }

    /// One click stored, then the store fails: two clicks held back, a second page of the
    /// session, and the first idles out (it lives on in the store).
    static func idleOutWhileFailing(_ flaky: FlakyStore, _ client: CurlClient, _ page: LoadedPage, port: Int) {
        #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 1)
        flaky.set(.fails)
        for expected in 2...3 {
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == expected, "held back")
        }
        #expect(client.get("/counter").status == 200, "a second page of the session")
        idleOut(page.id, port: port)
    }

    @Test("A user's @UserStorage written while the store fails reaches it once it works, and a restart finds it")
    func userStorageWhileFailing() async throws {
        let file = DurableStoreTests.storeFile()
        defer { DurableStoreTests.removeStore(file) }
        let flaky = FlakyStore(try await SQLiteStore.open(path: file))
        try await withServer({ $0.settings.stateStore = flaky; $0.storeTimeout = 0.3 }) { port in
            let client = CurlClient(port: port)
            _ = try SignInHTTPTests.signIn(client, on: try load(client, "/signin"))
            let account = try load(client, "/account")
            flaky.set(.fails)
            #expect(event(client, account, target: "motto", type: "input", value: "Held back").body.contains("Motto: Held back"))
            flaky.set(.works)
            #expect(Self.waitForStore("ok", port: port))
        }
        try await withServer({ $0.stateStore = .sqlite(path: file) }) { port in
            let client = CurlClient(port: port)
            _ = try SignInHTTPTests.signIn(client, on: try load(client, "/signin"))
            #expect(try load(client, "/account").html.contains("Motto: Held back"), "written once the store worked again")
        }
    }

    @Test("A page idled out while the store fails: what it answered meanwhile is written once the store works, and a later request takes it up with every click")
    func idledOutWhileFailing() async throws {
        let count = try await Self.clickAfterRestart { flaky, port, client, page in
            Self.idleOutWhileFailing(flaky, client, page, port: port)
            flaky.set(.works)
            #expect(Self.waitForStore("ok", port: port))
        }
        #expect(count == 4, "the two clicks made while the store failed outlived the page's idling out")
    }

    @Test("A page idled out while the store fails, asked for again before it works: taken up as it was when it idled out (not the store's older copy), and a restart finds every click")
    func takenUpWhileFailing() async throws {
        let count = try await Self.clickAfterRestart { flaky, port, client, page in
            Self.idleOutWhileFailing(flaky, client, page, port: port)
            // The store reads (it has the page with one click) but does not write.
            let reply = event(client, page, target: "increment")
            #expect(reply.status == 200)
            #expect(DurableStoreTests.count(in: reply.body) == 4, "taken up with the clicks the store never got")
            flaky.set(.works)
            #expect(Self.waitForStore("ok", port: port))
        }
        #expect(count == 5)
    }

    @Test("A page idled out while a write of it is on its way, which then fails: what the write held is kept for the store, and a restart finds every click")
    func idledOutWithWriteInFlight() async throws {
        let count = try await Self.clickAfterRestart { flaky, port, client, page in
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 1)
            flaky.set(.hangs)
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 2, "answered after the store's timeout")
            #expect(flaky.held == 1 && Self.storeHealth(port) == "failing", "the write of click 2 is held by the store")
            #expect(client.get("/counter").status == 200, "a second page of the session")
            idleOut(page.id, port: port)
            flaky.set(.fails)  // the held write fails now
            flaky.set(.works)
            #expect(Self.waitForStore("ok", port: port))
        }
        #expect(count == 3, "click 2, whose write failed after its page idled out, was written later")
    }

    @Test("A page closed (its document left) while the store fails: its deletion reaches the store once it works, and a restart does not bring it back")
    func closedWhileFailing() async throws {
        let replies = try await Self.repliesAfterRestart { flaky, port, client, page in
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 1)
            flaky.set(.fails)
            #expect(client.post("/_sh/leave", FormData.encode([("page", page.id), ("_csrf", page.csrf)])).status == 204)
            #expect(Self.storeHealth(port) == "failing", "the deletion did not reach the store")
            flaky.set(.works)
            #expect(Self.waitForStore("ok", port: port))
            return []
        }
        #expect(replies.first?.status == 410, "the closed page is not in the store: \(replies.first?.body.prefix(120) ?? "")")
    }

    @Test("The last page of a session closed while the store fails (or while the write of its change hangs, then fails): what it wrote of the session's @AppStorage reaches the store once it works, and a restart finds it",
          arguments: [FlakyStore.Mode.fails, .hangs])
    func closedWhileFailingKeepsSessionStorage(mode: FlakyStore.Mode) async throws {
        let file = DurableStoreTests.storeFile()
        defer { DurableStoreTests.removeStore(file) }
        let flaky = FlakyStore(try await SQLiteStore.open(path: file))
        let cookie = SharedBox<String?>(nil)
        try await withServer({ $0.settings.stateStore = flaky; $0.storeTimeout = 0.3 }) { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/notes")
            flaky.set(mode)
            let plus = try #require(page.control("+"))
            #expect(event(client, page, target: plus).body.contains("Text size: 17"))
            #expect(client.post("/_sh/leave", FormData.encode([("page", page.id), ("_csrf", page.csrf)])).status == 204)
            if mode == .hangs { flaky.set(.fails) }  // the change's write, on its way, fails now
            flaky.set(.works)
            #expect(Self.waitForStore("ok", port: port))
            cookie.mutate { $0 = client.cookie }
        }
        let session = try #require(cookie.value)
        try await withServer({ $0.stateStore = .sqlite(path: file) }) { port in
            let fresh = CurlClient(port: port).get("/notes", headers: ["Cookie: \(session)"])
            #expect(fresh.status == 200)
            #expect(fresh.body.contains("Text size: 17"), "the session's app storage, written by its closed page")
        }
    }

    @Test("A page idled out while a write of it is on its way, asked for again before that write is answered: taken up with it on top of the store's older copy, and written in whole")
    func takenUpWithWriteInFlight() async throws {
        let count = try await Self.clickAfterRestart { flaky, port, client, page in
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 1)
            flaky.set(.hangs)
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 2, "answered after the store's timeout")
            #expect(client.get("/counter").status == 200, "a second page of the session")
            idleOut(page.id, port: port)
            let reply = event(client, page, target: "increment")
            #expect(reply.status == 200)
            #expect(DurableStoreTests.count(in: reply.body) == 3, "the write on its way (2) is under the take-up, not the store's 1")
            flaky.set(.works)
            #expect(Self.waitForStore("ok", port: port))
        }
        #expect(count == 4)
    }

    @Test("A page taken up while the store recovers: a held write of it that commits after its copy was read, before the copy arrives, is not lost (the copy is read again)")
    func takenUpWhileRecovering() async throws {
        let count = try await Self.clickAfterRestart { flaky, port, client, page in
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 1)
            flaky.set(.fails)
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 2)
            #expect(client.get("/counter").status == 200, "a second page of the session")
            idleOut(page.id, port: port)  // the first idles out: its held writes are kept for it
            // The store works again (slowly): within a second the trial commits and the held
            // writes follow, while the first page's copy (one click) is being read.
            flaky.pageAnswerDelay.withLock { $0 = 2.5 }
            flaky.set(.slow(seconds: 0.5))
            let reply = event(client, page, target: "increment")
            #expect(reply.status == 200)
            #expect(DurableStoreTests.count(in: reply.body) == 3, "the held click (2) committed while the copy was read")
            flaky.pageAnswerDelay.withLock { $0 = 0 }
            flaky.set(.works)
            #expect(Self.waitForStore("ok", port: port))
        }
        #expect(count == 4)
    }

    @Test("A session made while the store failed, idled out, and asked for again while the store recovers: its creation, committing after the session was read, before the answer arrives, is not missed (no 410)")
    func sessionTakenUpWhileRecovering() async throws {
        let counts = try await Self.clicksAfterRestart { flaky, port, first, firstPage in
            let (second, page) = try Self.secondSession(while: .fails, flaky, port: port, first: first, firstPage: firstPage)
            #expect(DurableStoreTests.count(in: event(second, page, target: "increment").body) == 1)
            #expect(DurableStoreTests.count(in: event(first, firstPage, target: "increment").body) == 2)
            #expect(CurlClient(port: port).get("/counter").status == 200, "a third session")
            idleOut(page.id, withSession: true, port: port)  // the second session idles out
            // The store works again (slowly): within a second the trial commits and the held
            // writes follow, while the second session is being read.
            flaky.sessionAnswerDelay.withLock { $0 = 2.5 }
            flaky.set(.slow(seconds: 0.5))
            let reply = event(second, page, target: "increment")
            #expect(reply.status == 200, "the session is taken up: \(reply.status) \(reply.body.prefix(120))")
            #expect(DurableStoreTests.count(in: reply.body) == 2)
            flaky.sessionAnswerDelay.withLock { $0 = 0 }
            flaky.set(.works)
            #expect(Self.waitForStore("ok", port: port))
            return [(page, second)]
        }
        #expect(counts == [3, 3])
    }

    @Test("Writes held back for an idled-out page, sent again as the store recovers, failing after another process took the page up: not kept (the other process's copy is newer)")
    func takenElsewhereWhileResent() async throws {
        let count = try await Self.clickAfterRestart { flaky, port, client, page in
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 1)
            flaky.set(.fails)
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 2)
            #expect(client.get("/counter").status == 200, "a second page of the session")
            idleOut(page.id, port: port)  // the first idles out: its held writes are kept for it
            // The trial write (the second page) commits slowly; the held writes it sets off hang.
            flaky.set(.slow(seconds: 0.5))
            #expect(Self.poll { flaky.inFlight == 1 }, "the trial is on its way")
            flaky.set(.hangs)
            #expect(Self.poll { flaky.held > 0 }, "the held writes were sent again")
            Self.takenElsewhereThenWritesFail(flaky, page, port: port)
        }
        #expect(count == 2, "what the other process has (here: the store's copy, one click) is not overwritten by the stale writes")
    }

    @Test("A page idled out while a write of it is on its way, then taken up by another process: that write, failing, is not kept (the other process's copy is newer)")
    func takenElsewhereWithWriteInFlight() async throws {
        let count = try await Self.clickAfterRestart { flaky, port, client, page in
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 1)
            flaky.set(.hangs)
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 2, "answered after the store's timeout")
            #expect(client.get("/counter").status == 200, "a second page of the session")
            idleOut(page.id, port: port)
            Self.takenElsewhereThenWritesFail(flaky, page, port: port)
        }
        #expect(count == 2, "what the other process has (here: the store's copy, one click) is not overwritten by the stale write")
    }

    @Test("The database gone (reads fail too): a session made meanwhile and idled out is taken up from what this process held back, and both sessions' clicks reach the store once it is back")
    func sessionMadeWhileDown() async throws {
        let counts = try await Self.clicksAfterRestart { flaky, port, first, firstPage in
            let (second, page) = try Self.secondSession(while: .down, flaky, port: port, first: first, firstPage: firstPage)
            for expected in 1...2 {
                #expect(DurableStoreTests.count(in: event(second, page, target: "increment").body) == expected)
            }
            #expect(DurableStoreTests.count(in: event(first, firstPage, target: "increment").body) == 2)
            // A third session; the second idles out, and the store has never seen it.
            #expect(CurlClient(port: port).get("/counter").status == 200)
            idleOut(page.id, withSession: true, port: port)
            let reply = event(second, page, target: "increment")
            #expect(reply.status == 200, "the session is taken up from what was held back: \(reply.status) \(reply.body.prefix(120))")
            #expect(DurableStoreTests.count(in: reply.body) == 3)
            flaky.set(.works)
            #expect(Self.waitForStore("ok", port: port))
            return [(page, second)]
        }
        #expect(counts == [3, 4], "the first session's page and the second's")
    }

    /// A page of a session written to a store file by one server; then `body` against a
    /// second server, on a `FlakyStore` over that file (`--store-timeout` 0.3 s), which holds
    /// neither: `click` clicks the page's increment there.
    static func onUnheldPage(_ body: @escaping @Sendable (_ flaky: FlakyStore, _ port: Int, _ cookie: String,
                                                          _ click: () -> CurlClient.Reply) async throws -> Void) async throws {
        let file = DurableStoreTests.storeFile()
        defer { DurableStoreTests.removeStore(file) }
        let (page, cookie) = try await Self.storedPage(in: file)
        let flaky = FlakyStore(try await SQLiteStore.open(path: file))
        try await withServer({ $0.settings.stateStore = flaky; $0.storeTimeout = 0.3 }) { port in
            try await body(flaky, port, cookie) {
                DurableStoreTests.post(port, cookie: cookie, page: page.id, csrf: page.csrf, target: "increment")
            }
        }
    }

    /// A `/counter` page, clicked once, written to the store `file` by a server that has
    /// stopped since: its page and its session's cookie.
    static func storedPage(in file: String) async throws -> (page: LoadedPage, cookie: String) {
        let shown = SharedBox<(page: LoadedPage, cookie: String)?>(nil)
        try await withServer({ $0.stateStore = .sqlite(path: file) }) { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/counter")
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 1)
            shown.mutate { $0 = (page, client.cookie ?? "") }
        }
        return try #require(shown.value)
    }

    /// Sends a click on `page`'s increment over `connection`, without reading the answer.
    static func sendClick(_ connection: LoopbackConnection, _ page: LoadedPage, cookie: String) -> Bool {
        let body = "page=\(page.id)&target=increment"
        return connection.send("POST /_sh/event HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\nX-CSRF-Token: \(page.csrf)\r\n"
            + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
    }

    /// `reply` is the 503 of a store that could not be read (`why`), and made no session.
    static func expectUnreadable(_ reply: CurlClient.Reply, _ why: String, _ comment: Comment) {
        #expect(reply.status == 503 && reply.body.contains(why) && reply.header("Retry-After") == "1",
                "\(comment): \(reply.status) \(reply.body.prefix(120))")
        #expect(reply.header("Set-Cookie") == nil, "\(comment): no new session")
    }

    @Test("A session and page this process does not hold, whose copy in the store cannot be read (the store fails, or does not answer within --store-timeout): 503 with Retry-After, no new session and nothing changed; once the store answers, the page is taken up as it was")
    func unreadableTakeUpIs503() async throws {
        try await Self.onUnheldPage { flaky, port, cookie, click in
            flaky.set(.down)
            Self.expectUnreadable(click(), "could not be read", "a click while reads fail")
            Self.expectUnreadable(CurlClient(port: port).get("/counter", headers: ["Cookie: \(cookie)"]), "could not be read",
                                  "a page load with the session's cookie while reads fail")
            // What does not involve the session is answered without reading the store.
            #expect(CurlClient(port: port).get("/_sh/health", headers: ["Cookie: \(cookie)"]).status == 200)
            #expect(CurlClient(port: port).get("/_sh/nothing", headers: ["Cookie: \(cookie)"]).status == 404)
            flaky.set(.works)
            flaky.sessionAnswerDelay.withLock { $0 = 2 }
            let start = Date()
            Self.expectUnreadable(click(), "did not answer within 0.3 s", "a click while session reads hang")
            #expect(Date().timeIntervalSince(start) < 1.5, "answered after --store-timeout, not after the read")
            flaky.sessionAnswerDelay.withLock { $0 = 0 }
            flaky.pageAnswerDelay.withLock { $0 = 2 }
            try await Task.sleep(for: .seconds(2.2))  // the session read's late answer arrives, and is dropped
            Self.expectUnreadable(click(), "did not answer within 0.3 s", "a click while page reads hang")
            flaky.pageAnswerDelay.withLock { $0 = 0 }
            try await Task.sleep(for: .seconds(2.2))  // the page read's too
            let reply = click()
            #expect(reply.status == 200 && DurableStoreTests.count(in: reply.body) == 2, "taken up as it was: \(reply.status) \(reply.body.prefix(120))")
            #expect(Self.storeHealth(port) == "ok")
        }
    }

    @Test("Requests for a session whose read the store has not answered yet join that read: asked again and again while the store is slow, they do not pile reads up in its queue")
    func takeUpReadsJoined() async throws {
        try await Self.onUnheldPage { flaky, port, cookie, click in
            flaky.sessionAnswerDelay.withLock { $0 = 1.5 }
            for attempt in 1...3 {
                Self.expectUnreadable(click(), "did not answer within 0.3 s", "attempt \(attempt)")
            }
            #expect(flaky.sessionReads.load(ordering: .sequentiallyConsistent) == 1, "the three requests shared one read")
            try await Task.sleep(for: .seconds(1.5))  // the read is answered (to no one waiting any more)
            flaky.sessionAnswerDelay.withLock { $0 = 0 }
            let reply = click()
            #expect(reply.status == 200 && DurableStoreTests.count(in: reply.body) == 2, "\(reply.status) \(reply.body.prefix(120))")
            #expect(flaky.sessionReads.load(ordering: .sequentiallyConsistent) == 2, "a read answered is not joined: a new one is sent")
        }
    }

    @Test("A read the store does not answer for ten times --store-timeout is given up on: the next request sends another")
    func unansweredReadGivenUp() async throws {
        try await Self.onUnheldPage { flaky, port, cookie, click in
            flaky.sessionAnswerDelay.withLock { $0 = 9 }
            Self.expectUnreadable(click(), "did not answer within 0.3 s", "the first read hangs")
            try await Task.sleep(for: .seconds(4.5))  // 10 × 0.3 s, and a margin
            flaky.sessionAnswerDelay.withLock { $0 = 0 }
            let reply = click()
            #expect(reply.status == 200 && DurableStoreTests.count(in: reply.body) == 2, "\(reply.status) \(reply.body.prefix(120))")
            #expect(flaky.sessionReads.load(ordering: .sequentiallyConsistent) == 2, "the hung read was not joined")
        }
    }

    /// Runs a program and returns its exit status.
    static func run(_ program: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test("A full disk (the SQLite file on a small tmpfs, filled): the server serves from memory and says so; room made, it writes what it held back, and a restart finds all of it")
    func fullDisk() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("statehouse-full-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", directory]) == 0, "mounting a tmpfs (the tests run as root)")
        defer { _ = try? Self.run("/bin/umount", [directory]) }
        let store = directory + "/statehouse.sqlite"
        let filler = directory + "/filler"
        try await withTaskExecutorPreference(BlockingExecutor.shared) {
            var (demo, port) = try DurableStoreTests.start(store)
            defer { if demo.isRunning { demo.terminate() } }
            let client = CurlClient(port: port)
            let page = try load(client, "/todos")
            #expect(event(client, page, target: "new-todo", type: "submit", value: "Milk").status == 200)
            #expect(Self.storeHealth(port) == "ok")

            // The disk fills up.
            _ = FileManager.default.createFile(atPath: filler, contents: nil)
            let handle = try #require(FileHandle(forWritingAtPath: filler))
            let chunk = Data(repeating: 0x2a, count: 64 * 1024)
            for _ in 0..<200 { do { try handle.write(contentsOf: chunk) } catch { break } }
            try handle.close()
            // Todos of 9.5 KB each (within the text limit) until a write does not fit: every one
            // is still answered.
            let long = String(repeating: "x", count: 9_500)
            var added = 0
            while added < 120, Self.storeHealth(port) == "ok" {
                added += 1
                let reply = event(client, page, target: "new-todo", type: "submit", value: "Big \(added) \(long)")
                #expect(reply.status == 200 && reply.body.contains("Big \(added) xxx"), "served from memory")
            }
            #expect(Self.storeHealth(port) == "failing", "the health check says the store fails")
            let butter = event(client, page, target: "new-todo", type: "submit", value: "Butter")
            #expect(butter.status == 200 && butter.body.contains(">Butter</span>"))

            // Room again: what was held back is written.
            try FileManager.default.removeItem(atPath: filler)
            #expect(Self.waitForStore("ok", port: port))
            demo.terminate()
            demo.waitUntilExit()

            (demo, port) = try DurableStoreTests.start(store)
            let render = CurlClient(port: port).get("/_sh/render?page=\(page.id)", headers: ["Cookie: \(try #require(client.cookie))"])
            #expect(render.status == 200)
            #expect(render.body.contains(">Milk</span>") && render.body.contains(">Butter</span>"))
            #expect(render.body.contains("Big \(added) xxx"), "the todo whose write did not fit is there")
        }
    }

    /// Eight sessions click their own `/counter` page as fast as they are answered while the
    /// demo on a SQLite file is stopped by `signal`; then a new process on the file: each page's
    /// next click counts on from the last click that was answered (or from one more, a click the
    /// stop cut off after its commit).
    static func stopUnderLoad(_ signal: Int32) async throws {
        let store = DurableStoreTests.storeFile()
        defer { DurableStoreTests.removeStore(store) }
        try await withTaskExecutorPreference(BlockingExecutor.shared) {
            let (demo, port) = try DurableStoreTests.start(store)
            defer { if demo.isRunning { demo.terminate() } }
            let clients = (0..<8).map { _ in CurlClient(port: port) }
            let pages = try clients.map { try load($0, "/counter") }
            let acknowledged = SharedBox([Int](repeating: 0, count: clients.count))
            let done = DispatchGroup()
            for (index, client) in clients.enumerated() {
                let page = pages[index]
                done.enter()
                Thread.detachNewThread {
                    defer { done.leave() }
                    for _ in 0..<100_000 {
                        let reply = event(client, page, target: "increment")
                        guard reply.status == 200, let count = DurableStoreTests.count(in: reply.body) else { return }
                        acknowledged.mutate { $0[index] = count }
                    }
                }
            }
            try await Task.sleep(for: .seconds(1))
            kill(demo.processIdentifier, signal)
            demo.waitUntilExit()
            #expect(done.wait(timeout: .now() + 20) == .success, "every client stopped once the server was gone")
            let before = acknowledged.value
            #expect(before.allSatisfy { $0 > 3 }, "every page was clicked under load: \(before)")

            let (next, nextPort) = try DurableStoreTests.start(store)
            defer { next.terminate() }
            for (index, client) in clients.enumerated() {
                let reply = DurableStoreTests.post(nextPort, cookie: try #require(client.cookie), page: pages[index].id,
                                                   csrf: pages[index].csrf, target: "increment")
                #expect(reply.status == 200, "\(reply.body)")
                let count = try #require(DurableStoreTests.count(in: reply.body))
                #expect(count == before[index] + 1 || count == before[index] + 2,
                        "page \(index): \(before[index]) clicks acknowledged, the next click counts \(count)")
            }
        }
    }

    @Test("kill -9 under load: no acknowledged click is lost")
    func killUnderLoad() async throws {
        try await Self.stopUnderLoad(SIGKILL)
    }

    @Test("SIGTERM under load: the server stops gracefully and no acknowledged click is lost")
    func terminateUnderLoad() async throws {
        try await Self.stopUnderLoad(SIGTERM)
    }
}
