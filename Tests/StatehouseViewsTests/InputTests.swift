import Foundation
import StatehouseTesting
import Testing
@testable import StatehouseViews
@testable import StatehouseGallery

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
        #expect(throws: EventError.invalidValue("a slider's event needs a value")) { try page.send(Event(target: "slider", type: .change)) }
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

/// `Picker`: options from tagged views and `ForEach`, styles, refusals.
@MainActor
@Suite("Picker")
struct PickerTests {
    enum Flavor: String, CaseIterable, Codable, Hashable { case chocolate, vanilla, strawberry }

    struct Flavors: View {
        @State private var flavor = Flavor.chocolate
        @State private var size = 1
        var body: some View {
            Picker("Flavor", selection: $flavor) {
                ForEach(Flavor.allCases, id: \.self) { Text($0.rawValue.capitalized) }
            }
            .accessibilityIdentifier("picker")
            Text(flavor.rawValue).accessibilityIdentifier("picker-value")
            Picker("Size", selection: $size) {
                Text("Small").tag(0)
                Text("Medium").tag(1)
                Text("Large").tag(2)
            }
            .pickerStyle(.segmented)
            Text("size \(size)").accessibilityIdentifier("size")
            Button("Vanilla please") { flavor = .vanilla }
        }
    }

    @Test("A menu picker is a <select> of its tagged options (a ForEach tags rows with their ids); picking sets the binding, a write from the server selects")
    func menu() throws {
        let page = try ViewTest(Flavors())
        let picker = try page.picker("Flavor")
        #expect(picker.id == "picker" && picker.element.tag == "select")
        let options = page.elements.filter { $0.tag == "option" }
        #expect(options.map { $0[attribute: "value"] } == ["chocolate", "vanilla", "strawberry"])
        #expect(options.map(\.text) == ["Chocolate", "Vanilla", "Strawberry"])
        #expect(options.map { $0[attribute: "selected"] != nil } == [true, false, false])
        try picker.pick("strawberry")
        #expect(page.text("picker-value") == "strawberry")
        try page.button("Vanilla please").click()
        #expect(page.elements.filter { $0.tag == "option" }.map { $0[attribute: "selected"] != nil } == [false, true, false])
    }

    @Test("A value that is not an option's is refused, naming the options, and changes nothing")
    func refusal() throws {
        let page = try ViewTest(Flavors())
        #expect(throws: EventError.invalidValue("'mint' is not one of the picker's options (chocolate, vanilla, strawberry)")) {
            try page.pick("mint", in: "picker")
        }
        #expect(page.text("picker-value") == "chocolate")
    }

    @Test("A segmented picker is a radiogroup of buttons (each posts the form without JavaScript), the selected one checked")
    func segmented() throws {
        let page = try ViewTest(Flavors())
        let radios = page.elements(role: "radio")
        #expect(radios.map(\.label) == ["Small", "Medium", "Large"])
        #expect(radios.map { $0[attribute: "aria-checked"] } == ["false", "true", "false"])
        #expect(page.elements(role: "radiogroup").count == 1)
        try radios[2].click()
        #expect(page.text("size") == "size 2")
        #expect(page.elements(role: "radio").map { $0[attribute: "aria-checked"] } == ["false", "false", "true"])
    }
}

/// `DisclosureGroup`, `LabeledContent`, `GroupBox`.
@MainActor
@Suite("Disclosure")
struct DisclosureTests {
    @Test("A DisclosureGroup is a <details> whose open state is the binding, both ways; its content is there only while open")
    func disclosure() throws {
        let page = try ViewTest(ControlsSeed.ControlsView())
        let details = try page.element("disclosure")
        #expect(details.element.tag == "details" && details[attribute: "open"] == nil)
        #expect(page.text("disclosure-value") == "closed")
        #expect(!page.elements.contains { $0[attribute: "class"] == "sh-labeled" }, "closed: no content")
        try page.setToggle("disclosure", to: true)
        #expect(page.text("disclosure-value") == "open")
        #expect(try page.element("disclosure")[attribute: "open"] == "")
        #expect(page.elements.contains { $0[attribute: "class"] == "sh-labeled" && $0.text == "Flavorchocolate" })
        try page.button("Reset").click()
        #expect(try page.element("disclosure")[attribute: "open"] == nil, "a write from the server closes it")
        #expect(throws: EventError.invalidValue("a toggle's change needs value=true or value=false")) {
            try page.send(Event(target: "disclosure", type: .change, value: "ajar"))
        }
        #expect(try page.element("groupbox").text == "Group boxA stylized view that groups content.")
    }
}

