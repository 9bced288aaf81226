/// A mounted HTML element. Every element has a page-unique id (from
/// `.accessibilityIdentifier`, else allocated when it is mounted), kept for its lifetime.
///
/// Its stored properties, as `Node`'s, are not checked for overlapping accesses at run time
/// (main actor only): compiled with `-cross-module-optimization`, an app kept a dynamic check
/// (`swift_beginAccess`) on each access the optimizer otherwise removes, 7 % of a first render.
@MainActor
class ElementNode: SingleChildNode {
    /// The element's id (see `ElementID`).
    @exclusivity(unchecked) private(set) var elementID: ElementID
    /// The element's id, spelled out.
    var id: String { elementID.string }
    // (`Optional<…>` spelled out: a `var` of type `T?` starts as nil before the initializer
    // runs, and the initializer's store then destroys that nil, a call for each.)
    /// The id asked for (from `.accessibilityIdentifier`), before it was made unique.
    @exclusivity(unchecked) private(set) var requestedID: Optional<String>
    @exclusivity(unchecked) private(set) var spec: ElementSpec
    @exclusivity(unchecked) private(set) var pending: PendingAttributes
    @exclusivity(unchecked) var handler: Optional<EventHandler>
    /// Whether the control accepts events (not disabled, not hidden).
    @exclusivity(unchecked) private(set) var acceptsEvents = true
    /// Set while a flush collects its fragments.
    @exclusivity(unchecked) var mark: FlushMark = .none
    /// Whether the element is in the tree's table of ids now.
    @exclusivity(unchecked) var isTarget = false
    /// Whether `.focused` or `.onKeyPress` attached something (kept in the tree's registry:
    /// most elements have nothing, and pay nothing for it).
    @exclusivity(unchecked) private(set) var hasBehaviour = false
    /// Whether the element belongs in the tree's table of ids: a control (events name it), an
    /// element with a focus binding or keys (the browser reports to it), or an element with a
    /// requested id (which must stay unique).
    var isNameable: Bool { handler != nil || hasBehaviour || requestedID != nil }
    /// The enclosing element (nil for the root).
    @exclusivity(unchecked) private(set) unowned(unsafe) var hostElement: ElementNode?

    /// `placed`: inserted right after an element the browser shows (`ChangeRecorder`).
    enum FlushMark { case none, replaced, inserted, placed }

    /// `takesPending: false` leaves the pending attributes to the element's content (a row's
    /// element: what modifiers gave the row's view belongs to the view's own element).
    init(spec: ElementSpec, handler: EventHandler?, _ context: __shared Context, fixedID: String? = nil, takesPending: Bool = true) {
        // What is read from the spec and the handler first, and storing them last: then the
        // store is a move (an argument used after it is stored is copied, every attribute and
        // the text retained, and released at the end).
        requestedID = takesPending ? Self.preferredID(context, spec: spec, handler: handler) : nil
        let behaviour = takesPending ? Self.behaviour(context, spec: spec, handler: handler) : nil
        let isControl = handler != nil
        pending = takesPending ? context.pending : PendingAttributes()
        acceptsEvents = context.environment.isEnabled && !context.environment.isHidden
        hostElement = context.host
        elementID = .generated(0)
        self.spec = consume spec
        self.handler = consume handler
        super.init(context)
        hasBehaviour = behaviour != nil
        if let fixedID {
            elementID = .named(fixedID)
            registry.pointee.register(self)
        } else if !isControl, behaviour == nil, requestedID == nil {
            elementID = registry.pointee.allocateUnnamedID()
        } else {
            elementID = registry.pointee.allocateID(for: self)
        }
        if let behaviour { registry.pointee.setBehaviour(behaviour, of: self) }
    }

    private static func preferredID(_ context: Context, spec: ElementSpec, handler: EventHandler?) -> String? {
        if spec.forwardsIdentifier { return nil }
        let forwarded = handler == nil ? nil : context.controlPending.identifier
        guard let identifier = context.pending.identifier ?? forwarded else { return nil }
        guard let key = context.rowKey else { return identifier }
        return "\(identifier)-\(key)"  // (one string built: `+` built two)
    }

