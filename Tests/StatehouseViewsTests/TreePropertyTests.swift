import Observation
import Testing
import StatehouseTesting
@testable import StatehouseViews

/// The invariant everything else rests on, checked over random sequences of state writes and
/// events on a tree with `ForEach` inserts, deletes and moves (of rows of one element, and of
/// rows of none or several), conditionals and `.id` changes:
/// after every step, the document the browser holds (the first render with every step's
/// changes applied) equals a fresh render of the tree; no element id repeats; and the state of
/// every view that left the tree is freed, while every view in it keeps its own.
@MainActor
@Suite("Tree properties")
struct TreePropertyTests {
    @Test("Changes applied to the previous document give the fresh render; ids are unique; removed state is freed",
          arguments: 0..<150)
    func randomSequences(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let forest = Forest(random: &random)
        let tree = LiveTree(ForestView(forest: forest))
        defer { tree.close() }
        let document = try MiniDOM(parsing: tree.render())
        for step in 0..<40 {
            let operation = forest.randomOperation(&random, clickable: document.ids.filter { $0.hasPrefix("click-") || $0 == "show-footer" })
            let changes: [ElementChange]
            switch operation {
            case .write(_, let write):
                write()
                changes = try tree.flush()
            case .click(let id):
                changes = try tree.send(Event(target: id))
            }
            let context = Comment("seed \(seed), step \(step): \(operation)")
            for change in changes { try document.apply(change, context) }
            let fresh = tree.render()
            #expect(document.html == fresh, context)
            if document.html != fresh { return }
            let ids = document.ids
            #expect(ids.count == Set(ids).count, "ids repeat: \(ids.duplicates) — \(context)")
            #expect(Trackers.liveKeys == forest.expectedTrackerKeys, context)
        }
    }
}

// MARK: - The views under test

/// The model the random steps write: rows (each with children, shown when expanded), a footer
/// shown or not, a title.
@MainActor @Observable
final class Forest {
    struct Row: Identifiable, Equatable {
        let id: Int
        var label: String
        /// Changing it changes the row's `.id`: a new view with fresh state.
        var generation = 0
        var expanded: Bool
        var children: [Int]
    }

    var rows: [Row] = []
    var showFooter = true
    var title = "Forest"
    @ObservationIgnored private var nextID = 0

    init(random: inout SplitMix64) {
        for _ in 0..<(2 + random.next(upTo: 4)) { rows.append(makeRow(&random)) }
    }

    private func makeRow(_ random: inout SplitMix64) -> Row {
        nextID += 1
        let children = (0..<random.next(upTo: 3)).map { _ in nextID * 100 + random.next(upTo: 100) }
        return Row(id: nextID, label: "Row \(nextID)", expanded: random.next(upTo: 2) == 0, children: Array(Set(children)).sorted())
    }

    enum Operation: CustomStringConvertible {
        case write(String, @MainActor () -> Void)
        case click(String)

        var description: String {
            switch self {
            case .write(let name, _): name
            case .click(let id): "click \(id)"
            }
        }
    }

    /// One random step: a write to the model, or a click on one of `clickable`.
    func randomOperation(_ random: inout SplitMix64, clickable: [String]) -> Operation {
        let index = rows.isEmpty ? 0 : random.next(upTo: rows.count)
        // Fewer than three rows: mostly inserts, so that moves and deletes have rows to work on.
        switch rows.count < 3 && random.next(upTo: 2) == 0 ? 0 : random.next(upTo: 11) {
        case 0:
            let row = makeRow(&random), at = random.next(upTo: rows.count + 1)
            return .write("insert row \(row.id) at \(at)") { self.rows.insert(row, at: at) }
        case 1 where !rows.isEmpty:
            return .write("delete row at \(index)") { self.rows.remove(at: index) }
        case 2 where rows.count > 1:
            let to = random.next(upTo: rows.count)
            return .write("move row \(index) to \(to)") { self.rows.insert(self.rows.remove(at: index), at: to) }
        case 3 where !rows.isEmpty:
            return .write("rename row at \(index)") { self.rows[index].label += "!" }
        case 4 where !rows.isEmpty:
            return .write("new identity for row at \(index)") { self.rows[index].generation += 1 }
        case 5 where !rows.isEmpty:
            return .write("expand/collapse row at \(index)") { self.rows[index].expanded.toggle() }
        case 6 where !rows.isEmpty:
            let child = rows[index].id * 100 + 50 + random.next(upTo: 50)
            return .write("add child \(child) to row at \(index)") {
                if !self.rows[index].children.contains(child) { self.rows[index].children.insert(child, at: 0) }
            }
        case 7 where !rows.isEmpty && !rows[index].children.isEmpty:
            let at = random.next(upTo: rows[index].children.count)
            return .write("remove child \(at) of row at \(index)") { self.rows[index].children.remove(at: at) }
        case 8:
            return .write("hide/show footer") { self.showFooter.toggle() }
        case 9:
            return .write("retitle") { self.title += "+" }
        default:
            guard !clickable.isEmpty else { return .write("retitle") { self.title += "+" } }
            return .click(clickable[random.next(upTo: clickable.count)])
        }
    }

