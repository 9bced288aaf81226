import Foundation
import Statehouse
import Testing

/// `App.main()` (`StatehouseServer.run`) makes the main thread the event loop that runs the
/// main actor's jobs (`.task` bodies, timers, pushes). With `--event-loop main` (the default)
/// it is the one event loop and answers every request itself; with `--event-loop threads`
/// connections are served on event loops of their own, which hand each request to the main
/// thread. (The in-process tests serve through `StatehouseServer.start`, which always hands
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

    @Test("main (the default): a click is read, answered and written on the main thread: one wait per click (for the next), where handing each to another thread and back makes three")
    func clickOnOneThread() async throws {
        let (demo, port) = try startDemo([:])
        defer { if demo.isRunning { demo.terminate() } }

        let perClick = try await voluntarySwitchesPerClick(demo, port: port)
        #expect(perClick < 1.6, "\(perClick) voluntary context switches per click")
    }

    @Test("main, on the default SQLite store: a click's commit is one job on SQLite's thread, whose result comes back to the main thread: three waits per click (the main thread's for the click and for its commit, SQLite's thread's for the next job)")
    func clickCommitsInOneJob() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("statehouse-onejob-\(UUID().uuidString).sqlite").path
        defer { DurableStoreTests.removeStore(file) }
        let (demo, port) = try startDemo(["STATEHOUSE_STATE_STORE": "sqlite:\(file)"])
        defer { if demo.isRunning { demo.terminate() } }

        let perClick = try await voluntarySwitchesPerClick(demo, port: port)
        #expect(perClick < 3.6, "\(perClick) voluntary context switches per click")
    }

    @Test("main (the default): a page load is answered on the main thread too, after the jobs its views queued there: one wait per load")
    func pageLoadOnOneThread() async throws {
        let (demo, port) = try startDemo([:])
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

    @Test("The demo binary calls no private Swift runtime hook and reads no libdispatch structure: of libdispatch's exported but unpublished entry points it uses only the two swift-corelibs-foundation's RunLoop drains the main queue with")
    func supportedGroundOnly() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let nm = Process()
        nm.executableURL = URL(fileURLWithPath: "/usr/bin/nm")
        nm.arguments = ["--undefined-only", root.appendingPathComponent(".build/debug/demo").path]
        let output = Pipe()
        nm.standardOutput = output
        try nm.run()
        let symbols = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        nm.waitUntilExit()
        #expect(nm.terminationStatus == 0)
        #expect(symbols.contains("swift_task_create"), "nm listed the binary's undefined symbols")
        let names = Set(symbols.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
        for name in ["swift_task_isIsolatingCurrentContext_hook", "swift_task_checkIsolated_hook", "_dispatch_main_q"] {
            #expect(!names.contains(name), "the demo uses \(name)")
        }
        #expect(names.filter { $0.hasPrefix("_dispatch") }.sorted() == ["_dispatch_get_main_queue_handle_4CF", "_dispatch_main_queue_callback_4CF"])
    }
}

/// The voluntary context switches of the demo per click, over 200 clicks made one at a time
/// on one `/counter` page (each answer checked).
private func voluntarySwitchesPerClick(_ demo: Process, port: Int) async throws -> Double {
    try await withTaskExecutorPreference(BlockingExecutor.shared) {
        let client = CurlClient(port: port)
        let counter = try load(client, "/counter")
        #expect(event(client, counter, target: "increment").status == 200)
        return try voluntarySwitches(of: demo.processIdentifier, perRequestOver: 200) { click in
            let reply = event(client, counter, target: "increment")
            #expect(reply.status == 200)
            #expect(reply.body.contains(#"<span id="count" class="sh-text sh-font-largeTitle">\#(click + 1)</span>"#), "\(reply.body)")
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
