import Foundation
import Logging
import Synchronization
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

    /// Notes, when it leaves, whether the newest page load had been answered by then.
    /// (`startsTask`: its `onAppear` queues a task, so that its page is answered after it.)
    struct Leaving: View {
        nonisolated static let answered = Mutex(false)
        nonisolated static let answeredWhenGone = Mutex<[Bool]>([])
        let startsTask: Bool
        var body: some View {
            Text("here")
                .onAppear { if startsTask { Task {} } }
                .onDisappear { Self.answeredWhenGone.withLock { $0.append(Self.answered.withLock { $0 }) } }
        }
    }

    struct LeavingApp: App {
        var body: some Scene {
            Route("/leaving") { Leaving(startsTask: false) }
            Route("/leaving-after-task") { Leaving(startsTask: true) }
        }
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

    @Test("A new page is answered from the back of the main queue: what a task its views queued on the main actor changed before it first suspended is in the document")
    func documentAfterQueuedTasks() async throws {
        let routes = LoadingApp().body._routes
        let responder = StatehouseResponder(routes: routes, settings: ProtocolSettings(), logger: Logger(label: "test"))
        for _ in 0..<3 {
            let answer = Answer()
            responder.respond(to: HostRequest(method: "GET", uri: "/loading", headers: [:], body: [])) { answer.set($0) }
            #expect(answer.get() == nil, "answered before the task it queued ran")
            var document = answer.get()
            for _ in 0..<1000 where document == nil {
                await Task.yield()
                document = answer.get()
            }
            let html = String(decoding: try #require(document).body, as: UTF8.self)
            #expect(html.contains(#"<span id="status" class="sh-text">loading</span>"#), "\(html)")
        }
        responder.endAllPages()
    }

    @Test("At the session cap a new page is answered before the page it evicts is closed, also when its answer waits for a task it queued: the evicted views' onDisappear runs after the answer was handed on")
    func evictedClosedAfterAnswer() async throws {
        var settings = ProtocolSettings()
        settings.maxSessions = 1
        let responder = StatehouseResponder(routes: LeavingApp().body._routes, settings: settings, logger: Logger(label: "test"))
        let first = await responder.respond(to: HostRequest(method: "GET", uri: "/leaving", headers: [:], body: []))
        #expect(first.status == 200)
        for path in ["/leaving", "/leaving-after-task", "/leaving"] {
            Leaving.answered.withLock { $0 = false }
            let answer = Answer()
            // No cookie: a new session, which evicts the one before with its page.
            responder.respond(to: HostRequest(method: "GET", uri: path, headers: [:], body: [])) { response in
                Leaving.answered.withLock { $0 = true }
                answer.set(response)
            }
            for _ in 0..<1000 where answer.get() == nil { await Task.yield() }
            #expect(answer.get()?.status == 200)
            #expect(responder.counts == (sessions: 1, pages: 1))
        }
        #expect(Leaving.answeredWhenGone.withLock { $0 } == [true, true, true])
        responder.endAllPages()
    }
}

/// A response handed to a completion (from any thread).
private final class Answer: Sendable {
    private let response = Mutex<HostResponse?>(nil)
    func set(_ answer: HostResponse) { response.withLock { $0 = answer } }
    func get() -> HostResponse? { response.withLock { $0 } }
}

/// An event stream the server closed before the host attached it (its page ended, the server
/// began to stop, between the answer and the head being written).
@Suite("Event stream")
struct EventStreamTests {
    final class RecordingSink: EventStreamSink, @unchecked Sendable {
        private let lock = NSLock()
        private var record: [String] = []
        var events: [String] { lock.withLock { record } }
        func write(_ bytes: [UInt8]) { lock.withLock { record.append(String(decoding: bytes, as: UTF8.self)) } }
        func end() { lock.withLock { record.append("end") } }
    }

    @Test("Closed before the host attaches it: what waited is written, then the response ends (it stayed open until the client gave up)")
    func closedBeforeAttached() {
        let stream = EventStream()
        stream.send("hello")
        stream.close()
        let sink = RecordingSink()
        stream.attach(sink)
        #expect(sink.events == ["data: hello\n\n", "end"])
        stream.send("later")
        #expect(sink.events.count == 2, "nothing is written after the end")
    }
}
