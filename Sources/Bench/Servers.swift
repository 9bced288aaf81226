import BenchSupport
import Foundation
import StatehouseLoopback
import StatehouseProtocol

/// Throughput, CPU and latency over loopback HTTP/1.1 keep-alive, driven by wrk with at most
/// as many threads as cores: Statehouse's events, page loads and health endpoint against a bare
/// SwiftNIO server answering the same requests with a fixed fragment.
struct HTTPBenchmarks {
    let duration: Int
    let connections: Int

    func measure(into figures: inout Figures) throws {
        try measureDefault(into: &figures)
        // Clicks on Statehouse and the same requests to the bare server, in alternating
        // rounds: the ratios' rates and CPU times come from the same minutes.
        let statehouse = try ServerProcess(.statehouse)
        let nio = try ServerProcess(.nio)
        let pages = try (0..<connections).map { _ in try LoadedPage.load("/counter", port: statehouse.port) }
        let clicks = Wrk.clickScript(pages)
        let (events, eventCPU, bare, bareCPU) = try interleaved(statehouse, nio, path: Wire.eventPath, connections: connections,
                                                                script: clicks)
        // One connection, one click at a time, against the same on the bare server: what this
        // machine's scheduling alone does to the tail (a busy VM's stolen time shows in both).
        let (one, _, bareOne, _) = try interleaved(statehouse, nio, path: Wire.eventPath, connections: 1,
                                                   script: Wrk.clickScript([LoadedPage.load("/counter", port: statehouse.port)]))
        let health = try Wrk.run(port: statehouse.port, path: Wire.healthPath, connections: connections, seconds: duration, script: nil)
        statehouse.stop()
        nio.stop()
        // Page loads with no cookie: a new session and page each (a server of their own, so
        // the pages made do not weigh on the other figures), against the bare server's GETs in
        // the same minutes.
        // (The warm-up fills the default session cap, 10,000, as well: these loads evict.)
        let (loads, loadCPU, bareGet, bareGetCPU) = try interleavedPageLoads()
        let (todoLoads, _) = try pageLoads("/todos", environment: [:])
        // The same with a smaller session cap, checked to be reached in the warm-up, also
        // against the bare server in the same minutes (measured minutes apart from the other
        // loads, the two rates' ratio swung from 0.81 to 1.26 between two runs of one build).
        let (loadsAtCap, _, bareAtCap, _) = try interleavedPageLoads(cap: 5000)

        // The same clicks with the durable store (`swift run demo`'s default): a SQLite file,
        // each event's changes committed before its answer.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("statehouse-bench-\(getpid()).sqlite").path
        defer { for suffix in ["", "-wal", "-shm", ".key"] { try? FileManager.default.removeItem(atPath: file + suffix) } }
        let durable = try ServerProcess(.statehouse, environment: ["STATEHOUSE_STATE_STORE": "sqlite:\(file)"])
        let (durableEvents, durableCPU, durableOne) = try counterClicks(durable)
        durable.stop()
        // And page loads with it, each a new session and page written to the file (which grows
        // by every session of the warm-up and the run: the rate is that of a file of tens of
        // thousands of sessions).
        let loadsFile = file + "-loads"
        defer { for suffix in ["", "-wal", "-shm", ".key"] { try? FileManager.default.removeItem(atPath: loadsFile + suffix) } }
        let (durableLoads, durableLoadCPU) = try pageLoads("/counter", environment: ["STATEHOUSE_STATE_STORE": "sqlite:\(loadsFile)"])

        // The PostgreSQL store, when a database is given (`STATEHOUSE_BENCH_POSTGRES=postgres://…`;
        // an empty one: its tables grow by every session of the run): the same clicks and loads,
        // served by the release `demo` built next to this binary. The CPU figures are Statehouse's
        // process's, not the database's.
        let postgres = try ProcessInfo.processInfo.environment["STATEHOUSE_BENCH_POSTGRES"].map { database in
            // Its session key, as every process of a PostgreSQL store needs one.
            let key = FileManager.default.temporaryDirectory.appendingPathComponent("statehouse-bench-\(getpid()).key").path
            _ = try SessionSecret.loadOrCreate(at: key)
            defer { try? FileManager.default.removeItem(atPath: key) }
            let arguments = ["--state-store", database, "--secret-key-file", key, "--log-level", "notice"]
            let server = try ServerProcess(demo: arguments)
            let clicks = try counterClicks(server)
            server.stop()
            return (clicks, try pageLoads("/counter", on: ServerProcess(demo: arguments)))
        }

        // The other event loop: loops of their own hand each request to the main thread
        // (`--event-loop threads`).
        let onThreads = try ServerProcess(.statehouseThreads)
        let (onThreadsEvents, onThreadsCPU, onThreadsOne) = try counterClicks(onThreads)
        onThreads.stop()

        figures.add("counter_events_per_s", events.requestsPerSecond, "req/s")
        figures.add("nio_requests_per_s", bare.requestsPerSecond, "req/s")
        figures.add("event_vs_nio", events.requestsPerSecond / bare.requestsPerSecond, "x")
        figures.add("event_cpu_us", eventCPU / events.requests * 1e6, "us")
        figures.add("nio_cpu_us", bareCPU / bare.requests * 1e6, "us")
        figures.add("event_cpu_vs_nio", (eventCPU / events.requests) / (bareCPU / bare.requests), "x")
        figures.add("event_client_cpu_share", events.clientCPUShare, "x")
        figures.add("nio_client_cpu_share", bare.clientCPUShare, "x")
        figures.add("plain_vs_nio", health.requestsPerSecond / bare.requestsPerSecond, "x")
        figures.add("page_loads_per_s_counter", loads.requestsPerSecond, "req/s")
        figures.add("page_loads_per_s_todos", todoLoads.requestsPerSecond, "req/s")
        figures.add("page_loads_per_s_at_cap", loadsAtCap.requestsPerSecond, "req/s")
        figures.add("page_loads_vs_nio", loads.requestsPerSecond / bareGet.requestsPerSecond, "x")
        figures.add("page_loads_at_cap_vs_nio", loadsAtCap.requestsPerSecond / bareAtCap.requestsPerSecond, "x")
        // Per request, less noisy than the rates: the server's CPU, and wrk's share of the
        // machine (below 1 with the server's CPU under 1 core: the two threads wait on each other).
        figures.add("page_load_cpu_us", loadCPU / loads.requests * 1e6, "us")
        figures.add("nio_get_cpu_us", bareGetCPU / bareGet.requests * 1e6, "us")
        figures.add("page_load_cpu_vs_nio", (loadCPU / loads.requests) / (bareGetCPU / bareGet.requests), "x")
        figures.add("page_load_client_cpu_share", loads.clientCPUShare, "x")
        figures.add("threads_events_per_s", onThreadsEvents.requestsPerSecond, "req/s")
        figures.add("threads_event_cpu_us", onThreadsCPU / onThreadsEvents.requests * 1e6, "us")
        figures.add("threads_event_p50_us", onThreadsOne.p50Micros, "us")
        figures.add("event_p50_us", one.p50Micros, "us")
        figures.add("sqlite_events_per_s", durableEvents.requestsPerSecond, "req/s")
        figures.add("sqlite_vs_memory", durableEvents.requestsPerSecond / events.requestsPerSecond, "x")
        figures.add("sqlite_event_cpu_us", durableCPU / durableEvents.requests * 1e6, "us")
        figures.add("sqlite_event_p50_us", durableOne.p50Micros, "us")
        figures.add("sqlite_page_loads_per_s", durableLoads.requestsPerSecond, "req/s")
        figures.add("sqlite_page_load_cpu_us", durableLoadCPU / durableLoads.requests * 1e6, "us")
        if let ((events, cpu, one), (loads, loadCPU)) = postgres {
            figures.add("postgres_events_per_s", events.requestsPerSecond, "req/s")
            figures.add("postgres_event_cpu_us", cpu / events.requests * 1e6, "us")
            figures.add("postgres_event_p50_us", one.p50Micros, "us")
            figures.add("postgres_page_loads_per_s", loads.requestsPerSecond, "req/s")
            figures.add("postgres_page_load_cpu_us", loadCPU / loads.requests * 1e6, "us")
        }
        figures.add("event_p99_us", one.p99Micros, "us")
        figures.add("nio_p50_us", bareOne.p50Micros, "us")
        figures.add("nio_p99_us", bareOne.p99Micros, "us")
    }

