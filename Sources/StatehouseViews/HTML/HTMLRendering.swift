/// What a host adds to the view system's HTML so that controls send events: the view system
/// says which elements are controls and of which kind; how a control reaches the server (a
/// form, a script, a socket) is the wire protocol's business.
///
/// Renderers are types, passed as generic parameters: each control's attributes are one
/// static call, and views rendered without a host (`PlainHTML`) get none.
///
/// ```swift
/// enum MyForm: HTMLRendering {
///     static func writeControlAttributes(_ role: ControlRole, id: String, into writer: inout HTMLWriter) {
///         writer.attribute("data-control", id)
///     }
/// }
/// let tree = LiveTree(ContentView(), renderer: MyForm.self)
/// ```
package protocol HTMLRendering {
    /// Writes, inside the start tag of the control `id`, the attributes that make it send its
    /// events.
    static func writeControlAttributes(_ role: ControlRole, id: String, into writer: inout HTMLWriter)

    /// Writes, inside the start tag of element `id`, the attributes that make the browser
    /// report focus entering and leaving it (`.focused`) or the keys pressed in it
    /// (`.onKeyPress`: DOM key names, `*` for any). None by default.
    static func writeListenerAttributes(reportsFocus: Bool, keys: [String], id: String, into writer: inout HTMLWriter)
    /// Writes what names an element's browser-side hook (`.clientHook`) and the value it is given.
    static func writeHookAttributes(name: String, value: String?, into writer: inout HTMLWriter)
}

extension HTMLRendering {
    package static func writeListenerAttributes(reportsFocus: Bool, keys: [String], id: String, into writer: inout HTMLWriter) {}
    package static func writeHookAttributes(name: String, value: String?, into writer: inout HTMLWriter) {}
}

/// What kind of control an element is, for the renderer.
///
/// ```swift
/// static func writeControlAttributes(_ role: ControlRole, id: String, into writer: inout HTMLWriter) {
///     if role == .field { writer.attribute("data-field", id) }
/// }
/// ```
package enum ControlRole: Equatable, Sendable {
    /// Activating it is the event (a button, a switch): it sends its own id.
    case button
    /// It holds a value that is sent under its id (a text field).
    case field
    /// A link (`<a href>`) that works as a link on its own; activating it is the event.
    case link
    /// A disclosure (`<details>`): opening or closing it is a `change` to `true`/`false`.
    case disclosure
    /// A presented dialog (`<dialog>`): the target of `dismiss` events (Escape).
    case dialog
}

/// HTML with no host: controls get no attributes beyond their own.
///
/// ```swift
/// let html = LiveTree(ContentView(), renderer: PlainHTML.self).render()
/// ```
package enum PlainHTML: HTMLRendering {
    package static func writeControlAttributes(_ role: ControlRole, id: String, into writer: inout HTMLWriter) {}
}
