import Statehouse
import Foundation
import Testing
@testable import StatehouseNIO
@testable import StatehouseProtocol

/// `GET /_sh/stream`: changes the server makes on its own, as server-sent events.
@Suite("Server push")
struct StreamTests {
    @Test("A stream receives the changes a .task makes after an await, in order: /clock ticks")
    func clockTicks() async throws {
        try await withPage("/clock") { client, page in
            let reply = client.stream("/_sh/stream?page=\(page.id)", seconds: 8) { body in
                body.components(separatedBy: "\n\n").filter { $0.hasPrefix("data: ") }.count >= 2
            }
            #expect(reply.status == 200)
            #expect(reply.header("content-type") == "text/event-stream; charset=utf-8")
            let events = reply.body.components(separatedBy: "\n\n").filter { $0.hasPrefix("data: ") }
            #expect(events.count >= 2)
            for event in events {
                #expect(event.hasPrefix(#"data: <turbo-stream action="replace" target="time">"#))
            }
            #expect(Set(events).count == events.count, "each tick is a new time")
        }
    }

    @Test("A view that fails while the server pushes ends its page at once: the stream closes and the page is gone, not kept until the next request")
    func failureDuringPushEndsThePage() async throws {
        try await withPage("/orphan-push") { client, page in
            // The task shows a view with no environment object 0.2 s after the page loads; the
            // server ends the stream when it ends the page, well before the 8 s timeout.
            let start = Date()
            let reply = client.stream("/_sh/stream?page=\(page.id)", seconds: 8) { _ in false }
            #expect(reply.status == 200)
            #expect(Date().timeIntervalSince(start) < 5, "the stream ended with the page")
            let render = client.get("/_sh/render?page=\(page.id)")
            #expect(render.status == 410)
            #expect(render.body.contains("ended: a view failed: No ObservableObject of type DataModel found"), "\(render.body)")
        }
    }

    @Test("A stream for an unknown page, or another session's, gets 410")
    func unknownPage() async throws {
        try await withPage("/clock") { client, page in
            #expect(client.get("/_sh/stream?page=nope").status == 410)
            #expect(client.get("/_sh/stream").status == 400)
            let stranger = CurlClient(port: Int(client.base.split(separator: ":").last!)!)
            #expect(stranger.get("/_sh/stream?page=\(page.id)").status == 410)
        }
    }

    @Test("What the server changed while no stream was open is not lost: the next render carries it")
    func changesWaitForAStream() async throws {
        try await withPage("/clock") { client, page in
            // No stream open: ticks wait; the next render shows the current time. (Polled: a
            // busy machine may run the one-second tick late.)
            var rendered = page.html
            for _ in 0..<50 where rendered == page.html {
                Thread.sleep(forTimeInterval: 0.1)
                rendered = client.get("/_sh/render?page=\(page.id)").body
            }
            #expect(rendered.contains(#"id="time""#))
            #expect(rendered != page.html, "the render carries the ticks made while no stream was open")
        }
    }

    @Test("App-level @State written by one session reaches another session's open stream")
    func sharedAcrossSessions() async throws {
        try await withServer { port in
            let alice = CurlClient(port: port), bob = CurlClient(port: port)
            let alicePage = try load(alice, "/shared"), bobPage = try load(bob, "/shared")
            #expect(bobPage.html.contains(#"id="shared-count""#))
            // Alice clicks twice once Bob's stream is open; Bob sees 1 and then 2, in order.
            let clicks = DispatchQueue(label: "alice")
            clicks.asyncAfter(deadline: .now() + 0.3) {
                for _ in 0..<2 { _ = event(alice, alicePage, target: "shared-increment") }
            }
            let reply = bob.stream("/_sh/stream?page=\(bobPage.id)", seconds: 8) { $0.contains(">2</span>") }
            let events = reply.body.components(separatedBy: "\n\n").filter { $0.hasPrefix("data: ") }
            #expect(events.first?.contains(#"target="shared-count""#) == true)
            #expect(reply.body.contains(">2</span>"))
            if let one = reply.body.range(of: ">1</span>"), let two = reply.body.range(of: ">2</span>") {
                #expect(one.lowerBound < two.lowerBound)
            }
            #expect(!reply.body.contains("Clicks from this page"), "Bob's own page state did not change")
            // A page loaded now starts from the shared value.
            #expect(try load(CurlClient(port: port), "/shared").html.contains(">2</span>"))
        }
    }
}
