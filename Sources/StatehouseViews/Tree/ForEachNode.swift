/// A `ForEach`: one row per element, identified by the element's id. A row keeps its node, and
/// so its state, when rows are inserted or deleted around it.
///
/// An update costs what changed. The rows that the new elements match at the front and at the
/// back are compared element by element (the same element: the row is left alone; the same id:
/// its content is made again); only the rows between are matched by id. A row's content is
/// made again when its element changed, and every row's when the content closure may have:
/// another closure (the one the parent's `body` just made, unless it captured nothing), another
/// context, or state that the contents read.
@MainActor
final class ForEachNode<Data: RandomAccessCollection, ID: Hashable, Content: View>: Node, DataWatching {
    /// The rows' ids and nodes, in order (two parallel lists: mounting and rendering need no
    /// table). Main actor only, no access overlapping another: not checked at run time, as
    /// `Node`'s own properties (each row's append to `rows` paid a check, a thread-local
    /// lookup, 0.4 % of the first render's samples).
    @exclusivity(unchecked) var keys: [ID] = []
    @exclusivity(unchecked) var rows: [Node] = []
    @exclusivity(unchecked) var view: ForEach<Data, ID, Content>
    @exclusivity(unchecked) var context: Context
    /// The ids as a set, to find a repeated id (nil where ids cannot repeat).
    @exclusivity(unchecked) var keySet: Set<ID>?
    /// Whether each element has a row of its own (no id repeated): rows and elements then
    /// match by offset, which updates rely on (else they match all rows by id).
    @exclusivity(unchecked) var oneRowPerElement = true
    /// How the elements are read and compared on an update.
    @exclusivity(unchecked) var elements: RowElements<Data, ID>
    /// `.onDelete` / `.onMove`: each row gets its editing buttons.
    @exclusivity(unchecked) var editing: RowEditing?
    /// The reader of a bound collection (`ForEach($items)`): a change to it re-runs only the
    /// rows whose elements changed. (Nil for given data, which only a parent's update changes.)
    var watch: DataWatch?
    /// What the rows' contents read: a change re-runs them all.
    /// (Main actor only; reachable from the nonisolated `addDependency`.)
    nonisolated(unsafe) var reads = Reads()
    /// Rows remade since `reads` was last cleared: each adds what it read (an `@Observable`
    /// property read adds a registration each time), so after as many as there are rows, the
    /// next update remakes all and starts afresh (`reads` stays within a few per row).
    @exclusivity(unchecked) var remadeSinceClear = 0

    /// The node alone: `mount(_:)` mounts its rows.
    init(_ view: ForEach<Data, ID, Content>, editing: RowEditing?, _ context: __shared Context) {
        self.view = view
        self.context = context
        self.editing = editing
        elements = Self.elements(of: view)
        super.init(context)
        if view.given == nil {
            elements.attach(to: self)
            watch = DataWatch(self, context)
        }
    }

    private static func elements(of view: ForEach<Data, ID, Content>) -> RowElements<Data, ID> {
        if let given = view.given { return GivenElements(given, idPath: view.idPath) }
        return view.bound!.makeElements(Data.self, ID.self)
    }

    /// A `ForEach` whose data was given where it was over a binding, or the other way round
    /// (its `data` set): the rows are matched by id and made again.
    private func changeSource(to view: ForEach<Data, ID, Content>) {
        elements = Self.elements(of: view)
        watch?.unmount()
        watch = nil
        if view.given == nil {
            elements.attach(to: self)
            watch = DataWatch(self, context)
        }
        oneRowPerElement = false
    }