    /// The default configuration, first: the demo binary as `swift run demo` serves it (no
    /// option: a fresh SQLite file and its key, the access log at `info`, the main thread as
    /// the event loop), clicked against the bare server in the same minutes; then the same
    /// clicks with every page's event stream open, as a browser holds it; then on a store
    /// grown by 10,000 sessions.
    private func measureDefault(into figures: inout Figures) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("statehouse-bench-default-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let demo = try ServerProcess(demo: [], in: directory)
        defer { demo.stop() }
        let nio = try ServerProcess(.nio)
        defer { nio.stop() }
        let pages = try (0..<connections).map { _ in try LoadedPage.load("/counter", port: demo.port) }
        let clicks = Wrk.clickScript(pages)
        let (events, cpu, bare, bareCPU) = try interleaved(demo, nio, path: Wire.eventPath, connections: connections, script: clicks)
        let (one, _, bareOne, _) = try interleaved(demo, nio, path: Wire.eventPath, connections: 1,
                                                   script: Wrk.clickScript([LoadedPage.load("/counter", port: demo.port)]))
        // The same clicks without and with each page's stream open, in alternating rounds.
        let round = max(2, duration / 4)
        var without = (requests: 0.0, cpu: 0.0), with = (requests: 0.0, cpu: 0.0)
        var streams: [LoopbackConnection] = []
        for _ in 0..<2 {
            let (plain, plainCPU) = try demo.measuringCPU {
                try Wrk.run(port: demo.port, path: Wire.eventPath, connections: connections, seconds: round, script: clicks)
            }
            without = (without.requests + plain.requests, without.cpu + plainCPU)
            streams = try pages.map { try $0.openStream(port: demo.port) }
            let (streamed, streamedCPU) = try demo.measuringCPU {
                try Wrk.run(port: demo.port, path: Wire.eventPath, connections: connections, seconds: round, script: clicks)
            }
            with = (with.requests + streamed.requests, with.cpu + streamedCPU)
            streams = []
        }
        withExtendedLifetime(streams) {}
        // Grown: page loads with no cookie until the server holds its 10,000 sessions (each
        // one written to the file), then clicks on new pages.
        for _ in 0..<30 where try sessions(on: demo) < 10_000 {
            _ = try Wrk.run(port: demo.port, path: "/counter", connections: connections, seconds: 2, script: nil)
        }
        let held = try sessions(on: demo)
        guard held >= 10_000 else { throw BenchError("page loads left \(held) sessions, not 10,000") }
        let grownPages = try (0..<connections).map { _ in try LoadedPage.load("/counter", port: demo.port) }
        let grown = try Wrk.run(port: demo.port, path: Wire.eventPath, connections: connections, seconds: duration,
                                script: Wrk.clickScript(grownPages))

        figures.add("default_events_per_s", events.requestsPerSecond, "req/s")
        figures.add("default_vs_nio", events.requestsPerSecond / bare.requestsPerSecond, "x")
        figures.add("default_event_cpu_us", cpu / events.requests * 1e6, "us")
        figures.add("default_event_cpu_vs_nio", (cpu / events.requests) / (bareCPU / bare.requests), "x")
        figures.add("default_client_cpu_share", events.clientCPUShare, "x")
        figures.add("default_p99_c16_us", events.p99Micros, "us")
        figures.add("default_p99_c16_vs_nio", events.p99Micros / bare.p99Micros, "x")
        figures.add("default_p50_us", one.p50Micros, "us")
        figures.add("default_p50_vs_nio", one.p50Micros / bareOne.p50Micros, "x")
        figures.add("default_p99_us", one.p99Micros, "us")
        figures.add("default_stream_cpu_ratio", (with.cpu / with.requests) / (without.cpu / without.requests), "x")
        figures.add("default_grown_events_per_s", grown.requestsPerSecond, "req/s")
        figures.add("default_grown_vs_fresh", grown.requestsPerSecond / events.requestsPerSecond, "x")
        figures.add("default_nio_p99_c16_us", bare.p99Micros, "us")
    }

