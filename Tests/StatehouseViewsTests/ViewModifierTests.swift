import StatehouseTesting
import Testing
@testable import StatehouseViews

/// `ViewModifier` and `ModifiedContent`, as SwiftUI declares them.
@MainActor
@Suite("ViewModifier")
struct ViewModifierTests {
    /// The shape of SwiftUI's documentation example.
    struct BorderedCaption: ViewModifier {
        func body(content: Content) -> some View {
            content
                .font(.caption2)
                .padding(10)
        }
    }

    struct Highlighted: ViewModifier {
        func body(content: Content) -> some View {
            content.bold()
        }
    }

    /// A modifier with state of its own around its content.
    struct Expandable: ViewModifier {
        @State private var isExpanded = false
        func body(content: Content) -> some View {
            VStack {
                content
                if isExpanded { Text("Details").accessibilityIdentifier("details") }
                Button(isExpanded ? "Less" : "More") { isExpanded.toggle() }
                    .accessibilityIdentifier("toggle")
            }
        }
    }

    struct Counter: View {
        @State private var count = 0
        var body: some View {
            Button("Count \(count)") { count += 1 }.accessibilityIdentifier("count")
        }
    }

    @Test("A ViewModifier's body wraps its content: .modifier(_:), ModifiedContent(content:modifier:) and concat(_:) apply it")
    func modifierBodyWrapsContent() throws {
        struct Page: View {
            var body: some View {
                Text("One").accessibilityIdentifier("one").modifier(BorderedCaption())
                ModifiedContent(content: Text("Two").accessibilityIdentifier("two"), modifier: BorderedCaption())
                Text("Three").accessibilityIdentifier("three").modifier(BorderedCaption().concat(Highlighted()))
            }
        }
        let page = try ViewTest(Page())
        for id in ["one", "two", "three"] {
            let element = try page.element(id)
            #expect(element[attribute: "class"]?.contains("sh-font-caption2") == true, "\(id): \(page.html)")
            #expect(element[attribute: "style"]?.contains("padding:10px") == true, "\(id): \(page.html)")
        }
        #expect(page.text("one") == "One" && page.text("two") == "Two" && page.text("three") == "Three")
        #expect(try page.element("three")[attribute: "style"]?.contains("font-weight:600") == true)
        #expect(try page.element("one")[attribute: "style"]?.contains("font-weight") != true)
    }

    @Test("A ViewModifier's @State is its own and survives its content's changes; the content keeps its state as the modifier's body changes")
    func modifierKeepsState() throws {
        struct Page: View {
            var body: some View { Counter().modifier(Expandable()) }
        }
        let page = try ViewTest(Page())
        #expect(page.text("details") == nil && page.text("toggle") == "More")
        try page.click("count")
        #expect(page.text("count") == "Count 1")
        try page.click("toggle")
        #expect(page.text("details") == "Details" && page.text("toggle") == "Less")
        // The content's node was updated in place, not mounted again: its count is kept.
        #expect(page.text("count") == "Count 1")
        try page.click("count")
        #expect(page.text("count") == "Count 2" && page.text("details") == "Details")
    }

    @Test("A ViewModifier's @State is kept when the view that applies it evaluates its body again (a new modifier value each time)")
    func modifierStateOutlivesParentEvaluation() throws {
        struct Page: View {
            @State private var title = "First"
            var body: some View {
                Text(title).accessibilityIdentifier("title").modifier(Expandable())
                Button("Rename") { title = "Second" }.accessibilityIdentifier("rename")
            }
        }
        let page = try ViewTest(Page())
        try page.click("toggle")
        #expect(page.text("details") == "Details")
        try page.click("rename")
        #expect(page.text("title") == "Second")
        #expect(page.text("details") == "Details" && page.text("toggle") == "Less", "\(page.html)")
    }

    @Test("The same modifier on two views keeps a state for each")
    func stateIsPerUse() throws {
        struct Page: View {
            var body: some View {
                Text("A").modifier(Expandable()).accessibilityIdentifier("a")
                Text("B").modifier(Expandable())
            }
        }
        let page = try ViewTest(Page())
        let toggles = page.elements(role: "button")
        #expect(toggles.count == 2)
        try toggles[1].click()
        #expect(page.elements(role: "button").map(\.text) == ["More", "Less"], "\(page.html)")
        #expect(page.elements.filter { $0.text == "Details" }.count == 1, "\(page.html)")
    }

