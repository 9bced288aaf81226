import Foundation

/// List editing: `ForEach($items) { $item in }`, `.onDelete`, `.onMove`, `EditButton`, and the
/// collection methods they are used with.

extension ForEach {
    /// Creates an instance over a binding to a collection: each row gets a binding to its
    /// element, found by the element's id (so it stays right when rows are inserted or deleted).
    ///
    /// ```swift
    /// ForEach($todos) { $todo in Toggle(todo.title, isOn: $todo.isDone) }
    /// ```
    public init<C: MutableCollection & RandomAccessCollection>(_ data: Binding<C>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content)
    where C.Element: Identifiable, Data == [Binding<C.Element>], ID == C.Element.ID {
        let collection = data.wrappedValue
        let elements = zip(collection.indices, collection).map { index, element in
            let id = element.id
            // Where the element was when the rows were made is looked at first: a row's binding
            // (read for the row's key and in its body) finds its element at once, and scans
            // only after the collection moved it: a scan per read would make a list's every
            // change cost the square of its length.
            return Binding<C.Element>(get: {
                let current = data.wrappedValue
                return Self.position(of: id, near: index, in: current).map { current[$0] } ?? element
            }, set: { newValue in
                if let position = Self.position(of: id, near: index, in: data.wrappedValue) { data.wrappedValue[position] = newValue }
            })
        }
        self.init(elements, id: \.wrappedValue.id, content: content)
    }

    /// Where the element `id` is in `collection`: at `index` if it is still there, else found
    /// by a scan.
    private nonisolated static func position<C: RandomAccessCollection>(of id: C.Element.ID, near index: C.Index,
                                                                       in collection: C) -> C.Index? where C.Element: Identifiable {
        if index >= collection.startIndex, index < collection.endIndex, collection[index].id == id { return index }
        return collection.firstIndex { $0.id == id }
    }

    /// Sets the deletion action: each row gets a Delete button (a person without a swipe, and
    /// a keyboard, can reach it) that calls `action` with the row's offset.
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> EditableForEach<Data, ID, Content> {
        EditableForEach(base: self, onDelete: action, onMove: nil)
    }

    /// Sets the move action: in edit mode (`EditButton`) each row gets Move up and Move down
    /// buttons that call `action` as a drag would (`[offset]`, the offset to insert before).
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> EditableForEach<Data, ID, Content> {
        EditableForEach(base: self, onDelete: nil, onMove: action)
    }
}

/// A `ForEach` with `.onDelete` or `.onMove`: the rows, each with its editing buttons. Still a
/// container of rows (in a `List`, each element is a row).
///
/// ```swift
/// List {
///     ForEach(todos) { Text($0.title) }
///         .onDelete { todos.remove(atOffsets: $0) }
///         .onMove { todos.move(fromOffsets: $0, toOffset: $1) }
/// }
/// ```
public struct EditableForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView, TransparentView {
    let base: ForEach<Data, ID, Content>
    let onDelete: ((IndexSet) -> Void)?
    let onMove: ((IndexSet, Int) -> Void)?

    /// Sets (or replaces) the deletion action.
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> Self {
        EditableForEach(base: base, onDelete: action, onMove: onMove)
    }

    /// Sets (or replaces) the move action.
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> Self {
        EditableForEach(base: base, onDelete: onDelete, onMove: action)
    }

    struct Row {
        let offset: Int
        let id: ID
        let element: Data.Element
    }

    /// The rows as a `ForEach` keyed as the base is, each with its buttons. An app's modifiers
    /// applied to the rows, and what was applied inside them (`distributed`: pending where the
    /// rows are mounted), apply to each row's content, not to its buttons.
    func rows(distributing distributed: PendingAttributes) -> some View {
        let count = base.data.count
        let rows = base.data.enumerated().map { Row(offset: $0.offset, id: $0.element[keyPath: base.idPath], element: $0.element) }
        return ForEach(rows, id: \.id) { row in
            Box("div", [Attribute("class", "sh-editable-row")]) {
                Redistributed(content: base.content(row.element), distributed: distributed)
                RowEditButtons(offset: row.offset, count: count, onDelete: onDelete, onMove: onMove)
            }
        }
    }

    static var isRowContainer: Bool { true }

    static func makeNode(_ view: Self, _ context: Context) -> Node {
        let (rows, inner) = split(view, context)
        let node = mountView(rows, inner)
        node.takesModifiedViews = true
        return node
    }

    static func update(_ node: Node, with view: Self, _ context: Context) {
        let (rows, inner) = split(view, context)
        node.update(rows, inner)
    }

