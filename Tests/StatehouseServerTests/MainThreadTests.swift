import Foundation
import Statehouse
import Testing

/// `App.main()` (`StatehouseServer.run`) makes the main thread the event loop that runs the
/// main actor's jobs (`.task` bodies, timers, pushes) holding the main actor's baton. With
/// `--event-loop threads` connections are served on event loops of their own, which answer a
/// request that came alone in place (taking the baton) and hand the others to the main thread;
/// with `--event-loop main` the main thread is the one event loop and answers every request
/// itself. (The in-process tests serve through `StatehouseServer.start`, which always hands
/// requests to the main actor.) These drive the demo binary both ways.
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

    @Test("threads: clicks that come one at a time are answered on the loop that read them, no thread woken: one wait per click, where handing each to the main thread and back made three")
    func aloneAnsweredInPlace() async throws {
        let (demo, port) = try startDemo(["STATEHOUSE_EVENT_LOOP": "threads"])
        defer { if demo.isRunning { demo.terminate() } }

        try await withTaskExecutorPreference(BlockingExecutor.shared) {
            let client = CurlClient(port: port)
            let counter = try load(client, "/counter")
            #expect(event(client, counter, target: "increment").status == 200)
            let perClick = try voluntarySwitches(of: demo.processIdentifier, perRequestOver: 200) { click in
                let reply = event(client, counter, target: "increment")
                #expect(reply.status == 200)
                #expect(reply.body.contains(#"<span id="count" class="sh-text sh-font-largeTitle">\#(click + 1)</span>"#), "\(reply.body)")
            }
            // In place: the loop's thread waits for the next click (1). Handed on: the loop waits
            // for the answer, the main thread for work, the loop again (3, measured 3.00 with
            // the hop for every request).
            #expect(perClick < 1.6, "\(perClick) voluntary context switches per click")
        }
    }

    @Test("threads: page loads that come one at a time are answered on the loop that read them too, when the page queued no work on the main actor (its document waited behind the main queue before: three waits per load)")
    func pageLoadAloneAnsweredInPlace() async throws {
        let (demo, port) = try startDemo(["STATEHOUSE_EVENT_LOOP": "threads"])
        defer { if demo.isRunning { demo.terminate() } }

        try await withTaskExecutorPreference(BlockingExecutor.shared) {
            let client = CurlClient(port: port)
            _ = try load(client, "/counter")
            let perLoad = try voluntarySwitches(of: demo.processIdentifier, perRequestOver: 100) { _ in
                let reply = client.get("/counter")
                #expect(reply.status == 200)
                #expect(reply.body.contains(#"<span id="count" class="sh-text sh-font-largeTitle">0</span>"#))
            }
            #expect(perLoad < 1.6, "\(perLoad) voluntary context switches per page load")
        }
    }
}

/// The voluntary context switches of a process per request, over `count` requests made one
/// at a time (`request(n)`, n from 1).
private func voluntarySwitches(of pid: Int32, perRequestOver count: Int, _ request: (Int) throws -> Void) throws -> Double {
    let before = try voluntarySwitches(of: pid)
    for index in 1...count { try request(index) }
    return Double(try voluntarySwitches(of: pid) - before) / Double(count)
}

/// The voluntary context switches of all of a process's threads so far (`/proc/PID/task/*/status`).
private func voluntarySwitches(of pid: Int32) throws -> Int {
    var total = 0
    for task in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches:") }),
              let count = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) else { continue }
        total += count
    }
    return total
}