/// `ScrollView`, lazy stacks and grids: layout as CSS.
@MainActor
@Suite("Layout")
struct LayoutTests {
    @Test("A ScrollView is a focusable scrolling region per axis; a LazyVGrid's GridItems become grid columns; a Grid is a table of GridRows")
    func layout() throws {
        let page = try ViewTest(ControlsSeed.ControlsView())
        let scroll = try page.element("scrollview")
        #expect(scroll[attribute: "class"] == "sh-scroll sh-scroll-horizontal" && scroll[attribute: "tabindex"] == "0")
        #expect(scroll.text.hasPrefix("Item 1Item 2") && scroll.text.hasSuffix("Item 12"))
        let grid = try page.element("grid")
        #expect(grid[attribute: "style"] == "grid-template-columns:minmax(10px, 1fr) minmax(10px, 1fr) minmax(10px, 1fr);gap:8px")
        #expect(GridItem(.fixed(120)).track == "120px")
        #expect(GridItem(.adaptive(minimum: 80)).track == "repeat(auto-fill, minmax(80px, 1fr))")
        #expect(GridItem(.flexible(minimum: 20, maximum: 200)).track == "minmax(20px, 200px)")
        let table = try page.element("table-grid")
        #expect(table[attribute: "class"] == "sh-table-grid")
        #expect(page.elements.filter { $0.parentID == table.id }.map(\.text) == ["NameValue", "Flavorchocolate"])
        #expect(try ViewTest(LazyVStack(spacing: 4) { Text("a") }).html == #"<main id="sh-root" class="sh-root"><div id="_1" class="sh-vstack" style="align-items:center;gap:4px"><span id="_2" class="sh-text">a</span></div></main>"#)
    }

    @Test("Each stack alignment writes its own CSS: leading/top start, trailing/bottom end, the baselines, and both axes in a ZStack")
    func stackAlignments() throws {
        func style<V: View>(_ view: V) throws -> String? { try ViewTest(view).element("s")[attribute: "style"] }
        #expect(try style(VStack(alignment: .leading) { Text("a") }.accessibilityIdentifier("s")) == "align-items:flex-start")
        #expect(try style(VStack(alignment: .center) { Text("a") }.accessibilityIdentifier("s")) == "align-items:center")
        #expect(try style(VStack(alignment: .trailing) { Text("a") }.accessibilityIdentifier("s")) == "align-items:flex-end")
        #expect(try style(HStack(alignment: .top) { Text("a") }.accessibilityIdentifier("s")) == "align-items:flex-start")
        #expect(try style(HStack(alignment: .bottom, spacing: 2) { Text("a") }.accessibilityIdentifier("s")) == "align-items:flex-end;gap:2px")
        #expect(try style(HStack(alignment: .firstTextBaseline) { Text("a") }.accessibilityIdentifier("s")) == "align-items:baseline")
        #expect(try style(HStack(alignment: .lastTextBaseline) { Text("a") }.accessibilityIdentifier("s")) == "align-items:last baseline")
        #expect(try style(ZStack(alignment: .bottomTrailing) { Text("a") }.accessibilityIdentifier("s")) == "place-items:flex-end flex-end")
        #expect(try style(ZStack(alignment: Alignment(horizontal: .leading, vertical: .bottom)) { Text("a") }.accessibilityIdentifier("s")) == "place-items:flex-end flex-start")
        #expect(VerticalAlignment.top != .bottom && HorizontalAlignment.leading == .leading)
    }
}

