import Foundation
import Statehouse
import Testing

/// `App.main()` serves from event loops of its own with a hop to the main actor per request
/// (`--event-loop threads`, as the in-process tests do through `StatehouseServer.start`), or
/// with the main thread as the one event loop (`--event-loop main`, `StatehouseServer.run`):
/// requests are answered by the views on the thread that read them, and the same loop runs
/// the main actor's other jobs (`.task` bodies, timers, pushes). These drive the demo binary
/// both ways.
@Suite("App.main() on either event loop (the demo binary)")
struct MainThreadTests {
    @Test("Events get their fragments, a .task's ticks and another session's writes are pushed, and SIGTERM stops it with 0",
          arguments: ["main", "threads"])
    func demoServes(eventLoop: String) async throws {
        let (demo, port) = try startDemo(["STATEHOUSE_EVENT_LOOP": eventLoop])
        defer { if demo.isRunning { demo.terminate() } }

        try await withTaskExecutorPreference(BlockingExecutor.shared) {
            // An event's fragment comes back in its own response, each click in order.
            let client = CurlClient(port: port)
            let counter = try load(client, "/counter")
            for expected in 1...3 {
                let reply = event(client, counter, target: "increment")
                #expect(reply.status == 200)
                #expect(reply.body.contains(#"<span id="count" class="sh-text sh-font-largeTitle">\#(expected)</span>"#), "\(reply.body)")
            }

            // A .task that awaits between ticks: its changes are pushed on the open stream.
            let clock = try load(client, "/clock")
            let ticks = client.stream("/_sh/stream?page=\(clock.id)", seconds: 8) { body in
                body.components(separatedBy: "\n\n").filter { $0.hasPrefix("data: ") }.count >= 2
            }
            #expect(ticks.body.components(separatedBy: "\n\n").filter { $0.hasPrefix(#"data: <turbo-stream action="replace" target="time">"#) }.count >= 2)

            // App-level state written by one session reaches another session's stream.
            let alice = CurlClient(port: port), bob = CurlClient(port: port)
            let alicePage = try load(alice, "/shared"), bobPage = try load(bob, "/shared")
            let start = bobPage.html.firstMatch(of: /id="shared-count"[^>]*>(\d+)</)?.output.1
            let before = try #require(start.flatMap { Int($0) })
            DispatchQueue(label: "alice").asyncAfter(deadline: .now() + 0.3) {
                _ = event(alice, alicePage, target: "shared-increment")
            }
            let pushed = bob.stream("/_sh/stream?page=\(bobPage.id)", seconds: 8) { $0.contains(">\(before + 1)</span>") }
            #expect(pushed.body.contains(#"target="shared-count""#) && pushed.body.contains(">\(before + 1)</span>"), "\(pushed.body)")
        }

        kill(demo.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while demo.isRunning, Date() < deadline { usleep(50_000) }
        #expect(!demo.isRunning)
        #expect(demo.terminationReason == .exit && demo.terminationStatus == 0)
    }
}
