import StatehouseTesting
import Testing
@testable import StatehouseViews

/// `@FocusState`, `.focused`, `.onKeyPress`, `.keyboardShortcut`.
@MainActor
@Suite("Focus and keys")
struct FocusTests {
    enum Field: Hashable { case name, email }

    struct Signup: View {
        @State private var name = ""
        @State private var email = ""
        @FocusState private var field: Field?
        @FocusState private var notesFocused: Bool
        @State private var notes = ""
        var body: some View {
            TextField("Name", text: $name).focused($field, equals: .name).accessibilityIdentifier("name")
            TextField("Email", text: $email).focused($field, equals: .email).accessibilityIdentifier("email")
            TextEditor(text: $notes).focused($notesFocused).accessibilityIdentifier("notes")
            Text(field.map { "\($0)" } ?? "none").accessibilityIdentifier("field")
            Text(notesFocused ? "notes focused" : "notes not focused").accessibilityIdentifier("notes-focused")
            Button("Next") { field = field == .name ? .email : .name }
            Button("Done") { field = nil }
            Button("Edit notes") { notesFocused = true }
        }
    }

    @Test("The browser's focus reports set @FocusState: `equals:` takes the field's value, and nil when focus leaves for an element without a binding; a Bool state reads true while its view has focus")
    func browserReportsFocus() throws {
        let page = try ViewTest(Signup())
        #expect(page.text("field") == "none")
        try page.focus("name")
        #expect(page.text("field") == "name")
        #expect(page.focusedID == "name")
        #expect(page.lastFocusMove == nil, "focus is where the browser said: nothing to move")
        #expect(!page.lastFragments.contains { $0.target == "name" }, "the field itself is not sent again for it")
        try page.focus("email")  // Tab: one report, for the element focus went to
        #expect(page.text("field") == "email")
        try page.focus("notes")
        #expect(page.text("field") == "none", "focus left both fields: the optional state is nil")
        #expect(page.text("notes-focused") == "notes focused")
        try page.blur("notes")
        #expect(page.text("notes-focused") == "notes not focused")
        #expect(page.focusedID == nil && page.lastFocusMove == nil)
    }

    @Test("Writing @FocusState moves focus in the browser (a FocusMove after the changes); nil takes it away; the page's HTML marks the focused field autofocus")
    func serverMovesFocus() throws {
        let page = try ViewTest(Signup())
        try page.button("Next").click()
        #expect(page.lastFocusMove == .focus("name"))
        #expect(try page.element("name")[attribute: "autofocus"] == "")
        #expect(page.html.contains(#"data-sh-focus"#))
        try page.button("Next").click()
        #expect(page.lastFocusMove == .focus("email"))
        #expect(try page.element("name")[attribute: "autofocus"] == nil)
        try page.button("Edit notes").click()
        #expect(page.lastFocusMove == .focus("notes"), "the state written last wins")
        #expect(page.text("field") == "none", "focus is in one place: the field state lets go")
        #expect(page.text("notes-focused") == "notes focused")
        try page.button("Done").click()
        #expect(page.lastFocusMove == nil, "the field state was nil already")
        try page.button("Next").click()
        #expect(page.lastFocusMove == .focus("name"))
        #expect(page.text("notes-focused") == "notes not focused")
        try page.button("Done").click()
        #expect(page.lastFocusMove == .blur("name"))
        #expect(page.focusedID == nil)
    }

    @Test("Focus events go only to elements with a binding; a stale id is refused; the first document owes no move")
    func refusals() throws {
        struct Initially: View {
            @FocusState private var isFocused: Bool
            @State private var text = ""
            var body: some View {
                TextField("Search", text: $text).focused($isFocused).accessibilityIdentifier("search")
                Button("Go") {}.accessibilityIdentifier("go")
                    .onAppear { isFocused = true }
            }
        }
        let page = try ViewTest(Initially())
        #expect(page.lastFocusMove == nil, "the document's autofocus focuses it")
        #expect(try page.element("search")[attribute: "autofocus"] == "")
        #expect(page.focusedID == "search")
        #expect(throws: EventError.unsupported(type: .focus, target: "go")) { try page.focus("go") }
        #expect(throws: EventError.noSuchElement("gone")) { try page.focus("gone") }
    }