    /// The trackers the views on screen hold: one per row (per identity) and one per child of
    /// an expanded row.
    var expectedTrackerKeys: Set<String> {
        var keys = Set<String>()
        for row in rows {
            keys.insert("row \(row.id)/\(row.generation)")
            if row.expanded { for child in row.children { keys.insert("leaf \(child)") } }
        }
        return keys
    }
}

struct ForestView: View {
    let forest: Forest
    var body: some View {
        VStack {
            Text(forest.title)
            ForEach(forest.rows) { row in
                RowView(row: row).id("\(row.id)/\(row.generation)")
            }
            // Rows with no element of their own: none, one or several elements each, among
            // the stack's children (inserted, removed and moved by position).
            ForEach(forest.rows) { row in
                if row.id % 3 != 0 { Text("Tag \(row.id)") }
                if row.expanded {
                    Text("\(row.label) expanded")
                    ForEach(row.children, id: \.self) { Text("Child \($0)") }
                }
            }
            // Rows over a binding to the collection (each row's binding finds its element).
            ForEach(Bindable(forest).rows) { $row in
                Text("Bound \(row.label)")
            }
            // A range's rows (no set of their ids is made when mounting), growing and shrinking.
            ForEach(0..<(forest.rows.count % 4), id: \.self) { Text("Range \($0)") }
            if forest.showFooter {
                Text("Footer")
            } else {
                Button("Show footer") { forest.showFooter = true }.accessibilityIdentifier("show-footer")
            }
        }
    }
}

struct RowView: View {
    let row: Forest.Row
    @State private var clicks = 0
    @State private var tracker: Tracker

    init(row: Forest.Row) {
        self.row = row
        _tracker = State(initialValue: Tracker("row \(row.id)/\(row.generation)"))
    }

    var body: some View {
        VStack {
            HStack {
                Text(row.label)
                Text("\(clicks) clicks")
                Button("Click") { clicks += 1 }.accessibilityIdentifier("click-\(row.id)")
            }
            if row.expanded {
                ForEach(row.children, id: \.self) { child in
                    LeafView(id: child)
                }
            }
        }
    }
}

struct LeafView: View {
    let id: Int
    @State private var tracker: Tracker
    @State private var taps = 0

    init(id: Int) {
        self.id = id
        _tracker = State(initialValue: Tracker("leaf \(id)"))
    }

    var body: some View {
        HStack {
            Text("Leaf \(id): \(taps)")
            Button("Tap") { taps += 1 }.accessibilityIdentifier("click-leaf-\(id)")
        }
    }
}

/// An object held in a view's `@State`: alive exactly as long as that view's state.
@MainActor
final class Tracker {
    let key: String
    init(_ key: String) {
        self.key = key
        Trackers.all.append(WeakTracker(self))
    }
}

@MainActor
enum Trackers {
    static var all: [WeakTracker] = []
    /// The keys of the trackers still alive (each key once: a view struct made again holds a
    /// copy with the same key until it is dropped).
    static var liveKeys: Set<String> {
        all.removeAll { $0.object == nil }
        return Set(all.compactMap { $0.object?.key })
    }
}

@MainActor
final class WeakTracker {
    weak var object: Tracker?
    init(_ object: Tracker) { self.object = object }
}

