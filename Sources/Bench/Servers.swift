import Foundation
import StatehouseLoopback

/// Throughput and latency over loopback HTTP/1.1 keep-alive, driven by wrk: Statehouse's
/// events and health endpoint against a bare SwiftNIO server answering the same requests.
struct HTTPBenchmarks {
    let duration: Int
    let connections: Int

    func measure(into figures: inout Figures) throws {
        let statehouse = try ServerProcess("statehouse")
        let pages = try (0..<connections).map { _ in try LoadedPage.load("/counter", port: statehouse.port) }
        let clicks = Wrk.clickScript(pages)
        let events = try Wrk.run(port: statehouse.port, path: "/_sh/event", threads: connections, connections: connections,
                                 seconds: duration, script: clicks)
        let health = try Wrk.run(port: statehouse.port, path: "/_sh/health", threads: connections, connections: connections,
                                 seconds: duration, script: nil)
        let one = try Wrk.run(port: statehouse.port, path: "/_sh/event", threads: 1, connections: 1,
                              seconds: duration, script: Wrk.clickScript([LoadedPage.load("/counter", port: statehouse.port)]))
        statehouse.stop()

        let nio = try ServerProcess("nio")
        let bare = try Wrk.run(port: nio.port, path: "/_sh/event", threads: connections, connections: connections,
                               seconds: duration, script: clicks)
        // The same one-connection run against the bare server: what this machine's scheduling
        // alone does to the tail (a busy VM's stolen time shows here as in ours).
        let bareOne = try Wrk.run(port: nio.port, path: "/_sh/event", threads: 1, connections: 1,
                                  seconds: duration, script: Wrk.clickScript([pages[0]]))
        nio.stop()

        figures.add("counter_events_per_s", events.requestsPerSecond, "req/s")
        figures.add("nio_requests_per_s", bare.requestsPerSecond, "req/s")
        figures.add("event_vs_nio", events.requestsPerSecond / bare.requestsPerSecond, "x")
        figures.add("plain_vs_nio", health.requestsPerSecond / bare.requestsPerSecond, "x")
        figures.add("event_p50_us", one.p50Micros, "us")
        figures.add("event_p99_us", one.p99Micros, "us")
        figures.add("nio_p50_us", bareOne.p50Micros, "us")
        figures.add("nio_p99_us", bareOne.p99Micros, "us")
    }
}

/// Resident memory per idle session (one GET of /counter, its keep-alive connection left
/// open) against the bare server's memory per idle keep-alive connection.
struct MemoryBenchmarks {
    let count: Int

    func measure(into figures: inout Figures) throws {
        let session = try idleGrowth(kind: "statehouse", path: "/counter")
        let bare = try idleGrowth(kind: "nio", path: "/")
        figures.add("idle_session_kib", session, "KiB")
        figures.add("nio_idle_connection_kib", bare, "KiB")
    }

    /// How much the server's resident memory grows per idle client, in KiB.
    private func idleGrowth(kind: String, path: String) throws -> Double {
        let server = try ServerProcess(kind)
        defer { server.stop() }
        // Warm up: lazily allocated buffers and caches belong to the baseline.
        for _ in 0..<50 { _ = try LoopbackConnection(port: server.port).get(path) }
        Thread.sleep(forTimeInterval: 0.5)
        let before = server.residentKiB
        var open: [LoopbackConnection] = []
        for _ in 0..<count {
            let connection = try LoopbackConnection(port: server.port)
            _ = try connection.get(path)
            open.append(connection)
        }
        Thread.sleep(forTimeInterval: 1)
        let after = server.residentKiB
        withExtendedLifetime(open) {}
        return (after - before) / Double(count)
    }
}
