import Foundation
import Statehouse
import Testing
@testable import StatehouseNIO
@testable import StatehouseProtocol
import StatehouseSQLite

/// The security claims (`Sources/Statehouse/Statehouse.docc/SecurityModel.md`) that no other test pins.
@Suite("Security review", .serialized)
struct SecurityTests {
    @Test("Origin: null is refused like a foreign origin; a post without Origin (curl, old browsers) is judged by its CSRF token")
    func originNull() async throws {
        try await withPage("/counter") { client, page in
            #expect(event(client, page, target: "increment", headers: ["Origin: null"]).status == 403)
            let reply = event(client, page, target: "increment")
            #expect(reply.status == 200 && DurableStoreTests.count(in: reply.body) == 1, "refused posts changed nothing")
        }
    }

    @Test("Refusals and fragments are sent with X-Content-Type-Options: nosniff (they echo what the client sent)")
    func nosniffEverywhere() async throws {
        try await withPage("/counter") { client, page in
            let refused = event(client, page, target: "<script>", type: "click")
            #expect(refused.status == 404)
            #expect(refused.header("x-content-type-options") == "nosniff")
            #expect(refused.header("content-type")?.hasPrefix("text/plain") == true)
            let fragment = event(client, page, target: "increment")
            #expect(fragment.status == 200)
            #expect(fragment.header("x-content-type-options") == "nosniff")
        }
    }

