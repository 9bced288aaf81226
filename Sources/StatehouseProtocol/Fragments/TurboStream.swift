import StatehouseViews

/// The changes of a flush as Turbo Stream elements, the body of a `text/vnd.turbo-stream.html`
/// response or of one server-sent event:
///
/// ```html
/// <turbo-stream action="replace" target="count"><template><span id="count" …>1</span></template></turbo-stream>
/// ```
public enum TurboStream {
    public static func encode(_ changes: [ElementChange]) -> String {
        changes.map(encode).joined(separator: "\n")
    }

    public static func encode(_ change: ElementChange) -> String {
        let target = HTMLWriter.escaped(change.target)
        switch change {
        case .remove: return #"<turbo-stream action="remove" target="\#(target)"></turbo-stream>"#
        case .replace(_, let html): return element("replace", target, html)
        case .prepend(_, let html): return element("prepend", target, html)
        case .after(_, let html): return element("after", target, html)
        }
    }

    /// Moves the browser's URL to `path` (a new history entry); Turbo clients without this
    /// action ignore it.
    ///
    /// ```html
    /// <turbo-stream action="sh-location" target="sh-root" url="/bookshelf/dune"></turbo-stream>
    /// ```
    public static func location(_ path: String) -> String {
        #"<turbo-stream action="\#(Wire.locationAction)" target="sh-root" url="\#(HTMLWriter.escaped(path))"></turbo-stream>"#
    }

    /// Moves focus to the element a `@FocusState` names, or takes it away.
    ///
    /// ```html
    /// <turbo-stream action="sh-focus" target="email"></turbo-stream>
    /// ```
    public static func focus(_ move: FocusMove) -> String {
        switch move {
        case .focus(let id): #"<turbo-stream action="\#(Wire.focusAction)" target="\#(HTMLWriter.escaped(id))"></turbo-stream>"#
        case .blur(let id): #"<turbo-stream action="\#(Wire.blurAction)" target="\#(HTMLWriter.escaped(id))"></turbo-stream>"#
        }
    }

    private static func element(_ action: String, _ target: String, _ html: String) -> String {
        #"<turbo-stream action="\#(action)" target="\#(target)"><template>\#(html)</template></turbo-stream>"#
    }
}
