import StatehouseViews

/// The protocol's renderer: every control joins the page's one form `#sh`, so that it works
/// without JavaScript. A button submits `target=ID`; a field submits its value under its id.
///
/// ```html
/// <button … form="sh" name="target" value="increment">Increment</button>
/// <input … form="sh" name="title">
/// <a id="_4" href="/bookshelf/dune" data-sh-link>Dune</a>   <!-- a link; the client posts a click -->
/// ```
package enum FormMarkup: HTMLRendering {
    package static func writeControlAttributes(_ role: ControlRole, id: String, into writer: inout HTMLWriter) {
        switch role {
        case .button:
            writer.attribute("form", Wire.formID)
            writer.attribute("name", Wire.Field.target)
            writer.attribute("value", id)
        case .field:
            writer.attribute("form", Wire.formID)
            writer.attribute("name", id)
        case .link:
            // A link without JavaScript; the client turns its click into an event.
            writer.attribute(Wire.linkAttribute, "")
        case .disclosure:
            // The client sends its toggle as a `change` event.
            writer.attribute(Wire.disclosureAttribute, "")
        case .dialog:
            // The client opens it as a modal and sends Escape here as a `dismiss` event.
            writer.attribute(Wire.dialogAttribute, "")
        }
    }

    package static func writeListenerAttributes(reportsFocus: Bool, keys: [String], id: String, into writer: inout HTMLWriter) {
        if reportsFocus { writer.attribute(Wire.focusAttribute, "") }
        guard !keys.isEmpty else { return }
        writer.attribute(Wire.keysAttribute, "[" + keys.map(jsonString).joined(separator: ",") + "]")
    }

    package static func writeHookAttributes(name: String, value: String?, into writer: inout HTMLWriter) {
        writer.attribute(Wire.hookAttribute, name)
        if let value { writer.attribute(Wire.hookValueAttribute, value) }
    }

    /// `string` as a JSON string literal.
    private static func jsonString(_ string: String) -> String {
        var json = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: json.unicodeScalars.append(scalar)
            }
        }
        return json + "\""
    }
}
