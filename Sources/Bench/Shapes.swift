import ArgumentParser
import BenchSupport
import Foundation
import Statehouse

/// `bench render --shapes`: the first render of 10,000 rows of growing shapes, each adding one thing to
/// the last, so that the difference between two lines is what that thing costs per page. The
/// last shape is the row of `full_render_ms_10000`.
@MainActor
enum Shapes {
    static func measure(rows: Int) {
        for name in names { report(name, rows) }
    }

    /// `bench render --shape NAME`: that shape alone, `rounds` times.
    static func measure(_ name: String, rows: Int, rounds: Int) throws {
        guard names.contains(name) else { throw ValidationError("no shape \(name): one of \(names.joined(separator: ", "))") }
        for _ in 0..<rounds { report(name, rows) }
    }

    private static let names = ["text", "view", "view_state", "view_state_hstack_2_texts", "view_state_hstack_2_texts_button",
                                "view_state_hstack_2_texts_button_identifier"]

    private static func report(_ name: String, _ rows: Int) {
        switch name {
        case "text": report(name, rows) { VStack { ForEach(0..<rows, id: \.self) { Text("Row \($0)") } } }
        case "view": report(name, rows) { VStack { ForEach(0..<rows, id: \.self) { TextRow(index: $0) } } }
        case "view_state": report(name, rows) { VStack { ForEach(0..<rows, id: \.self) { StateRow(index: $0) } } }
        case "view_state_hstack_2_texts": report(name, rows) { VStack { ForEach(0..<rows, id: \.self) { StackRow(index: $0) } } }
        case "view_state_hstack_2_texts_button": report(name, rows) { VStack { ForEach(0..<rows, id: \.self) { ButtonRow(index: $0) } } }
        default: report(name, rows) { VStack { ForEach(0..<rows, id: \.self) { BenchRow(index: $0) } } }
        }
    }

    private static func report<V: View>(_ name: String, _ rows: Int, _ page: () -> V) {
        let median = InProcess.medianRender(page)
        say("render_ms_\(rows)_\(name): \(String(format: "%.1f", median)) ms")
    }
}

private struct TextRow: View {
    let index: Int
    var body: some View { Text("Row \(index)") }
}

private struct StateRow: View {
    let index: Int
    @State private var clicks = 0
    var body: some View { Text("Row \(index): \(clicks)") }
}

private struct StackRow: View {
    let index: Int
    @State private var clicks = 0
    var body: some View {
        HStack {
            Text("Row \(index)")
            Text("\(clicks) clicks")
        }
    }
}

private struct ButtonRow: View {
    let index: Int
    @State private var clicks = 0
    var body: some View {
        HStack {
            Text("Row \(index)")
            Text("\(clicks) clicks")
            Button("Click") { clicks += 1 }
        }
    }
}
