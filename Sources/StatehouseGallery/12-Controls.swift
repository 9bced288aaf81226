import Foundation
import Statehouse

/// `/controls`: each control beside a `Text` showing its bound value. Identifiers: the kind in
/// lower case (`slider`), and `<kind>-value` for its text.
enum ControlsSeed {
    struct ControlsView: View {
        @State private var volume = 3.0
        /// The volume in percent. A value restored from the store need not be one the slider
        /// makes (a store of another version, a damaged file): `Int(volume * 10)` trapped on
        /// 1e102, which FuzzSnapshots found; out of range shows as the nearest end.
        private var percent: Int { volume.isNaN ? 0 : Int(min(max(volume, 0), 10) * 10) }
        @State private var isAdjusting = false
        @State private var notes = "Notes"
        @State private var flavor = Flavor.chocolate
        @State private var size = Size.medium
        @State private var showsDetails = false
        @State private var birthday = ControlsView.firstOfJanuary2000
        @State private var price = 9.5
        @State private var query = ""
        @State private var favorites: Set<Flavor> = [.vanilla]
        @State private var nickname = ""
        @FocusState private var nicknameFocused: Bool
        @State private var steps = 0
        @State private var isAutosaving = false
        @State private var autosaves = 0

        /// 2000-01-01 at noon in the server's time zone.
        static var firstOfJanuary2000: Date {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = .current
            return calendar.date(from: DateComponents(year: 2000, month: 1, day: 1, hour: 12))!
        }

        enum Flavor: String, CaseIterable, Codable { case chocolate, vanilla, strawberry }
        enum Size: String, CaseIterable, Codable { case small, medium, large }

