import StatehouseViews

/// The protocol's renderer: every control joins the page's one form `#sh`, so that it works
/// without JavaScript. A button submits `target=ID`; a field submits its value under its id.
///
/// ```html
/// <button … form="sh" name="target" value="increment">Increment</button>
/// <input … form="sh" name="title">
/// ```
public enum FormMarkup: HTMLRendering {
    public static func writeControlAttributes(_ role: ControlRole, id: String, into writer: inout HTMLWriter) {
        writer.attribute("form", Wire.formID)
        switch role {
        case .button:
            writer.attribute("name", Wire.Field.target)
            writer.attribute("value", id)
        case .field:
            writer.attribute("name", id)
        }
    }
}
