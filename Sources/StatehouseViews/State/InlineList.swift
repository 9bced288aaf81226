/// A list whose first element is stored inline. Most of the lists a tree keeps per node or per
/// state (a body's reads, a state's readers, a view's storage slots) hold one element, and
/// then need no allocation.
struct InlineList<Element> {
    /// Nil only when the list is empty.
    private var first: Element?
    private var more: [Element] = []

    var isEmpty: Bool {
        if case .none = first { return true }
        return false
    }

    var count: Int { isEmpty ? 0 : 1 + more.count }

    mutating func append(_ element: Element) {
        if isEmpty { first = element } else { more.append(element) }
    }

    subscript(index: Int) -> Element {
        get { index == 0 ? first! : more[index - 1] }
        set { if index == 0 { first = newValue } else { more[index - 1] = newValue } }
    }

    /// Calls `body` with each element, in order (no list is built).
    func forEach(_ body: (Element) -> Void) {
        guard let first else { return }
        body(first)
        for element in more { body(element) }
    }

    func contains(where predicate: (Element) -> Bool) -> Bool {
        guard let first else { return false }
        if predicate(first) { return true }
        for element in more where predicate(element) { return true }
        return false
    }

    /// Removes the elements that match, keeping the rest in order.
    mutating func removeAll(where shouldRemove: (Element) -> Bool) {
        guard let head = first else { return }
        var kept: [Element] = []
        for element in more where !shouldRemove(element) { kept.append(element) }
        if shouldRemove(head) {
            first = kept.isEmpty ? nil : kept.removeFirst()
        }
        more = kept
    }

    mutating func removeAll() {
        first = nil
        more.removeAll(keepingCapacity: true)
    }
}