    /// The rows, with the app's modifiers applied to them (and what was applied inside them)
    /// moved inside each row, and the context without them.
    private static func split(_ view: Self, _ context: Context) -> (some View, Context) {
        guard context.pending.distributes else { return (view.rows(distributing: PendingAttributes()), context) }
        var inner = context
        inner.pending = PendingAttributes()
        return (view.rows(distributing: context.pending), inner)
    }
}

/// A row's content with the app's modifiers distributed over an editable `ForEach` put back
/// on it, inside the row element that holds the content and its edit buttons. (A node of its
/// own: the content's node is the modifiers' `DistributedNode`, which takes the content's
/// values, not this view's.)
struct Redistributed<Content: View>: View, PrimitiveView {
    let content: Content
    /// What was pending where the rows were mounted, app modifiers among it (or nothing).
    let distributed: PendingAttributes
    static func makeNode(_ view: Self, _ context: Context) -> Node { RedistributedNode(view, context) }
}

@MainActor
final class RedistributedNode<Content: View>: SingleChildNode {
    init(_ view: __shared Redistributed<Content>, _ context: __shared Context) {
        super.init(context)
        child = mountView(view.content, Self.inner(view.distributed, context))
    }

    override func refresh<W: View>(_ view: W, _ context: Context) {
        let view = sameTypeCast(view, to: Redistributed<Content>.self)
        child?.update(view.content, Self.inner(view.distributed, context))
    }

    private static func inner(_ distributed: PendingAttributes, _ context: Context) -> Context {
        guard distributed.distributes else { return context }
        var inner = context
        inner.pending = distributed
        return inner
    }
}

/// A row's Delete button, and in edit mode its Move up and Move down buttons.
struct RowEditButtons: View {
    let offset: Int
    let count: Int
    let onDelete: ((IndexSet) -> Void)?
    let onMove: ((IndexSet, Int) -> Void)?
    @Environment(\.editMode) private var editMode

    var body: some View {
        let offset = offset, onDelete = onDelete, onMove = onMove
        let isEditing = editMode?.wrappedValue.isEditing == true
        Box("span", [Attribute("class", "sh-row-edit")]) {
            if let onMove, isEditing {
                Button("Move up") { onMove(IndexSet(integer: offset), offset - 1) }.disabled(offset == 0)
                Button("Move down") { onMove(IndexSet(integer: offset), offset + 2) }.disabled(offset == count - 1)
            }
            if let onDelete {
                Button("Delete", role: .destructive) { onDelete(IndexSet(integer: offset)) }
            }
        }
    }
}

/// The mode of a view that can be edited (`EditButton` switches it).
///
/// ```swift
/// @Environment(\.editMode) private var editMode
/// if editMode?.wrappedValue.isEditing == true { Text("Editing") }
/// ```
public enum EditMode: Hashable, Sendable {
    case inactive, transient, active

    /// Whether the view is being edited.
    public var isEditing: Bool { self != .inactive }
}

extension EnvironmentValues {
    /// The edit mode of the enclosing `NavigationStack` (nil outside one).
    public var editMode: Binding<EditMode>? {
        get { self[ObjectIdentifier(EditMode.self)] ?? nil }
        set { self[ObjectIdentifier(EditMode.self)] = newValue }
    }
}

/// A button that toggles the edit mode of the enclosing `NavigationStack`: "Edit", "Done".
///
/// ```swift
/// List { ForEach(todos) { Text($0.title) }.onMove { todos.move(fromOffsets: $0, toOffset: $1) } }
///     .toolbar { EditButton() }
/// ```
public struct EditButton: View {
    @Environment(\.editMode) private var editMode
    public init() {}

    public var body: some View {
        let editMode = editMode
        Button(editMode?.wrappedValue.isEditing == true ? "Done" : "Edit") {
            editMode?.wrappedValue = editMode?.wrappedValue.isEditing == true ? .inactive : .active
        }
        .disabled(editMode == nil)
    }
}

extension RangeReplaceableCollection where Self: MutableCollection {
    /// Removes all the elements at the specified offsets (what `.onDelete` hands over).
    public mutating func remove(atOffsets offsets: IndexSet) {
        for offset in offsets.reversed() {
            remove(at: index(startIndex, offsetBy: offset))
        }
    }
}

extension MutableCollection where Self: RangeReplaceableCollection {
    /// Moves the elements at `source` to before the element at `destination` (offsets in the
    /// collection as it was), as `.onMove` describes a move.
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let moving = source.map { self[index(startIndex, offsetBy: $0)] }
        let before = source.filter { $0 < destination }.count
        remove(atOffsets: source)
        let insertAt = index(startIndex, offsetBy: destination - before)
        insert(contentsOf: moving, at: insertAt)
    }
}
