import BenchSupport
import Foundation
import StatehouseLoopback
import StatehouseProtocol

/// A server under measurement, in a child process (`bench serve KIND`, or
/// `bench-allocations serve KIND` to count its allocations).
final class ServerProcess {
    let process = Process()
    private(set) var port = 0
    private let output = Pipe()
    private var unread = ""

    /// `environment`: extra `STATEHOUSE_…` variables for the server. The state store is memory
    /// unless they say otherwise (the durable store's figures are named `sqlite_…`).
    init(_ kind: BenchServer, environment: [String: String] = [:], countingAllocations: Bool = false) throws {
        process.executableURL = countingAllocations ? try Self.sibling("bench-allocations") : try Self.sibling("bench")
        process.arguments = ["serve", kind.rawValue]
        process.environment = ProcessInfo.processInfo.environment.merging(["STATEHOUSE_STATE_STORE": "memory"]) { $1 }
            .merging(environment) { $1 }
        process.standardOutput = output
        try process.run()
        let line = try readLine(from: kind.rawValue)
        guard let match = line.firstMatch(of: /listening on (\d+)/), let port = Int(match.output.1) else {
            throw BenchError("the \(kind) server said: \(line)")
        }
        self.port = port
    }

    /// The demo built next to this one (`swift build -c release --product demo`), as `swift run
    /// demo` serves it but for `arguments`, in `directory` (where its default SQLite file and
    /// key go). It says where it listens in its log (standard error), which is then read and
    /// dropped, as a terminal or journald would read it.
    init(demo arguments: [String], in directory: URL? = nil) throws {
        process.executableURL = try Self.sibling("demo")
        process.arguments = ["--port", "0"] + arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("STATEHOUSE_") }
        if let directory { process.currentDirectoryURL = directory }
        process.standardError = output
        try process.run()
        // Other notices and warnings may come first (PostgresNIO's, while its pool starts).
        for _ in 0..<20 {
            let line = try readLine(from: "demo")
            if let match = line.firstMatch(of: /listening on http:\/\/[^ ]*:(\d+)/), let port = Int(match.output.1) {
                self.port = port
                let log = output.fileHandleForReading
                Thread.detachNewThread { while !log.availableData.isEmpty {} }
                return
            }
        }
        throw BenchError("the demo did not say where it listens")
    }

    /// A server left running (a measurement that failed) is stopped with its process.
    deinit {
        if process.isRunning { stop() }
    }

    /// A binary built next to this one.
    static func sibling(_ name: String) throws -> URL {
        let url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw BenchError("\(url.path) is missing: swift build -c release --product \(name)")
        }
        return url
    }

    private func readLine(from kind: String) throws -> String {
        while !unread.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { throw BenchError("the \(kind) server ended") }
            unread += String(decoding: data, as: UTF8.self)
        }
        let end = unread.firstIndex(of: "\n")!
        defer { unread = String(unread[unread.index(after: end)...]) }
        return String(unread[..<end])
    }

    /// The allocations the server has made so far (a server started `countingAllocations`).
    func allocations() throws -> Double {
        kill(process.processIdentifier, SIGUSR1)
        let line = try readLine(from: "counting")
        guard let count = line.firstMatch(of: /^allocations (\d+)$/).flatMap({ Double($0.output.1) }) else {
            throw BenchError("the counting server said: \(line)")
        }
        return count
    }

    /// Resident memory, from /proc, in KiB.
    var residentKiB: Double {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        guard let match = status.firstMatch(of: /VmRSS:\s+(\d+) kB/) else { return 0 }
        return Double(match.output.1) ?? 0
    }

    /// CPU time the server has used (user and system), from /proc, in seconds.
    var cpuSeconds: Double {
        let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
        // Fields after the command name (which may hold spaces) start at state; utime and stime
        // are the 14th and 15th fields of the whole line.
        guard let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Runs `body` and returns its result with the server's CPU seconds spent meanwhile.
    func measuringCPU<T>(_ body: () throws -> T) rethrows -> (T, cpuSeconds: Double) {
        let before = cpuSeconds
        let result = try body()
        return (result, cpuSeconds - before)
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A page loaded for a benchmark client: what an event needs.
struct LoadedPage {
    let id: String
    let csrf: String
    let cookie: String

    /// The headers of an event on this page, as the client sends them.
    var eventHeaders: [String] {
        ["Content-Type: application/x-www-form-urlencoded", "Accept: text/vnd.turbo-stream.html",
         "X-CSRF-Token: \(csrf)", "Cookie: \(cookie)"]
    }

    /// Opens the page's event stream, as a browser holds it, and leaves it open (its answer
    /// unread: a click's changes come in the click's own answer, and the stream carries none).
    func openStream(port: Int) throws -> LoopbackConnection {
        let connection = try LoopbackConnection(port: port)
        guard connection.send("GET \(Wire.streamPath)?page=\(id) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nCookie: \(cookie)\r\n\r\n") else {
            throw BenchError("could not open the event stream of page \(id)")
        }
        return connection
    }

    static func load(_ path: String, port: Int) throws -> LoadedPage {
        let response = try LoopbackConnection(port: port).get(path)
        guard let id = response.body.firstMatch(of: /name="sh-page" content="([^"]+)"/)?.output.1,
              let csrf = response.body.firstMatch(of: /name="csrf-token" content="([^"]+)"/)?.output.1,
              let cookie = response.header("set-cookie")?.split(separator: ";").first else {
            throw BenchError("GET \(path) did not give a page: \(response.head)")
        }
        return LoadedPage(id: String(id), csrf: String(csrf), cookie: String(cookie))
    }
}

