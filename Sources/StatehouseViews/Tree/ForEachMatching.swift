/// How a `ForEach` node brings its rows up to date with new elements: the rows the new
/// elements match at the front and the back by offset, those between by id, only the rows whose
/// element changed made again (see `ForEachNode`).
extension ForEachNode {
    /// Reads the elements and brings the rows up to date: the rows that the new elements match
    /// at the front and the back by offset, those between by id (see the type's comment).
    func update(remakingAll: Bool) {
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
}
