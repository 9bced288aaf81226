/// Records what a flush changed, element by element, and turns it into the list of
/// `ElementChange`s the browser applies: removals, then replacements, then insertions in
/// document order, none inside another's element.
///
/// Elements mark themselves as they are updated (`markReplaced`), mounted
/// (`recordInsertion`) or unmounted (`recordRemoval`); outside a flush (the first mount)
/// nothing is recorded.
///
/// A value the tree holds inline (no allocation of its own per page).
@MainActor
struct ChangeRecorder {
    private var replaced: [ElementNode] = []
    private var inserted: [ElementNode] = []
    private var removed: [ElementNode] = []
    /// Inserted elements whose place is known: each right after the element before it, which
    /// the browser shows (a row inserted after a kept row). Sent without collecting their
    /// siblings, which made an insertion into a long list cost the list's length.
    private var placed: [(element: ElementNode, after: ElementNode)] = []
    /// The ids the browser knows elements renamed in this flush by.
    private var previousIDs: [ObjectIdentifier: String] = [:]
    /// The text field and value of the `input` event being applied (not echoed back).
    private var echo: (element: ElementNode, value: String)?
    /// On while a flush runs (last: a small field at the end packs with what follows).
    var isRecording = false

    /// Remembers the id the browser knows `element` by, before its first rename in this flush.
    mutating func recordRename(of element: ElementNode) {
        guard isRecording else { return }
        let key = ObjectIdentifier(element)
        if previousIDs[key] == nil { previousIDs[key] = element.id }
    }

    mutating func markReplaced(_ element: ElementNode) {
        guard isRecording, element.mark == .none else { return }
        element.mark = .replaced
        replaced.append(element)
    }

    mutating func recordInsertion(of node: Node) {
        guard isRecording else { return }
        var tops: [ElementNode] = []
        node.collectElements(into: &tops)
        for element in tops where element.mark == .none {
            element.mark = .inserted
            inserted.append(element)
        }
    }

    /// `recordInsertion(of:)` for a node mounted right after `previous`, a node that was
    /// already shown (else its elements are placed among their siblings as any insertion).
    mutating func recordInsertion(of node: Node, after previous: Node) {
        guard isRecording else { return }
        var before: [ElementNode] = []
        previous.collectElements(into: &before)
        guard var anchor = before.last, anchor.mark == .none else { return recordInsertion(of: node) }
        var tops: [ElementNode] = []
        node.collectElements(into: &tops)
        for element in tops where element.mark == .none {
            element.mark = .placed
            placed.append((element, anchor))
            anchor = element
        }
    }

    mutating func recordRemoval(of node: Node) {
        guard isRecording else { return }
        node.collectElements(into: &removed)
    }

    // MARK: Text typed in the browser

    /// The field `element` shows `value` already (the browser sent it): in this flush, a
    /// change of its value to exactly that is not sent back, so the caret and what the
    /// person typed since stay as they are.
    mutating func suppressEcho(of element: ElementNode, value: String) {
        echo = (element, value)
    }

    /// Whether `newSpec` differs from `oldSpec` only by the value the browser sent.
    func isEcho(of element: ElementNode, newSpec: ElementSpec, oldSpec: ElementSpec) -> Bool {
        guard let echo, echo.element === element else { return false }
        // The value is the `value` attribute, or a `<textarea>`'s text.
        var withoutValue = newSpec
        withoutValue.attributes.removeAll { $0.name == "value" }
        withoutValue.text = nil
        var oldWithoutValue = oldSpec
        oldWithoutValue.attributes.removeAll { $0.name == "value" }
        oldWithoutValue.text = nil
        return withoutValue == oldWithoutValue && (newSpec.attributes.contains(Attribute("value", echo.value)) || newSpec.text == echo.value)
    }

    // MARK: Changes

    /// The changes recorded since the last call, with their HTML written by `renderer`; the
    /// recorder is empty afterwards.
    mutating func collectChanges<R: HTMLRendering>(_ renderer: R.Type) -> [ElementChange] {
        defer { reset() }
        var changes: [ElementChange] = []
        // Removed elements the browser still shows (not inside another removed, replaced or
        // inserted element).
        // A placed element whose anchor left or was inserted after all is placed among its
        // siblings instead.
        for (element, anchor) in placed where !anchor.isMounted || anchor.mark == .inserted {
            element.mark = .inserted
            inserted.append(element)
        }
        for element in removed where element.mark != .inserted && element.mark != .placed {
            guard let host = element.hostElement, host.isMounted, host.mark == .none, !host.isCoveredByAncestor else { continue }
            changes.append(.remove(target: previousID(of: element)))
        }
        for element in replaced where element.isMounted && element.mark == .replaced && !element.isCoveredByAncestor {
            changes.append(.replace(target: previousID(of: element), html: html(of: element, renderer)))
        }
        for (element, anchor) in placed where element.isMounted && element.mark == .placed && !element.isCoveredByAncestor {
            changes.append(.after(target: anchor.id, html: html(of: element, renderer)))
        }
        // Inserted elements, per enclosing element, in document order.
        var hostsDone = Set<ObjectIdentifier>()
        for element in inserted where element.isMounted && element.mark == .inserted && !element.isCoveredByAncestor {
            guard let host = element.hostElement, hostsDone.insert(ObjectIdentifier(host)).inserted else { continue }
            var siblings: [ElementNode] = []
            host.collectChildElements(into: &siblings)
            for (index, sibling) in siblings.enumerated() where sibling.mark == .inserted {
                let html = html(of: sibling, renderer)
                if index == 0 {
                    changes.append(.prepend(target: host.id, html: html))
                } else {
                    changes.append(.after(target: siblings[index - 1].id, html: html))
                }
            }
        }
        return changes
    }

    /// Forgets what was recorded (after collecting, or when a failed flush is thrown away).
    mutating func reset() {
        for element in replaced { element.mark = .none }
        for element in inserted { element.mark = .none }
        for (element, _) in placed { element.mark = .none }
        previousIDs.removeAll()
        replaced.removeAll()
        inserted.removeAll()
        placed.removeAll()
        removed.removeAll()
        echo = nil
    }

    private func previousID(of element: ElementNode) -> String {
        previousIDs.isEmpty ? element.id : previousIDs[ObjectIdentifier(element)] ?? element.id
    }

    private func html<R: HTMLRendering>(of element: ElementNode, _ renderer: R.Type) -> String {
        var writer = HTMLWriter()
        element.render(into: &writer, renderer)
        return writer.string()
    }
}