/// `DatePicker`: `<input type=date|time|datetime-local>` in the server's calendar.
@MainActor
@Suite("DatePicker")
struct DatePickerTests {
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        return calendar
    }

    static func day(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 9, _ minute: Int = 15) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    struct Birthday: View {
        @State private var date = DatePickerTests.day(2000, 1, 15)
        var body: some View {
            DatePicker("Birthday", selection: $date, in: DatePickerTests.day(1900, 1, 1)...DatePickerTests.day(2020, 12, 31),
                       displayedComponents: .date)
                .accessibilityIdentifier("datepicker")
            DatePicker("Alarm", selection: $date, displayedComponents: .hourAndMinute)
                .accessibilityIdentifier("time")
            Text(Self.describe(date)).accessibilityIdentifier("datepicker-value")
        }

        static func describe(_ date: Date) -> String {
            let parts = DatePickerTests.calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            return "\(parts.year!)-\(parts.month!)-\(parts.day!) \(parts.hour!):\(parts.minute!)"
        }
    }

    @Test("A date picker binds both ways in the server's calendar: a date keeps the time of day, a time keeps the day; min and max come from the range")
    func binding() throws {
        let page = try ViewTest(Birthday())
        let picker = try page.element("datepicker")
        #expect(picker[attribute: "type"] == "date" && picker[attribute: "value"] == "2000-01-15")
        #expect(picker[attribute: "min"] == "1900-01-01" && picker[attribute: "max"] == "2020-12-31")
        #expect(try page.element("time")[attribute: "type"] == "time")
        try page.send(Event(target: "datepicker", type: .change, value: "2001-02-03"))
        #expect(page.text("datepicker-value") == "2001-2-3 9:15")
        #expect(!page.lastFragments.contains { $0.target == "datepicker" }, "the browser shows it already")
        #expect(try page.element("time")[attribute: "value"] == "09:15", "the time of day is kept")
        try page.send(Event(target: "time", type: .change, value: "14:30"))
        #expect(page.text("datepicker-value") == "2001-2-3 14:30")
        #expect(try page.element("datepicker")[attribute: "value"] == "2001-02-03", "the day is kept")
    }

    @Test("A date picker refuses what is not a date, a day that does not exist, and a date outside its range, saying which, and changes nothing")
    func refusals() throws {
        let page = try ViewTest(Birthday())
        #expect(throws: EventError.invalidValue("'soon' is not a date (YYYY-MM-DD)")) {
            try page.send(Event(target: "datepicker", type: .change, value: "soon"))
        }
        #expect(throws: EventError.invalidValue("'2001-02-30' is not a date that exists")) {
            try page.send(Event(target: "datepicker", type: .change, value: "2001-02-30"))
        }
        #expect(throws: EventError.invalidValue("1850-01-01 is outside the allowed dates 1900-01-01 to 2020-12-31")) {
            try page.send(Event(target: "datepicker", type: .change, value: "1850-01-01"))
        }
        #expect(throws: EventError.invalidValue("'25:00' is not a time (HH:MM)")) {
            try page.send(Event(target: "time", type: .change, value: "25:00"))
        }
        // Month 13 and month 0 are refused, not carried into the next or last year; so is a
        // sign or an empty part, each a 400 with its reason.
        for (value, reason) in [("2000-13-01", "is not a date that exists"), ("2000-00-10", "is not a date that exists"),
                                ("2000-01-00", "is not a date that exists"), ("2000-01--1", "is not a date (YYYY-MM-DD)"),
                                ("2000-1-015", "is not a date (YYYY-MM-DD)"), ("+200-01-01", "is not a date (YYYY-MM-DD)"),
                                ("2000-01-", "is not a date (YYYY-MM-DD)"), ("", "is not a date (YYYY-MM-DD)"),
                                ("２０００-01-01", "is not a date (YYYY-MM-DD)")] {
            #expect(throws: EventError.invalidValue("'\(value)' \(reason)")) {
                try page.send(Event(target: "datepicker", type: .change, value: value))
            }
        }
        for value in ["9:15", "09:5", "-1:10", "09:15:60", "09:15 "] {
            #expect(throws: EventError.invalidValue("'\(value)' is not a time (HH:MM)")) {
                try page.send(Event(target: "time", type: .change, value: value))
            }
        }
        #expect(page.text("datepicker-value") == "2000-1-15 9:15")
        try page.send(Event(target: "time", type: .change, value: "10:20:30"))
        #expect(page.text("datepicker-value") == "2000-1-15 10:20", "seconds, as a browser may send them, are taken and not kept")
    }
}

/// `Menu`, `ControlGroup` and the style modifiers.
@MainActor
@Suite("Control styles")
struct ControlStyleTests {
    @Test("A Menu is a <details> of its items (which run their actions); a ControlGroup a group; buttonStyle, tint and labelsHidden put a class or a custom property on the element")
    func styles() throws {
        let page = try ViewTest(ControlsSeed.ControlsView())
        let menu = try page.element("menu")
        #expect(menu.element.tag == "details" && menu[attribute: "class"] == "sh-menu")
        #expect(page.elements(role: "menu").count == 1)
        try page.button("Louder").click()
        #expect(page.text("slider-value") == "4.0")
        #expect(try page.element("controlgroup").role == "group")
        #expect(try page.button("Bordered")[attribute: "class"] == "sh-button sh-bordered")
        #expect(try page.button("Prominent")[attribute: "class"] == "sh-button sh-prominent")
        let toggle = try page.toggle("Hidden label")
        let wrapper = try #require(page.elements.first { $0.id == toggle.element.parentID })
        #expect(wrapper[attribute: "class"] == "sh-toggle sh-labels-hidden", "hidden from sight, still its name")
        #expect(wrapper[attribute: "style"] == "--sh-accent:#34c759")
    }
}