    /// The sessions `server` holds (its health endpoint's count).
    private func sessions(on server: ServerProcess) throws -> Int {
        let health = try LoopbackConnection(port: server.port).get(Wire.healthPath).body
        return health.firstMatch(of: /"sessions":(\d+)/).flatMap { Int($0.output.1) } ?? 0
    }

    /// `connections` connections clicking `/counter` pages of `server`, with the server's CPU
    /// time, then one connection clicking one page.
    private func counterClicks(_ server: ServerProcess) throws -> (Wrk.Report, Double, Wrk.Report) {
        let script = try Wrk.clickScript((0..<connections).map { _ in try LoadedPage.load("/counter", port: server.port) })
        let (events, cpu) = try server.measuringCPU {
            try Wrk.run(port: server.port, path: Wire.eventPath, connections: connections, seconds: duration, script: script)
        }
        let one = try Wrk.run(port: server.port, path: Wire.eventPath, connections: 1, seconds: duration,
                              script: Wrk.clickScript([LoadedPage.load("/counter", port: server.port)]))
        return (events, cpu, one)
    }

    /// Page loads of `/counter` with no cookie on a fresh server, and the bare server's GETs of
    /// the same path, interleaved (`interleaved`), after a warm-up each. With `cap`, the server
    /// holds at most that many sessions, and the warm-up must have filled them.
    private func interleavedPageLoads(cap: Int? = nil) throws -> (Wrk.Report, cpu: Double, bare: Wrk.Report, bareCPU: Double) {
        let server = try ServerProcess(.statehouse, environment: cap.map { ["STATEHOUSE_MAX_SESSIONS": String($0)] } ?? [:])
        defer { server.stop() }
        let nio = try ServerProcess(.nio)
        defer { nio.stop() }
        _ = try Wrk.run(port: server.port, path: "/counter", connections: connections, seconds: max(2, duration / 2), script: nil)
        if let cap { try checkFilled(server, cap: cap) }
        _ = try Wrk.run(port: nio.port, path: "/counter", connections: connections, seconds: 2, script: nil)
        return try interleaved(server, nio, path: "/counter", connections: connections, script: nil)
    }

