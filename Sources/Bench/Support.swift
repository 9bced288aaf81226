import Foundation
import StatehouseLoopback

/// A server under measurement, in a child process (`bench serve KIND`).
final class ServerProcess {
    let process = Process()
    let port: Int

    init(_ kind: String) throws {
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        process.arguments = ["serve", kind]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { throw BenchError("the \(kind) server did not start") }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let match = text.firstMatch(of: /listening on (\d+)/), let port = Int(match.output.1) else {
            throw BenchError("the \(kind) server said: \(text)")
        }
        self.port = port
    }

    /// Resident memory, from /proc, in KiB.
    var residentKiB: Double {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        guard let match = status.firstMatch(of: /VmRSS:\s+(\d+) kB/) else { return 0 }
        return Double(match.output.1) ?? 0
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
        var requestsPerSecond: Double
        var p50Micros: Double
        var p99Micros: Double
    }

    /// `script` nil: plain GETs of `path`.
    static func run(port: Int, path: String, threads: Int, connections: Int, seconds: Int, script: String?) throws -> Report {
        let scriptURL = FileManager.default.temporaryDirectory.appendingPathComponent("statehouse-bench-\(getpid()).lua")
        try (script ?? "").write(to: scriptURL, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: scriptURL) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["wrk", "-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--latency", "-s", scriptURL.path,
                             "http://127.0.0.1:\(port)\(path)"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let rps = text.firstMatch(of: /Requests\/sec:\s+([\d.]+)/).flatMap({ Double($0.output.1) }) else {
            throw BenchError("wrk failed (is it installed? apt-get install wrk):\n\(text)")
        }
        if let failures = text.firstMatch(of: /Non-2xx or 3xx responses: (\d+)/) {
            throw BenchError("\(failures.output.1) requests failed during the run: the figure would be wrong\n\(text)")
        }
        if let errors = text.firstMatch(of: /Socket errors: .*/) {
            throw BenchError("wrk: \(errors.output)\n\(text)")
        }
        return Report(requestsPerSecond: rps, p50Micros: try percentile("50%", in: text), p99Micros: try percentile("99%", in: text))
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

    /// A wrk script that clicks "Increment" on one page per thread (one connection each).
    static func clickScript(_ pages: [LoadedPage]) -> String {
        let table = pages.map { #"{"\#($0.id)", "\#($0.csrf)", "\#($0.cookie)"}"# }.joined(separator: ",\n  ")
        return """
        local pages = {
          \(table)
        }
        local next_page = 0
        function setup(thread)
          next_page = next_page + 1
          thread:set("page_index", next_page)
        end
        function init(args)
          local page = pages[page_index]
          body = "page=" .. page[1] .. "&target=increment"
          headers = {
            ["Content-Type"] = "application/x-www-form-urlencoded",
            ["Accept"] = "text/vnd.turbo-stream.html",
            ["X-CSRF-Token"] = page[2],
            ["Cookie"] = page[3],
          }
        end
        function request()
          return wrk.format("POST", "/_sh/event", headers, body)
        end
        """
    }
}