/// `.searchable` and `Gauge`.
@MainActor
@Suite("Search and gauges")
struct SearchTests {
    @Test(".searchable puts a search field bound to its text above the view; Gauge is a <meter> clamped to its range")
    func searchAndGauge() throws {
        let page = try ViewTest(ControlsSeed.ControlsView())
        let search = try page.textField("Search flavors")
        #expect(search[attribute: "type"] == "search")
        #expect(page.elements.contains { $0.text == "strawberry" && $0.tag == "span" })
        try search.type("choc")
        #expect(page.text("searchable-value") == "choc")
        #expect(!page.elements.contains { $0.text == "strawberry" && $0.tag == "span" }, "the list follows the query")
        let meter = try #require(page.elements.first { $0.tag == "meter" })
        #expect(meter[attribute: "min"] == "0" && meter[attribute: "max"] == "10" && meter[attribute: "value"] == "3")
        #expect(try page.element("gauge")[attribute: "class"] == "sh-gauge")
    }
}

/// `.refreshable`.
@MainActor
@Suite("Refreshable")
struct RefreshableTests {
    struct Feed: View {
        @State private var posts: [String] = []
        var body: some View {
            List(posts, id: \.self) { Text($0) }
                .refreshable {
                    posts.append("post \(posts.count + 1)")
                    await Task.yield()
                }
            Text("loaded \(posts.count)").accessibilityIdentifier("loads")
        }
    }

    @Test(".refreshable adds a Refresh button that runs the action (disabled while it runs)")
    func refresh() async throws {
        let page = try ViewTest(Feed())
        try page.button("Refresh").click()
        #expect(page.text("loads") == "loaded 1")
        #expect(try page.button("Refresh").isEnabled == false, "disabled while the action runs")
        try await page.settle()
        #expect(try page.button("Refresh").isEnabled)
        try page.button("Refresh").click()
        try await page.settle()
        #expect(page.text("loads") == "loaded 2")
    }
}

/// What one event may carry into a text control.
@MainActor
@Suite("Text input limits")
struct TextInputLimitTests {
    struct Fields: View {
        @State private var name = ""
        @State private var zip = ""
        @State private var notes = ""
        var body: some View {
            TextField("Name", text: $name).accessibilityIdentifier("name")
            TextField("Zip", text: $zip).accessibilityIdentifier("zip").textInputLimit(5)
            TextEditor(text: $notes).accessibilityIdentifier("notes")
            Text("\(name.count) \(zip.count) \(notes.count)").accessibilityIdentifier("counts")
        }
    }

    @Test("A text longer than the limit (10,000 characters by default, or a view's .textInputLimit), or of more than four Unicode scalars a character, is refused, saying its length and none of its text (it may be a password), and changes nothing; one at the limit is taken")
    func longTextRefused() throws {
        let page = try ViewTest(Fields())
        let megabyte = String(repeating: "a", count: 1 << 20)
        #expect(throws: EventError.invalidValue("this field takes at most 10000 characters, not 1048576")) {
            try page.type(megabyte, into: "name")
        }
        #expect(throws: EventError.self) { try page.type(String(repeating: "é", count: 10_001), into: "notes") }
        #expect(throws: EventError.invalidValue("this field takes at most 5 characters, not 6")) {
            try page.type("123456", into: "zip")
        }
        // One letter under 100,000 combining marks is one character, and no text typed.
        let stacked = "a" + String(repeating: "\u{301}", count: 100_000)
        #expect(stacked.count == 1)
        #expect(throws: EventError.invalidValue("this field takes at most 10000 characters of 40000 Unicode scalars, not 100001 scalars")) {
            try page.type(stacked, into: "name")
        }
        #expect(page.text("counts") == "0 0 0", "nothing changed")
        try page.type(String(repeating: "é", count: 10_000), into: "name")
        try page.type("12345", into: "zip")
        try page.type("👩‍👩‍👧‍👦", into: "zip")  // one character of 25 bytes
        #expect(page.text("counts") == "10000 1 0")
    }
}
