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
    @exclusivity(unchecked) private var keys: [ID] = []
    @exclusivity(unchecked) private var rows: [Node] = []
    @exclusivity(unchecked) private var view: ForEach<Data, ID, Content>
    @exclusivity(unchecked) private var context: Context
    /// The ids as a set, to find a repeated id (nil where ids cannot repeat).
    @exclusivity(unchecked) private var keySet: Set<ID>?
    /// Whether each element has a row of its own (no id repeated): rows and elements then
    /// match by offset, which updates rely on (else they match all rows by id).
    @exclusivity(unchecked) private var oneRowPerElement = true
    /// How the elements are read and compared on an update.
    @exclusivity(unchecked) private var elements: RowElements<Data, ID>
    /// `.onDelete` / `.onMove`: each row gets its editing buttons.
    @exclusivity(unchecked) private var editing: RowEditing?
    /// The reader of a bound collection (`ForEach($items)`): a change to it re-runs only the
    /// rows whose elements changed. (Nil for given data, which only a parent's update changes.)
    private var watch: DataWatch?
    /// What the rows' contents read: a change re-runs them all.
    /// (Main actor only; reachable from the nonisolated `addDependency`.)
    nonisolated(unsafe) private var reads = Reads()
    /// Rows remade since `reads` was last cleared: each adds what it read (an `@Observable`
    /// property read adds a registration each time), so after as many as there are rows, the
    /// next update remakes all and starts afresh (`reads` stays within a few per row).
    @exclusivity(unchecked) private var remadeSinceClear = 0

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
    private func readElements() -> (count: Int, newSource: Bool) {
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

    /// Reads the elements and brings the rows up to date: the rows that the new elements match
    /// at the front and the back by offset, those between by id (see the type's comment).
    private func update(remakingAll: Bool) {
        isDirty = false
        var remakingAll = remakingAll
        let (newCount, newSource) = readElements()
        if newSource || remadeSinceClear > max(64, keys.count) { remakingAll = true }
        if remakingAll { reads.clear(self) }
        defer {
            elements.commit()
            if remakingAll { remadeSinceClear = 0 }
        }
        let oldCount = keys.count
        guard oneRowPerElement else { return rebuild(newCount) }

        // The front: rows that keep their offset.
        var front = 0
        while front < oldCount, front < newCount {
            if !remakingAll { front += elements.sameRun(old: front, new: front, limit: min(oldCount, newCount) - front, step: 1) }
            guard front < oldCount, front < newCount, keep(front, at: front, count: newCount, remakingAll) else { break }
            front += 1
        }
        // The back: rows that keep their offset from the end.
        var back = 0
        while back < oldCount - front, back < newCount - front {
            if !remakingAll {
                back += elements.sameRun(old: oldCount - 1 - back, new: newCount - 1 - back,
                                         limit: min(oldCount, newCount) - front - back, step: -1)
            }
            guard back < oldCount - front, back < newCount - front,
                  keep(oldCount - 1 - back, at: newCount - 1 - back, count: newCount, remakingAll) else { break }
            back += 1
        }
        // Between them: matched by id.
        let oldMiddle = front..<(oldCount - back), newMiddle = front..<(newCount - back)
        var oldByKey = [ID: Int](minimumCapacity: oldMiddle.count)
        for index in oldMiddle { oldByKey[keys[index]] = index }
        var newKeys: [ID] = []
        newKeys.reserveCapacity(newMiddle.count)
        var seen = Set<ID>(minimumCapacity: newMiddle.count)
        for offset in newMiddle {
            let key = elements.key(at: offset)
            // An id that repeats (in the middle, or one of the rows kept around it): rows no
            // longer match elements one to one.
            guard seen.insert(key).inserted, oldByKey[key] != nil || keySet?.contains(key) != true else { return rebuild(newCount) }
            newKeys.append(key)
        }
        var newRows: [Node] = []
        newRows.reserveCapacity(newKeys.count)
        var lastKept = -1, moved = false
        for (position, key) in newKeys.enumerated() {
            let offset = newMiddle.lowerBound + position
            if let old = oldByKey.removeValue(forKey: key) {
                if old < lastKept { moved = true }
                lastKept = old
                if remakingAll || !elements.isSame(old: old, new: offset) {
                    elements.elementDidChange(key)
                    remake(old, at: offset, count: newCount)
                }
                newRows.append(rows[old])
            } else {
                let row = context.withStep(identityStep(key)) { rowContext in
                    mountRow(Reads.track(self) { view.content(elements.element(at: offset, key: key)) }, key: key,
                             offset: offset, count: newCount, rowContext)
                }
                // Right after the row before it, if that one was shown already.
                if let previous = position > 0 ? newRows.last : front > 0 ? rows[front - 1] : nil {
                    tree.recorder.recordInsertion(of: row, after: previous)
                } else {
                    tree.recorder.recordInsertion(of: row)
                }
                newRows.append(row)
                keySet?.insert(key)
            }
        }
        for (key, old) in oldByKey {
            tree.recorder.recordRemoval(of: rows[old])
            rows[old].unmount()
            keySet?.remove(key)
            elements.remove(key)
        }
        if moved, let host = context.host { tree.recorder.markReplaced(host) }
        let (oldFirst, oldLast) = (keys.first, keys.last)
        keys.replaceSubrange(oldMiddle, with: newKeys)
        rows.replaceSubrange(oldMiddle, with: newRows)
        if let editing, editing.hasMove, !remakingAll { remakeEnds(oldFirst: oldFirst, oldLast: oldLast) }
    }

    /// An editable list's rows that became or stopped being the first or the last: their Move
    /// up or Move down button is enabled or disabled.
    private func remakeEnds(oldFirst: ID?, oldLast: ID?) {
        let (newFirst, newLast) = (keys.first, keys.last)
        if oldFirst != newFirst {
            if let oldFirst, let index = keys.firstIndex(of: oldFirst) { remake(index, at: index, count: keys.count) }
            if newFirst != nil { remake(0, at: 0, count: keys.count) }
        }
        if oldLast != newLast {
            if let oldLast, let index = keys.lastIndex(of: oldLast) { remake(index, at: index, count: keys.count) }
            if newLast != nil { remake(keys.count - 1, at: keys.count - 1, count: keys.count) }
        }
    }

    /// Whether the row at `index` is the new element at `offset`'s: its element the same (the
    /// row is left alone, unless all are remade) or its id (its content is made again).
    private func keep(_ index: Int, at offset: Int, count: Int, _ remakingAll: Bool) -> Bool {
        if elements.isSame(old: index, new: offset) {
            if remakingAll { remake(index, at: offset, count: count) }
            return true
        }
        guard elements.key(at: offset) == keys[index] else { return false }
        // Who read the element through the row's binding told first: the remake then runs
        // them, once (it finds them dirty; told after, they ran twice).
        elements.elementDidChange(keys[index])
        remake(index, at: offset, count: count)
        return true
    }

    /// Matches every row by id (rows and elements do not match one to one: an id repeats).
    /// Kept rows are made again, in the new order.
    private func rebuild(_ newCount: Int) {
        // Every row's content is made again below: what they read is tracked afresh.
        reads.clear(self)
        remadeSinceClear = 0
        var existing = [ID: Node](minimumCapacity: keys.count)
        for index in keys.indices { existing[keys[index]] = rows[index] }
        var newKeys: [ID] = [], newRows: [Node] = [], offsets: [Int] = []
        var seen = Set<ID>(minimumCapacity: newCount)
        for offset in 0..<newCount {
            let key = elements.key(at: offset)
            if seen.insert(key).inserted { newKeys.append(key); offsets.append(offset) }
        }
        // Rows whose id is gone leave; the kept rows must still be in the same relative order,
        // or the enclosing element is re-sent whole.
        var keptInOldOrder: [ID] = []
        for key in keys {
            if seen.contains(key) {
                keptInOldOrder.append(key)
            } else if let row = existing.removeValue(forKey: key) {
                tree.recorder.recordRemoval(of: row)
                row.unmount()
                elements.remove(key)
            }
        }
        var kept = keptInOldOrder.makeIterator()
        var moved = false
        for key in newKeys where existing[key] != nil {
            if kept.next() != key { moved = true; break }
        }
        if moved, let host = context.host { tree.recorder.markReplaced(host) }
        for (key, offset) in zip(newKeys, offsets) {
            elements.elementDidChange(key)
            let content = Reads.track(self) { view.content(elements.element(at: offset, key: key)) }
            if let row = existing[key] {
                context.withStep(identityStep(key)) { update(row, with: content, key: key, offset: offset, count: newCount, $0) }
                newRows.append(row)
            } else {
                let row = context.withStep(identityStep(key)) { mountRow(content, key: key, offset: offset, count: newCount, $0) }
                newRows.append(row)
                tree.recorder.recordInsertion(of: row)
            }
        }
        keys = newKeys
        rows = newRows
        keySet = elements.idsCanRepeat ? seen : nil
        oneRowPerElement = newKeys.count == newCount
    }

    /// Makes the content of the row at `index` again, from the new element at `offset`.
    private func remake(_ index: Int, at offset: Int, count: Int) {
        remadeSinceClear += 1
        let key = keys[index]
        let content = Reads.track(self) { view.content(elements.element(at: offset, key: key)) }
        context.withStep(identityStep(key)) { update(rows[index], with: content, key: key, offset: offset, count: count, $0) }
    }

    nonisolated override func addDependency(_ source: any StateSource) {
        reads.add(source)
    }

    /// A row: in a `List`, its own `<li>`; elsewhere, its content's node, the content's
    /// elements standing among the enclosing element's children (inserted and removed as they
    /// are: the changes a flush sends are positional). In an editable list, the content with
    /// the row's editing buttons.
    private func mountRow(_ content: Content, key: ID, offset: Int = 0, count: Int = 0, _ context: Context) -> Node {
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

    private func mountRowView<V: View>(_ view: V, key: ID, _ context: Context) -> Node {
        if context.listRows { return RowNode(content: view, key: rowKeyString(key), context) }
        return mountView(view, context.row(key: rowKeyString(key)))
    }

    private func update(_ row: Node, with content: Content, key: ID, offset: Int, count: Int, _ context: Context) {
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
    private func identityStep(_ key: ID) -> UInt64 {
        if ID.self == Int.self { return UInt64(bitPattern: Int64(sameTypeCast(key, to: Int.self))) }
        if ID.self == String.self { return StructuralIdentity.hash(sameTypeCast(key, to: String.self)) }
        return StructuralIdentity.hash(String(reflecting: key))
    }

    /// The row's id as an element-id fragment (`Int` and `String` ids without reflection).
    private func rowKeyString(_ key: ID) -> String {
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

/// A node whose data another node reads for it (`DataWatch`).
@MainActor
protocol DataWatching: AnyObject {
    /// The data changed.
    func dataDidChange()
}

/// Reads a `ForEach`'s bound collection for its node, apart from what the rows' contents read:
/// a change to the collection re-runs the rows whose elements changed, a change to what the
/// contents read re-runs them all.
@MainActor
final class DataWatch: Node {
    private unowned(unsafe) let owner: any DataWatching
    /// (Main actor only; reachable from the nonisolated `addDependency`.)
    nonisolated(unsafe) private var reads = Reads()

    init(_ owner: any DataWatching, _ context: __shared Context) {
        self.owner = owner
        super.init(context)
    }

    /// Runs `body` (a read of the data) with this node recording what it reads.
    func track<R>(_ body: () -> R) -> R {
        reads.clear(self)
        isDirty = false
        return Reads.track(self, body)
    }

    override func reevaluate() {
        isDirty = false
        owner.dataDidChange()
    }

    nonisolated override func addDependency(_ source: any StateSource) {
        reads.add(source)
    }

    override func unmount() {
        reads.clear(self)
        super.unmount()
    }
}

/// `.id(_:)`: the content's identity is bound to a value; a new value destroys the subtree
/// (with all its state) and builds it anew.
@MainActor
final class IdentityNode<Content: View, ID: Hashable>: SingleChildNode {
    private var identity: ID

    init(_ view: __shared IDView<Content, ID>, _ context: __shared Context) {
        identity = view.id
        super.init(context)
        child = mountView(view.content, context)
    }

    override func refresh<V: View>(_ view: V, _ context: Context) {
        let view = sameTypeCast(view, to: IDView<Content, ID>.self)
        let childContext = context
        if view.id == identity {
            child?.update(view.content, childContext)
        } else {
            identity = view.id
            replaceChild { mountView(view.content, childContext) }
        }
    }
}