    /// Mounts the rows, on the new node, without a closure per row: in the initializer, and
    /// through a closure, the node was retained and released around each row's mount. Returns
    /// nothing, as `CompositeNode.mount(_:)` (see there).
    func mount(_ context: __shared Context) {
        if view.given == nil || editing != nil { return mountEach(context) }
        let (keys, keySet, contents) = Reads.track(self) { view.collect(view) }
        self.keys = keys
        self.keySet = keySet
        oneRowPerElement = keys.count == view.given!.count
        rows.reserveCapacity(keys.count)
        let before = tree.registry.tableCounts
        let stepsDown = tree.keepsDurableState
        // Each row's content borrowed where it is in the array (`contents[index]` handed to a
        // function is a copy: what the row's view holds retained, and released after).
        precondition(contents.count == keys.count, "a ForEach collects one content per key")
        contents.withUnsafeBufferPointer { contents in
            for index in keys.indices {
                let key = keys[index]
                let content = contents.baseAddress! + index
                // The row's context one structural step down, in a tree that keeps durable
                // state; else this context itself, not a copy (see `Context.withStep`).
                rows.append(stepsDown ? withPointee(content) { mountRow($0, key: key, context.step(identityStep(key))) }
                                      : withPointee(content) { mountRow($0, key: key, context) })
                if index == keys.startIndex, keys.count > 1 { tree.registry.reserve(rows: keys.count - 1, likeOneSince: before) }
            }
        }
    }

    /// Mounts the rows one element at a time, through `elements` (a bound collection, an
    /// editable list).
    private func mountEach(_ context: Context) {
        let count = readElements().count
        var contents: [(ID, Int, Content)] = []
        contents.reserveCapacity(count)
        var seen = Set<ID>(minimumCapacity: count)
        Reads.track(self) {
            for offset in 0..<count {
                let key = elements.key(at: offset)
                guard seen.insert(key).inserted else { continue }
                contents.append((key, offset, view.content(elements.element(at: offset, key: key))))
            }
        }
        keys = contents.map(\.0)
        keySet = elements.idsCanRepeat ? seen : nil
        oneRowPerElement = keys.count == count
        rows = contents.map { key, offset, content in
            context.withStep(identityStep(key)) { mountRow(content, key: key, offset: offset, count: count, $0) }
        }
        elements.commit()
    }

    /// Reads the elements, a bound collection under the data's own tracking.
    func readElements() -> (count: Int, newSource: Bool) {
        guard let watch else { return elements.read(view) }
        return watch.track { elements.read(view) }
    }

    override func refresh<V: View>(_ view: V, _ context: Context) {
        refresh(sameTypeCast(view, to: ForEach<Data, ID, Content>.self), editing: nil, context)
    }

    /// Brings the rows up to date with a new value of the `ForEach` (and of the editing its
    /// `EditableForEach` adds).
    func refresh(_ view: ForEach<Data, ID, Content>, editing: RowEditing?, _ context: Context) {
        var sameContent = !isDirty && context.hasSameInputs(as: self.context) && Self.sameContent(self.view, view)
        if let editing {
            if let old = self.editing, !old.rendersAs(editing) { sameContent = false }
            self.editing?.adopt(editing)
        }
        self.view = view
        self.context = context
        if (view.given == nil) != (watch != nil) {
            changeSource(to: view)
            sameContent = false
        }
        update(remakingAll: !sameContent)
    }

