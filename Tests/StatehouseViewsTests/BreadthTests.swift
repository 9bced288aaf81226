import Foundation
import StatehouseTesting
import Testing
@testable import StatehouseGallery
@testable import StatehouseViews

/// SwiftUI code as tutorials write it: formatted text, accessibility, older modifiers, list
/// editing.
@MainActor
@Suite("SwiftUI breadth")
struct BreadthTests {
    @Test("Text literals take specifier: and format: interpolations; Text(_:format:) formats a value")
    func formattedText() throws {
        struct Readout: View {
            let volume = 7.25
            let count = 42
            var body: some View {
                Text("Volume: \(volume, specifier: "%.1f")").accessibilityIdentifier("a")
                Text("Count: \(count, specifier: "%04d")").accessibilityIdentifier("b")
                Text("Big: \(Int64.max, specifier: "%d")").accessibilityIdentifier("c")
                Text("Share: \(0.5, format: .percent)").accessibilityIdentifier("d")
                Text(1234, format: .number.grouping(.never)).accessibilityIdentifier("e")
                Text("Plain \(count) and \(Text("inner"))").accessibilityIdentifier("f")
            }
        }
        let page = try ViewTest(Readout())
        #expect(page.text("a") == "Volume: 7.2" || page.text("a") == "Volume: 7.3")
        #expect(page.text("b") == "Count: 0042")
        #expect(page.text("c") == "Big: 9223372036854775807")
        #expect(page.text("d") == "Share: 50%")
        #expect(page.text("e") == "1234")
        #expect(page.text("f") == "Plain 42 and inner")
    }

    @Test("TupleView<T> is SwiftUI's: a block's type is TupleView<(A, B)>, written by hand it renders its views, keeps their state by position, and one view or a non-view element is what it is")
    func tupleViewIsSwiftUIs() throws {
        struct Counter: View {
            let name: String
            @State private var count = 0
            var body: some View { Button("\(name) \(count)") { count += 1 }.accessibilityIdentifier(name) }
        }
        struct Written: View {
            @State private var swapped = false
            // Spelled as SwiftUI's code spells it: the block's type, and a tuple given by hand.
            @ViewBuilder var pair: TupleView<(Text, Counter)> {
                Text("first")
                Counter(name: "a")
            }
            var body: some View {
                VStack {
                    pair
                    TupleView((Counter(name: "b"), Text(swapped ? "late" : "early")))
                    TupleView(Text("alone"))
                    TupleView((Text("with a number"), 7))
                    Button("Swap") { swapped.toggle() }.accessibilityIdentifier("swap")
                }
            }
        }
        let view: TupleView<(Text, Text)> = ViewBuilder.buildBlock(Text("x"), Text("y"))
        #expect(view.value.1.string == "y")
        let page = try ViewTest(Written())
        #expect(page.text("a") == "a 0" && page.text("b") == "b 0")
        #expect(page.html.contains("alone") && page.html.contains("with a number") && page.html.contains("early"))
        #expect(!page.html.contains(">7<") && !page.html.contains("7</"), "the tuple's non-view element renders nothing")
        try page.click("a")
        try page.click("b")
        try page.click("b")
        try page.click("swap")
        #expect(page.text("a") == "a 1" && page.text("b") == "b 2", "state kept by position across an update")
        #expect(page.html.contains("late") && !page.html.contains("early"))
    }

    @Test("Accessibility modifiers become ARIA: hidden, value, hint, traits, heading, one element of its children")
    func accessibility() throws {
        struct Card: View {
            var body: some View {
                Text("Decoration").accessibilityHidden(true).accessibilityIdentifier("hidden")
                Text("Volume").accessibilityValue("7 of 10").accessibilityHint("Adjusts the volume").accessibilityIdentifier("value")
                Text("Title").accessibilityAddTraits(.isHeader).accessibilityIdentifier("header")
                Text("Chosen").accessibilityAddTraits([.isButton, .isSelected]).accessibilityIdentifier("button")
                HStack { Text("5"); Text("stars") }
                    .accessibilityElement(children: .ignore).accessibilityLabel(Text("Rated 5 stars")).accessibilityIdentifier("rating")
                Text("Section").accessibilityHeading(.h3).accessibilityIdentifier("h3")
            }
        }
        let page = try ViewTest(Card())
        #expect(try page.element("hidden")[attribute: "aria-hidden"] == "true")
        let value = try page.element("value")
        #expect(value[attribute: "aria-valuetext"] == "7 of 10" && value[attribute: "aria-description"] == "Adjusts the volume")
        #expect(try page.element("header").role == "heading")
        #expect(try page.element("header")[attribute: "aria-level"] == "2")
        #expect(try page.element("button").role == "button")
        #expect(try page.element("button")[attribute: "aria-selected"] == "true")
        let rating = try page.element("rating")
        #expect(rating.role == "img" && rating.label == "Rated 5 stars")
        #expect(try page.element("h3")[attribute: "aria-level"] == "3")
    }

