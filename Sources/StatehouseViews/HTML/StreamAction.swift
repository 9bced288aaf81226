/// One change to the page, in Turbo Stream terms: what the browser applies to one element.
public enum StreamAction: Equatable, Sendable {
    /// Replace the element `target` (outer HTML).
    case replace(target: String, html: String)
    /// Insert `html` as the first child of `target`.
    case prepend(target: String, html: String)
    /// Insert `html` right after the element `target`.
    case after(target: String, html: String)
    /// Remove the element `target`.
    case remove(target: String)

    /// The id of the element the action applies to.
    public var target: String {
        switch self {
        case .replace(let target, _), .prepend(let target, _), .after(let target, _), .remove(let target): target
        }
    }

    /// The HTML the action carries (empty for `remove`).
    public var html: String {
        switch self {
        case .replace(_, let html), .prepend(_, let html), .after(_, let html): html
        case .remove: ""
        }
    }

    /// The Turbo Stream action name.
    public var name: String {
        switch self {
        case .replace: "replace"
        case .prepend: "prepend"
        case .after: "after"
        case .remove: "remove"
        }
    }

    /// `<turbo-stream action="…" target="…"><template>…</template></turbo-stream>`.
    public var turboStream: String {
        let target = HTMLWriter.escaped(self.target)
        if case .remove = self { return #"<turbo-stream action="remove" target="\#(target)"></turbo-stream>"# }
        return #"<turbo-stream action="\#(name)" target="\#(target)"><template>\#(html)</template></turbo-stream>"#
    }
}

extension [StreamAction] {
    /// The actions as one `text/vnd.turbo-stream.html` body.
    public var turboStream: String { map(\.turboStream).joined(separator: "\n") }
}

/// An event from the browser (or a script): `target` is the control's element id.
public struct Event: Sendable {
    public var target: String
    /// `click`, `input`, `change` or `submit`.
    public var type: String
    /// A text field's whole text, or a toggle's `true`/`false`.
    public var value: String?

    public init(target: String, type: String = "click", value: String? = nil) {
        self.target = target
        self.type = type
        self.value = value
    }
}

/// The event types the wire protocol knows.
public enum EventType: String, Sendable {
    case click, input, change, submit
}

/// Why an event was refused. A refused event changes nothing.
public enum EventError: Error, Equatable, Sendable, CustomStringConvertible {
    case noSuchElement(String)
    case disabled(String)
    case unknownType(String)
    case unsupported(type: EventType, target: String)
    case invalidValue(String)

    public var description: String {
        switch self {
        case .noSuchElement(let id): "no control with id '\(id)' on this page (removed, or not a control)"
        case .disabled(let id): "the control '\(id)' is disabled or hidden"
        case .unknownType(let type): "unknown event type '\(type)' (expected click, input, change or submit)"
        case .unsupported(let type, let id): "the element '\(id)' does not handle '\(type.rawValue)' events"
        case .invalidValue(let message): "invalid value: \(message)"
        }
    }
}

/// HTML helpers for code that writes markup around the tree (the server's document).
public enum HTML {
    /// Escapes `&`, `<`, `>`, `"`, `'`: the one escaping routine every piece of HTML uses.
    public static func escape(_ string: String) -> String { HTMLWriter.escaped(string) }
}
