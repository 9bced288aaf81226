import Statehouse

/// `/controls`: each control beside a `Text` showing its bound value. Identifiers: the kind in
/// lower case (`slider`), and `<kind>-value` for its text.
enum ControlsSeed {
    struct ControlsView: View {
        @State private var volume = 3.0
        @State private var isAdjusting = false
        @State private var notes = "Notes"

        var body: some View {
            Form {
                Section("Slider") {
                    Slider(value: $volume, in: 0...10, step: 0.5) {
                        Text("Volume")
                    } onEditingChanged: { isAdjusting = $0 }
                    .accessibilityIdentifier("slider")
                    Text("\(volume)\(isAdjusting ? " (adjusting)" : "")").accessibilityIdentifier("slider-value")
                }
                Section("Progress") {
                    ProgressView("Volume", value: volume, total: 10).accessibilityIdentifier("progress")
                    Text("\(Int(volume * 10)) %").accessibilityIdentifier("progress-value")
                }
                Section("Text editor") {
                    TextEditor(text: $notes).accessibilityIdentifier("texteditor")
                    Text("\(notes.count) characters").accessibilityIdentifier("texteditor-value")
                }
                Button("Apply") {}.accessibilityIdentifier("apply")
                Button("Reset") {
                    volume = 3
                    notes = "Notes"
                }
                .accessibilityIdentifier("reset")
            }
        }
    }
}
