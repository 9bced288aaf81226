/// One change to the page that a flush found: what the browser must do to one element so that
/// it shows the tree as it is now. A flush returns removals first, then replacements, then
/// insertions in document order; no change lies inside another's element.
///
/// ```swift
/// for change in try tree.send(Event(target: "increment")) {
///     if case .replace(let target, let html) = change { print(target, html) }
/// }
/// ```
public enum ElementChange: Equatable, Sendable {
    /// Replace the element `target` (outer HTML).
    case replace(target: String, html: String)
    /// Insert `html` as the first child of `target`.
    case prepend(target: String, html: String)
    /// Insert `html` right after the element `target`.
    case after(target: String, html: String)
    /// Remove the element `target`.
    case remove(target: String)

    /// The id of the element the change applies to.
    public var target: String {
        switch self {
        case .replace(let target, _), .prepend(let target, _), .after(let target, _), .remove(let target): target
        }
    }

    /// The HTML the change carries (empty for `remove`).
    public var html: String {
        switch self {
        case .replace(_, let html), .prepend(_, let html), .after(_, let html): html
        case .remove: ""
        }
    }
}

/// An event for one control: `target` is the control's element id.
///
/// ```swift
/// try tree.send(Event(target: "title", type: .input, value: "Dune"))
/// ```
public struct Event: Sendable {
    public var target: String
    public var type: EventType
    /// A text field's whole text, or a toggle's `true`/`false`.
    public var value: String?
    /// An `upload` event's files, as the host stored them.
    public var files: [UploadedFile]

    public init(target: String, type: EventType = .click, value: String? = nil, files: [UploadedFile] = []) {
        self.target = target
        self.type = type
        self.value = value
        self.files = files
    }
}

/// What happened to a control.
///
/// ```swift
/// try tree.send(Event(target: "title", type: .submit, value: "Dune"))
/// ```
public enum EventType: String, Sendable, CaseIterable {
    /// Activated: a button runs its action, a toggle flips.
    case click
    /// A text field's text changed (`value` is the whole text).
    case input
    /// A text field's text was committed, or a toggle set (`value` is `true` or `false`).
    case change
    /// Return in a text field: sets the text, then runs `onSubmit`.
    case submit
    /// The browser went Back or Forward: a navigation stack shows what the URL path in
    /// `value` names.
    case navigate
    /// Escape in a presented sheet or alert: it is dismissed.
    case dismiss
    /// Focus entered an element with a `.focused` binding: its `@FocusState` says so.
    case focus
    /// Focus left an element with a `.focused` binding for one without.
    case blur
    /// A key pressed in an element with `.onKeyPress` (`value`: `ArrowDown`, `Shift+Tab`).
    case key
    /// Sent to the root by a page whose browser tab was reloaded (`value`: the id of the page
    /// it replaces): it takes over that page's `@SceneStorage` values. The host handles it.
    case scene
    /// Sent to the root when the browser tab is shown or hidden (`value`: `active`,
    /// `inactive` or `background`): `@Environment(\.scenePhase)` follows it.
    case phase
    /// Sent to the root with what the browser says of itself (`value`:
    /// `colorScheme=dark&timeZone=Europe%2FBerlin&width=390&scale=3`): `\.colorScheme`,
    /// `\.timeZone`, `\.calendar`, `\.horizontalSizeClass` and `\.displayScale` follow it.
    case traits
    /// An element that measures itself (a `GeometryReader`'s) has a new size (`value`:
    /// `WIDTHxHEIGHT` in CSS pixels).
    case resize
    /// A message from an element's browser-side hook (`.clientHook`; `value`: JSON the view
    /// decodes into the type it takes).
    case hook
    /// Files posted to the upload path (`multipart/form-data`) for a `.fileImporter`'s Upload
    /// button; the host stores them and names them in the event.
    case upload
}

/// Why an event was refused. A refused event changes nothing.
///
/// ```swift
/// do { try tree.check(event) } catch {
///     print("refused: \(error)")   // e.g. the control 'save' is disabled or hidden
/// }
/// ```
/// `text` in quotes for a refusal or a log line: at most `limit` characters of it, and its
/// length in bytes when it was cut (a refusal never echoes a megabyte back).
package func quoted(_ text: some StringProtocol, limit: Int = 64) -> String {
    if text.utf8.count <= limit { return "'\(text)'" }
    var prefix = Substring(text).prefix(limit)
    if prefix.count == limit, prefix.utf8.count > 4 * limit { prefix = prefix.prefix(1) }  // long graphemes
    return "'\(prefix)…' (\(text.utf8.count) bytes)"
}

public enum EventError: Error, Equatable, Sendable, CustomStringConvertible {
    case noSuchElement(String)
    case disabled(String)
    case unsupported(type: EventType, target: String)
    case invalidValue(String)

    public var description: String {
        switch self {
        case .noSuchElement(let id): "no control with id \(quoted(id)) on this page (removed, or not a control)"
        case .disabled(let id): "the control \(quoted(id)) is disabled or hidden"
        case .unsupported(let type, let id): "the element \(quoted(id)) does not handle '\(type.rawValue)' events"
        case .invalidValue(let message): "invalid value: \(message)"
        }
    }
}
