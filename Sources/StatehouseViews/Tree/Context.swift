/// What a node inherits from where it is mounted: its enclosing HTML element, the
/// environment, attributes that modifiers above it hand to the next element down, and
/// whether it stands directly in a `List` (where each child becomes a row). (Public by name
/// only, underscored, as `View._mount` takes it; Statehouse's code calls it `Context`.)
@MainActor
public struct _ViewContext {
    @usableFromInline unowned(unsafe) let tree: LiveTree
    /// The nearest enclosing element: the element whose children change when this node's do.
    unowned(unsafe) var host: ElementNode?
    @usableFromInline var environment: EnvironmentValues
    /// Attributes from modifiers, consumed by the next element(s) rendered below.
    var pending: PendingAttributes = PendingAttributes()
    /// The key of the enclosing `ForEach` row, which suffixes accessibility identifiers.
    var rowKey: String?
    /// What modifiers gave a multi-element control's wrapper (a Toggle's `<label>`), handed to
    /// the control element inside it: its accessibility identifier, focus binding and keys.
    var controlPending = PendingAttributes()
    /// Whether children here are the rows of a `List` (each gets its own `<li>`).
    var listRows = false
    /// Where in the page's structure this is: durable state is filed by it.
    var identity = StructuralIdentity.root

    /// The same context, one structural step further down (a tuple's child, a branch). A tree
    /// that keeps no durable state needs no identities: the context is handed on as it is.
    @usableFromInline func step(_ step: @autoclosure () -> UInt64) -> Context {
        guard tree.keepsDurableState else { return self }
        var copy = self
        copy.identity = identity.child(step())
        return copy
    }

    /// Runs `body` with the context one structural step further down (`step(_:)`): this
    /// context itself, not a copy, in a tree that keeps no durable state. (A copy retains each
    /// of its reference-counted words; a tuple's children and a `ForEach`'s rows took one each.)
    @inlinable
    func withStep<R>(_ step: @autoclosure () -> UInt64, _ body: (Context) -> R) -> R {
        guard tree.keepsDurableState else { return body(self) }
        return body(self.step(step()))
    }

    /// Whether a view mounted here needs more than its own `_mount` (`mountSpecially`).
    @usableFromInline var needsSpecialMount: Bool { listRows || pending.distributes }

    /// The same inputs (what a child view would see differently if it changed).
    func hasSameInputs(as other: Context) -> Bool {
        environment == other.environment && pending == other.pending && rowKey == other.rowKey
            && listRows == other.listRows && controlPending == other.controlPending
    }

    /// The context inside an element: pending attributes were consumed by it, and
    /// `controlPending` is what a control's wrapper hands the control inside it. (Made whole
    /// from what carries over, not copied and cleared, nor made and then changed: either
    /// copies it, every reference-counted word retained.)
    func inside(_ element: ElementNode, listRows: Bool = false, controlPending: PendingAttributes = PendingAttributes()) -> Context {
        Context(tree: tree, host: element, environment: environment, rowKey: rowKey, controlPending: controlPending,
                listRows: listRows, identity: identity)
    }

    /// The context of a `ForEach` row's content outside a `List`, where a row has no element of
    /// its own (its views are the enclosing element's children, as in SwiftUI's stacks): the
    /// row's key suffixes accessibility identifiers, and no control's wrapper hands anything on
    /// to what a row holds.
    func row(key: String) -> Context {
        Context(tree: tree, host: host, environment: environment, pending: pending, rowKey: key, identity: identity)
    }
}

@usableFromInline typealias Context = _ViewContext

/// Classes, styles and attributes that modifiers (`padding`, `foregroundStyle`,
/// `accessibilityIdentifier`, …) put on the element(s) that the modified view renders.
///
/// Most elements have none: the lists live in a shared box, allocated on the first write, so
/// the empty value (kept by every element and context) is one nil word and a nil identifier.
struct PendingAttributes: Equatable {
    private final class Storage {
        var classes: [String] = []
        var styles: [Attribute] = []
        var attributes: [Attribute] = []
        var behaviour: ElementBehaviour?
        var distributed: [DistributedModifier] = []

        func copy() -> Storage {
            let copy = Storage()
            copy.classes = classes
            copy.styles = styles
            copy.attributes = attributes
            copy.behaviour = behaviour
            copy.distributed = distributed
            return copy
        }
    }

