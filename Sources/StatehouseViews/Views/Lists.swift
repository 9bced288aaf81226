/// A structure that computes views on demand from a collection of identified data.
///
/// Each element's id is the row's identity: a row (and the state of the views in it) stays
/// with its element when rows are inserted, deleted or moved around it.
///
/// ```swift
/// ForEach(todos) { todo in TodoRow(todo: todo) }
/// ```
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    /// The collection of underlying identified data.
    public var data: Data {
        get { bound?.elements() as! Data? ?? given! }
        set {
            given = newValue
            bound = nil
            collect = Self.collectRows
        }
    }
    /// The data as given (nil for a `ForEach` over a binding, whose collection its node reads).
    @usableFromInline var given: Data?
    /// The binding `ForEach($items)` was made with: its collection is read where the rows are
    /// made, by the `ForEach`'s own node, not by the view whose `body` wrote it (`$items` is
    /// not a read of `items`, as in SwiftUI).
    @usableFromInline var bound: BoundCollection?
    @usableFromInline let idPath: KeyPath<Data.Element, ID>
    public var content: (Data.Element) -> Content
    /// `collectRows`, compiled where the `ForEach` is created: there its types are known, and
    /// the loop over the data runs without a generic call per element (the tree that runs it
    /// only knows them as generic parameters).
    @usableFromInline var collect: (Self) -> Rows

    /// The rows' ids (a duplicate id shows once), the set of them (nil where they cannot repeat:
    /// a range's numbers; whoever needs it makes it from the ids), and the contents.
    @usableFromInline typealias Rows = (keys: [ID], keySet: Set<ID>?, contents: [Content])

    /// Creates an instance that identifies its views by the given key path.
    @inlinable
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        given = data
        idPath = id
        self.content = content
        collect = Self.collectRows
    }

    /// A `ForEach` over the collection a binding reaches (see `BoundCollection`).
    init(bound: BoundCollection, id: KeyPath<Data.Element, ID>, content: @escaping (Data.Element) -> Content) {
        self.bound = bound
        idPath = id
        self.content = content
        collect = { _ in preconditionFailure("a ForEach over a binding collects its rows through its node") }
    }

    @inlinable
    static func collectRows(_ view: Self) -> Rows {
        var keys: [ID] = []
        var contents: [Content] = []
        var seen = Set<ID>()
        let data = view.given!
        let count = data.count
        keys.reserveCapacity(count)
        contents.reserveCapacity(count)
        // `id: \.self` (a range's rows, strings): the element itself, not a key path projected
        // through the run time for every row.
        let isIdentity = ID.self == Data.Element.self && (view.idPath as AnyKeyPath) == (\Data.Element.self as AnyKeyPath)
        // A range's numbers never repeat: no set is built to find repeats (a mount needs none;
        // an update makes one from the ids).
        let isDistinct = isIdentity && (Data.self == Range<Int>.self || Data.self == ClosedRange<Int>.self)
        if !isDistinct { seen.reserveCapacity(count) }
        for element in data {
            let key = isIdentity ? unsafeBitCast(element, to: ID.self) : element[keyPath: view.idPath]
            if !isDistinct { guard seen.insert(key).inserted else { continue } }
            keys.append(key)
            contents.append(view.content(element))
        }
        return (keys, isDistinct ? nil : seen, contents)
    }

    static var isRowContainer: Bool { true }
    static func makeNode(_ view: Self, _ context: Context) -> Node {
        let node = ForEachNode(view, editing: nil, context)
        node.mount(context)
        return node
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// Creates an instance over identified data.
    @inlinable
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// Creates an instance over a constant range.
    @inlinable
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

/// A container that presents rows of data: `<ul class="sh-list">`, one `<li>` per row.
///
/// ```swift
/// List(todos) { todo in Text(todo.title) }
/// List(todos, selection: $selected) { todo in Text(todo.title) }
/// ```
///
/// With a selection (one value, or a set of them) the list is a `listbox`: each tagged row
/// (a `ForEach`'s rows are tagged with their ids) is an option button, selected by a click,
/// Space or Enter (a click toggles a row in a set), the arrow keys moving between rows; it
/// posts the form without JavaScript.
public struct List<SelectionValue: Hashable, Content: View>: View, ElementView {
    let content: Content
    let className: String
    let selection: ListSelection?

    init(className: String, selection: ListSelection? = nil, content: Content) {
        self.className = className
        self.selection = selection
        self.content = content
    }

    static var childrenAreListRows: Bool { true }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        ElementSpec("ul", [Attribute("class", className)])
    }

    /// A list without a selection is its `<ul>`; one with a selection type is a
    /// `SelectableList` (decided by type, so a node never changes kind).
    static func makeNode(_ view: Self, _ context: Context) -> Node {
        guard SelectionValue.self != Never.self else { return ElementViewNode(view, context).mounted(view, context) }
        let node = mountView(SelectableList(list: view), context)
        node.takesModifiedViews = true
        return node
    }
}

