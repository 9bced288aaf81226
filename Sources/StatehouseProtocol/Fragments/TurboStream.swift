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

    private static func element(_ action: String, _ target: String, _ html: String) -> String {
        #"<turbo-stream action="\#(action)" target="\#(target)"><template>\#(html)</template></turbo-stream>"#
    }
}