    /// Fails unless `server` holds `cap` sessions: a figure "at the cap" only if the warm-up
    /// filled it.
    private func checkFilled(_ server: ServerProcess, cap: Int) throws {
        let held = try sessions(on: server)
        guard held == cap else { throw BenchError("the warm-up left \(held) sessions, not the cap of \(cap): a longer --duration") }
    }

    /// The same requests to `server` and to `bare` in alternating rounds (four each, of
    /// `duration / 4` seconds, at least 2: 2 s at the default 10), each with the server's CPU time: a ratio's two rates come from the
    /// same minutes, so this VM's slow and fast phases weigh on both alike. (Measured apart,
    /// minutes from each other, the page-load ratio moved with them: one binary's page loads
    /// read 11,000 and 21,000 a second within minutes.)
    private func interleaved(_ server: ServerProcess, _ bare: ServerProcess, path: String, connections: Int,
                             script: String?) throws -> (Wrk.Report, cpu: Double, bare: Wrk.Report, bareCPU: Double) {
        let round = max(2, duration / 4)
        var ours: [Wrk.Report] = [], theirs: [Wrk.Report] = []
        var cpu = 0.0, bareCPU = 0.0
        for _ in 0..<4 {
            let (report, seconds) = try server.measuringCPU {
                try Wrk.run(port: server.port, path: path, connections: connections, seconds: round, script: script)
            }
            ours.append(report)
            cpu += seconds
            let (bareReport, bareSeconds) = try bare.measuringCPU {
                try Wrk.run(port: bare.port, path: path, connections: connections, seconds: round, script: script)
            }
            theirs.append(bareReport)
            bareCPU += bareSeconds
        }
        return (Wrk.Report(combining: ours), cpu, Wrk.Report(combining: theirs), bareCPU)
    }