extension List: TransparentView {
    static func update(_ node: Node, with view: Self, _ context: Context) {
        if SelectionValue.self == Never.self { node.refresh(view, context) } else { node.update(SelectableList(list: view), context) }
    }
}

extension List where SelectionValue == Never {
    /// Creates a list with the given content.
    public init(@ViewBuilder content: () -> Content) {
        self.init(className: "sh-list", content: content())
    }

    /// Creates a list that computes its rows on demand from identified data.
    public init<Data: RandomAccessCollection, RowContent: View>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init(className: "sh-list", content: ForEach(data, content: rowContent))
    }

    /// Creates a list that identifies its rows by a key path.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, ID, RowContent> {
        self.init(className: "sh-list", content: ForEach(data, id: id, content: rowContent))
    }

    /// Creates a list over a binding to a collection: each row gets a binding to its element
    /// (`List($items) { $item in … }`).
    public init<C: MutableCollection & RandomAccessCollection, RowContent: View>(_ data: Binding<C>,
                                                                                 @ViewBuilder rowContent: @escaping (Binding<C.Element>) -> RowContent)
    where Content == ForEach<[Binding<C.Element>], C.Element.ID, RowContent>, C.Element: Identifiable {
        self.init(className: "sh-list", content: ForEach(data, content: rowContent))
    }
}

extension List {
    /// Creates a list with the given content that supports selecting a single row.
    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {
        self.init(className: "sh-list", selection: ListSelection(selection), content: content())
    }

    /// Creates a list with the given content that supports selecting multiple rows.
    public init(selection: Binding<Set<SelectionValue>>?, @ViewBuilder content: () -> Content) {
        self.init(className: "sh-list", selection: ListSelection(selection), content: content())
    }

    /// Creates a list of identified data that supports selecting a single row.
    public init<Data: RandomAccessCollection, RowContent: View>(_ data: Data, selection: Binding<SelectionValue?>?,
                                                                @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init(className: "sh-list", selection: ListSelection(selection), content: ForEach(data, content: rowContent))
    }

    /// Creates a list of identified data that supports selecting multiple rows.
    public init<Data: RandomAccessCollection, RowContent: View>(_ data: Data, selection: Binding<Set<SelectionValue>>?,
                                                                @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init(className: "sh-list", selection: ListSelection(selection), content: ForEach(data, content: rowContent))
    }

    /// Creates a list of data identified by a key path that supports selecting a single row.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(_ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<SelectionValue?>?,
                                                                              @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, ID, RowContent> {
        self.init(className: "sh-list", selection: ListSelection(selection), content: ForEach(data, id: id, content: rowContent))
    }

    /// Creates a list of data identified by a key path that supports selecting multiple rows.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(_ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<Set<SelectionValue>>?,
                                                                              @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, ID, RowContent> {
        self.init(className: "sh-list", selection: ListSelection(selection), content: ForEach(data, id: id, content: rowContent))
    }
}

/// A list's selection, whatever its type: which tags are selected, and what a click on a
/// row does (selects it; in a set, adds or removes it).
struct ListSelection {
    let isMultiple: Bool
    let selected: @MainActor () -> Set<AnyHashable>
    let click: @MainActor (AnyHashable) -> Void

    init?<Value: Hashable>(_ binding: Binding<Value?>?) {
        guard let binding else { return nil }
        isMultiple = false
        selected = { binding.wrappedValue.map { [AnyHashable($0)] } ?? [] }
        let typed = Self.typed(Value.self)
        click = { tag in if let value = typed(tag) { binding.wrappedValue = value } }
    }

