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
        // The collection is read by the rows' node, not here (see `ForEach.bound`): a row's
        // change re-runs that row, not the view that wrote `ForEach($items)`.
        self.init(bound: BindingCollection(data), id: \.wrappedValue.id, content: content)
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

    static var isRowContainer: Bool { true }

    static func makeNode(_ view: Self, _ context: Context) -> Node {
        let (editing, inner) = split(view, context)
        let node = ForEachNode(view.base, editing: editing, inner)
        node.mount(inner)
        node.takesModifiedViews = true
        return node
    }

    static func update(_ node: Node, with view: Self, _ context: Context) {
        let (editing, inner) = split(view, context)
        (node as! ForEachNode<Data, ID, Content>).refresh(view.base, editing: editing, inner)
    }

    /// The rows' editing, with the app's modifiers applied to the rows (and what was applied
    /// inside them) moved inside each row, and the context without them.
    private static func split(_ view: Self, _ context: Context) -> (RowEditing, Context) {
        guard context.pending.distributes else {
            return (RowEditing(onDelete: view.onDelete, onMove: view.onMove, distributed: PendingAttributes()), context)
        }
        var inner = context
        inner.pending = PendingAttributes()
        return (RowEditing(onDelete: view.onDelete, onMove: view.onMove, distributed: context.pending), inner)
    }
}

/// What an editable `ForEach` adds to its rows: the actions (the latest ones, which the rows'
/// buttons call whichever `body` made them) and the app's modifiers distributed over the rows.
struct RowEditing {
    let actions: RowEditActions
    var distributed: PendingAttributes

    init(onDelete: ((IndexSet) -> Void)?, onMove: ((IndexSet, Int) -> Void)?, distributed: PendingAttributes) {
        actions = RowEditActions(onDelete: onDelete, onMove: onMove)
        self.distributed = distributed
    }

    var hasMove: Bool { actions.onMove != nil }

    /// Whether rows made with `other` would look as rows made with this one do (the same
    /// buttons, the same modifiers).
    func rendersAs(_ other: RowEditing) -> Bool {
        (actions.onDelete == nil) == (other.actions.onDelete == nil) && (actions.onMove == nil) == (other.actions.onMove == nil)
            && distributed == other.distributed
    }

    /// Takes `other`'s actions and modifiers (the rows keep calling this one's actions).
    mutating func adopt(_ other: RowEditing) {
        actions.onDelete = other.actions.onDelete
        actions.onMove = other.actions.onMove
        distributed = other.distributed
    }
}

/// The actions of an editable `ForEach`'s rows (main actor only).
final class RowEditActions: @unchecked Sendable {
    var onDelete: ((IndexSet) -> Void)?
    var onMove: ((IndexSet, Int) -> Void)?

    init(onDelete: ((IndexSet) -> Void)?, onMove: ((IndexSet, Int) -> Void)?) {
        self.onDelete = onDelete
        self.onMove = onMove
    }
}

/// Where a row of an editable `ForEach` is: whether it is the first or the last, and its offset
/// in the data when a button is pressed (the row does not change when rows before it do).
struct RowPlace {
    let isFirst: Bool
    let isLast: Bool
    let offset: @MainActor () -> Int?
}

/// A row of an editable `ForEach`: its content and its editing buttons.
struct EditableRow<Content: View>: View {
    let content: Content
    let distributed: PendingAttributes
    let place: RowPlace
    let actions: RowEditActions

    var body: some View {
        Box("div", [Attribute("class", "sh-editable-row")]) {
            Redistributed(content: content, distributed: distributed)
            RowEditButtons(place: place, actions: actions)
        }
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
    let place: RowPlace
    let actions: RowEditActions
    @Environment(\.editMode) private var editMode

    var body: some View {
        let place = place, actions = actions
        let isEditing = editMode?.wrappedValue.isEditing == true
        Box("span", [Attribute("class", "sh-row-edit")]) {
            if actions.onMove != nil, isEditing {
                Button("Move up") { if let offset = place.offset() { actions.onMove?(IndexSet(integer: offset), offset - 1) } }
                    .disabled(place.isFirst)
                Button("Move down") { if let offset = place.offset() { actions.onMove?(IndexSet(integer: offset), offset + 2) } }
                    .disabled(place.isLast)
            }
            if actions.onDelete != nil {
                Button("Delete", role: .destructive) { if let offset = place.offset() { actions.onDelete?(IndexSet(integer: offset)) } }
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
