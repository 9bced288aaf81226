import Foundation
import Dispatch
import Testing
@testable import StatehouseViews

@MainActor
@Suite("Rendering")
struct RenderingTests {
    @Test("All text is escaped: <, &, \", ' and > never reach the HTML raw")
    func hostileTextIsEscaped() {
        let hostile = #"<script>alert("x")</script> & 'quoted' >"#
        let html = LiveTree(VStack { Text(hostile); TextField(hostile, text: .constant(hostile)) }).render()
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39; &gt;"))
        #expect(!html.contains(#"value="<"#))
    }

    @Test("HTML longer than the writer's first buffer is written whole and escaped, in a page and in a change's fragment")
    func longTextIsWrittenWhole() throws {
        struct Long: View {
            @State var copies = 5_000
            var body: some View {
                VStack {
                    Text(String(repeating: #"a<b&c"d'e>f "#, count: copies)).accessibilityIdentifier("long")
                    Button("More") { copies += 1 }.accessibilityIdentifier("more")
                }
            }
        }
        func escaped(_ copies: Int) -> String { String(repeating: "a&lt;b&amp;c&quot;d&#39;e&gt;f ", count: copies) }
        let tree = LiveTree(Long())
        let html = tree.render()
        #expect(html.contains(#"<span id="long" class="sh-text">"# + escaped(5_000) + "</span>"), "\(html.utf8.count) bytes")
        #expect(html.hasSuffix("</div></main>"), "\(html.suffix(80))")
        // The document path: the tree's HTML after a head already in the buffer.
        var document = Array("<!doctype html>".utf8)
        tree.render(appendingTo: &document)
        #expect(String(decoding: document, as: UTF8.self) == "<!doctype html>" + html)
        let changes = try tree.send(Event(target: "more", type: .click))
        let fragment = try #require(changes.first { $0.target == "long" })
        #expect(fragment.html == #"<span id="long" class="sh-text">"# + escaped(5_001) + "</span>")
    }

    @Test("A text style's or foreground level's classes, built once and shared, stay each element's own: one element's further modifiers never reach another's")
    func sharedModifiersStayApart() {
        let html = LiveTree(VStack {
            Text("a").font(.headline).foregroundStyle(.secondary).accessibilityIdentifier("a")
            Text("b").font(.headline).accessibilityIdentifier("b")
            Text("c").foregroundStyle(.secondary).font(.caption).accessibilityIdentifier("c")
            Text("d").foregroundStyle(.secondary).accessibilityIdentifier("d")
            Text("e").font(.headline.bold()).accessibilityIdentifier("e")
        }).render()
        #expect(html.contains(#"<span id="a" class="sh-text sh-fg-secondary sh-font-headline">a</span>"#), "\(html)")
        #expect(html.contains(#"<span id="b" class="sh-text sh-font-headline">b</span>"#))
        #expect(html.contains(#"<span id="c" class="sh-text sh-font-caption sh-fg-secondary">c</span>"#))
        #expect(html.contains(#"<span id="d" class="sh-text sh-fg-secondary">d</span>"#))
        #expect(html.contains(#"<span id="e" class="sh-text sh-font-headline" style="font-weight:700">e</span>"#))
    }

    @Test("The escaping routine copies runs and leaves other text, including emoji, intact")
    func escapeRuns() {
        #expect(HTMLWriter.escaped("plain 🍌 text") == "plain 🍌 text")
        #expect(HTMLWriter.escaped("a<b>c&d\"e'f") == "a&lt;b&gt;c&amp;d&quot;e&#39;f")
        #expect(HTMLWriter.escaped("") == "")
        // Invalid UTF-8 never survives into a String: it is repaired on decoding.
        let repaired = String(decoding: [0x3C, 0xFF, 0x3E] as [UInt8], as: UTF8.self)
        #expect(HTMLWriter.escaped(repaired) == "&lt;\u{FFFD}&gt;")
    }

    @Test("The writer escapes exactly &, <, >, \" and ' among all characters, and keeps every byte as its buffer grows")
    func writerEscapesEveryCharacterAndGrows() {
        // Every ASCII character, a two-byte and a four-byte one, repeated past the first buffer.
        let piece = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self) + "é🍌"
        let expected = piece.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
        var writer = HTMLWriter(capacity: 64)
        for _ in 0..<50 { writer.text(piece) }
        #expect(writer.string() == String(repeating: expected, count: 50))
        var bytes: [UInt8] = Array("<p>".utf8)
        writer.finish(appendingTo: &bytes)
        #expect(bytes == Array(("<p>" + String(repeating: expected, count: 50)).utf8))
        #expect(writer.string().isEmpty)
    }

    @Test("A generated id reads as it is written: the HTML writes it from its number, and every element's id is in the page as it is read")
    func generatedIDsReadAsWritten() throws {
        // 1,402 elements: generated ids of one, two and three base-36 digits (`_z`, `_10`, `_100`).
        let tree = LiveTree(VStack { ForEach(0..<1_400, id: \.self) { Text("\($0)") } })
        let html = tree.render()
        let elements = tree.inspect()
        #expect(elements.count == 1_402, "\(elements.count)")  // the root, the stack and each row's text
        for element in elements { #expect(html.contains(#" id="\#(element.id)" "#), "\(element.id)") }
        #expect(html.contains(#"<span id="_10" class="sh-text">34</span>"#))  // 36 in base 36
        #expect(html.contains(#"<span id="_100" class="sh-text">1294</span>"#))  // 1,296
        #expect(Set(elements.map(\.id)).count == elements.count)
    }

    @Test("A button titled by a string is one element, its title its text; a label view is mounted inside the button")
    func buttonTitleIsItsText() throws {
        struct Titled: View {
            @State private var isPlaying = false
            var body: some View {
                Button(isPlaying ? "Pause" : "<Play>") { isPlaying.toggle() }.accessibilityIdentifier("play")
                Button { } label: { Text("Edit").bold() }.accessibilityIdentifier("edit")
            }
        }
        let tree = LiveTree(Titled())
        let html = tree.render()
        #expect(html.contains(#"<button id="play" class="sh-button" type="submit">&lt;Play&gt;</button>"#), "\(html)")
        #expect(html.contains(#"<button id="edit" class="sh-button" type="submit"><span id="_"#), "\(html)")
        #expect(tree.id(ofControl: "<Play>") == "play")
        let changes = try tree.send(Event(target: "play"))
        #expect(changes.map(\.html) == [#"<button id="play" class="sh-button" type="submit">Pause</button>"#])
    }

    @Test("Element ids use only [A-Za-z0-9_-], whatever the identifier or key")
    func identifiersAreSanitized() {
        #expect(HTMLWriter.identifierFragment("a b\"<c>-d_1") == "a_b__c_-d_1")
        let html = LiveTree(Text("x").accessibilityIdentifier(#"evil" onclick="x"#)).render()
        #expect(html.contains(#"id="evil__onclick__x""#))
    }

    @Test("A requested id never takes a generated one: one that starts with _ gets another _, and every id on the page is unique")
    func requestedIdsNeverLookGenerated() throws {
        let tree = LiveTree(VStack {
            Text("a")
            Text("b").accessibilityIdentifier("_2")
            Button("Press") {}.accessibilityIdentifier("_3")
        })
        let html = tree.render()
        let ids = html.matches(of: /id="([^"]*)"/).map { String($0.output.1) }
        #expect(Set(ids).count == ids.count, "ids are unique: \(ids)")
        #expect(ids.contains("__2") && ids.contains("__3"))
        // The button is reached by its id; a plain element's generated id names no control.
        _ = try tree.send(Event(target: "__3", type: .click))
        let generated = try #require(ids.first { $0.hasPrefix("_") && !$0.hasPrefix("__") })
        #expect(throws: EventError.self) { try tree.send(Event(target: generated, type: .click)) }
    }

    @Test("check refuses what apply would, the value included (the server checks a form post's pressed event before applying its fields)")
    func checkCoversValues() throws {
        let tree = LiveTree(Toggle("On", isOn: .constant(false)).accessibilityIdentifier("on"))
        #expect(throws: EventError.invalidValue("a toggle's change needs value=true or value=false")) {
            try tree.check(Event(target: "on", type: .change, value: "maybe"))
        }
        #expect(throws: EventError.unsupported(type: .submit, target: "on")) { try tree.check(Event(target: "on", type: .submit)) }
        try tree.check(Event(target: "on", type: .change, value: "true"))
    }

    @Test(".accessibilityIdentifier on a Toggle names its switch, the control a script clicks")
    func toggleIdentifierNamesTheSwitch() {
        let html = LiveTree(Toggle("Done", isOn: .constant(true)).accessibilityIdentifier("done")).render()
        #expect(html.contains(#"<button id="done" class="sh-switch" type="submit" role="switch" aria-checked="true"></button>"#))
        #expect(html.contains(#"<label id="_"#))
    }

    @Test("A link to javascript: renders without an href")
    func unsafeLinks() {
        let html = LiveTree(Link("x", destination: URL(string: "javascript:alert(1)")!)).render()
        #expect(!html.contains("href"))
        #expect(LiveTree(Link("x", destination: URL(string: "https://example.com")!)).render().contains(#"href="https://example.com""#))
    }

    @Test("Views render as native controls with labels")
    func nativeControls() throws {
        let html = LiveTree(Form {
            Section("Settings") {
                Toggle("Enabled", isOn: .constant(true))
                Stepper("Count: 1", value: .constant(1), in: 0...1)
                SecureField("Password", text: .constant(""))
                Label("Star", systemImage: "star.fill")
            }
        }.padding()).render()
        #expect(html.contains(#"<label id="#) && html.contains(#"role="switch" aria-checked="true""#))
        #expect(html.contains(#"type="password""#))
        let increment = try #require(html.firstMatch(of: /<button[^>]*aria-label="Increment"[^>]*>/))
        #expect(increment.output.contains("disabled"), "at the upper bound")
        #expect(html.contains(#"<svg"#) && html.contains(#"role="img""#))
        #expect(html.contains("padding:16px"))
    }

    @Test("A stepper's button at its bound is disabled and refuses events")
    func stepperBounds() throws {
        struct Counter: View {
            @State private var value = 0
            var body: some View { Stepper("Value: \(value)", value: $value, in: 0...1) }
        }
        let tree = LiveTree(Counter())
        let decrement = try #require(tree.id(ofControl: "Decrement"))
        #expect(throws: EventError.disabled(decrement)) { try tree.send(Event(target: decrement)) }
        _ = try click(tree, "Increment")
        #expect(tree.render().contains("Value: 1"))
        let increment = try #require(tree.id(ofControl: "Increment"))
        #expect(throws: EventError.disabled(increment)) { try tree.send(Event(target: increment)) }
    }

    @Test("Image(systemName:) is named after its symbol: play.circle → Play")
    func imageNames() {
        #expect(Image.accessibleName("play.circle") == "Play")
        #expect(Image.accessibleName("star.fill") == "Star")
        #expect(Image.accessibleName("checkmark") == "Checkmark")
    }
}

/// Hands out the binding of a mounted view's @State.
final class BindingCatcher: @unchecked Sendable {
    var binding: Binding<Int>?
}

struct Exposed: View {
    @State private var count = 0
    let catcher: BindingCatcher
    var body: some View {
        catcher.binding = $count
        return Text("count \(count)")
    }
}

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("You can safely mutate state properties from any thread: writes are serialized and the page shows the last one")
    func writesFromManyTasks() async throws {
        let catcher = BindingCatcher()
        let tree = await MainActor.run { LiveTree(Exposed(catcher: catcher)) }
        let binding = try #require(catcher.binding)
        await withTaskGroup(of: Void.self) { group in
            for value in 1...200 {
                group.addTask {
                    binding.wrappedValue = value
                    _ = binding.wrappedValue
                }
            }
        }
        let final = binding.wrappedValue
        // Invalidation hops to the main actor; let those hops run, then flush.
        for _ in 0..<50 {
            if await MainActor.run(body: { tree.hasPendingChanges }) { break }
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        let html = try await MainActor.run { () throws -> String in
            _ = try tree.flush()
            return tree.render()
        }
        #expect(html.contains("count \(final)<"))
    }
}

import Foundation

@MainActor
@Suite("Element ids")
struct ElementIDTests {
    struct Twins: View {
        @State private var count = 0
        var body: some View {
            VStack {
                Text("same").accessibilityIdentifier("twin")
                Text("same").accessibilityIdentifier("twin")
                Text("\(count)")
                Button("Bump") { count += 1 }
            }
        }
    }

    @Test("A repeated accessibility identifier gets a unique id once, and an unchanged element is never re-sent")
    func duplicateIdentifiersAreStable() throws {
        let tree = LiveTree(Twins())
        let html = tree.render()
        #expect(html.contains(#"id="twin""#) && html.contains(#"id="twin-2""#))
        let actions = try click(tree, "Bump")
        #expect(actions.count == 1, "only the count changed, got \(actions.map(\.target))")
        #expect(tree.render() == html.replacingOccurrences(of: ">0</span>", with: ">1</span>"))
    }
}

@Suite("README")
struct ReadmeTests {
    @Test("The README's first example is the file the build compiles against import Statehouse alone")
    func exampleCompiles() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(contentsOf: root.appendingPathComponent("Examples/ReadmeExample/PlayerApp.swift"), encoding: .utf8)
        let block = try #require(readme.components(separatedBy: "## An app in 20 lines\n\n```swift\n").dropFirst().first?
            .components(separatedBy: "```").first)
        #expect(block == example)
        #expect(example.hasPrefix("import Statehouse\n\n"), "one import")
    }