    init?<Value: Hashable>(_ binding: Binding<Set<Value>>?) {
        guard let binding else { return nil }
        isMultiple = true
        selected = { Set(binding.wrappedValue.map { AnyHashable($0) }) }
        let typed = Self.typed(Value.self)
        click = { tag in
            guard let value = typed(tag) else { return }
            if binding.wrappedValue.contains(value) { binding.wrappedValue.remove(value) } else { binding.wrappedValue.insert(value) }
        }
    }
}

extension ListSelection {
    /// A tag as a value of the selection's type (nil if it is another type's).
    fileprivate static func typed<Value>(_: Value.Type) -> @Sendable (AnyHashable) -> Value? { { $0.base as? Value } }
}

/// A `List` with a selection: a `listbox` whose tagged rows are option buttons.
struct SelectableList<SelectionValue: Hashable, Content: View>: View {
    let list: List<SelectionValue, Content>

    var body: some View {
        var rows: [TaggedView] = []
        collectTagged(list.content, into: &rows)
        let selection = list.selection
        let selected = selection?.selected() ?? []
        // Rows keep their identity by tag (untagged rows by place).
        let keyed = rows.enumerated().map { (key: $0.element.tag ?? AnyHashable("#\($0.offset)"), row: $0.element) }
        var attributes = [Attribute("class", list.className + " sh-selectable"), Attribute("role", "listbox")]
        if selection?.isMultiple == true { attributes.append(Attribute("aria-multiselectable", "true")) }
        return Box("div", attributes) {
            ForEach(keyed, id: \.key) { item in
                if let tag = item.row.tag, let selection {
                    CheckedButton(role: "option", className: "sh-option", isOn: selected.contains(tag),
                                  onClick: .action { selection.click(tag) }, content: item.row.content)
                } else {
                    item.row.content
                }
            }
        }
    }
}

/// A container for grouping controls used for data entry: styled as a grouped list.
///
/// ```swift
/// Form {
///     Section("Account") {
///         TextField("Name", text: $name)
///         Toggle("Newsletter", isOn: $subscribes)
///     }
/// }
/// ```
public struct Form<Content: View>: View {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: some View { List<Never, Content>(className: "sh-list sh-form", content: content) }
}

/// A container view that you can use to add hierarchy to certain collection views.
///
/// ```swift
/// Section("Playback") { Toggle("Autoplay", isOn: $autoplay) }
/// ```
public struct Section<Parent: View, Content: View, Footer: View>: View {
    let header: Parent?
    let content: Content
    let footer: Footer?

    /// Creates a section with a header, footer, and content.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.content = content()
        self.header = header()
        self.footer = footer()
    }

    public var body: some View {
        Box("section", [Attribute("class", "sh-section")]) {
            if let header { Box("header", [Attribute("class", "sh-section-header")]) { header } }
            List<Never, Content>(className: "sh-list", content: content)
            if let footer { Box("footer", [Attribute("class", "sh-section-footer")]) { footer } }
        }
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
        header = nil
        footer = nil
    }
}

extension Section where Parent: View, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.content = content()
        self.header = header()
        footer = nil
    }
    public init(header: Parent, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.header = header
        footer = nil
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    /// Creates a section with a localized header.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.content = content()
        header = Text(titleKey)
        footer = nil
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.content = content()
        header = Text(title)
        footer = nil
    }
}

/// `.id(_:)`: content whose identity is bound to a value.
struct IDView<Content: View, ID: Hashable>: View, PrimitiveView {
    let content: Content
    let id: ID
    // What its content is: `ForEach(…).id(version)` in a `List` is its rows, and an app's
    // modifier on it applies to each of them.
    static var isRowContainer: Bool { ViewKind.of(Content.self).isRowContainer }
    static var spreadsModifiers: Bool { ViewKind.of(Content.self).spreadsModifiers }
    static func makeNode(_ view: Self, _ context: Context) -> Node { IdentityNode(view, context) }
}

extension View {
    /// Binds a view's identity to the given proxy value: when the value changes, the view and
    /// its subtree are destroyed (all their state with them) and built anew.
    ///
    /// ```swift
    /// MyInitializableView(name: name).id(name)
    /// ```
    public func id<ID: Hashable>(_ id: ID) -> some View { IDView(content: self, id: id) }
}
