import Foundation
import Statehouse
import Testing
@testable import StatehouseNIO
@testable import StatehouseProtocol
import StatehouseSQLite

/// Issue 17: with the SQLite store (the default of `App.main()`), a page outlives its process.
/// These drive the demo binary: a page is loaded and clicked, the process stops (SIGTERM, or
/// `kill -9`), a new process starts on the same file, and the same page id, cookie and CSRF
/// token go on as if nothing happened.
@Suite("Durable state across restarts (the demo binary on a SQLite file)", .serialized)
struct DurableStoreTests {
    /// A fresh store file for one test.
    static func storeFile() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("statehouse-test-\(UUID().uuidString).sqlite").path
        return path
    }

    static func removeStore(_ path: String) {
        for suffix in ["", "-wal", "-shm", ".key"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Starts the demo on `store` and returns it with a client carrying `cookie` (if any).
    static func start(_ store: String) throws -> (process: Process, port: Int) {
        try startDemo(["STATEHOUSE_STATE_STORE": "sqlite:\(store)"])
    }

    /// A client of the server on `port` that sends the session cookie `cookie`.
    static func post(_ port: Int, cookie: String, page: String, csrf: String, target: String, type: String? = nil,
                     value: String? = nil) -> CurlClient.Reply {
        var fields = [("page", page), ("target", target)]
        if let type { fields.append(("type", type)) }
        if let value { fields.append(("value", value)) }
        return CurlClient(port: port).post("/_sh/event", FormData.encode(fields),
                                           headers: ["X-CSRF-Token: \(csrf)", "Cookie: \(cookie)", "Accept: text/vnd.turbo-stream.html"])
    }

    /// A demo process on a fresh store file, and a client that loaded `path` from it. The
    /// file is removed after `body`.
    static func onFreshStore(loading path: String,
                             _ body: (_ store: String, _ demo: Process, _ client: CurlClient, _ page: LoadedPage, _ cookie: String) throws -> Void) async throws {
        let store = storeFile()
        defer { removeStore(store) }
        try await withTaskExecutorPreference(BlockingExecutor.shared) {
            let (demo, port) = try start(store)
            defer { if demo.isRunning { demo.terminate() } }
            let client = CurlClient(port: port)
            let page = try load(client, path)
            try body(store, demo, client, page, try #require(client.cookie))
        }
    }

    static func count(in html: String) -> Int? {
        html.firstMatch(of: /<span id="count"[^>]*>(\d+)<\/span>/).flatMap { Int($0.output.1) }
    }

    @Test("/counter: three clicks, SIGTERM, a new process on the same file: the same page id, cookie and token click on to 4")
    func counterSurvivesSIGTERM() async throws {
        try await Self.onFreshStore(loading: "/counter") { store, first, client, page, cookie in
            for expected in 1...3 {
                let reply = event(client, page, target: "increment")
                #expect(reply.status == 200)
                #expect(Self.count(in: reply.body) == expected)
            }
            first.terminate()  // SIGTERM: a graceful stop
            first.waitUntilExit()
            #expect(first.terminationStatus == 0)

            let (demo, port) = try Self.start(store)
            defer { demo.terminate() }
            let reply = Self.post(port, cookie: cookie, page: page.id, csrf: page.csrf, target: "increment")
            #expect(reply.status == 200, "\(reply.body)")
            #expect(Self.count(in: reply.body) == 4)
            #expect(reply.body.hasPrefix(#"<turbo-stream action="replace" target="sh-root">"#), "the whole page: its made-up ids are this mount's")
            let render = CurlClient(port: port).get("/_sh/render?page=\(page.id)", headers: ["Cookie: \(cookie)"])
            #expect(render.status == 200)
            #expect(Self.count(in: render.body) == 4)
            #expect(LoadedPage(render.body)?.csrf == page.csrf, "the same CSRF token")
            // Another session's cookie does not reach the page, restored or not.
            let stranger = CurlClient(port: port)
            _ = try load(stranger, "/counter")
            #expect(event(stranger, page, target: "increment").status == 403)
        }
    }

    @Test("kill -9 between two clicks: every acknowledged click survives")
    func acknowledgedClicksSurviveKill() async throws {
        try await Self.onFreshStore(loading: "/counter") { store, first, client, page, cookie in
            #expect(event(client, page, target: "increment").status == 200)
            #expect(event(client, page, target: "increment").status == 200)
            kill(first.processIdentifier, SIGKILL)
            first.waitUntilExit()
            #expect(first.terminationReason == .uncaughtSignal)

            let (demo, port) = try Self.start(store)
            defer { demo.terminate() }
            let reply = Self.post(port, cookie: cookie, page: page.id, csrf: page.csrf, target: "increment")
            #expect(reply.status == 200, "\(reply.body)")
            #expect(Self.count(in: reply.body) == 3)
            // After the whole page, changes are fragments again.
            let next = Self.post(port, cookie: cookie, page: page.id, csrf: page.csrf, target: "increment")
            #expect(next.body.hasPrefix(#"<turbo-stream action="replace" target="count">"#), "\(next.body)")
            #expect(Self.count(in: next.body) == 4)
        }
    }

    @Test("/todos: the rows, the expanded row and the text typed in the field survive a restart")
    func todosSurvive() async throws {
        try await Self.onFreshStore(loading: "/todos") { store, first, client, page, cookie in
            for title in ["Milk", "Bread"] {
                #expect(event(client, page, target: "new-todo", type: "submit", value: title).status == 200)
            }
            #expect(event(client, page, target: "details-1").status == 200)
            #expect(event(client, page, target: "done-2").status == 200)
            #expect(event(client, page, target: "new-todo", type: "input", value: "Eggs <b>&").status == 200)
            first.terminate()
            first.waitUntilExit()

            let (demo, port) = try Self.start(store)
            defer { demo.terminate() }
            let render = CurlClient(port: port).get("/_sh/render?page=\(page.id)", headers: ["Cookie: \(cookie)"])
            #expect(render.status == 200, "\(render.body)")
            #expect(render.body.contains(">Bread</span>") && render.body.contains(">Milk</span>"))
            #expect(render.body.contains(#"id="details-text-1""#), "Milk's details are still open")
            #expect(!render.body.contains(#"id="details-text-2""#))
            #expect(render.body.contains(#"id="done-2" class="sh-switch" type="submit" role="switch" aria-checked="true""#))
            #expect(render.body.contains(#"value="Eggs &lt;b&gt;&amp;""#), "the typed text, escaped")
            // And it goes on: Return adds the typed todo.
            let added = Self.post(port, cookie: cookie, page: page.id, csrf: page.csrf, target: "new-todo", type: "submit", value: "Eggs <b>&")
            #expect(added.status == 200)
            #expect(added.body.contains(">Eggs &lt;b&gt;&amp;</span>"))
        }
    }

    @Test("A private view's @State is kept across processes too (its type's name has the runtime's address of its context taken out)")
    func privateViewStateSurvives() async throws {
        try await Self.onFreshStore(loading: "/notes") { store, first, client, page, cookie in
            #expect(event(client, page, target: "count-words").body.contains(#"id="word-count""#))
            first.terminate()
            first.waitUntilExit()
            let (demo, port) = try Self.start(store)
            defer { demo.terminate() }
            let render = CurlClient(port: port).get("/_sh/render?page=\(page.id)", headers: ["Cookie: \(cookie)"])
            #expect(render.body.contains(#"id="word-count""#), "the private view's toggle is still on")
        }
    }

    @Test("App-level @State (/shared's count) is kept too: a new process starts from the last count, and the page's own state with it")
    func appStateSurvives() async throws {
        try await Self.onFreshStore(loading: "/shared") { store, first, client, page, cookie in
            for _ in 1...2 { #expect(event(client, page, target: "shared-increment").status == 200) }
            first.terminate()
            first.waitUntilExit()

            let (demo, port) = try Self.start(store)
            defer { demo.terminate() }
            // A new session's page reads the App's count from the store.
            let fresh = try load(CurlClient(port: port), "/shared")
            #expect(fresh.html.contains(#"id="shared-count" class="sh-text sh-font-largeTitle">2</span>"#), "\(fresh.html)")
            // The first page goes on: its own clicks and the shared count.
            let reply = Self.post(port, cookie: cookie, page: page.id, csrf: page.csrf, target: "shared-increment")
            #expect(reply.body.contains(">3</span>") && reply.body.contains("Clicks from this page: 3"), "\(reply.body)")
        }
    }

    @Test("/notes: @AppStorage is the session's (every page of it, pushed), @SceneStorage the tab's (a reload takes it over); both survive a restart")
    func storageWrappers() async throws {
        let store = Self.storeFile()
        defer { Self.removeStore(store) }
        struct Before { var cookie: String; var page: LoadedPage }
        let before = SharedBox<Before?>(nil)
        let onStore: (inout ServerOptions) -> Void = { $0.stateStore = .sqlite(path: store) }
        try await withServer(onStore) { port in
            let client = CurlClient(port: port)
            let first = try load(client, "/notes")
            let second = try load(client, "/notes")
            let plus = try #require(first.control("+"))
            #expect(event(client, first, target: plus).body.contains("Text size: 17"))
            // The session's other page was told (its next render shows it; a stream would push it).
            #expect(client.get("/_sh/render?page=\(second.id)").body.contains("Text size: 17"))
            // Another session has its own.
            #expect(try load(CurlClient(port: port), "/notes").html.contains("Text size: 16"))

            // A reload: the old document closes (beacon), the new page takes over its draft.
            #expect(event(client, first, target: "draft", type: "input", value: "half a thought").status == 200)
            #expect(client.post("/_sh/leave", FormData.encode([("page", first.id), ("_csrf", first.csrf)])).status == 204)
            let reloaded = try load(client, "/notes")
            #expect(reloaded.html.contains("Nothing drafted yet."))
            let taken = event(client, reloaded, target: "sh-root", type: "scene", value: first.id)
            #expect(taken.status == 200)
            #expect(taken.body.contains("Draft: half a thought"), "\(taken.body)")
            // Only a page of the same session: another session's id gives nothing.
            let stranger = CurlClient(port: port)
            let theirs = try load(stranger, "/notes")
            #expect(!event(stranger, theirs, target: "sh-root", type: "scene", value: reloaded.id).body.contains("half a thought"))
            before.mutate { $0 = Before(cookie: client.cookie ?? "", page: reloaded) }
        }
        let kept = try #require(before.value)
        try await withServer(onStore) { port in
            let render = CurlClient(port: port).get("/_sh/render?page=\(kept.page.id)", headers: ["Cookie: \(kept.cookie)"])
            #expect(render.body.contains("Draft: half a thought"), "the page's scene storage")
            #expect(render.body.contains("Text size: 17"), "the session's app storage")
            let fresh = CurlClient(port: port).get("/notes", headers: ["Cookie: \(kept.cookie)"])
            #expect(fresh.body.contains("Text size: 17") && fresh.body.contains("Nothing drafted yet."), "a new page of the session")
        }
    }

    @Test("Stored pages expire as live ones do (--session-ttl): the file empties, it does not grow without bound")
    func storeExpires() async throws {
        let store = Self.storeFile()
        defer { Self.removeStore(store) }
        try await withServer({ $0.stateStore = .sqlite(path: store); $0.sessionTTL = 0.4 }) { port in
            for _ in 0..<3 {
                let client = CurlClient(port: port)
                let page = try load(client, "/counter")
                #expect(event(client, page, target: "increment").status == 200)
            }
            let file = try await SQLiteStore.open(path: store)
            let written = try await file.counts()
            #expect(written.sessions == 3 && written.pages == 3 && written.values == 3, "\(written)")
            // Idle for the idle time: here, then (half as long again) in the store.
            var left = written
            for _ in 0..<100 where left != (0, 0, 0) {
                try await Task.sleep(for: .milliseconds(100))
                left = try await file.counts()
            }
            #expect(left == (0, 0, 0), "\(left)")
            await file.close()
        }
    }

    @Test("The caps bound the store too: with --max-sessions 3 it keeps at most 3 sessions, with --max-pages-per-session 2 at most 2 pages of one; an evicted page or session is deleted there, and a request for it gets 410 saying it was evicted")
    func capsBoundTheStore() async throws {
        let store = Self.storeFile()
        defer { Self.removeStore(store) }
        try await withServer({ $0.stateStore = .sqlite(path: store); $0.maxSessions = 3; $0.maxPagesPerSession = 2 }) { port in
            var visitors: [(CurlClient, LoadedPage)] = []
            for _ in 0..<10 {
                let client = CurlClient(port: port)
                let page = try load(client, "/counter")
                #expect(event(client, page, target: "increment").status == 200)
                visitors.append((client, page))
            }
            // One session of the last three loads five pages.
            let (reader, _) = visitors[9]
            let pages = try (0..<5).map { _ in
                let page = try load(reader, "/counter")
                #expect(event(reader, page, target: "increment").status == 200)
                return page
            }
            let file = try await SQLiteStore.open(path: store)
            // (Deletions are written as every write is; the last answer waited for its own.)
            var counts = try await file.counts()
            for _ in 0..<50 where counts.sessions > 3 || counts.pages > 4 {
                try await Task.sleep(for: .milliseconds(100))
                counts = try await file.counts()
            }
            #expect(counts.sessions == 3 && counts.pages == 4 && counts.values == 4, "\(counts)")
            await file.close()
            let (first, firstPage) = visitors[0]
            let evicted = event(first, firstPage, target: "increment")
            #expect(evicted.status == 410)
            #expect(evicted.body.contains("evicted to make room (the server holds at most 3 sessions)"), "\(evicted.body)")
            let crowded = event(reader, pages[0], target: "increment")
            #expect(crowded.status == 410)
            #expect(crowded.body.contains("evicted to make room (a session holds at most 2 pages)"), "\(crowded.body)")
        }
    }

    @Test("After a restart, a click on a button known by a made-up id reaches the button the browser showed, found by its position")
    func madeUpIDsAreFoundByPosition() async throws {
        let store = Self.storeFile()
        defer { Self.removeStore(store) }
        struct Shown { var page: LoadedPage; var cookie: String; var oldID: String; var position: String }
        let shown = SharedBox<Shown?>(nil)
        // Servers in this process, each stopped gracefully, one after another on the same file.
        let onStore: (inout ServerOptions) -> Void = { $0.stateStore = .sqlite(path: store) }
        try await withServer(onStore) { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/unnamed")
            for _ in 1...3 { #expect(event(client, page, target: "add").status == 200) }
            // The document as the browser has it: rows 3, 2, 1, mounted 1, then 2, then 3.
            let document = try #require(LoadedPage(client.get("/_sh/render?page=\(page.id)").body))
            let oldID = try #require(document.control("Bump 1"))
            // What the client sends: the position among the root's elements with an id, and
            // the hash of their tags (the same function as client.js's).
            let all = Application.elements(Array(document.html.utf8))
            let elements = Array(all[(try #require(all.firstIndex { $0.id == "sh-root" }) + 1)...])
            let position = try #require(elements.firstIndex { $0.id == oldID })
            shown.mutate { $0 = Shown(page: page, cookie: try! #require(client.cookie), oldID: oldID, position: "\(position).\(Application.shape(of: elements))") }
        }
        let before = try #require(shown.value)
        try await withServer(onStore) { port in
            // Without its position, a made-up id is not trusted: nothing runs, the answer is the
            // whole page (with this mount's ids).
            let blind = Self.post(port, cookie: before.cookie, page: before.page.id, csrf: before.page.csrf, target: before.oldID)
            #expect(blind.status == 200)
            #expect(blind.body.hasPrefix(#"<turbo-stream action="replace" target="sh-root">"#))
            #expect(blind.body.contains(">bumped </span>"))
            let fresh = try #require(LoadedPage(CurlClient(port: port).get("/_sh/render?page=\(before.page.id)", headers: ["Cookie: \(before.cookie)"]).body))
            #expect(fresh.control("Bump 1") != before.oldID, "this mount calls the button otherwise: the old id alone would miss it")
        }
        // A position from a document of another shape (the page shows something else) is
        // not trusted: nothing runs.
        try await withServer(onStore) { port in
            let wrongShape = before.position.split(separator: ".")[0] + ".0"
            let fields = [("page", before.page.id), ("target", before.oldID), ("at", String(wrongShape))]
            let reply = CurlClient(port: port).post("/_sh/event", FormData.encode(fields),
                                                    headers: ["X-CSRF-Token: \(before.page.csrf)", "Cookie: \(before.cookie)", "Accept: text/vnd.turbo-stream.html"])
            #expect(reply.status == 200)
            #expect(reply.body.contains(">bumped </span>"), "nothing ran")
        }
        // A browser still showing the first mount's document, and a third process.
        try await withServer(onStore) { port in
            let fields = [("page", before.page.id), ("target", before.oldID), ("at", before.position)]
            let reply = CurlClient(port: port).post("/_sh/event", FormData.encode(fields),
                                                    headers: ["X-CSRF-Token: \(before.page.csrf)", "Cookie: \(before.cookie)", "Accept: text/vnd.turbo-stream.html"])
            #expect(reply.status == 200, "\(reply.body)")
            #expect(reply.body.contains(">bumped 1</span>"), "Bump 1 ran, not the button that has its old id now")
        }
    }
}

/// Rows inserted at the top, each with a button that has no identifier: the browser knows the
/// buttons by made-up ids given in the order they were mounted, which is not document order.
struct UnnamedRowsView: View {
    @State private var items: [Int] = []
    @State private var bumped: [Int] = []
    var body: some View {
        Button("Add") { items.insert(items.count + 1, at: 0) }.accessibilityIdentifier("add")
        Text("bumped \(bumped.map(String.init).joined(separator: ","))").accessibilityIdentifier("bumped")
        ForEach(items, id: \.self) { item in
            Button("Bump \(item)") { bumped.append(item) }
        }
    }
}
