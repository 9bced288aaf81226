/// A read-only picture of one mounted element, for tests and tools (`StatehouseTesting`'s
/// queries are built on it): what a person, or a screen reader, finds on the page.
///
/// ```swift
/// let count = tree.inspect().first { $0.id == "count" }?.text
/// ```
public struct InspectedElement: Sendable, CustomStringConvertible {
    /// The element's page-unique id.
    public let id: String
    /// The HTML tag (`button`, `input`, `span`, …).
    public let tag: String
    /// The attributes as rendered (class and style joined with what modifiers added), without
    /// `id` and without what the host's renderer adds.
    public let attributes: [(name: String, value: String)]
    /// The ARIA role: the `role` attribute, else the tag's own (`button`, `textbox`, `link`, …).
    public let role: String?
    /// The accessible name: `aria-label`, else the text inside; a switch is named by its label.
    public let label: String
    /// The text content of the element and everything inside it.
    public let text: String
    /// What the element does with events, if it is a control.
    public let control: ControlKind?
    /// Whether the control takes events (not disabled, not hidden).
    public let isEnabled: Bool
    /// The id of the enclosing element (nil for the root).
    public let parentID: String?

    /// The value of attribute `name`, if the element has it.
    public subscript(attribute name: String) -> String? {
        attributes.last { $0.name == name }?.value
    }

    public var description: String {
        "<\(tag) id=\"\(id)\"\(role.map { " role=\($0)" } ?? "")> \(label.isEmpty ? text : label)"
    }

    /// The kinds of controls.
    ///
    /// ```swift
    /// let toggles = tree.inspect().filter { $0.control == .toggle }
    /// ```
    public enum ControlKind: Sendable, Equatable {
        /// `click` runs an action.
        case button
        /// `input`, `change` and `submit` set its text.
        case textField
        /// `click` flips it; `change` sets it to `true` or `false`.
        case toggle
        /// `input` and `change` set its number (a slider).
        case slider
        /// `change` picks an option by its value (a menu picker's `<select>`).
        case picker
        /// `change` sets its date (`2024-05-17`, `14:30`, `2024-05-17T14:30`).
        case datePicker
        /// A presented sheet or alert: `dismiss` closes it.
        case dialog
        /// A `GeometryReader`'s container: `resize` sets its size.
        case geometryReader
    }
}

extension LiveTree {
    /// Every mounted element, in document order.
    package func inspect() -> [InspectedElement] {
        var all: [ElementNode] = []
        rootElement.collectDescendants(into: &all)
        return all.map { $0.inspected }
    }
}

extension ElementNode {
    var inspected: InspectedElement {
        let tag = String(decoding: spec.tag.bytes, as: UTF8.self)
        var attributes: [Attribute] = []
        var classes = spec.ownClass.map { String(decoding: $0.bytes, as: UTF8.self) } ?? "", styles = ""
        for attribute in spec.attributes {
            switch attribute.name {
            case "class": classes += classes.isEmpty ? attribute.value : " " + attribute.value
            case "style": styles = attribute.value
            default: attributes.append(attribute)
            }
        }
        for name in pending.classes { classes += classes.isEmpty ? name : " " + name }
        for declaration in pending.styles { styles += (styles.isEmpty ? "" : ";") + declaration.name + ":" + declaration.value }
        if !classes.isEmpty { attributes.insert(Attribute("class", classes), at: 0) }
        if !styles.isEmpty { attributes.append(Attribute("style", styles)) }
        attributes += pending.attributes
        if hasBehaviour, tree.registry.behaviour(of: self)?.focus?.isFocused == true { attributes.append(Attribute("autofocus", "")) }
        let control: InspectedElement.ControlKind? = switch handler {
        case .action?, .upload?: .button
        case .text?: .textField
        case .toggle?: .toggle
        case .dismiss?: .dialog
        case .measure?: .geometryReader
        case .number?: .slider
        case .choice?: .picker
        case .date?: .datePicker
        case nil: nil
        }
        let explicitRole = attributes.last { $0.name == "role" }?.value
        return InspectedElement(id: id, tag: tag, attributes: attributes.map { ($0.name, $0.value) }, role: explicitRole ?? Self.implicitRole(tag),
                                label: handler == nil ? accessibleName : controlName, text: textContent, control: control,
                                isEnabled: acceptsEvents, parentID: hostElement?.id)
    }

    /// The role HTML gives the tag.
    private static func implicitRole(_ tag: String) -> String? {
        switch tag {
        case "button": "button"
        case "input": "textbox"
        case "a": "link"
        case "img", "svg": "img"
        case "ul", "ol": "list"
        case "li": "listitem"
        case "main": "main"
        case "label": nil
        default: nil
        }
    }

    /// The text of this element and of every element inside it, in document order.
    var textContent: String {
        var text = spec.text ?? ""
        var children: [ElementNode] = []
        collectChildElements(into: &children)
        for child in children { text += child.textContent }
        return text
    }
}