// MARK: - A document to apply changes to

/// The document as the browser holds it, for the HTML our writer produces (well formed, every
/// text and attribute escaped): elements with their start tag kept as written, and text.
struct MiniDOM {
    final class Node {
        let startTag: String
        let tag: String
        let text: String
        /// The `id` attribute's value, if any.
        let id: String?
        var children: [Node] = []
        weak var parent: Node?
        var isText: Bool { tag.isEmpty }

        init(startTag: String, tag: String, text: String = "") {
            self.startTag = startTag
            self.tag = tag
            self.text = text
            if let start = startTag.range(of: #" id=""#) {
                id = String(startTag[start.upperBound...].prefix { $0 != "\"" })
            } else {
                id = nil
            }
        }

        var html: String {
            if isText { return text }
            if MiniDOM.void.contains(tag) { return startTag }
            return startTag + children.map(\.html).joined() + "</\(tag)>"
        }

        func all() -> [Node] { [self] + children.flatMap { $0.all() } }
    }

    static let void: Set<String> = ["input", "hr", "br", "img", "meta", "link"]
    let root = Node(startTag: "", tag: "#root")

    init(parsing html: String) throws {
        root.children = try Self.parse(html)
        for child in root.children { child.parent = root }
    }

    var html: String { root.children.map(\.html).joined() }
    var ids: [String] { root.all().compactMap(\.id) }

    /// Parses a fragment into top-level nodes.
    static func parse(_ html: String) throws -> [Node] {
        let top = Node(startTag: "", tag: "#fragment")
        var stack = [top]
        var rest = Substring(html)
        while !rest.isEmpty {
            if rest.hasPrefix("</") {
                guard let end = rest.firstIndex(of: ">") else { throw ParseError("unclosed end tag in \(html)") }
                let tag = rest[rest.index(rest.startIndex, offsetBy: 2)..<end]
                guard stack.count > 1, stack.last!.tag == tag else { throw ParseError("</\(tag)> does not close \(stack.last!.tag) in \(html)") }
                stack.removeLast()
                rest = rest[rest.index(after: end)...]
            } else if rest.hasPrefix("<") {
                guard let end = rest.firstIndex(of: ">") else { throw ParseError("unclosed start tag in \(html)") }
                let startTag = String(rest[...end])
                let tag = String(startTag.dropFirst().prefix { $0 != " " && $0 != ">" })
                let node = Node(startTag: startTag, tag: tag)
                node.parent = stack.last
                stack.last!.children.append(node)
                if !void.contains(tag) { stack.append(node) }
                rest = rest[rest.index(after: end)...]
            } else {
                let end = rest.firstIndex(of: "<") ?? rest.endIndex
                let node = Node(startTag: "", tag: "", text: String(rest[..<end]))
                node.parent = stack.last
                stack.last!.children.append(node)
                rest = rest[end...]
            }
        }
        guard stack.count == 1 else { throw ParseError("unclosed <\(stack.last!.tag)> in \(html)") }
        return top.children
    }

    private func element(_ id: String, _ context: Comment) throws -> Node {
        let matches = root.all().filter { $0.id == id }
        guard matches.count == 1 else { throw ParseError("\(matches.count) elements with id \(id) — \(context)") }
        return matches[0]
    }

    /// Does to the document what the client does for `change`.
    func apply(_ change: ElementChange, _ context: Comment) throws {
        let target = try element(change.target, context)
        let parent = target.parent!
        let index = parent.children.firstIndex { $0 === target }!
        let inserted = try Self.parse(change.html)
        switch change {
        case .replace:
            for node in inserted { node.parent = parent }
            parent.children.replaceSubrange(index...index, with: inserted)
        case .after:
            for node in inserted { node.parent = parent }
            parent.children.insert(contentsOf: inserted, at: index + 1)
        case .prepend:
            for node in inserted { node.parent = target }
            target.children.insert(contentsOf: inserted, at: 0)
        case .remove:
            parent.children.remove(at: index)
        }
    }

    struct ParseError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

extension Array where Element: Hashable {
    var duplicates: [Element] {
        var seen = Set<Element>()
        return filter { !seen.insert($0).inserted }
    }
}
