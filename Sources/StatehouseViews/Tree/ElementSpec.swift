/// What one HTML element renders: tag, its own attributes, and either leaf text or children.
struct ElementSpec: Equatable {
    var tag: Literal
    /// The element's own class, one of Statehouse's (`sh-text`): first in its `class`
    /// attribute, before any `class` in `attributes` and what modifiers add. Written as it is
    /// (the element's text aside, most elements have nothing else of their own to write: a
    /// class in `attributes` was retained, compared by name and escaped each time).
    var ownClass: Literal? = nil
    var attributes: [Attribute]
    /// Leaf text content, always escaped.
    var text: String?
    /// Static inner markup owned by Statehouse (an SVG symbol); never user text.
    var trustedHTML: Literal?
    /// `<input>`, `<hr>`: no content, no end tag.
    var isVoid: Bool
    /// How the element sends events, if it is a control (the host's renderer writes the
    /// attributes that make it do so).
    var control: ControlRole?
    /// A control built of several elements (a Toggle's `<label>`): `.accessibilityIdentifier`
    /// names the control element inside it, not this wrapper.
    var forwardsIdentifier: Bool

    static func == (a: ElementSpec, b: ElementSpec) -> Bool {
        a.tag == b.tag && a.ownClass == b.ownClass && a.attributes == b.attributes && a.text == b.text && a.isVoid == b.isVoid
            && a.control == b.control && a.trustedHTML == b.trustedHTML
            && a.forwardsIdentifier == b.forwardsIdentifier
    }
}

extension ElementSpec {
    /// Delegates to the memberwise initializer, every property given: an initializer that
    /// assigned the properties one by one built the spec twice and copied one into the other,
    /// retaining its attributes and text, and released the other (per row of the benchmark
    /// page, 10 retains, 5 bridge-object retains and 10 releases: `scripts/bench-refcounts`).
    init(_ tag: StaticString, _ attributes: [Attribute] = [], text: String? = nil) {
        self.init(tag: Literal(tag), attributes: attributes, text: text, trustedHTML: nil, isVoid: false, control: nil,
                  forwardsIdentifier: false)
    }

    /// An element with a class of its own (see `ownClass`).
    init(_ tag: StaticString, class ownClass: StaticString, _ attributes: [Attribute] = [], text: String? = nil) {
        self.init(tag: Literal(tag), ownClass: Literal(ownClass), attributes: attributes, text: text, trustedHTML: nil,
                  isVoid: false, control: nil, forwardsIdentifier: false)
    }
}

/// A string literal compiled into Statehouse (a tag name, an SVG symbol's markup), kept as its
/// address and length: no reference count, and written out with one copy.
struct Literal: Equatable {
    private let start: UnsafePointer<UInt8>
    private let count: Int32

    init(_ literal: StaticString) {
        precondition(literal.hasPointerRepresentation, "a literal is a string literal")
        start = literal.utf8Start
        count = Int32(literal.utf8CodeUnitCount)
    }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: Int(count)) }

    static func == (a: Literal, b: Literal) -> Bool {
        a.count == b.count && (a.start == b.start || a.bytes.elementsEqual(b.bytes))
    }
}

/// What a control does with an event.
///
/// The larger cases are indirect (a box of their own): an element's optional handler takes two
/// words, and a button's action, the most common handler, is kept inline (no box allocated
/// each time a button is mounted or its view evaluated again).
enum EventHandler {
    /// A button: `click` runs the action.
    case action(@MainActor () -> Void)
    /// A text field: `input`, `change` and `submit` set the text.
    indirect case text(TextEntry)
    /// A toggle: `click` flips it, `change` with `true`/`false` sets it.
    indirect case toggle(Binding<Bool>)
    /// A number (a slider): `input` while it moves, `change` when it is let go.
    indirect case number(NumberInput)
    /// A choice (a picker's `<select>`): `change` with an option's value.
    indirect case choice(PickerChoice)
    /// A date: `change` with the input's value.
    indirect case date(DateInput)
    /// An element that measures itself (a `GeometryReader`'s): `resize` sets its size.
    indirect case measure(Binding<CGSize?>)
    /// A presented dialog: `dismiss` (Escape) closes it.
    case dismiss(@MainActor () -> Void)
    /// A file importer's Upload button: `upload` hands it the files.
    indirect case upload(FileUpload)
}

/// What a text field does with a text event: `input`, `change` and `submit` set the text (of
/// at most `limit` characters); `change` and `submit` then `commit` it (a formatted field
/// parses it into its value), and `submit` runs `onSubmit`.
struct TextEntry {
    let binding: Binding<String>
    var onSubmit: (@MainActor () -> Void)?
    let limit: Int
    var commit: (@MainActor () -> Void)?
}

/// An element's id: one asked for (`.accessibilityIdentifier`, made unique) or a generated one,
/// `_` and a number in base 36, spelled out only when it is read (most never are: they are
/// written into the HTML from the number).
enum ElementID {
    case named(String)
    case generated(Int)

    var string: String {
        switch self {
        case .named(let name): name
        case .generated(let number): HTMLWriter.generatedID(number)
        }
    }
}
