/// A `ForEach`: one row per element, identified by the element's id. Updating skips the
/// common prefix and suffix of the old and new ids, removes rows whose id is gone, mounts rows
/// for new ids, and updates kept rows (which re-evaluate only if their inputs changed).
/// A row keeps its node, and so its state, when rows are inserted or deleted around it.
@MainActor
final class ForEachNode<Data: RandomAccessCollection, ID: Hashable, Content: View>: Node {
    /// The rows' ids and nodes, in order (two parallel lists: mounting and rendering need no
    /// table; an update builds one from them). Main actor only, no access overlapping another:
    /// not checked at run time, as `Node`'s own properties (each row's append to `rows` paid
    /// a check, a thread-local lookup, 0.4 % of the first render's samples).
    @exclusivity(unchecked) private var keys: [ID] = []
    @exclusivity(unchecked) private var rows: [Node] = []
    @exclusivity(unchecked) private var view: ForEach<Data, ID, Content>
    @exclusivity(unchecked) private var context: Context
    /// What the data and the content closure read: a change re-runs them.
    /// (Main actor only; reachable from the nonisolated `addDependency`.)
    nonisolated(unsafe) private var reads = Reads()

    /// The node alone: `mount(_:)` mounts its rows.
    init(_ view: ForEach<Data, ID, Content>, _ context: __shared Context) {
        self.view = view
        self.context = context
        super.init(context)
    }

    /// Mounts the rows, on the new node, without a closure per row: in the initializer, and
    /// through a closure, the node was retained and released around each row's mount. Returns
    /// nothing, as `CompositeNode.mount(_:)` (see there).
    func mount(_ context: __shared Context) {
        let (keys, _, contents) = evaluate()
        self.keys = keys
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

    /// The rows' ids (a duplicate id shows once) and contents. Only this runs under tracking:
    /// the rows' own bodies track their own reads.
    private func evaluate() -> ForEach<Data, ID, Content>.Rows {
        let view = self.view
        reads.clear(self)
        return Reads.track(self) { view.collect(view) }
    }

    override func refresh<V: View>(_ view: V, _ context: Context) {
        self.view = sameTypeCast(view, to: ForEach<Data, ID, Content>.self)
        self.context = context
        reevaluate()
    }

    override func reevaluate() {
        isDirty = false
        let childContext = context
        let (newKeys, keySet, contents) = evaluate()
        let newKeySet = keySet ?? Set(newKeys)
        var existing = [ID: Node](minimumCapacity: keys.count)
        for index in keys.indices { existing[keys[index]] = rows[index] }

        // Rows whose id is gone leave; the kept rows must still be in the same relative order,
        // or the enclosing element is re-sent whole.
        var keptInOldOrder: [ID] = []
        for key in keys {
            if newKeySet.contains(key) {
                keptInOldOrder.append(key)
            } else if let row = existing.removeValue(forKey: key) {
                tree.recorder.recordRemoval(of: row)
                row.unmount()
            }
        }
        var kept = keptInOldOrder.makeIterator()
        var moved = false
        for key in newKeys where existing[key] != nil {
            if kept.next() != key { moved = true; break }
        }
        if moved, let host = context.host { tree.recorder.markReplaced(host) }

        var newRows: [Node] = []
        newRows.reserveCapacity(newKeys.count)
        for index in newKeys.indices {
            let key = newKeys[index]
            childContext.withStep(identityStep(key)) { rowContext in
                if let row = existing[key] {
                    row.update(contents[index], rowContext.listRows ? rowContext : rowContext.row(key: rowKeyString(key)))
                    newRows.append(row)
                } else {
                    let row = mountRow(contents[index], key: key, rowContext)
                    newRows.append(row)
                    tree.recorder.recordInsertion(of: row)
                }
            }
        }
        keys = newKeys
        rows = newRows
    }

    nonisolated override func addDependency(_ source: any StateSource) {
        reads.add(source)
    }

    /// A row: in a `List`, its own `<li>`; elsewhere, its content's node, the content's
    /// elements standing among the enclosing element's children (inserted and removed as they
    /// are: the changes a flush sends are positional).
    private func mountRow(_ content: Content, key: ID, _ context: Context) -> Node {
        if context.listRows { return RowNode(content: content, key: rowKeyString(key), context) }
        return mountView(content, context.row(key: rowKeyString(key)))
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
        super.unmount()
        for row in rows { row.unmount() }
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