    /// What `.focused` and `.onKeyPress` attached: to this element, or, through a control's
    /// wrapper, to the control inside it.
    private static func behaviour(_ context: Context, spec: ElementSpec, handler: EventHandler?) -> ElementBehaviour? {
        if spec.forwardsIdentifier { return nil }
        return context.pending.behaviour ?? (handler == nil ? nil : context.controlPending.behaviour)
    }

    /// The tree's registry (through its address: the tree is not retained around the call).
    private var registry: UnsafeMutablePointer<ElementRegistry> { tree.registryAddress }

    /// Applies a new description; marks the element for replacement if its own HTML changed.
    func apply(spec newSpec: ElementSpec, handler newHandler: EventHandler?, _ context: Context) {
        let handlerCameOrWent = (newHandler == nil) != (handler == nil)
        handler = newHandler
        let behaviour = Self.behaviour(context, spec: newSpec, handler: newHandler)
        let oldBehaviour = hasBehaviour ? registry.pointee.behaviour(of: self) : nil
        let behaviourCameOrWent = (behaviour == nil) != (oldBehaviour == nil)
        if behaviour != nil || oldBehaviour != nil {
            hasBehaviour = behaviour != nil
            registry.pointee.setBehaviour(behaviour, of: self)
            if !ElementBehaviour.rendersSame(behaviour, oldBehaviour) { tree.recorder.markReplaced(self) }
        }
        if handlerCameOrWent || behaviourCameOrWent { registry.pointee.updateTarget(self) }
        acceptsEvents = context.environment.isEnabled && !context.environment.isHidden
        let requested = Self.preferredID(context, spec: newSpec, handler: newHandler)
        if requested != requestedID {
            requestedID = requested
            tree.recorder.recordRename(of: self)
            elementID = registry.pointee.rename(self)
            tree.recorder.markReplaced(self)
        }
        if newSpec == spec, context.pending.rendersSame(as: pending) {
            pending = context.pending  // a focus state that moved: the page is told apart (`FocusMove`)
            return
        }
        if context.pending == pending, tree.recorder.isEcho(of: self, newSpec: newSpec, oldSpec: spec) {
            spec = newSpec
            return
        }
        spec = newSpec
        pending = context.pending
        tree.recorder.markReplaced(self)
    }

    /// The context for this element's children.
    func contentContext(_ context: Context, listRows: Bool = false) -> Context {
        context.inside(self, listRows: listRows, controlPending: spec.forwardsIdentifier ? context.pending : PendingAttributes())
    }

    override func collectElements(into elements: inout [ElementNode]) { elements.append(self) }

    override func render<R: HTMLRendering>(into writer: inout HTMLWriter, _ renderer: R.Type) {
        writer.open(spec.tag)
        writer.id(elementID)
        spec.writeAttributes(adding: pending.hasNoLists ? nil : pending, into: &writer)
        if let role = spec.control { R.writeControlAttributes(role, id: id, into: &writer) }
        if hasBehaviour, let behaviour = registry.pointee.behaviour(of: self) {
            if behaviour.focus?.isFocused == true { writer.attribute("autofocus", "") }
            R.writeListenerAttributes(reportsFocus: behaviour.focus != nil, keys: behaviour.keyNames, id: id, into: &writer)
            if let hook = behaviour.hook { R.writeHookAttributes(name: hook.name, value: hook.value, into: &writer) }
        }
        writer.closeStartTag()
        if spec.isVoid { return }
        spec.writeText(into: &writer)
        renderContent(into: &writer, renderer)
        writer.end(spec.tag)
    }

    /// Writes the HTML of the element's content.
    func renderContent<R: HTMLRendering>(into writer: inout HTMLWriter, _ renderer: R.Type) {
        withBorrowed(unretained(child)) { $0.render(into: &writer, renderer) }
    }

    /// Appends the elements directly inside this one, in document order.
    func collectChildElements(into elements: inout [ElementNode]) {
        child?.collectElements(into: &elements)
    }

    override func unmount() {
        if !tree.isClosing {
            if hasBehaviour { registry.pointee.setBehaviour(nil, of: self) }
            registry.pointee.unregister(self)
        }
        super.unmount()
    }