    struct Grid: View {
        @State private var row = 0
        @State private var log: [String] = []
        var body: some View {
            VStack {
                Text("row \(row)").accessibilityIdentifier("row")
                    .focusable()
                    .onKeyPress(.downArrow) { row += 1; return .handled }
                    .onKeyPress(keys: [.upArrow, "k"]) { press in
                        row -= press.modifiers.contains(.shift) ? 10 : 1
                        return .handled
                    }
                    .onKeyPress(.escape) { log.append("inner ignored escape"); return .ignored }
                Text(log.joined(separator: "; ")).accessibilityIdentifier("log")
            }
            .onKeyPress(.escape) { log.append("outer escape"); return .handled }
            Button("Save") { log.append("saved") }.keyboardShortcut("s").accessibilityIdentifier("save")
            Button("OK") {}.keyboardShortcut(.defaultAction).accessibilityIdentifier("ok")
            Button("Cancel") {}.keyboardShortcut(.cancelAction).accessibilityIdentifier("cancel")
        }
    }

    @Test("onKeyPress: the handler of the key runs with the modifiers held; an ignored press goes on to the enclosing view's handler")
    func keyPresses() throws {
        let page = try ViewTest(Grid())
        #expect(try page.element("row")[attribute: "tabindex"] == "0")
        #expect(page.html.contains(#"data-sh-keys="[&quot;ArrowDown&quot;,&quot;ArrowUp&quot;,&quot;Escape&quot;,&quot;k&quot;]""#))
        try page.press("ArrowDown", in: "row")
        try page.press("ArrowDown", in: "row")
        #expect(page.text("row") == "row 2")
        try page.press("Shift+ArrowUp", in: "row")
        #expect(page.text("row") == "row -8")
        try page.press("K", in: "row")
        #expect(page.text("row") == "row -9", "a letter matches in either case")
        try page.press("Escape", in: "row")
        #expect(page.text("log") == "inner ignored escape; outer escape")
    }

    @Test("A key event with no key, an unknown key name, or a key no view there handles is refused and changes nothing")
    func keyRefusals() throws {
        let page = try ViewTest(Grid())
        #expect(throws: EventError.self) { try page.send(Event(target: "row", type: .key)) }
        #expect(throws: EventError.self) { try page.press("Hyper", in: "row") }
        #expect(throws: EventError.self) { try page.press("x", in: "row") }
        #expect(throws: EventError.unsupported(type: .key, target: "save")) { try page.press("Enter", in: "save") }
        #expect(page.text("row") == "row 0" && page.text("log") == "")
    }

    @Test("keyboardShortcut says its keys as aria-keyshortcuts (Command is Meta); defaultAction is Enter, cancelAction Escape")
    func shortcuts() throws {
        let page = try ViewTest(Grid())
        #expect(try page.element("save")[attribute: "aria-keyshortcuts"] == "Meta+S")
        #expect(try page.element("ok")[attribute: "aria-keyshortcuts"] == "Enter")
        #expect(try page.element("cancel")[attribute: "aria-keyshortcuts"] == "Escape")
        #expect(KeyboardShortcut(.upArrow, modifiers: [.shift, .command]).ariaValue == "Shift+Meta+ArrowUp")
        #expect(KeyboardShortcut(.space, modifiers: .control).ariaValue == "Control+Space")
    }

    @Test("A Toggle's or Picker's focus binding and keys go to its control, not to the label around it")
    func forwardedToTheControl() throws {
        struct Settings: View {
            @State private var isOn = false
            @State private var flavor = "a"
            @FocusState private var toggleFocused: Bool
            var body: some View {
                Toggle("Wi-Fi", isOn: $isOn).focused($toggleFocused).accessibilityIdentifier("wifi")
                Picker("Flavor", selection: $flavor) { Text("A").tag("a"); Text("B").tag("b") }
                    .onKeyPress(.space) { flavor = "b"; return .handled }
                    .accessibilityIdentifier("flavor")
                Text(toggleFocused ? "yes" : "no").accessibilityIdentifier("focused")
            }
        }
        let page = try ViewTest(Settings())
        try page.focus("wifi")
        #expect(page.text("focused") == "yes")
        try page.press(" ", in: "flavor")
        #expect(try page.element("flavor")[attribute: "aria-label"] == "Flavor")
        #expect(page.elements.first { $0.tag == "option" && $0[attribute: "selected"] != nil }?.text == "B")
    }
}
