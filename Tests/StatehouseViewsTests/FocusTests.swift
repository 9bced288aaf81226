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

    @Test("Two elements sharing one focus binding: focus in either keeps the state (it is not let go by the other)")
    func sharedBinding() throws {
        struct Pair: View {
            @FocusState private var editing: Bool
            @State private var first = ""
            @State private var second = ""
            var body: some View {
                TextField("First", text: $first).focused($editing).accessibilityIdentifier("first")
                TextField("Second", text: $second).focused($editing).accessibilityIdentifier("second")
                Text(editing ? "editing" : "idle").accessibilityIdentifier("state")
            }
        }
        let page = try ViewTest(Pair())
        try page.focus("first")
        #expect(page.text("state") == "editing")
        #expect(page.lastFocusMove == nil)
        try page.focus("second")
        #expect(page.text("state") == "editing")
        #expect(page.lastFocusMove == nil)
    }

    @Test("When the focused element goes away its focus state lets go (nil), so a later form does not pull focus back")
    func departedFocusLetsGo() throws {
        struct Steps: View {
            @FocusState private var field: Field?
            @State private var done = false
            @State private var name = ""
            var body: some View {
                if !done {
                    TextField("Name", text: $name).focused($field, equals: .name).accessibilityIdentifier("name")
                }
                Text(field.map { "\($0)" } ?? "none").accessibilityIdentifier("field")
                Button(done ? "Again" : "Done") { done.toggle() }
            }
        }
        let page = try ViewTest(Steps())
        try page.focus("name")
        #expect(page.text("field") == "name")
        try page.button("Done").click()
        #expect(page.text("field") == "none", "focus left with the field")
        try page.button("Again").click()
        #expect(page.lastFocusMove == nil, "the field is back without taking focus")
    }

    @Test("A catch-all key handler is sent every key: one it does not take changes nothing (200, not an error); key handlers see the values of their view's latest evaluation")
    func catchAllAndFreshClosures() throws {
        struct Typist: View {
            @State private var letters = ""
            @State private var count = 0
            var body: some View {
                Counter(count: count) { count = $0 }
                    .onKeyPress(characters: .letters) { press in letters += press.characters; return .handled }
                Text(letters).accessibilityIdentifier("letters")
            }
        }
        struct Counter: View {
            let count: Int
            let set: @MainActor (Int) -> Void
            var body: some View {
                Text("\(count)").accessibilityIdentifier("count").focusable()
                    .onKeyPress(.space) { set(count + 1); return .handled }
            }
        }
        let page = try ViewTest(Typist())
        #expect(page.html.contains(#"data-sh-keys="[&quot; &quot;,&quot;any&quot;]""#))
        try page.press("1", in: "count")
        try page.press("Shift+A", in: "count")
        #expect(page.text("letters") == "A")
        try page.press(" ", in: "count")
        try page.press(" ", in: "count")
        try page.press(" ", in: "count")
        #expect(page.text("count") == "3", "each press saw the count its view was last evaluated with")
    }

    @Test("Key names: F-keys by name; a control character is escaped in the attribute's JSON; only text fields with onSubmit run on a no-JavaScript Return")
    func keyNamesAndReturn() throws {
        struct Keys: View {
            @State private var text = ""
            @State private var notes = ""
            var body: some View {
                Text("x").accessibilityIdentifier("x").onKeyPress(KeyEquivalent("\u{F708}")) { .handled }.onKeyPress("\n") { .handled }
                TextField("Field", text: $text).onSubmit {}.accessibilityIdentifier("field")
                TextEditor(text: $notes).accessibilityIdentifier("editor")
            }
        }
        let page = try ViewTest(Keys())
        #expect(page.html.contains(#"data-sh-keys="[&quot;\u000a&quot;,&quot;F5&quot;]""#))
        try page.press("F5", in: "x")
        #expect(page.tree.submitsOnReturn("field"))
        #expect(!page.tree.submitsOnReturn("editor"))
    }
}