    @Test("Older and layout modifiers compile and write CSS: lineLimit, multilineTextAlignment, fixedSize, layoutPriority, shadow, offset, zIndex; NavigationView is a stack")
    func layoutModifiers() throws {
        struct Old: View {
            var body: some View {
                NavigationView {
                    VStack {
                        Text("Long text").lineLimit(2).multilineTextAlignment(.center).accessibilityIdentifier("text")
                        Text("Badge").fixedSize().layoutPriority(1).shadow(radius: 4).offset(x: 2, y: -1).zIndex(3)
                            .accessibilityIdentifier("badge")
                        List { Text("Row").listRowSeparator(.hidden).listRowBackground(Color.yellow) }
                    }
                    .navigationTitle("Old")
                    .navigationBarTitleDisplayMode(.inline)
                    .navigationBarItems(trailing: Button("Add") {})
                }
                .navigationViewStyle(.stack)
            }
        }
        let page = try ViewTest(Old())
        let style = try page.element("text")[attribute: "style"] ?? ""
        #expect(style.contains("-webkit-line-clamp:2") && style.contains("text-align:center"))
        let badge = try page.element("badge")[attribute: "style"] ?? ""
        #expect(badge.contains("flex:none") && badge.contains("flex-grow:1") && badge.contains("box-shadow:0px 0px 4px"))
        #expect(badge.contains("translate:2px -1px") && badge.contains("z-index:3"))
        #expect(page.elements.contains { $0.attributes.contains { $0.name == "class" && $0.value.contains("sh-navigation") } })
        _ = try page.button("Add")
        #expect(page.html.contains("sh-no-separator") && page.html.contains("background:#ffcc00"))
    }

    @Test("ForEach($items) gives each row a binding to its element; onDelete adds a Delete button per row; EditButton shows Move up/down for onMove (/groceries)")
    func listEditing() throws {
        let page = try ViewTest(GroceriesSeed.GroceriesView())
        let items = { page.elements(role: "switch").map { "\($0.label)\($0[attribute: "aria-checked"] == "true" ? "✓" : "")" } }
        #expect(page.elements.filter { $0.tag == "li" }.count == 3, "each element is a row of the list")
        try page.toggle("Eggs").click()
        #expect(items() == ["Milk", "Eggs✓", "Bread"])
        #expect(page.elements(role: "button").filter { $0.label == "Delete" }.count == 3)
        #expect(page.elements(role: "button").filter { $0.label == "Move up" }.isEmpty, "moving waits for edit mode")
        try page.elements(role: "button").filter { $0.label == "Delete" }[0].click()
        #expect(items() == ["Eggs✓", "Bread"])
        try page.toggle("Bread").click()
        #expect(items() == ["Eggs✓", "Bread✓"], "the bindings follow their elements after a delete")
        try page.button("Edit").click()
        let moveUp = page.elements(role: "button").filter { $0.label == "Move up" }
        #expect(moveUp.count == 2 && !moveUp[0].isEnabled && moveUp[1].isEnabled)
        try moveUp[1].click()
        #expect(items() == ["Bread✓", "Eggs✓"])
        try page.button("Done").click()
        #expect(page.elements(role: "button").filter { $0.label == "Move up" }.isEmpty)
    }

    @Test("remove(atOffsets:) and move(fromOffsets:toOffset:) do what SwiftUI's do")
    func offsets() {
        var letters = ["a", "b", "c", "d", "e"]
        letters.remove(atOffsets: [1, 3])
        #expect(letters == ["a", "c", "e"])
        var moved = ["a", "b", "c", "d", "e"]
        moved.move(fromOffsets: [0, 1], toOffset: 4)
        #expect(moved == ["c", "d", "a", "b", "e"])
        moved = ["a", "b", "c"]
        moved.move(fromOffsets: [2], toOffset: 0)
        #expect(moved == ["c", "a", "b"])
    }

    @Test("/groceries: adding with Return, the formatted summary, deleting a row")
    func groceries() throws {
        let page = try ViewTest(GroceriesSeed.GroceriesView())
        #expect(page.text("summary") == "0 of 3 bought (0%)")
        try page.submit("Apples", in: "new-item")
        try page.toggle("Apples").click()
        #expect(page.text("summary") == "1 of 4 bought (25%)")
        try page.elements(role: "button").filter { $0.label == "Delete" }[3].click()
        #expect(page.text("summary") == "0 of 3 bought (0%)")
    }

    struct Pill: ButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            configuration.label
                .padding(8)
                .background(configuration.role == .destructive ? Color.red : Color.blue)
                .cornerRadius(16)
                .opacity(configuration.isPressed ? 0.8 : 1)
        }
    }

    @Test("A custom ButtonStyle: its makeBody composes the look inside the one <button>, which keeps its events, role and disabled state")
    func customButtonStyle() throws {
        struct Toolbar: View {
            @State private var saves = 0
            var body: some View {
                HStack {
                    Button("Save") { saves += 1 }.accessibilityIdentifier("save")
                    Button("Delete", role: .destructive) {}.disabled(true).accessibilityIdentifier("delete")
                }
                .buttonStyle(Pill())
                Button("Plain") {}.accessibilityIdentifier("plain")
                Text("\(saves)").accessibilityIdentifier("saves")
            }
        }
        let page = try ViewTest(Toolbar())
        let save = try page.element("save")
        #expect(save.element.tag == "button" && save[attribute: "data-styled"] == "")
        let inner = try #require(page.elements.first { $0.parentID == save.id })
        #expect(inner[attribute: "style"]?.contains("background:#007aff") == true && inner.text == "Save")
        try save.click()
        try page.button("Save").click()
        #expect(page.text("saves") == "2")
        let delete = try page.element("delete")
        #expect(delete[attribute: "disabled"] == "")
        #expect(page.elements.first { $0.parentID == delete.id }?[attribute: "style"]?.contains("background:#ff3b30") == true)
        #expect(try page.element("plain")[attribute: "data-styled"] == nil, "outside the style, a button is as before")
    }
}
