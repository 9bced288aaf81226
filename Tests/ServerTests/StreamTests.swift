import Foundation
import Testing
@testable import Server

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
            // No stream open: ticks wait; the next render shows the current time.
            Thread.sleep(forTimeInterval: 1.3)
            let rendered = client.get("/_sh/render?page=\(page.id)").body
            #expect(rendered.contains(#"id="time""#))
            #expect(rendered != page.html, "the render carries the ticks made while no stream was open")
        }
    }
}
