import ArgumentParser
import Foundation
import BenchSupport
import Statehouse

/// `scripts/bench` (or `swift run -c release bench`): Statehouse's figures, one per line
/// (`name: value unit`), also written to a file a later run can be compared with.
@main
enum Entry {
    /// `bench serve KIND` keeps the main thread (the demo's event loop runs on it, as under
    /// `App.main()`); every other command runs as an async command.
    @MainActor
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "serve", let kind = arguments.dropFirst().first.flatMap(BenchServer.init(rawValue:)) {
            let port = arguments.firstIndex(of: "--port").flatMap { arguments.index(after: $0) < arguments.endIndex ? Int(arguments[arguments.index(after: $0)]) : nil }
            kind.serve(port: port ?? 0)
        }
        Task {
            await Bench.main()
            exit(0)
        }
        dispatchMain()
    }
}

struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measures Statehouse: HTTP throughput and latency (with wrk), in-process updates, memory per session.",
        subcommands: [Run.self, Serve.self, Render.self],
        defaultSubcommand: Run.self)
}

/// Runs every benchmark.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Runs every benchmark (the default).")

    @Option(help: "Seconds each throughput run lasts.")
    var duration = 10

    @Option(help: "Connections of the throughput runs.")
    var connections = 16

    @Option(help: "Idle sessions (and bare connections) for the memory figures.")
    var idle = 1000

    @Option(help: "Write the figures to this file.")
    var output = "benchmarks/latest.txt"

    @Option(help: "Compare with the figures in this file (a previous --output).")
    var compare: String?

    @Option(help: "Only these parts (repeatable): in-process (no servers), lists (the row-count sweep), http (wrk), memory, allocations.")
    var only: [Part] = []

    enum Part: String, CaseIterable, ExpressibleByArgument { case inProcess = "in-process", lists, http, memory, allocations }

    func run() async throws {
        let previous = compare.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }.map(Figures.parse) ?? [:]
        var figures = Figures(previous: previous)
        let parts = only.isEmpty ? Set(Part.allCases) : Set(only)

        // The default configuration's figures come first (the HTTP part starts with them).
        if parts.contains(.http) { try HTTPBenchmarks(duration: duration, connections: connections).measure(into: &figures) }
        if parts.contains(.inProcess) { await InProcess.measure(into: &figures) }
        if parts.contains(.lists) { await ListSweep.measure(into: &figures) }
        if parts.contains(.memory) { try MemoryBenchmarks(count: idle).measure(into: &figures) }
        if parts.contains(.allocations) { try AllocationBenchmarks().measure(into: &figures) }
        try figures.write(to: output)
    }
}

/// `bench render`: only the first render of the large page, many times (for a profiler).
struct Render: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: "Renders the 10,000-row page repeatedly and prints the median (for profiling).")

    @Option(help: "Rows of the page.")
    var rows = 10_000

    @Option(help: "Rounds; each prints the median of 7 renders.")
    var rounds = 3

    @Flag(help: "Instead, render rows of growing shapes once each: the difference between two lines is what one part of a row costs.")
    var shapes = false

    @Option(help: "Instead, render rows of this one shape (a name --shapes prints after render_ms_ROWS_), each round the median of 7 renders: to profile one part.")
    var shape: String?

    @Option(help: "Another build's bench binary: each round renders in this binary and then in that one, each in a fresh process; prints each part's best and median round of both (to judge a change on a noisy machine).")
    var against: String?

    func run() async throws {
        if let against {
            let page = ["--rows", String(rows)] + (shape.map { ["--shape", $0] } ?? [])
            return try RenderPair.measure(against: against, rounds: rounds, arguments: page)
        }
        if shapes { return await Shapes.measure(rows: rows) }
        if let shape { return try await Shapes.measure(shape, rows: rows, rounds: rounds) }
        for _ in 0..<rounds {
            let parts = await InProcess.fullRenderParts(rows: rows)
            say("full_render_ms_\(rows): \(String(format: "%.1f", parts.total)) ms"
                + " (mount \(String(format: "%.1f", parts.mount)) ms, HTML \(String(format: "%.1f", parts.html)) ms)")
        }
    }
}

/// `bench serve statehouse|statehouse-threads|nio [--port P]`: a server for the benchmarks to
/// measure, in its own process (so that its memory is its own). Prints `listening on PORT`.
/// (Handled by `Entry` before the commands are parsed; declared here for `--help`.)
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Serves the demo or the bare NIO server.")

    @Argument(help: "statehouse, statehouse-threads or nio.")
    var kind: String
    @Option var port = 0

    func run() throws {
        throw ValidationError("no server \(kind): statehouse, statehouse-threads or nio")
    }
}

/// The figures of one run, printed as they come.
struct Figures {
    let previous: [String: Double]
    private(set) var lines: [String] = []

    init(previous: [String: Double]) { self.previous = previous }

    mutating func add(_ name: String, _ value: Double, _ unit: String) {
        let text = value >= 100 || value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.3g", value)
        let line = "\(name): \(text) \(unit)"
        lines.append(line)
        if let before = previous[name], before != 0 {
            say(line + String(format: "   (was %@, %+.1f%%)", "\(before)", (value - before) / before * 100))
        } else {
            say(line)
        }
    }

    func write(to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    static func parse(_ text: String) -> [String: Double] {
        var result: [String: Double] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count >= 2, parts[0].hasSuffix(":"), let value = Double(parts[1]) else { continue }
            result[String(parts[0].dropLast())] = value
        }
        return result
    }
}
