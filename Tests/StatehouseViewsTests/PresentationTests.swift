import StatehouseTesting
import Testing
@testable import StatehouseViews

/// `.sheet`, `.alert` and `.confirmationDialog`: presented while their binding says so, as
/// `<dialog>` elements, dismissed by their buttons, `dismiss` and Escape.
@MainActor
@Suite("Presentations")
struct PresentationTests {
    struct Editor: View {
        @State private var isEditing = false
        @State private var title = "Dune"
        @State private var dismissals = 0

        var body: some View {
            Text(title).accessibilityIdentifier("title")
            Text("dismissed \(dismissals)").accessibilityIdentifier("dismissals")
            Button("Edit") { isEditing = true }
                .sheet(isPresented: $isEditing, onDismiss: { dismissals += 1 }) {
                    EditSheet(title: $title)
                }
        }
    }

    struct EditSheet: View {
        @Binding var title: String
        @State private var draft = ""
        @Environment(\.dismiss) private var dismiss
        var body: some View {
            Form {
                TextField("Title", text: $draft)
            }
            Button("Cancel") { dismiss() }
            Button("Save") {
                title = draft
                dismiss()
            }
        }
    }

    @Test("A sheet is a <dialog> while its binding is true; dismiss() and Escape set it false and onDismiss runs; Save writes through a binding")
    func sheetIsPresented() throws {
        let page = try ViewTest(Editor())
        #expect(page.dialogs.isEmpty)
        try page.button("Edit").click()
        let sheet = try #require(page.dialogs.first)
        #expect(sheet.element.tag == "dialog" && sheet[attribute: "open"] == "" && sheet[attribute: "aria-modal"] == "true")
        try page.button("Cancel").click()
        #expect(page.dialogs.isEmpty)
        #expect(page.text("dismissals") == "dismissed 1")
        try page.button("Edit").click()
        try page.pressEscape()
        #expect(page.dialogs.isEmpty, "Escape dismisses")
        #expect(page.text("title") == "Dune", "without saving")
        #expect(page.text("dismissals") == "dismissed 2")
        try page.button("Edit").click()
        try page.textField("Title").type("Dune Messiah")
        try page.button("Save").click()
        #expect(page.dialogs.isEmpty)
        #expect(page.text("title") == "Dune Messiah")
    }

    struct Book: Identifiable {
        let id: String
    }

    struct Picker: View {
        @State private var shown: Book?
        var body: some View {
            Button("Open A") { shown = Book(id: "a") }
            Button("Open B") { shown = Book(id: "b") }
                .sheet(item: $shown) { book in
                    Counter(name: book.id)
                }
        }
    }

    struct Counter: View {
        let name: String
        @State private var count = 0
        var body: some View {
            Button("\(name) \(count)") { count += 1 }
        }
    }

    @Test("sheet(item:): a different item is a new sheet with fresh state; nil dismisses")
    func sheetItemIdentity() throws {
        let page = try ViewTest(Picker())
        try page.button("Open A").click()
        try page.button("a 0").click()
        try page.button("a 1").click()
        #expect(try page.button("a 2").isEnabled)
        try page.button("Open B").click()
        #expect(try page.button("b 0").isEnabled, "B's sheet starts over")
        try page.button("Open A").click()
        #expect(try page.button("a 0").isEnabled, "A again is new too")
        try page.pressEscape()
        #expect(page.dialogs.isEmpty)
    }

    struct Asker: View {
        @State private var isAsking = false
        @State private var isConfirming = false
        @State private var isInforming = false
        @State private var log: [String] = []
        var body: some View {
            Text(log.joined(separator: ",")).accessibilityIdentifier("log")
            Button("Ask") { isAsking = true }
                .alert("Delete the book?", isPresented: $isAsking) {
                    Button("Delete", role: .destructive) { log.append("deleted") }
                    Button("Keep", role: .cancel) { log.append("kept") }
                } message: {
                    Text("This cannot be undone.")
                }
            Button("Confirm") { isConfirming = true }
                .confirmationDialog("Remove?", isPresented: $isConfirming) {
                    Button("Remove", role: .destructive) { log.append("removed") }
                }
            Button("Inform") { isInforming = true }
                .alert("Saved", isPresented: $isInforming) {}
        }
    }

