/// A page's focus bindings and key handlers, by element, and where its focus is. Made for the
/// first element that has any: most pages have none.
@MainActor
final class AttachedBehaviours {
    private var byElement: [ObjectIdentifier: Attached] = [:]
    private var nextOrder = 0
    /// The element whose focus binding came to say "here" in this flush.
    private var newlyFocused: ObjectIdentifier?
    /// Focus bindings that said "here" when their element went away: focus left with it, so
    /// the state lets go at the end of the flush (as SwiftUI's does).
    private var departed: [FocusBinding] = []
    /// Where the browser's focus is, and a move it is owed.
    var tracker = FocusTracker()

    private struct Attached {
        unowned(unsafe) let element: ElementNode
        var behaviour: ElementBehaviour
        /// When it was first attached: several focus bindings that say "here" resolve to the first.
        let order: Int
    }

    func behaviour(of element: ElementNode) -> ElementBehaviour? {
        byElement[ObjectIdentifier(element)]?.behaviour
    }

    /// Attaches (or, with nil, removes) `element`'s focus binding and key handlers.
    func set(_ behaviour: ElementBehaviour?, of element: ElementNode) {
        let key = ObjectIdentifier(element)
        guard let behaviour else {
            if let focus = byElement.removeValue(forKey: key)?.behaviour.focus, focus.isFocused { departed.append(focus) }
            if newlyFocused == key { newlyFocused = nil }
            return
        }
        if behaviour.focus?.isFocused == true, byElement[key]?.behaviour.focus?.isFocused != true { newlyFocused = key }
        if byElement[key] != nil {
            byElement[key]!.behaviour = behaviour
        } else {
            nextOrder += 1
            byElement[key] = Attached(element: element, behaviour: behaviour, order: nextOrder)
        }
    }

    /// The focus bindings that say "here", but `focus` itself (the same state and value,
    /// wherever it is attached: two elements may share one binding).
    func otherFocusedBindings(than focus: FocusBinding?) -> [FocusBinding] {
        byElement.values.compactMap { attached in
            guard let other = attached.behaviour.focus, other.isFocused else { return nil }
            return other.source == focus?.source && other.value == focus?.value ? nil : other
        }
    }

    /// The element whose focus binding says it has focus: the one whose state came to say so
    /// last (a write moves focus), unless that is the state of the element that has focus
    /// already (two elements may share a binding); else the one with focus; else the first
    /// attached. The other bindings that say so are returned to let go, as focus can be in
    /// one place only.
    func takeFocusTarget() -> (element: ElementNode?, others: [FocusBinding]) {
        let newestKey = newlyFocused
        newlyFocused = nil
        var newest: Attached?, current: Attached?, first: Attached?
        for attached in byElement.values where attached.behaviour.focus?.isFocused == true {
            if ObjectIdentifier(attached.element) == newestKey { newest = attached }
            if attached.element.id == tracker.focusedID { current = attached }
            if first == nil || attached.order < first!.order { first = attached }
        }
        let sameAsCurrent = newest.map { new in
            current.map { $0.behaviour.focus?.source == new.behaviour.focus?.source && $0.behaviour.focus?.value == new.behaviour.focus?.value } ?? false
        } ?? false
        let target = sameAsCurrent ? current : newest ?? current ?? first
        // Bindings whose element went away let go, unless a mounted element holds the same.
        let still = byElement.values.compactMap { $0.behaviour.focus }.filter(\.isFocused)
        let gone = departed.filter { focus in !still.contains { $0.source == focus.source && $0.value == focus.value } }
        departed = []
        guard let target else { return (nil, gone) }
        return (target.element, otherFocusedBindings(than: target.behaviour.focus) + gone)
    }
}