    /// GETs of `path` with no cookie on a fresh server, after a warm-up as long as the run,
    /// with the server's CPU time over the run.
    private func pageLoads(_ path: String, environment: [String: String]) throws -> (Wrk.Report, cpuSeconds: Double) {
        try pageLoads(path, on: ServerProcess(.statehouse, environment: environment))
    }

    /// The same on `server` (a fresh one), which this stops.
    private func pageLoads(_ path: String, on server: ServerProcess) throws -> (Wrk.Report, cpuSeconds: Double) {
        defer { server.stop() }
        _ = try Wrk.run(port: server.port, path: path, connections: connections, seconds: max(2, duration / 2), script: nil)
        return try server.measuringCPU {
            try Wrk.run(port: server.port, path: path, connections: connections, seconds: duration, script: nil)
        }
    }
}

/// Resident memory per idle session (one GET of /counter, its keep-alive connection left
/// open) against the bare server's memory per idle keep-alive connection.
struct MemoryBenchmarks {
    let count: Int

    func measure(into figures: inout Figures) throws {
        // The default first: the demo as `swift run demo` serves it (its SQLite file and key
        // in a directory of their own).
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("statehouse-bench-idle-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // (All the clients come from one address: the per-client cap is lifted.)
        let defaultSession = try idleGrowth(ServerProcess(demo: ["--max-connections-per-client", "1000000"], in: directory), path: "/counter")
        let session = try idleGrowth(ServerProcess(.statehouse, environment: ["STATEHOUSE_MAX_CONNECTIONS_PER_CLIENT": "1000000"]),
                                     path: "/counter")
        let bare = try idleGrowth(ServerProcess(.nio), path: "/")
        figures.add("default_idle_session_kib", defaultSession, "KiB")
        figures.add("idle_session_kib", session, "KiB")
        figures.add("nio_idle_connection_kib", bare, "KiB")
    }

    /// How much `server`'s resident memory grows per idle client, in KiB (it is stopped then).
    private func idleGrowth(_ server: ServerProcess, path: String) throws -> Double {
        defer { server.stop() }
        // Warm up: lazily allocated buffers and caches belong to the baseline.
        for _ in 0..<50 { _ = try LoopbackConnection(port: server.port).get(path) }
        Thread.sleep(forTimeInterval: 0.5)
        let before = server.residentKiB
        var open: [LoopbackConnection] = []
        for _ in 0..<count {
            let connection = try LoopbackConnection(port: server.port)
            let response = try connection.get(path)
            guard response.head.hasPrefix("HTTP/1.1 200") else { throw BenchError("an idle client's GET \(path) failed: \(response.head)") }
            open.append(connection)
        }
        Thread.sleep(forTimeInterval: 1)
        let after = server.residentKiB
        withExtendedLifetime(open) {}
        return (after - before) / Double(count)
    }
}