    @Test("A document forbids framing and foreign scripts, keeps its URL to itself and is not cached")
    func documentHeaders() async throws {
        try await withServer { port in
            let page = CurlClient(port: port).get("/counter")
            #expect(page.status == 200)
            let policy = page.header("content-security-policy") ?? ""
            for directive in ["default-src 'self'", "script-src 'self'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"] {
                #expect(policy.contains(directive), "\(directive) in \(policy)")
            }
            #expect(page.header("referrer-policy") == "same-origin")
            #expect(page.header("cache-control") == "no-store")
            #expect(page.header("x-content-type-options") == "nosniff")
            #expect(page.header("content-type") == "text/html; charset=utf-8")
            #expect(page.header("set-cookie")?.wholeMatch(of: /sh_session=[0-9a-f]{32}; Path=\/; HttpOnly; SameSite=Lax/) != nil,
                    "\(page.header("set-cookie") ?? "no cookie")")
            let missing = CurlClient(port: port).get("/no-such-route", headers: ["Accept: text/html"])
            #expect(missing.status == 404 && missing.header("content-security-policy") == policy, "a 404 page has the same headers")
        }
        try await withServer({ $0.secureCookies = true }) { port in
            let cookie = CurlClient(port: port).get("/counter").header("set-cookie") ?? ""
            #expect(cookie.wholeMatch(of: /sh_session=[0-9a-f]{32}; Path=\/; HttpOnly; SameSite=Lax; Secure/) != nil, "\(cookie)")
        }
    }

    @Test("An event post with more than 1,000 fields is refused (400) and changes nothing")
    func fieldCap() async throws {
        try await withPage("/counter") { client, page in
            var fields = [("page", page.id), ("target", "increment")]
            fields += (0...Wire.maxFields).map { ("f\($0)", "x") }
            let reply = client.post("/_sh/event", FormData.encode(fields),
                                    headers: ["X-CSRF-Token: \(page.csrf)", "Accept: text/vnd.turbo-stream.html"])
            #expect(reply.status == 400)
            #expect(reply.body.contains("more than 1000 form fields"))
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 1)
        }
    }

    @Test("A page keeps at most 4 event streams: a fifth closes the oldest")
    func streamCap() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/counter")
            let cookie = try #require(client.cookie)
            let path = "/_sh/stream?page=\(page.id)"
            let oldest = SharedBox<(seconds: Double, status: Int)?>(nil)
            let others = DispatchGroup()
            let started = Date()
            others.enter()
            Thread.detachNewThread {
                defer { others.leave() }
                let reply = CurlClient(port: port).stream(path, seconds: 6, headers: ["Cookie: \(cookie)"]) { _ in false }
                oldest.mutate { $0 = (Date().timeIntervalSince(started), reply.status) }
            }
            try await Task.sleep(for: .milliseconds(500))
            for _ in 0..<Wire.maxStreamsPerPage {
                others.enter()
                Thread.detachNewThread {
                    defer { others.leave() }
                    _ = CurlClient(port: port).stream(path, seconds: 3, headers: ["Cookie: \(cookie)"]) { _ in false }
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(others.wait(timeout: .now() + 10) == .success)
            let ended = try #require(oldest.value)
            #expect(ended.status == 200)
            #expect(ended.seconds < 2.5, "the first stream was closed when the fifth opened, not at its own timeout: \(ended.seconds) s")
        }
    }

    @Test("Another session's page id: its events, render, stream and leave are refused, and the page lives on")
    func anotherSessionsPage() async throws {
        try await withServer { port in
            let owner = CurlClient(port: port)
            let page = try load(owner, "/counter")
            let stranger = CurlClient(port: port)
            let own = try load(stranger, "/counter")
            // With the stranger's own (valid) CSRF token.
            let body = FormData.encode([("page", page.id), ("target", "increment")])
            let posted = stranger.post("/_sh/event", body, headers: ["X-CSRF-Token: \(own.csrf)", "Accept: text/vnd.turbo-stream.html"])
            #expect(posted.status == 410)
            #expect(stranger.get("/_sh/render?page=\(page.id)").status == 410)
            #expect(stranger.stream("/_sh/stream?page=\(page.id)", seconds: 3) { _ in true }.status == 410)
            let left = stranger.post("/_sh/leave", FormData.encode([("page", page.id), ("_csrf", own.csrf)]),
                                     headers: ["Content-Type: application/x-www-form-urlencoded"])
            #expect(left.status >= 400)
            #expect(DurableStoreTests.count(in: event(owner, page, target: "increment").body) == 1, "the owner's page is untouched")
        }
    }

    @Test("After a restart, another session cannot take a stored page up by its id, with its own valid cookie and token")
    func anotherSessionsStoredPage() async throws {
        let file = DurableStoreTests.storeFile()
        defer { DurableStoreTests.removeStore(file) }
        let onStore: (inout ServerOptions) -> Void = { $0.stateStore = .sqlite(path: file) }
        let owner = SharedBox<(page: LoadedPage, cookie: String)?>(nil)
        try await withServer(onStore) { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/counter")
            #expect(event(client, page, target: "increment").status == 200)
            owner.mutate { $0 = (page, client.cookie ?? "") }
        }
        let (page, cookie) = try #require(owner.value)
        try await withServer(onStore) { port in
            let stranger = CurlClient(port: port)
            let own = try load(stranger, "/counter")
            let body = FormData.encode([("page", page.id), ("target", "increment")])
            let posted = stranger.post("/_sh/event", body, headers: ["X-CSRF-Token: \(own.csrf)", "Accept: text/vnd.turbo-stream.html"])
            #expect(posted.status == 410, "\(posted.body)")
            let reply = DurableStoreTests.post(port, cookie: cookie, page: page.id, csrf: page.csrf, target: "increment")
            #expect(reply.status == 200 && DurableStoreTests.count(in: reply.body) == 2, "the owner goes on")
        }
    }

    @Test("The SQLite file and its -wal and -shm files are readable by the server's user only (0600)")
    func storeFileMode() async throws {
        let file = DurableStoreTests.storeFile()
        defer { DurableStoreTests.removeStore(file) }
        let old = umask(0o022)
        defer { umask(old) }
        let store = try await SQLiteStore.open(path: file)
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            store.write([.session(id: String(repeating: "a", count: 32))]) { error in
                if let error { done.resume(throwing: error) } else { done.resume() }
            }
        }
        for suffix in ["", "-wal", "-shm"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: file + suffix)
            #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(suffix.isEmpty ? "the file" : suffix): \(attributes[.posixPermissions] ?? "?")")
        }
        await store.close()
    }

    @Test("With --allowed-hosts, a request for another Host (DNS rebinding) or none is refused with 421 and reaches nothing; the names allowed, with any port, are served")
    func hostAllowList() async throws {
        try await withServer({ $0.allowedHosts = ["app.example.com", ".example.org"] }) { port in
            let client = CurlClient(port: port)
            for host in ["attacker.example", "127.0.0.1", "example.com", "app.example.com.attacker.example", "xexample.org"] {
                let reply = client.get("/counter", headers: ["Host: \(host)"])
                #expect(reply.status == 421, "\(host): \(reply.status)")
                #expect(reply.header("set-cookie") == nil, "no session is made")
                #expect(client.get("/_sh/health", headers: ["Host: \(host)"]).status == 421)
            }
            #expect(client.get("/counter", headers: ["Host: "]).status == 421, "no Host")
            for host in ["app.example.com", "APP.example.com:8080", "example.org", "www.example.org:443"] {
                #expect(client.get("/counter", headers: ["Host: \(host)"]).status == 200, "\(host)")
            }
        }
        #expect(HostAllowList([]).allows("anything") && HostAllowList([]).allows(nil), "no list: every host")
        #expect(HostAllowList(["::1"]).allows("[::1]:8080") == false && HostAllowList(["[::1]"]).allows("[::1]:8080"))
    }

    @Test("What a client sent is logged without control characters: a newline cannot forge a log line")
    func logLines() {
        #expect(StatehouseResponder.loggable(Array("abc\ninfo: forged\r".utf8)) == "abc?info: forged")
        #expect(StatehouseResponder.loggable(Array("page '\u{1b}[31m'".utf8)) == "page '?[31m'")
    }
}
