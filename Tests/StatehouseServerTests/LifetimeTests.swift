import Statehouse
import Foundation
import Testing
@testable import StatehouseNIO
@testable import StatehouseProtocol

/// How long pages and sessions live, and what a request to an ended one is told.
@Suite("Page and session lifetimes")
struct LifetimeTests {
    struct Health: Decodable { let status: String; let sessions: Int; let pages: Int }

    func health(_ client: CurlClient) throws -> Health {
        try JSONDecoder().decode(Health.self, from: Data(client.get("/_sh/health").body.utf8))
    }

    @Test("A page with no event or stream for the idle time ends, then its session; requests get 410 saying so")
    func idleExpiry() async throws {
        // An idle time of 1 s: long enough that a busy machine (tests run in parallel) still
        // sees the page before it expires, short enough to wait for.
        try await withServer({ $0.sessionTTL = 1 }) { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/counter")
            #expect(try health(client).pages == 1)
            try await Task.sleep(for: .seconds(2.6))
            let monitor = CurlClient(port: port)
            #expect(try health(monitor).pages == 0)
            #expect(try health(monitor).sessions == 0)
            let late = event(client, page, target: page.control("Increment")!)
            #expect(late.status == 410)
            #expect(late.body.contains("session expired (no page and no request for 1 s): load the page again"), "\(late.body)")
        }
    }

    @Test("A page's own expiry is named when its session lives on; an open stream keeps a page alive")
    func streamKeepsAlive() async throws {
        try await withServer({ $0.sessionTTL = 0.4 }) { port in
            let client = CurlClient(port: port)
            let idle = try load(client, "/counter")
            let watched = try load(client, "/clock")
            // The stream stays open for 1 s: over two idle times.
            _ = client.stream("/_sh/stream?page=\(watched.id)", seconds: 1) { _ in false }
            let reply = event(client, idle, target: idle.control("Increment")!)
            #expect(reply.status == 410)
            #expect(reply.body.contains("ended: expired (no event or stream for 0.4 s)"), "\(reply.body)")
            #expect(client.get("/_sh/render?page=\(watched.id)").status == 200, "the streamed page is alive")
        }
    }

    @Test("Over the pages-per-session cap the least recently used page ends; a request to it gets 410 saying it was evicted")
    func pageEviction() async throws {
        try await withServer({ $0.maxPagesPerSession = 2 }) { port in
            let client = CurlClient(port: port)
            let first = try load(client, "/counter")
            let second = try load(client, "/counter")
            #expect(event(client, first, target: first.control("Increment")!).status == 200)  // first is now the newer
            let third = try load(client, "/counter")
            let evicted = event(client, second, target: second.control("Increment")!)
            #expect(evicted.status == 410)
            #expect(evicted.body.contains("evicted to make room (a session holds at most 2 pages)"), "\(evicted.body)")
            #expect(event(client, first, target: first.control("Increment")!).body.contains(">2<"))
            #expect(event(client, third, target: third.control("Increment")!).status == 200)
            #expect(try health(client).pages == 2)
        }
    }

    @Test("Over the sessions cap the least recently used session ends with its pages")
    func sessionEviction() async throws {
        try await withServer({ $0.maxSessions = 2 }) { port in
            let alice = CurlClient(port: port), bob = CurlClient(port: port), carol = CurlClient(port: port)
            let alicePage = try load(alice, "/counter")
            let bobPage = try load(bob, "/counter")
            #expect(event(alice, alicePage, target: alicePage.control("Increment")!).status == 200)
            _ = try load(carol, "/counter")
            let evicted = event(bob, bobPage, target: bobPage.control("Increment")!)
            #expect(evicted.status == 410)
            #expect(evicted.body.contains("session evicted to make room (the server holds at most 2 sessions)"), "\(evicted.body)")
            #expect(event(alice, alicePage, target: alicePage.control("Increment")!).status == 200)
            let counts = try health(carol)
            #expect(counts.sessions == 2 && counts.pages == 2)
        }
    }

    @Test("POST /_sh/leave (the client's beacon when its document goes away) ends the page at once; a forged one changes nothing")
    func leave() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/clock")
            let forged = client.post("/_sh/leave", FormData.encode([("page", page.id), ("_csrf", "0000")]))
            #expect(forged.status == 403)
            let stranger = CurlClient(port: port).post("/_sh/leave", FormData.encode([("page", page.id), ("_csrf", page.csrf)]))
            #expect(stranger.status == 410, "another browser has no such session")
            #expect(try health(client).pages == 1, "refused beacons changed nothing")

            let left = client.post("/_sh/leave", FormData.encode([("page", page.id), ("_csrf", page.csrf)]))
            #expect(left.status == 204)
            #expect(try health(client).pages == 0)
            let later = client.get("/_sh/render?page=\(page.id)")
            #expect(later.status == 410)
            #expect(later.body.contains("ended: its document was closed"), "\(later.body)")
            #expect(client.get("/_sh/leave").status == 405)
        }
    }

    @Test("A closed document's page goes to the background before it ends: \"save when inactive\" code runs; a hidden tab's page reads background, a shown one active")
    func scenePhaseFollowsTheTab() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/phase")
            #expect(page.html.contains(">phase active</span>"))
            let start = await MainActor.run { PhaseView.saves }
            let hidden = event(client, page, target: "sh-root", type: "phase", value: "background")
            #expect(hidden.status == 200 && hidden.body.contains(">phase background</span>"), "\(hidden.body)")
            let shown = event(client, page, target: "sh-root", type: "phase", value: "active")
            #expect(shown.body.contains(">phase active</span>"))
            #expect(event(client, page, target: "sh-root", type: "phase", value: "asleep").status == 400)
            #expect(client.post("/_sh/leave", FormData.encode([("page", page.id), ("_csrf", page.csrf)])).status == 204)
            let after = await MainActor.run { PhaseView.saves }
            #expect(after == start + 2, "once when hidden, once when its document closed")
        }
    }
}