    /// The text a person (or assistive technology) would name this control by.
    var accessibleName: String {
        if let label = (spec.attributes + pending.attributes).last(where: { $0.name == "aria-label" })?.value { return label }
        var name = spec.text ?? ""
        var elements: [ElementNode] = []
        collectChildElements(into: &elements)
        for element in elements {
            let inner = element.accessibleName
            if !inner.isEmpty { name += name.isEmpty ? inner : " " + inner }
        }
        return name
    }

    /// The name a person finds this control by: its own accessible name, else (a checkbox)
    /// that of the `<label>` around it.
    var controlName: String {
        let own = accessibleName
        return own.isEmpty ? hostElement?.accessibleName ?? "" : own
    }

    /// Appends this element and every element below it, in document order.
    func collectDescendants(into all: inout [ElementNode]) {
        all.append(self)
        var children: [ElementNode] = []
        collectChildElements(into: &children)
        for child in children { child.collectDescendants(into: &all) }
    }

    /// Whether this element sits inside one that is replaced or inserted in this flush.
    var isCoveredByAncestor: Bool {
        var ancestor = hostElement
        while let element = ancestor {
            if element.mark != .none { return true }
            ancestor = element.hostElement
        }
        return false
    }
}

extension ElementSpec {
    /// The element's `class`, `style` and other attributes, with what modifiers added
    /// (`pending`; nil when they added no lists). Mutating, though it changes nothing: called on
    /// an element's stored spec, it reads the attributes in place (read from the element and
    /// handed on, the list and its strings were retained and released, every element rendered).
    mutating func writeAttributes(adding pending: PendingAttributes?, into writer: inout HTMLWriter) {
        // `class` and `style` join the element's own value with what modifiers added; most
        // elements have no modifiers, and their own value is written as it is. (Loops, not
        // closures: a main-actor closure handed to the standard library checks its executor.)
        // Indices, not copies of the attributes: a copy retains its strings.
        var classIndex = -1, styleIndex = -1
        for index in attributes.indices {
            if attributes[index].name == "class" {
                classIndex = index
            } else if attributes[index].name == "style" {
                styleIndex = index
            }
        }
        // Joined into the writer as they are written: no string is built for them.
        var started = false
        if let ownClass {
            writer.joinedAttributePart("class", separator: UInt8(ascii: " "), started: &started)
            writer.raw(ownClass.bytes)
        }
        if classIndex >= 0, !attributes[classIndex].value.isEmpty {
            writer.joinedAttributePart("class", separator: UInt8(ascii: " "), started: &started)
            writer.escaped(attributes[classIndex].value)
        }
        if let pending {
            for name in pending.classes where !name.isEmpty {
                writer.joinedAttributePart("class", separator: UInt8(ascii: " "), started: &started)
                writer.escaped(name)
            }
        }
        writer.endJoinedAttribute(started)
        started = false
        if styleIndex >= 0, !attributes[styleIndex].value.isEmpty {
            writer.joinedAttributePart("style", separator: UInt8(ascii: ";"), started: &started)
            writer.escaped(attributes[styleIndex].value)
        }
        if let pending {
            for declaration in pending.styles {
                writer.joinedAttributePart("style", separator: UInt8(ascii: ";"), started: &started)
                writer.escaped(declaration.name)
                writer.raw(":")
                writer.escaped(declaration.value)
            }
        }
        writer.endJoinedAttribute(started)
        if classIndex < 0, styleIndex < 0 {
            for index in attributes.indices { writer.attribute(attributes[index].name, attributes[index].value) }
        } else {
            for index in attributes.indices where attributes[index].name != "class" && attributes[index].name != "style" {
                writer.attribute(attributes[index].name, attributes[index].value)
            }
        }
        if let pending {
            for attribute in pending.attributes { writer.attribute(attribute.name, attribute.value) }
        }
    }

    /// The element's text and trusted markup (mutating, as `writeAttributes`: read in place).
    mutating func writeText(into writer: inout HTMLWriter) {
        if let text { writer.text(text) }
        if let trustedHTML { writer.raw(trustedHTML.bytes) }
    }
}