    /// Whether two `ForEach` values make the same content from the same element: the same
    /// closure, one that captured nothing (the same function, with no context, whichever `body`
    /// made it), and the same id. A closure that captured something may see something else now,
    /// even with the same context: a lone captured object is the context itself.
    private static func sameContent(_ a: ForEach<Data, ID, Content>, _ b: ForEach<Data, ID, Content>) -> Bool {
        let sameClosure = withUnsafeBytes(of: a.content) { a in
            withUnsafeBytes(of: b.content) { b in
                // A closure is its function and its context, a word each.
                a.count == 2 * MemoryLayout<UInt>.size && a.elementsEqual(b)
                    && a.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self) == 0
            }
        }
        return sameClosure && a.idPath == b.idPath
    }

    /// State the contents read changed: every row's content is made again.
    override func reevaluate() {
        update(remakingAll: true)
    }

    /// The bound collection changed: the rows whose elements changed are made again.
    func dataDidChange() {
        update(remakingAll: isDirty)
    }

    nonisolated override func addDependency(_ source: any StateSource) {
        reads.add(source)
    }

    /// A row: in a `List`, its own `<li>`; elsewhere, its content's node, the content's
    /// elements standing among the enclosing element's children (inserted and removed as they
    /// are: the changes a flush sends are positional). In an editable list, the content with
    /// the row's editing buttons.
    func mountRow(_ content: Content, key: ID, offset: Int = 0, count: Int = 0, _ context: Context) -> Node {
        // Tested without binding `editing`: a copy of it retained and released what it holds,
        // on every row of a first render. (The content mounted here, not through a generic
        // function: unspecialised, it looked its types' metadata up for every row.)
        if _slowPath(editing != nil) { return mountEditableRow(content, key: key, offset: offset, count: count, context) }
        if context.listRows { return RowNode(content: content, key: rowKeyString(key), context) }
        return mountView(content, context.row(key: rowKeyString(key)))
    }

    /// (Not inlined: inside `mountRow`, the editable row's generic type was looked up for every
    /// row of every list.)
    @inline(never)
    private func mountEditableRow(_ content: Content, key: ID, offset: Int, count: Int, _ context: Context) -> Node {
        mountRowView(editableRow(content, key: key, offset: offset, count: count, editing!), key: key, context)
    }

    func mountRowView<V: View>(_ view: V, key: ID, _ context: Context) -> Node {
        if context.listRows { return RowNode(content: view, key: rowKeyString(key), context) }
        return mountView(view, context.row(key: rowKeyString(key)))
    }

    func update(_ row: Node, with content: Content, key: ID, offset: Int, count: Int, _ context: Context) {
        let rowContext = context.listRows ? context : context.row(key: rowKeyString(key))
        if let editing {
            row.update(editableRow(content, key: key, offset: offset, count: count, editing), rowContext)
        } else {
            row.update(content, rowContext)
        }
    }

    private func editableRow(_ content: Content, key: ID, offset: Int, count: Int, _ editing: RowEditing) -> EditableRow<Content> {
        let elements = elements
        return EditableRow(content: content, distributed: editing.distributed,
                           place: RowPlace(isFirst: offset == 0, isLast: offset == count - 1) { [weak elements] in elements?.offset(of: key) },
                           actions: editing.actions)
    }

    /// The row's id as a step of structural identity: the id itself, not its element-id
    /// fragment (which folds "Иван" and "Олег" alike).
    func identityStep(_ key: ID) -> UInt64 {
        if ID.self == Int.self { return UInt64(bitPattern: Int64(sameTypeCast(key, to: Int.self))) }
        if ID.self == String.self { return StructuralIdentity.hash(sameTypeCast(key, to: String.self)) }
        return StructuralIdentity.hash(String(reflecting: key))
    }

    /// The row's id as an element-id fragment (`Int` and `String` ids without reflection).
    func rowKeyString(_ key: ID) -> String {
        if ID.self == Int.self { return String(sameTypeCast(key, to: Int.self)) }
        if ID.self == String.self { return HTMLWriter.identifierFragment(sameTypeCast(key, to: String.self)) }
        return HTMLWriter.identifierFragment(String(describing: key))
    }

    override func collectElements(into elements: inout [ElementNode]) {
        for row in rows { row.collectElements(into: &elements) }
    }

    override func render<R: HTMLRendering>(into writer: inout HTMLWriter, _ renderer: R.Type) {
        for index in rows.indices { withBorrowed(unretained(rows[index])) { $0.render(into: &writer, renderer) } }
    }

    override func unmount() {
        reads.clear(self)
        watch?.unmount()
        super.unmount()
        for row in rows { row.unmount() }
    }
}