    private var storage: Storage?

    /// The accessibility identifier, inline: the most common modifier on a control (a page
    /// re-evaluated a box for each `.accessibilityIdentifier`).
    var identifier: String?

    init() {}

    /// Whether there are no classes, styles, attributes or behaviour (an identifier aside):
    /// most elements' case, which their rendering skips without reading the lists.
    var hasNoLists: Bool { storage == nil }

    /// The box to write to, unshared.
    private mutating func unique() -> Storage {
        if let storage, isKnownUniquelyReferenced(&self.storage) { return storage }
        let fresh = storage?.copy() ?? Storage()
        storage = fresh
        return fresh
    }

    var classes: [String] {
        get { storage?.classes ?? [] }
        set { unique().classes = newValue }
    }
    var styles: [Attribute] {
        get { storage?.styles ?? [] }
        set { unique().styles = newValue }
    }
    var attributes: [Attribute] {
        get { storage?.attributes ?? [] }
        set { unique().attributes = newValue }
    }
    /// `.focused` and `.onKeyPress`.
    var behaviour: ElementBehaviour? {
        get { storage?.behaviour }
        set { unique().behaviour = newValue }
    }
    /// An app's modifiers applied to several views at once (a `ForEach`, a `Group`), outermost
    /// first: consumed by the next view that is one view (`mountView`), not by an element.
    var distributed: [DistributedModifier] {
        get { storage?.distributed ?? [] }
        set { unique().distributed = newValue }
    }
    /// Whether there are distributed modifiers (no box read when there are no lists at all).
    var distributes: Bool { storage.map { !$0.distributed.isEmpty } ?? false }

    /// These attributes without the distributed modifiers: no box at all when nothing else
    /// was pending (the common case, which an element then renders without reading lists).
    var undistributed: PendingAttributes {
        guard let storage, !storage.distributed.isEmpty else { return self }
        var copy = self
        if storage.classes.isEmpty, storage.styles.isEmpty, storage.attributes.isEmpty, storage.behaviour == nil {
            copy.storage = nil
        } else {
            copy.distributed = []
        }
        return copy
    }

    /// Equal but for where a focus state points (see `ElementBehaviour.rendersSame`).
    @MainActor func rendersSame(as other: PendingAttributes) -> Bool {
        guard identifier == other.identifier else { return false }
        if storage === other.storage { return true }
        return classes == other.classes && styles == other.styles && attributes == other.attributes
            && ElementBehaviour.rendersSame(behaviour, other.behaviour)
    }

    /// The same distributed modifiers (the same boxes: a modifier's value is not comparable).
    private static func same(_ a: [DistributedModifier], _ b: [DistributedModifier]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
    }

    static func == (a: PendingAttributes, b: PendingAttributes) -> Bool {
        guard a.identifier == b.identifier else { return false }
        if a.storage === b.storage { return true }
        return a.classes == b.classes && a.styles == b.styles && a.attributes == b.attributes && a.behaviour == b.behaviour
            && same(a.distributed, b.distributed)
    }

    /// Adds a modifier's classes, styles and attributes. Into empty lists the modifier's own
    /// arrays are taken as they are (shared, not copied into a new buffer).
    mutating func add(classes: [String], styles: [Attribute], attributes: [Attribute]) {
        guard !(classes.isEmpty && styles.isEmpty && attributes.isEmpty) else { return }
        let box = unique()
        Self.append(classes, to: &box.classes)
        Self.append(styles, to: &box.styles)
        Self.append(attributes, to: &box.attributes)
    }

    /// Adds the classes, styles and attributes `other` holds (a modifier's): into empty lists
    /// its box is shared as it is (written to only after a copy). Not its identifier, nor a
    /// behaviour (a modifier's pending attributes have none).
    mutating func add(_ other: PendingAttributes) {
        guard let more = other.storage else { return }
        assert(more.behaviour == nil, "a modifier's pending attributes carry no behaviour")
        guard storage != nil else { return storage = more }
        add(classes: more.classes, styles: more.styles, attributes: more.attributes)
    }

    private static func append<Element>(_ more: [Element], to list: inout [Element]) {
        if list.isEmpty { list = more } else { list.append(contentsOf: more) }
    }
}

/// An HTML attribute (or a CSS declaration, where `name` is the property).
struct Attribute: Equatable, Sendable {
    var name: String
    var value: String
    init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

