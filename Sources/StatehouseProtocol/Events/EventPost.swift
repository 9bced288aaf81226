import StatehouseViews

/// A `POST /_sh/event` decoded: the page it names, the event (a control's id, a type, a value)
/// and, from a no-JavaScript form post, the text fields' values under their ids.
///
/// ```text
/// page=4f…&target=increment                      a click
/// page=4f…&target=title&type=input&value=Dune    typing
/// page=4f…&target=&title=Dune                    Enter in a field, without JavaScript
/// ```
struct EventPost {
    let page: String
    /// The pressed control's event; nil for a form submitted with Enter.
    let event: Event?
    /// Fields that are not the protocol's own: text fields' values, in document order.
    let fields: [(name: String, value: String)]

    /// Decodes `form`, or says in one line what is wrong with it (400).
    static func decode(_ form: FormData) -> Result<EventPost, Refusal> {
        guard let page = form[Wire.Field.page], !page.isEmpty else { return .failure(.badRequest("missing field 'page'")) }
        let fields = form.fields.filter { !Wire.Field.reserved.contains($0.name) }
        guard fields.count <= Wire.maxFields else {
            return .failure(.badRequest("more than \(Wire.maxFields) form fields in one event"))
        }
        let target = form[Wire.Field.target] ?? ""
        guard !target.isEmpty || !fields.isEmpty else { return .failure(.badRequest("missing field 'target'")) }
        guard !target.isEmpty else { return .success(EventPost(page: page, event: nil, fields: fields)) }
        let typeName = form[Wire.Field.type] ?? EventType.click.rawValue
        guard let type = EventType(rawValue: typeName) else {
            return .failure(.badRequest("unknown event type \(quoted(typeName)) (expected \(EventType.allCases.map(\.rawValue).joined(separator: ", ")))"))
        }
        return .success(EventPost(page: page, event: Event(target: target, type: type, value: form[Wire.Field.value]), fields: fields))
    }
}

extension Refusal {
    static func badRequest(_ message: String) -> Refusal { Refusal(response: .text(400, message)) }
}