    @Test("The README's first example is the starter package: its App file and its test, as they stand there")
    func starterIsTheFirstExample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let starter = root.appendingPathComponent("Examples/Starter")
        let app = try String(contentsOf: starter.appendingPathComponent("Sources/Starter/StarterApp.swift"), encoding: .utf8)
        let tests = try String(contentsOf: starter.appendingPathComponent("Tests/StarterTests/StarterTests.swift"), encoding: .utf8)
        let firstSection = try #require(readme.components(separatedBy: "\n## ").dropFirst().first { $0.hasPrefix("The two commands") == false })
        #expect(firstSection.hasPrefix("Your first app: the starter package"), "the first example after the two commands")
        let blocks = firstSection.components(separatedBy: "```swift\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
        #expect(blocks.contains(app), "the App file, whole")
        let test = try #require(blocks.first { $0.hasPrefix("@Test(") })
        let indented = test.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        #expect(tests.contains(indented), "the test, as the starter has it")
    }

    @Test("The README's navigation example is in a file the build compiles")
    func navigationExampleCompiles() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(contentsOf: root.appendingPathComponent("Examples/ReadmeExample/Shelf.swift"), encoding: .utf8)
        let block = try #require(readme.components(separatedBy: "## Screens at URLs: navigation, tabs, sheets\n").dropFirst().first?
            .components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(block.contains("NavigationStack"))
        #expect(example.contains(block))
    }
}
