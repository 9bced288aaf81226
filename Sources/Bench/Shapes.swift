import BenchSupport
import Foundation
import Statehouse

/// `bench render --shapes`: the first render of 10,000 rows of growing shapes, each adding one thing to
/// the last, so that the difference between two lines is what that thing costs per page. The
/// last shape is the row of `full_render_ms_10000`.
@MainActor
enum Shapes {
    static func measure(rows: Int) {
        report("text", rows) { VStack { ForEach(0..<rows, id: \.self) { Text("Row \($0)") } } }
        report("view", rows) { VStack { ForEach(0..<rows, id: \.self) { TextRow(index: $0) } } }
        report("view_state", rows) { VStack { ForEach(0..<rows, id: \.self) { StateRow(index: $0) } } }
        report("view_state_hstack_2_texts", rows) { VStack { ForEach(0..<rows, id: \.self) { StackRow(index: $0) } } }
        report("view_state_hstack_2_texts_button", rows) { VStack { ForEach(0..<rows, id: \.self) { ButtonRow(index: $0) } } }
        report("view_state_hstack_2_texts_button_identifier", rows) { VStack { ForEach(0..<rows, id: \.self) { BenchRow(index: $0) } } }
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
