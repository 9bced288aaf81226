import BenchSupport
import Foundation

/// `bench render --against OTHER`: this binary's render and another's (an older build), each
/// round in a fresh child process, one after the other, so that both see the same minutes of a
/// noisy machine; then each part's best and median round. (This VM's phases moved one binary's
/// render by a third within minutes: only rounds taken turn about judged a change.)
enum RenderPair {
    /// `arguments`: what each child gets after `render` (rows, a shape), `--rounds 1` added.
    static func measure(against other: String, rounds: Int, arguments: [String]) throws {
        let this = try ServerProcess.sibling("bench").path
        guard FileManager.default.isExecutableFile(atPath: other) else { throw BenchError("\(other) is not an executable") }
        var ours: [[Double]] = [], theirs: [[Double]] = []
        for _ in 0..<max(1, rounds) {
            ours.append(try round(this, arguments))
            theirs.append(try round(other, arguments))
        }
        for (name, binary, figures) in [("this", this, ours), ("other", other, theirs)] {
            let summary = zip(["total", "mount", "HTML"], transpose(figures)).map { label, values in
                String(format: "%@ best %.1f median %.1f", label, values.min()!, median(values))
            }
            say("render_pair_\(name): \(summary.joined(separator: ", ")) ms over \(figures.count) rounds (\(binary))")
        }
    }

    /// One round of `binary render … --rounds 1`: the figures of its first line (the whole,
    /// then the mount and the HTML if it prints them: older builds print a shape's whole only).
    private static func round(_ binary: String, _ arguments: [String]) throws -> [Double] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["render"] + arguments + ["--rounds", "1"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        let figures = line.matches(of: /([0-9.]+) ms/).compactMap { Double($0.output.1) }
        guard process.terminationStatus == 0, !figures.isEmpty else { throw BenchError("\(binary) render said: \(text)") }
        return figures
    }

    private static func transpose(_ rows: [[Double]]) -> [[Double]] {
        let width = rows.map(\.count).min() ?? 0
        return (0..<width).map { column in rows.map { $0[column] } }
    }
}
