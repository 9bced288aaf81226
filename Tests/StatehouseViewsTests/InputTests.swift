import StatehouseTesting
import Testing
@testable import StatehouseViews

/// `Slider`, `TextEditor` and `ProgressView`.
@MainActor
@Suite("Inputs")
struct InputTests {
    struct Mixer: View {
        @State private var volume = 2.0
        @State private var edits: [Bool] = []
        @State private var notes = "first line"
        var body: some View {
            Slider(value: $volume, in: 0...10, step: 0.5) {
                Text("Volume")
            } onEditingChanged: { edits.append($0) }
            .accessibilityIdentifier("slider")
            Text("\(volume)").accessibilityIdentifier("slider-value")
            Text(edits.map { $0 ? "start" : "end" }.joined(separator: ",")).accessibilityIdentifier("edits")
            Button("Reset") { volume = 5 }
            TextEditor(text: $notes).accessibilityIdentifier("texteditor")
            Text(notes).accessibilityIdentifier("texteditor-value")
            ProgressView("Loudness", value: volume, total: 10).accessibilityIdentifier("progress")
        }
    }

    @Test("A slider binds both ways: a drag's inputs set the value (rounded to the step) between onEditingChanged(true) and (false); a write from the server moves it")
    func slider() throws {
        let page = try ViewTest(Mixer())
        let slider = try page.slider("Volume")
        #expect(slider.id == "slider")
        #expect(slider[attribute: "type"] == "range" && slider[attribute: "min"] == "0" && slider[attribute: "max"] == "10")
        #expect(slider[attribute: "step"] == "0.5" && slider[attribute: "value"] == "2")
        try slider.drag(through: ["3", "4.2", "7.2"])
        #expect(page.text("slider-value") == "7.0", "7.2 rounds to the step: 7")
        #expect(page.text("edits") == "start,end")
        #expect(page.elements.first { $0.tag == "progress" }?[attribute: "value"] == "0.7")
        try page.button("Reset").click()
        #expect(try page.slider("Volume")[attribute: "value"] == "5", "the server's write reaches the control")
    }

    @Test("A slider refuses what it cannot take, with a clear error, and changes nothing: not a number, out of range, no value")
    func sliderRefusals() throws {
        let page = try ViewTest(Mixer())
        #expect(throws: EventError.invalidValue("'loud' is not a number")) { try page.send(Event(target: "slider", type: .change, value: "loud")) }
        #expect(throws: EventError.invalidValue("11 is out of range 0...10")) { try page.send(Event(target: "slider", type: .change, value: "11")) }
        #expect(throws: EventError.invalidValue("'nan' is not a number")) { try page.send(Event(target: "slider", type: .change, value: "nan")) }
        #expect(throws: EventError.self) { try page.send(Event(target: "slider", type: .change)) }
        #expect(throws: EventError.unsupported(type: .click, target: "slider")) { try page.click("slider") }
        #expect(page.text("slider-value") == "2.0")
    }

    @Test("A slider's own value is not sent back to it (the browser shows it), a text editor's typed text neither; the texts that show them are")
    func echoes() throws {
        let page = try ViewTest(Mixer())
        try page.send(Event(target: "slider", type: .input, value: "4"))
        #expect(page.lastFragments.contains { $0.target == "slider-value" })
        #expect(!page.lastFragments.contains { $0.target == "slider" })
        try page.type("second <line>", into: "texteditor")
        #expect(page.lastFragments.map(\.target) == ["texteditor-value"])
        #expect(page.text("texteditor-value") == "second <line>")
        #expect(page.elements.first { $0.id == "texteditor" }?.tag == "textarea")
        #expect(page.html.contains(#">second &lt;line&gt;</textarea>"#))
    }
}
