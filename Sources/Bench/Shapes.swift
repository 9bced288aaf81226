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
        for shape in shapes { report(shape, rows) }
    }

    /// `bench render --shape NAME`: that shape alone, `rounds` times.
    static func measure(_ name: String, rows: Int, rounds: Int) throws {
        guard let shape = shapes.first(where: { $0.name == name }) else {
            throw ValidationError("no shape \(name): one of \(shapes.map(\.name).joined(separator: ", "))")
        }
        for _ in 0..<rounds { report(shape, rows) }
    }

    /// Each shape's name and its page of `rows` rows, rendered: the medians of 7 (the whole, the
    /// mount, the HTML), in ms.
    private static let shapes: [(name: String, render: (Int) -> (total: Double, mount: Double, html: Double))] = [
        ("text", { rows in InProcess.medianRenderParts { VStack { ForEach(0..<rows, id: \.self) { Text("Row \($0)") } } } }),
        ("view", { rows in InProcess.medianRenderParts { VStack { ForEach(0..<rows, id: \.self) { TextRow(index: $0) } } } }),
        ("view_state", { rows in InProcess.medianRenderParts { VStack { ForEach(0..<rows, id: \.self) { StateRow(index: $0) } } } }),
        ("view_state_hstack_2_texts", { rows in InProcess.medianRenderParts { VStack { ForEach(0..<rows, id: \.self) { StackRow(index: $0) } } } }),
        ("view_state_hstack_2_texts_button", { rows in InProcess.medianRenderParts { VStack { ForEach(0..<rows, id: \.self) { ButtonRow(index: $0) } } } }),
        ("view_state_hstack_2_texts_button_identifier",
         { rows in InProcess.medianRenderParts { VStack { ForEach(0..<rows, id: \.self) { BenchRow(index: $0) } } } }),
        // Not in the growing series: a generic view of the app's around `view`'s row, and an
        // app's `ViewModifier` on it (Statehouse's generic `ModifierBody`): composite views
        // whose node is made by unspecialised code.
        ("view_generic", { rows in InProcess.medianRenderParts { VStack { ForEach(0..<rows, id: \.self) { Wrapper(content: TextRow(index: $0)) } } } }),
        ("view_modifier", { rows in InProcess.medianRenderParts { VStack { ForEach(0..<rows, id: \.self) { TextRow(index: $0).modifier(Plain()) } } } }),
    ]

    private static func report(_ shape: (name: String, render: (Int) -> (total: Double, mount: Double, html: Double)), _ rows: Int) {
        let parts = shape.render(rows)
        say("render_ms_\(rows)_\(shape.name): " + String(format: "%.1f ms (mount %.1f ms, HTML %.1f ms)", parts.total, parts.mount, parts.html))
    }
}

private struct TextRow: View {
    let index: Int
    var body: some View { Text("Row \(index)") }
}

private struct Wrapper<Content: View>: View {
    let content: Content
    var body: some View { content }
}

private struct Plain: ViewModifier {
    func body(content: Content) -> some View { content }
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