    @Test("Every button of an alert or confirmation dialog dismisses it after its action; an alert without actions has OK; a confirmation dialog gets a Cancel")
    func alerts() throws {
        let page = try ViewTest(Asker())
        try page.button("Ask").click()
        let alert = try #require(page.dialogs.first)
        #expect(alert.role == "alertdialog" && alert.label == "Delete the book?")
        #expect(alert.text.contains("This cannot be undone."))
        #expect(try page.button("Delete")[attribute: "class"] == "sh-button sh-destructive")
        try page.button("Delete").click()
        #expect(page.dialogs.isEmpty)
        #expect(page.text("log") == "deleted")
        try page.button("Ask").click()
        try page.button("Keep").click()
        #expect(page.dialogs.isEmpty && page.text("log") == "deleted,kept")

        try page.button("Confirm").click()
        #expect(page.dialogs.first?.text.contains("Remove?") == false, "no message: the title is hidden")
        try page.button("Cancel").click()
        #expect(page.dialogs.isEmpty && page.text("log") == "deleted,kept")
        try page.button("Confirm").click()
        try page.button("Remove").click()
        #expect(page.text("log") == "deleted,kept,removed")

        try page.button("Inform").click()
        try page.button("OK").click()
        #expect(page.dialogs.isEmpty)
        #expect(throws: ViewTestError.self) { try page.pressEscape() }
    }

    struct OldStyle: View {
        struct Problem: Identifiable { let id: Int; let text: String }
        @State private var isAsking = false
        @State private var isSorting = false
        @State private var problem: Problem?
        @State private var log: [String] = []
        var body: some View {
            Text(log.joined(separator: ",")).accessibilityIdentifier("log")
            Button("Ask") { isAsking = true }
                .alert(isPresented: $isAsking) {
                    Alert(title: Text("Delete the book?"), message: Text("This cannot be undone."),
                          primaryButton: .destructive(Text("Delete")) { log.append("deleted") },
                          secondaryButton: .cancel())
                }
            Button("Fail") { problem = Problem(id: 1, text: "Disk full") }
                .alert(item: $problem) { problem in
                    Alert(title: Text("Could not save"), message: Text(problem.text))
                }
            Button("Sort") { isSorting = true }
                .actionSheet(isPresented: $isSorting) {
                    ActionSheet(title: Text("Sort by"), buttons: [.default(Text("Title")) { log.append("by title") }, .cancel()])
                }
        }
    }

    @Test("Alert and ActionSheet values (the older API): title, message and buttons as given; an alert without buttons has OK; item: shows while set and clears it")
    func alertValues() throws {
        let page = try ViewTest(OldStyle())
        try page.button("Ask").click()
        let alert = try #require(page.dialogs.first)
        #expect(alert.role == "alertdialog" && alert.label == "Delete the book?")
        #expect(alert.text.contains("This cannot be undone."))
        #expect(try page.button("Delete")[attribute: "class"] == "sh-button sh-destructive")
        try page.button("Cancel").click()
        #expect(page.dialogs.isEmpty && page.text("log") == "")
        try page.button("Ask").click()
        try page.button("Delete").click()
        #expect(page.dialogs.isEmpty && page.text("log") == "deleted")

        try page.button("Fail").click()
        #expect(page.dialogs.first?.label == "Could not save")
        #expect(page.dialogs.first?.text.contains("Disk full") == true)
        try page.button("OK").click()
        #expect(page.dialogs.isEmpty, "OK cleared the item")
        try page.button("Fail").click()
        #expect(page.dialogs.count == 1, "and it shows again when set again")
        try page.button("OK").click()

        try page.button("Sort").click()
        #expect(page.dialogs.first?.text.contains("Sort by") == true, "an action sheet shows its title")
        #expect(page.elements.filter { $0.tag == "button" && $0.text == "Cancel" }.count == 1, "its own Cancel, no second one")
        try page.button("Title").click()
        #expect(page.dialogs.isEmpty && page.text("log") == "deleted,by title")
    }

    struct Ticker: View {
        @State private var ticks = 0
        @State private var shown = true
        let timer = Timer.publish(every: 0.05, on: .main, in: .common).autoconnect()
        var body: some View {
            Text("ticks \(ticks)").accessibilityIdentifier("ticks")
            Button("Hide") { shown = false }
            if shown {
                Text("listening").onReceive(timer) { _ in ticks += 1 }
            }
        }
    }

    @Test(".onReceive(Timer.publish(…).autoconnect()): the action runs on each date while the view is on the page, and stops when it leaves")
    func onReceiveTimer() async throws {
        let page = try ViewTest(Ticker())
        var ticks = 0
        // Polled up to 10 s (a slow machine, a sanitizer): the timer fires every 50 ms.
        for _ in 0..<200 where ticks < 2 {
            try await Task.sleep(for: .milliseconds(50))
            try await page.settle()
            ticks = Int(page.text("ticks")?.dropFirst("ticks ".count) ?? "") ?? 0
        }
        #expect(ticks >= 2, "ticked \(ticks) times")
        try page.button("Hide").click()
        try await Task.sleep(for: .milliseconds(100))
        try await page.settle()
        let stopped = page.text("ticks")
        try await Task.sleep(for: .milliseconds(300))
        try await page.settle()
        #expect(page.text("ticks") == stopped, "cancelled on disappear")
    }
}
