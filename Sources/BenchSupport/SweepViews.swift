import Statehouse

/// The views of the list sweep (`bench run --only lists`, `bench-allocations figures`).

/// A row of the sweep's lists.
public struct SweepItem: Identifiable, Sendable {
    public let id: Int
    public var title: String
    public var done = false
}

func sweepItems(_ count: Int) -> [SweepItem] {
    (0..<count).map { SweepItem(id: $0, title: "Item \($0)") }
}

/// The state of the sweep's `@State` lists: the items and the next id.
struct SweepState: DynamicProperty {
    @State var items: [SweepItem]
    @State var next: Int

    init(count: Int) {
        _items = State(initialValue: sweepItems(count))
        _next = State(initialValue: count)
    }

    /// The add and remove buttons (the list keeps its length: an add, then a remove).
    var controls: SweepControls { SweepControls(items: $items, next: $next) }
}

struct SweepControls: View {
    @Binding var items: [SweepItem]
    @Binding var next: Int
    var body: some View {
        Button("Add") { items.append(SweepItem(id: next, title: "Item \(next)")); next += 1 }.accessibilityIdentifier("add")
        Button("Remove") { items.removeLast() }.accessibilityIdentifier("remove")
    }
}

/// `ForEach(items)`: each row reads its item; the toggle writes the list.
public struct PlainList: View {
    private let list: SweepState
    public init(count: Int) { list = SweepState(count: count) }
    public var body: some View {
        VStack {
            list.controls
            ForEach(list.items) { item in
                HStack {
                    Text(item.title)
                    Text(item.done ? "done" : "open")
                    Button("Toggle") {
                        if let index = list.items.firstIndex(where: { $0.id == item.id }) { list.items[index].done.toggle() }
                    }
                    .accessibilityIdentifier("toggle")  // in a row: "toggle-ID"
                }
            }
        }
    }
}

/// `ForEach($items)`: each row gets a binding to its item and writes through it.
public struct BindingList: View {
    private let list: SweepState
    public init(count: Int) { list = SweepState(count: count) }
    public var body: some View {
        VStack {
            list.controls
            ForEach(list.$items) { $item in
                HStack {
                    Text(item.title)
                    Text(item.done ? "done" : "open")
                    Button("Toggle") { item.done.toggle() }.accessibilityIdentifier("toggle")  // in a row: "toggle-ID"
                }
            }
        }
    }
}

/// The items of `RowViewList`, shared with its rows through the environment.
@Observable @MainActor
final class SweepModel {
    var items: [SweepItem]
    var next: Int
    init(count: Int) {
        items = sweepItems(count)
        next = count
    }
    func toggle(_ id: Int) {
        if let index = items.firstIndex(where: { $0.id == id }) { items[index].done.toggle() }
    }
}

/// `ForEach(model.items) { SweepRow(item: $0) }`: the content closure captures nothing.
public struct RowViewList: View {
    @State private var model: SweepModel
    public init(count: Int) { _model = State(initialValue: SweepModel(count: count)) }
    public var body: some View {
        VStack {
            Button("Add") { model.items.append(SweepItem(id: model.next, title: "Item \(model.next)")); model.next += 1 }
                .accessibilityIdentifier("add")
            Button("Remove") { model.items.removeLast() }.accessibilityIdentifier("remove")
            ForEach(model.items) { item in SweepRow(item: item) }
        }
        .environment(model)
    }
}

struct SweepRow: View {
    let item: SweepItem
    @Environment(SweepModel.self) private var model
    var body: some View {
        HStack {
            Text(item.title)
            Text(item.done ? "done" : "open")
            Button("Toggle") { model.toggle(item.id) }.accessibilityIdentifier("toggle")  // in a row: "toggle-ID"
        }
    }
}
