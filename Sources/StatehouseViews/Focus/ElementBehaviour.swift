/// What `.focused`, `.onKeyPress` and `.clientHook` attach to an element: the focus binding it
/// reports to, the keys it handles, its browser-side hook. Immutable; a modifier that adds to
/// it makes a new one.
@MainActor
final class ElementBehaviour: Equatable {
    let focus: FocusBinding?
    let keyHandlers: [KeyHandler]
    let hook: ClientHook?

    init(focus: FocusBinding?, keyHandlers: [KeyHandler], hook: ClientHook? = nil) {
        self.focus = focus
        self.keyHandlers = keyHandlers
        self.hook = hook
    }

    /// `base` (what modifiers further out attached) with `focus` (the innermost `.focused`
    /// wins, as in SwiftUI), more key handlers (the innermost are asked first) or a hook (the
    /// innermost wins: an element has one).
    static func adding(focus: FocusBinding? = nil, keyHandlers: [KeyHandler] = [], hook: ClientHook? = nil,
                       to base: ElementBehaviour?) -> ElementBehaviour {
        ElementBehaviour(focus: focus ?? base?.focus, keyHandlers: keyHandlers + (base?.keyHandlers ?? []), hook: hook ?? base?.hook)
    }

    /// The keys the client sends (DOM `key` names, sorted), `any` for any key (not a key's
    /// name: those are one character or capitalised, `ArrowUp`).
    var keyNames: [String] {
        var names = Set<String>()
        for handler in keyHandlers { names.formUnion(handler.keys?.map(\.domName) ?? [Self.anyKey]) }
        return names.sorted()
    }

    /// The name that stands for every key (a catch-all `.onKeyPress`).
    static let anyKey = "any"

    /// Equal when the same focus state is attached and says the same, and no key handlers
    /// are (their closures are made anew on every evaluation and may capture new values, so
    /// a view holding them is always brought up to date; a focus binding's closure writes the
    /// same storage with the same value).
    nonisolated static func == (a: ElementBehaviour, b: ElementBehaviour) -> Bool {
        MainActor.assumeIsolated {
            a === b || (a.focus == b.focus && a.keyHandlers.isEmpty && b.keyHandlers.isEmpty
                        && a.hook?.attributes == b.hook?.attributes && a.hook?.receive == nil && b.hook?.receive == nil)
        }
    }

    /// Whether the element's HTML is the same with either: a focus state that moved changes
    /// only `autofocus`, which matters on a page load and in a dialog being opened (both
    /// rendered afresh), so the element is not sent again for it.
    static func rendersSame(_ a: ElementBehaviour?, _ b: ElementBehaviour?) -> Bool {
        if a === b { return true }
        guard let a, let b else { return false }
        return (a.focus == nil) == (b.focus == nil) && a.keyNames == b.keyNames && a.hook?.attributes == b.hook?.attributes
    }
}

/// One element's `.focused` binding, as its view last evaluated it.
struct FocusBinding: Equatable {
    /// The `@FocusState` storage it reads.
    let source: ObjectIdentifier
    /// The value `.focused(_:equals:)` compares with (nil for a `Bool` focus state).
    let value: AnyHashable?
    /// Whether the focus state said "here" when the view was evaluated.
    let isFocused: Bool
    /// Focus arrived (`true`: the state takes this element's value) or left (`false`: the
    /// state lets go, if it still names this element).
    let write: @MainActor (Bool) -> Void

    static func == (a: FocusBinding, b: FocusBinding) -> Bool {
        a.source == b.source && a.value == b.value && a.isFocused == b.isFocused
    }
}

/// One `.onKeyPress` handler.
struct KeyHandler {
    /// The keys it takes; nil for any key (`onKeyPress(phases:action:)`, `characters:`).
    let keys: [KeyEquivalent]?
    /// For `onKeyPress(characters:)`: whether it takes this press.
    let accepts: @Sendable (KeyPress) -> Bool
    let action: @MainActor (KeyPress) -> KeyPress.Result
}

/// Where the page's focus is, as far as the server knows: the element the browser last said
/// has focus, and whether a `@FocusState` write asks the browser to move it.
@MainActor
struct FocusTracker {
    /// The element with focus among those with a `.focused` binding (nil: none of them).
    private(set) var focusedID: String?
    /// A move the browser has not been told of yet.
    private(set) var move: FocusMove?

    /// The browser said focus entered (`true`) or left (`false`) the element `id`.
    mutating func reported(_ id: String, hasFocus: Bool) {
        if hasFocus { focusedID = id } else if focusedID == id { focusedID = nil }
    }

    /// After a flush: if the focus states now name another element than the one with focus,
    /// the browser is asked to move it there (or to let go).
    mutating func settle(wanted: String?, exists: (String) -> Bool) {
        guard wanted != focusedID else { return }
        if let wanted {
            move = .focus(wanted)
        } else if let focusedID, exists(focusedID) {
            move = .blur(focusedID)
        } else {
            move = nil
        }
        focusedID = wanted
    }

    /// The pending move, once.
    mutating func takeMove() -> FocusMove? {
        defer { move = nil }
        return move
    }
}

/// A focus change the server asks of the browser, after a `@FocusState` was written.
///
/// ```swift
/// if case .focus(let id)? = tree.takeFocusMove() {
///     print("focus #\(id)")
/// }
/// ```
public enum FocusMove: Equatable, Sendable {
    /// Move focus to the element with this id.
    case focus(String)
    /// Take focus away from the element with this id (the state was set to nil or false).
    case blur(String)
}