    /// A modifier whose body is an element of its own, named.
    struct Boxed: ViewModifier {
        func body(content: Content) -> some View {
            VStack { content }.accessibilityIdentifier("box")
        }
    }

    @Test("An app's modifier on a ForEach applies to each row, each with its own state, kept as rows come and go")
    func modifierOnForEachAppliesPerRow() throws {
        struct Page: View {
            @State private var letters = ["a", "b", "c"]
            var body: some View {
                VStack {
                    Button("Drop") { letters.removeFirst() }.accessibilityIdentifier("drop")
                    ForEach(letters, id: \.self) { letter in Text(letter).accessibilityIdentifier("letter") }
                        .modifier(Expandable())
                }
            }
        }
        let page = try ViewTest(Page())
        #expect(["a", "b", "c"].map { page.text("toggle-\($0)") } == ["More", "More", "More"], "\(page.html)")
        try page.click("toggle-b")
        #expect(page.text("details-b") == "Details" && page.text("details-a") == nil && page.text("details-c") == nil, "\(page.html)")
        try page.click("drop")
        #expect(page.text("letter-a") == nil && page.text("toggle-a") == nil)
        #expect(page.text("details-b") == "Details" && page.text("toggle-b") == "Less" && page.text("toggle-c") == "More", "\(page.html)")
        try page.click("toggle-c")
        #expect(page.text("details-c") == "Details" && page.text("letter-c") == "c")
    }

    @Test("An app's modifier on a ForEach in a List applies inside each row; on a Group, to each of its views")
    func modifierOnListRowsAndGroups() throws {
        struct Listed: View {
            var body: some View {
                List { ForEach(["a", "b", "c"], id: \.self) { Text($0).accessibilityIdentifier("row") }.modifier(BorderedCaption()) }
            }
        }
        let list = try ViewTest(Listed())
        #expect(list.html.components(separatedBy: "<li").count - 1 == 3, "\(list.html)")
        // `.id(_:)` on the rows changes nothing of that: a row each, a modifier each.
        struct Identified: View {
            @State private var version = 1
            var body: some View {
                List {
                    ForEach(["a", "b"], id: \.self) { Text($0).accessibilityIdentifier("row") }
                        .id(version)
                        .modifier(Boxed())
                }
                Button("Reload") { version += 1 }.accessibilityIdentifier("reload")
            }
        }
        let identified = try ViewTest(Identified())
        #expect(identified.html.components(separatedBy: "<li").count - 1 == 2, "\(identified.html)")
        #expect(identified.text("box-a") == "a" && identified.text("box-b") == "b", "\(identified.html)")
        try identified.click("reload")
        #expect(identified.text("box-a") == "a" && identified.text("box-b") == "b", "\(identified.html)")
        for key in ["a", "b", "c"] {
            #expect(try list.element("row-\(key)")[attribute: "class"]?.contains("sh-font-caption2") == true, "\(list.html)")
        }
        struct Grouped: View {
            var body: some View {
                Group {
                    Text("One").accessibilityIdentifier("one")
                    Text("Two").accessibilityIdentifier("two")
                }
                .modifier(Boxed())
            }
        }
        // A box each (ids made unique: `box`, `box-2`), each holding its text.
        let group = try ViewTest(Grouped())
        #expect(group.html.contains(#"id="box""#) && group.html.contains(#"id="box-2""#), "\(group.html)")
        #expect(group.html.components(separatedBy: #"class="sh-vstack""#).count - 1 == 2, "\(group.html)")
    }

    /// A modifier that applies another inside its body, with state of its own.
    struct Tapped: ViewModifier {
        @State private var taps = 0
        func body(content: Content) -> some View {
            VStack {
                content.modifier(Highlighted())
                Button("Tap \(taps)") { taps += 1 }.accessibilityIdentifier("tap")
            }
        }
    }