        var body: some View {
            Form {
                Section("Picker") {
                    Picker("Flavor", selection: $flavor) {
                        ForEach(Flavor.allCases, id: \.self) { Text($0.rawValue.capitalized) }
                    }
                    .accessibilityIdentifier("picker")
                    Text(flavor.rawValue).accessibilityIdentifier("picker-value")
                    Picker("Size", selection: $size) {
                        ForEach(Size.allCases, id: \.self) { Text($0.rawValue.capitalized) }
                    }
                    .pickerStyle(.segmented)
                    .accessibilityIdentifier("segmented")
                    Text(size.rawValue).accessibilityIdentifier("segmented-value")
                }
                Section("Date") {
                    DatePicker("Birthday", selection: $birthday, in: ...Date.now, displayedComponents: .date)
                        .accessibilityIdentifier("datepicker")
                    Text(birthday.formatted(.iso8601.year().month().day())).accessibilityIdentifier("datepicker-value")
                }
                Section("Formatted") {
                    // The typed text becomes the value when the field is left (or on Return).
                    TextField("Price", value: $price, format: .number.precision(.fractionLength(2)))
                        .keyboardType(.decimalPad)
                        .accessibilityIdentifier("formatted")
                    Text("\(price)").accessibilityIdentifier("formatted-value")
                }
                Section("Slider") {
                    Slider(value: $volume, in: 0...10, step: 0.5) {
                        Text("Volume")
                    } onEditingChanged: { isAdjusting = $0 }
                    .accessibilityIdentifier("slider")
                    Text("\(volume)\(isAdjusting ? " (adjusting)" : "")").accessibilityIdentifier("slider-value")
                }
                Section("Progress") {
                    ProgressView("Volume", value: volume, total: 10).accessibilityIdentifier("progress")
                    Text("\(percent) %").accessibilityIdentifier("progress-value")
                }
                Section("Text editor") {
                    // While autosaving, a push every 100 ms re-renders the box around the
                    // editor (its opacity flips): typing must keep its caret meanwhile.
                    VStack(alignment: .leading) {
                        TextEditor(text: $notes).accessibilityIdentifier("texteditor")
                        Text("\(notes.count) characters").accessibilityIdentifier("texteditor-value")
                    }
                    .opacity(autosaves.isMultiple(of: 2) ? 1 : 0.99)
                    .accessibilityIdentifier("editor-box")
                    Button(isAutosaving ? "Autosaving…" : "Autosave for 3 seconds") { isAutosaving = true }
                        .disabled(isAutosaving)
                        .accessibilityIdentifier("autosave")
                    Text("Autosaved \(autosaves) times").accessibilityIdentifier("autosave-value")
                }
                .task(id: isAutosaving) {
                    guard isAutosaving else { return }
                    for _ in 0..<30 {
                        guard (try? await Task.sleep(for: .milliseconds(100))) != nil else { return }
                        autosaves += 1
                    }
                    isAutosaving = false
                }
                Section("Disclosure") {
                    DisclosureGroup("Details", isExpanded: $showsDetails) {
                        LabeledContent("Flavor", value: flavor.rawValue)
                        LabeledContent("Volume", value: "\(volume)")
                    }
                    .accessibilityIdentifier("disclosure")
                    Text(showsDetails ? "open" : "closed").accessibilityIdentifier("disclosure-value")
                }
                Section("Layout") {
                    ScrollView(.horizontal) {
                        HStack {
                            ForEach(1...12, id: \.self) { Text("Item \($0)") }
                        }
                    }
                    .accessibilityIdentifier("scrollview")
                    LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible()), GridItem(.flexible())], spacing: 8) {
                        ForEach(1...6, id: \.self) { Text("Cell \($0)") }
                    }
                    .accessibilityIdentifier("grid")
                    Grid {
                        GridRow { Text("Name"); Text("Value") }
                        GridRow { Text("Flavor"); Text(flavor.rawValue) }
                    }
                    .accessibilityIdentifier("table-grid")
                }
                Section("Search") {
                    VStack(alignment: .leading) {
                        ForEach(Flavor.allCases.filter { query.isEmpty || $0.rawValue.contains(query.lowercased()) }, id: \.self) {
                            Text($0.rawValue)
                        }
                    }
                    .searchable(text: $query, prompt: "Search flavors")
                    .accessibilityIdentifier("searchable")
                    Text(query).accessibilityIdentifier("searchable-value")
                    Gauge(value: volume, in: 0...10) { Text("Level") }
                        .accessibilityIdentifier("gauge")
                }
                Section("List selection") {
                    List(Flavor.allCases, id: \.self, selection: $favorites) { Text($0.rawValue.capitalized) }
                        .accessibilityIdentifier("list")
                    Text(favorites.map(\.rawValue).sorted().joined(separator: ", ")).accessibilityIdentifier("list-value")
                }
                Section("Focus and keys") {
                    TextField("Nickname", text: $nickname)
                        .focused($nicknameFocused)
                        .accessibilityIdentifier("focus")
                    Text(nicknameFocused ? "focused" : "not focused").accessibilityIdentifier("focus-value")
                    Button("Focus nickname") { nicknameFocused = true }.accessibilityIdentifier("focus-button")
                    Text("Steps: \(steps) (focus here, press ↑ or ↓)")
                        .focusable()
                        .onKeyPress(.upArrow) { steps += 1; return .handled }
                        .onKeyPress(.downArrow) { steps -= 1; return .handled }
                        .accessibilityIdentifier("keypress")
                    Text("\(steps)").accessibilityIdentifier("keypress-value")
                    Button("Add ten steps") { steps += 10 }
                        .keyboardShortcut("l", modifiers: [.command, .shift])
                        .accessibilityIdentifier("shortcut")
                }
                Section("Menus and styles") {
                    Menu("Actions") {
                        Button("Louder") { volume = min(10, volume + 1) }
                        Button("Quieter") { volume = max(0, volume - 1) }
                    }
                    .accessibilityIdentifier("menu")
                    ControlGroup {
                        Button("Bordered") { volume = 1 }.buttonStyle(.bordered)
                        Button("Prominent") { volume = 9 }.buttonStyle(.borderedProminent)
                    }
                    .accessibilityIdentifier("controlgroup")
                    Toggle("Hidden label", isOn: $showsDetails).labelsHidden().tint(.green)
                }
                GroupBox("Group box") {
                    Text("A stylized view that groups content.")
                }
                .accessibilityIdentifier("groupbox")
                Button("Apply") {}.accessibilityIdentifier("apply")
                Button("Reset") {
                    volume = 3
                    notes = "Notes"
                    flavor = .chocolate
                    size = .medium
                    showsDetails = false
                    birthday = ControlsView.firstOfJanuary2000
                    price = 9.5
                    favorites = [.vanilla]
                    steps = 0
                }
                .accessibilityIdentifier("reset")
            }
        }
    }
}
