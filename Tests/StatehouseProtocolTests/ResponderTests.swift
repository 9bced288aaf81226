import Logging
import Statehouse
import Testing
@testable import StatehouseProtocol

/// The protocol as any host drives it: requests in, responses out, no socket.
@MainActor
@Suite("Responder")
struct ResponderTests {
    struct Counter: View {
        @State private var count = 0
        var body: some View {
            Text("\(count)").accessibilityIdentifier("count")
            Button("Increment") { count += 1 }.accessibilityIdentifier("increment")
        }
    }

    struct CounterApp: App {
        var body: some Scene { Route("/counter") { Counter() } }
    }

    /// Starts a task when it appears, as a view that loads its data does.
    struct Loading: View {
        @State private var status = "waiting"
        var body: some View {
            Text(status).accessibilityIdentifier("status")
                .onAppear { Task { status = "loading" } }
        }
    }

    struct LoadingApp: App {
        var body: some Scene { Route("/loading") { Loading() } }
    }

    func meta(_ name: String, in html: String) throws -> String {
        let marker = #"name="\#(name)" content=""#
        let start = try #require(html.range(of: marker)).upperBound
        return String(html[start...].prefix { $0 != "\"" })
    }

    @Test("A host awaits respond(to:): GET a route for a document and a cookie, POST an event for its fragment, unknown paths get 404")
    func hostWithoutSocket() async throws {
        let responder = StatehouseResponder(routes: CounterApp().body._routes, settings: ProtocolSettings(),
                                            logger: Logger(label: "test"))
        let document = await responder.respond(to: HostRequest(method: "GET", uri: "/counter", headers: [:], body: []))
        #expect(document.status == 200)
        let html = String(decoding: document.body, as: UTF8.self)
        let cookie = try #require(document.headers.first("set-cookie")?.split(separator: ";").first.map(String.init))
        let page = try meta("sh-page", in: html), csrf = try meta("csrf-token", in: html)

        let click = await responder.respond(to: HostRequest(
            method: "POST", uri: Wire.eventPath,
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie, "X-CSRF-Token": csrf],
            body: Array("page=\(page)&target=increment".utf8)))
        #expect(click.status == 200)
        #expect(String(decoding: click.body, as: UTF8.self)
            == #"<turbo-stream action="replace" target="count"><template><span id="count" class="sh-text">1</span></template></turbo-stream>"#)

        let missing = await responder.respond(to: HostRequest(method: "GET", uri: "/nowhere", headers: [:], body: []))
        #expect(missing.status == 404)
        let script = await responder.respond(to: HostRequest(method: "GET", uri: "/_sh/client.js", headers: [:], body: []))
        #expect(script.status == 200 && script.headers.first("content-type") == "text/javascript; charset=utf-8")
        #expect(responder.counts == (sessions: 1, pages: 1))
        responder.endAllPages()
        #expect(responder.counts == (sessions: 0, pages: 0))
    }

    @Test("A page whose views queued a task on the main actor is answered after it: what the task changes before it first suspends is in the document (a page that queued nothing is answered at once)")
    func documentAfterQueuedTasks() async throws {
        let responder = StatehouseResponder(routes: LoadingApp().body._routes, settings: ProtocolSettings(),
                                            logger: Logger(label: "test"))
        for _ in 0..<3 {
            let document = await responder.respond(to: HostRequest(method: "GET", uri: "/loading", headers: [:], body: []))
            #expect(document.status == 200)
            let html = String(decoding: document.body, as: UTF8.self)
            #expect(html.contains(#"<span id="status" class="sh-text">loading</span>"#), "\(html)")
        }
        responder.endAllPages()
    }
}