    @Test("Modifiers applied inside another's body (concat, content.modifier), distributed or not, keep working as the page updates")
    func nestedModifiersUpdate() throws {
        struct Page: View {
            @State private var title = "First"
            var body: some View {
                Text(title).accessibilityIdentifier("title").modifier(BorderedCaption().concat(Highlighted()))
                VStack { ForEach(["a", "b"], id: \.self) { Text($0).accessibilityIdentifier("row") }.modifier(Tapped()) }
                Button("Rename") { title = "Second" }.accessibilityIdentifier("rename")
            }
        }
        let page = try ViewTest(Page())
        try page.click("rename")
        #expect(page.text("title") == "Second")
        #expect(try page.element("title")[attribute: "style"]?.contains("font-weight:600") == true, "\(page.html)")
        try page.click("tap-a")
        try page.click("tap-a")
        #expect(page.text("tap-a") == "Tap 2" && page.text("tap-b") == "Tap 0", "\(page.html)")
        #expect(try page.element("row-a")[attribute: "style"]?.contains("font-weight:600") == true, "\(page.html)")
        try page.click("rename")
        #expect(page.text("tap-a") == "Tap 2")
    }

    /// Handles Escape around its content.
    struct EscapeLogged: ViewModifier {
        @Binding var log: [String]
        func body(content: Content) -> some View {
            content.onKeyPress(.escape) { log.append("escape"); return .handled }
        }
    }

    @Test("Keys handled inside a distributed modifier and by its body both reach each view")
    func distributedModifierKeepsKeyHandlers() throws {
        struct Page: View {
            @State private var log: [String] = []
            var body: some View {
                VStack {
                    ForEach(["a", "b"], id: \.self) { Text($0).accessibilityIdentifier("row").focusable() }
                        .onKeyPress(.return) { log.append("return"); return .handled }
                        .modifier(EscapeLogged(log: $log))
                    Text(log.joined(separator: " ")).accessibilityIdentifier("log")
                }
            }
        }
        let page = try ViewTest(Page())
        try page.press("Enter", in: "row-b")
        try page.press("Escape", in: "row-b")
        try page.press("Escape", in: "row-a")
        #expect(page.text("log") == "return escape escape", "\(page.html)")
    }

    @Test("Modifiers applied inside a distributed app modifier reach each view; those applied outside it, the modifier's result")
    func distributedModifierKeepsOrder() throws {
        struct Page: View {
            var body: some View {
                VStack {
                    ForEach(["a", "b"], id: \.self) { Text($0).accessibilityIdentifier("text") }
                        .bold()
                        .modifier(Boxed())
                        .padding(10)
                }
            }
        }
        let page = try ViewTest(Page())
        for key in ["a", "b"] {
            let box = try page.element("box-\(key)"), text = try page.element("text-\(key)")
            #expect(box[attribute: "style"]?.contains("padding:10px") == true && box[attribute: "style"]?.contains("font-weight") != true, "\(page.html)")
            #expect(text[attribute: "style"]?.contains("font-weight:600") == true && text[attribute: "style"]?.contains("padding") != true, "\(page.html)")
        }
    }

    /// A modifier whose body puts its content in a `Form`, with state of its own.
    struct InForm: ViewModifier {
        @State private var count = 0
        func body(content: Content) -> some View {
            Form {
                content
                Button("Count \(count)") { count += 1 }.accessibilityIdentifier("count")
            }
        }
    }

    @Test("A modifier's content in a List or Form of its body is one row, and is updated as the body is evaluated again")
    func contentInFormBody() throws {
        let page = try ViewTest(Button("Save") {}.accessibilityIdentifier("save").modifier(InForm()))
        #expect(page.html.components(separatedBy: "<li").count - 1 == 2, "\(page.html)")
        try page.click("count")
        try page.click("count")
        #expect(page.text("count") == "Count 2" && page.text("save") == "Save", "\(page.html)")
    }

    /// A modifier with a control of its own beside its content.
    struct WithOwnButton: ViewModifier {
        func body(content: Content) -> some View {
            VStack {
                content
                Button("Own") {}.accessibilityIdentifier("own")
            }
        }
    }

    /// A modifier that disables its content.
    struct Locked: ViewModifier {
        func body(content: Content) -> some View { content.disabled(true) }
    }