/// Runs wrk (Debian's `wrk` package) and reads its report.
enum Wrk {
    struct Report {
        var requests: Double
        var requestsPerSecond: Double
        var p50Micros: Double
        var p99Micros: Double
        /// wrk's own CPU time over the run's wall time and the machine's cores: near 1, the
        /// client, not the server, was the limit.
        var clientCPUShare: Double
    }

    /// Never more client threads than cores: a thread per connection on a 2-core machine
    /// starves the server it measures.
    static func threads(for connections: Int) -> Int {
        min(connections, ProcessInfo.processInfo.activeProcessorCount)
    }

    /// `script` nil: plain GETs of `path`.
    static func run(port: Int, path: String, connections: Int, seconds: Int, script: String?) throws -> Report {
        let threads = threads(for: connections)
        let scriptURL = FileManager.default.temporaryDirectory.appendingPathComponent("statehouse-bench-\(getpid()).lua")
        try (script ?? "").write(to: scriptURL, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: scriptURL) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["wrk", "-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--latency", "-s", scriptURL.path,
                             "http://127.0.0.1:\(port)\(path)", "--", "\(threads)"]
        let output = Pipe()
        process.standardOutput = output
        let clientBefore = childrenCPUSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let clientCPU = childrenCPUSeconds() - clientBefore
        guard process.terminationStatus == 0, let rps = text.firstMatch(of: /Requests\/sec:\s+([\d.]+)/).flatMap({ Double($0.output.1) }) else {
            throw BenchError("wrk failed (is it installed? apt-get install wrk):\n\(text)")
        }
        if let failures = text.firstMatch(of: /Non-2xx or 3xx responses: (\d+)/) {
            throw BenchError("\(failures.output.1) requests failed during the run: the figure would be wrong\n\(text)")
        }
        if let errors = text.firstMatch(of: /Socket errors: .*/) {
            throw BenchError("wrk: \(errors.output)\n\(text)")
        }
        guard let requests = text.firstMatch(of: /(\d+) requests in/).flatMap({ Double($0.output.1) }) else {
            throw BenchError("no request count in wrk's report\n\(text)")
        }
        return Report(requests: requests, requestsPerSecond: rps, p50Micros: try percentile("50%", in: text),
                      p99Micros: try percentile("99%", in: text),
                      clientCPUShare: clientCPU / (wall * Double(ProcessInfo.processInfo.activeProcessorCount)))
    }

    /// CPU seconds of this process's children that have been waited for (wrk's runs).
    private static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// A latency line of wrk's distribution ("99%  1.23ms"), in microseconds.
    static func percentile(_ label: String, in text: String) throws -> Double {
        let pattern = try Regex("\\s\(label)\\s+([\\d.]+)(us|ms|s)")
        guard let match = text.firstMatch(of: pattern), let value = Double(match.output[1].substring!) else {
            throw BenchError("no \(label) latency in wrk's report")
        }
        switch match.output[2].substring! {
        case "ms": return value * 1000
        case "s": return value * 1_000_000
        default: return value
        }
    }

    /// A wrk script that clicks "Increment" on the pages, each page as often: the threads share
    /// the pages out (thread t of n takes pages t, t + n, …) and each thread's requests go
    /// round its pages, so with a page per connection each page has about one event in flight.
    static func clickScript(_ pages: [LoadedPage]) -> String {
        let table = pages.map { #"{"\#($0.id)", "\#($0.csrf)", "\#($0.cookie)"}"# }.joined(separator: ",\n  ")
        return """
        local pages = {
          \(table)
        }
        local threads = 0
        function setup(thread)
          thread:set("thread_index", threads)
          threads = threads + 1
        end
        local requests = {}
        local turn = 0
        function init(args)
          -- args[1] is the number of threads (after wrk's --).
          local n = tonumber(args[1]) or 1
          for i = thread_index + 1, #pages, n do
            local page = pages[i]
            requests[#requests + 1] = wrk.format("POST", "\(Wire.eventPath)", {
              ["Content-Type"] = "application/x-www-form-urlencoded",
              ["Accept"] = "\(Wire.turboStreamType)",
              ["X-CSRF-Token"] = page[2],
              ["Cookie"] = page[3],
            }, "\(Wire.Field.page)=" .. page[1] .. "&\(Wire.Field.target)=increment")
          end
        end
        function request()
          turn = turn % #requests + 1
          return requests[turn]
        end
        """
    }
}

extension Wrk.Report {
    /// Rounds of one measurement as one: their requests over their time together, wrk's share
    /// weighted by time, and the median round's latencies (the upper middle of an even count).
    init(combining rounds: [Wrk.Report]) {
        precondition(!rounds.isEmpty, "at least one round")
        let seconds = rounds.map { $0.requests / $0.requestsPerSecond }
        let totalSeconds = seconds.reduce(0, +)
        requests = rounds.map(\.requests).reduce(0, +)
        requestsPerSecond = requests / totalSeconds
        clientCPUShare = zip(rounds, seconds).map { $0.clientCPUShare * $1 }.reduce(0, +) / totalSeconds
        p50Micros = median(rounds.map(\.p50Micros))
        p99Micros = median(rounds.map(\.p99Micros))
    }
}

/// The middle value (the upper middle of an even count).
func median(_ values: [Double]) -> Double {
    precondition(!values.isEmpty, "at least one value")
    return values.sorted()[values.count / 2]
}
