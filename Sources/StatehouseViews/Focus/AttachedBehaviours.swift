/// A page's focus bindings and key handlers, by element, and where its focus is. Made for the
/// first element that has any: most pages have none.
@MainActor
final class AttachedBehaviours {
    private var byElement: [ObjectIdentifier: Attached] = [:]
    private var nextOrder = 0
    /// The element whose focus binding came to say "here" in this flush.
    private var newlyFocused: ObjectIdentifier?
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
            byElement[key] = nil
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

    /// The focus bindings whose state says "here" (or not), but `element`'s.
    func focusBindings(saying isFocused: Bool, except element: ElementNode?) -> [FocusBinding] {
        byElement.values.compactMap { attached in
            attached.element === element || attached.behaviour.focus?.isFocused != isFocused ? nil : attached.behaviour.focus
        }
    }

    /// The element whose focus binding says it has focus: the one whose state came to say so
    /// last (a write moves focus), else the first attached. The other bindings that say so
    /// are returned to let go, as focus can be in one place only.
    func takeFocusTarget() -> (element: ElementNode?, others: [FocusBinding]) {
        let newest = newlyFocused
        newlyFocused = nil
        var target: Attached?
        for attached in byElement.values where attached.behaviour.focus?.isFocused == true {
            guard let current = target else { target = attached; continue }
            let isNewest = ObjectIdentifier(attached.element) == newest
            if isNewest || (ObjectIdentifier(current.element) != newest && attached.order < current.order) { target = attached }
        }
        guard let target else { return (nil, []) }
        return (target.element, focusBindings(saying: true, except: target.element))
    }
}