    @Test("The environment set inside a distributed modifier reaches each view, not the modifier's body; the body's reaches the views")
    func distributedModifierEnvironment() throws {
        struct Page: View {
            var body: some View {
                Group { Button("A") {}.accessibilityIdentifier("a") }
                    .disabled(true)
                    .modifier(WithOwnButton())
                Group { Button("B") {}.accessibilityIdentifier("b") }
                    .modifier(Locked())
            }
        }
        let page = try ViewTest(Page())
        #expect(try page.element("a").isEnabled == false, "\(page.html)")
        #expect(try page.element("own").isEnabled == true, "\(page.html)")
        #expect(try page.element("b").isEnabled == false, "\(page.html)")

        // A value removed inside (a built-in button style removes an outer custom one) stays
        // removed for the view, whatever the modifier's body has.
        struct Styled: View {
            var body: some View {
                VStack {
                    Group { Button("Inner") {}.accessibilityIdentifier("inner") }
                        .buttonStyle(.bordered)
                        .modifier(WithOwnButton())
                }
                .buttonStyle(CustomStyleTests.Highlighted())
            }
        }
        let styled = try ViewTest(Styled())
        let inner = try styled.element("inner")
        #expect(inner.element.tag == "button" && inner[attribute: "class"]?.contains("sh-bordered") == true, "\(styled.html)")
    }

    @Test("A modifier on an editable ForEach applies to each row's content, not to its edit buttons")
    func modifierOnEditableRows() throws {
        struct Page: View {
            @State private var letters = ["a", "b"]
            var body: some View {
                List {
                    ForEach(letters, id: \.self) { Text($0).accessibilityIdentifier("letter") }
                        .onDelete { letters.remove(atOffsets: $0) }
                        .padding(3)
                        .modifier(Boxed())
                }
            }
        }
        let page = try ViewTest(Page())
        for key in ["a", "b"] {
            let box = try page.element("box-\(key)")
            #expect(box.text == key, "the box holds the letter only: \(page.html)")
            // Applied between the rows and the modifier: on each letter, inside the box.
            #expect(try page.element("letter-\(key)")[attribute: "style"]?.contains("padding:3px") == true, "\(page.html)")
        }
        #expect(page.elements(role: "button").filter { $0.text == "Delete" }.count == 2, "\(page.html)")
        try page.elements(role: "button").first { $0.text == "Delete" }!.click()
        #expect(page.text("box-a") == nil && page.text("box-b") == "b", "\(page.html)")
    }

    @Test("Tags are found through modifiers: a Picker's rows under an app modifier, a tagged option with .padding or an identifier")
    func tagsThroughModifiers() throws {
        struct Page: View {
            @State private var size = 0
            var body: some View {
                Picker("Size", selection: $size) {
                    ForEach([0, 1, 2], id: \.self) { Text("Size \($0)") }.modifier(Highlighted())
                }
                .accessibilityIdentifier("sizes")
                Picker("Shape", selection: $size) {
                    Text("Round").tag(10).padding(2)
                    Text("Square").tag(11).accessibilityIdentifier("square")
                }
                .accessibilityIdentifier("shapes")
                Text("size \(size)").accessibilityIdentifier("size")
            }
        }
        let page = try ViewTest(Page())
        let options = page.elements.filter { $0.tag == "option" }
        #expect(options.map { $0[attribute: "value"] } == ["0", "1", "2", "10", "11"], "\(page.html)")
        #expect(options.map(\.text) == ["Size 0", "Size 1", "Size 2", "Round", "Square"], "\(page.html)")
        try page.pick("2", in: "sizes")
        #expect(page.text("size") == "size 2")
        try page.pick("11", in: "shapes")
        #expect(page.text("size") == "size 11")
    }

    @Test("accessibilityIdentifier and accessibilityLabel return SwiftUI's concrete ModifiedContent<Self, AccessibilityAttachmentModifier>")
    func accessibilityResultTypes() throws {
        let identified: ModifiedContent<Text, AccessibilityAttachmentModifier> = Text("x").accessibilityIdentifier("x")
        let labelled: ModifiedContent<Text, AccessibilityAttachmentModifier> = Text("y").accessibilityLabel("Why")
        let page = try ViewTest(VStack { identified; labelled.accessibilityIdentifier("y") })
        #expect(try page.text("x") == "x" && page.element(label: "Why").id == "y")
    }
}
