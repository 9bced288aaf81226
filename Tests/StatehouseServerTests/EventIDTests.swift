import Foundation
import Testing
@testable import StatehouseProtocol

/// `_event`: an event sent again (its answer lost: a dropped connection, a proxy's retry) is
/// not applied twice (issue 59: retries that are safe).
@Suite("Event ids")
struct EventIDTests {
    private func click(_ client: CurlClient, _ page: LoadedPage, id: String) -> CurlClient.Reply {
        client.post("/_sh/event", FormData.encode([("page", page.id), ("target", "increment"), ("_event", id)]),
                    headers: ["X-CSRF-Token: \(page.csrf)"])
    }

    @Test("An event whose id is the page's last applied one is not applied again: the answer is the whole page, as it is")
    func sentAgain() async throws {
        try await withPage("/counter") { client, page in
            let first = click(client, page, id: "1")
            #expect(first.status == 200)
            #expect(first.body.contains(#"<span id="count" class="sh-text sh-font-largeTitle">1</span>"#))
            let again = click(client, page, id: "1")
            #expect(again.status == 200)
            #expect(again.body.hasPrefix(#"<turbo-stream action="replace" target="sh-root">"#), "the whole page: \(again.body.prefix(80))")
            #expect(again.body.contains(#"<span id="count" class="sh-text sh-font-largeTitle">1</span>"#), "not counted twice")
            #expect(again.body.contains(#"action="sh-location""#), "and where it is")
            #expect(click(client, page, id: "2").body.contains(">2</span>"))
            // Without an id, every post applies (a form without JavaScript sends none).
            #expect(event(client, page, target: "increment").body.contains(">3</span>"))
        }
    }

    @Test("With a durable store the page's last event id is kept with its state: a process that takes the page up does not apply that event again")
    func keptAcrossATakeUp() async throws {
        let store = DurableStoreTests.storeFile()
        defer { DurableStoreTests.removeStore(store) }
        let shown = SharedBox<(LoadedPage, String)?>(nil)
        try await withServer({ $0.stateStore = .sqlite(path: store) }) { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/counter")
            #expect(click(client, page, id: "7").body.contains(">1</span>"))
            shown.mutate { $0 = (page, client.cookie ?? "") }
        }
        let (page, cookie) = try #require(shown.value)
        try await withServer({ $0.stateStore = .sqlite(path: store) }) { port in
            // The answer to event 7 was lost as the first server stopped: the browser sends it again.
            let post = { (id: String) in
                CurlClient(port: port).post("/_sh/event", FormData.encode([("page", page.id), ("target", "increment"), ("_event", id)]),
                                            headers: ["X-CSRF-Token: \(page.csrf)", "Cookie: \(cookie)"])
            }
            let again = post("7")
            #expect(again.status == 200)
            #expect(again.body.contains(#"<span id="count" class="sh-text sh-font-largeTitle">1</span>"#), "not applied twice: \(again.body.prefix(200))")
            #expect(post("8").body.contains(">2</span>"))
        }
    }

    @Test("An event id of more than 64 characters, or empty, is refused with 400 and changes nothing")
    func badIDs() async throws {
        try await withPage("/counter") { client, page in
            for id in ["", String(repeating: "7", count: 65)] {
                let reply = click(client, page, id: id)
                #expect(reply.status == 400)
                #expect(reply.body.contains("an event's id (_event) has 1 to 64 characters"))
            }
            #expect(event(client, page, target: "increment").body.contains(">1</span>"))
        }
    }
}
