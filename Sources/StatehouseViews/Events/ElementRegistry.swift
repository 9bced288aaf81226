/// The page's element ids, and which control takes which event.
///
/// Every element gets a page-unique id when it is mounted: a requested one
/// (`.accessibilityIdentifier`, made unique as `x`, `x-2`, …) or a generated one (`_` and a
/// base-36 number). Only elements an event or a lookup can name, controls and elements with
/// a requested id, are entered in the table; a generated id is unique by construction.
///
/// The tree keeps it at an address of its own (`LiveTree.registryAddress`): one allocation
/// per page, so that an element's call into it retains nothing.
@MainActor
struct ElementRegistry {
    /// The elements an id can name: controls, and elements with a requested id, by that id;
    /// controls with a generated id, by its number.
    private var named = NamedElements()
    private var numbered = NumberedElements()
    private var nextID = 0
    /// What `.focused` and `.onKeyPress` attached, and where focus is: made for the first
    /// element that has any (most pages have none, and pay one word).
    private var attached: AttachedBehaviours?
    /// Number of live elements.
    private(set) var elementCount = 0

    /// The mounted element `id` names, if it is in the table.
    func element(_ id: String) -> ElementNode? {
        let found = NumberedElements.number(ofGeneratedID: id).map { numbered[$0] } ?? named[id]
        guard let element = found, element.isMounted else { return nil }
        return element
    }

    /// Enters `element` under its id.
    private mutating func enter(_ element: ElementNode) {
        switch element.elementID {
        case .named(let id): named.set(element, for: id)
        case .generated(let number): numbered.set(element, for: number)
        }
    }

    /// Removes `element`'s entry, if the entry under its id is it.
    private mutating func leave(_ element: ElementNode) {
        switch element.elementID {
        case .named(let id): named.remove(id, ifItIs: element)
        case .generated(let number): numbered.remove(number, ifItIs: element)
        }
    }

    // MARK: Ids

    /// How many elements each table holds: a `ForEach` reads it around its first row.
    var tableCounts: (named: Int, numbered: Int) { (named.count, numbered.count) }
    /// The tables' slots (for tests of their sizing).
    var tableCapacities: (named: Int, numbered: Int) { (named.capacity, numbered.capacity) }

    /// Makes room in the tables for `rows` more rows like the one that changed the counts from
    /// `before` (a `ForEach` mounting its rows): one allocation each, not a doubling (and every
    /// entry moved) again and again as the rows arrive. At most 4 entries a row: a first row
    /// unlike the others (expanded, or holding a `ForEach` of its own) would otherwise size the
    /// tables, which never shrink, for many entries no row enters.
    mutating func reserve(rows: Int, likeOneSince before: (named: Int, numbered: Int)) {
        let perRow = 4
        named.reserve(min(named.count - before.named, perRow) * rows)
        numbered.reserve(min(numbered.count - before.numbered, perRow) * rows)
    }

    /// Gives a newly mounted element its id.
    mutating func allocateID(for element: ElementNode) -> ElementID {
        elementCount += 1
        return assignID(to: element)
    }

    /// The id of a newly mounted element that nothing names (no control, no requested id, no
    /// focus binding or keys): a generated one, and no entry in a table. Kept apart from
    /// `assignID` so that the common element, which needs no table, pays no call into it (it
    /// is on every mount's path).
    mutating func allocateUnnamedID() -> ElementID {
        elementCount += 1
        nextID += 1
        return .generated(nextID)
    }

    /// Enters an element with a fixed id (the root).
    mutating func register(_ element: ElementNode) {
        elementCount += 1
        element.isTarget = true
        enter(element)
    }

    /// A new id for `element`, whose requested id changed (its id is still the old one).
    mutating func rename(_ element: ElementNode) -> ElementID {
        if element.isTarget { leave(element) }
        return assignID(to: element)
    }

    /// An element's handler came or went: it enters or leaves the table.
    mutating func updateTarget(_ element: ElementNode) {
        let isTarget = element.isNameable
        if isTarget {
            enter(element)
        } else if element.isTarget {
            leave(element)
        }
        element.isTarget = isTarget
    }

    mutating func unregister(_ element: ElementNode) {
        elementCount -= 1
        if element.isTarget { leave(element) }
    }

    private mutating func assignID(to element: ElementNode) -> ElementID {
        element.isTarget = element.isNameable
        guard let preferred = element.requestedID else {
            nextID += 1
            if element.isTarget { numbered.set(element, for: nextID) }
            return .generated(nextID)
        }
        // A requested id made unique (`x`, `x-2`, …): it never looks generated (one that starts
        // with `_` gets another). Entered at once unless it was taken: one hash of the id, not
        // a lookup and then an insertion.
        var base = HTMLWriter.identifierFragment(preferred)
        if base.utf8.first == UInt8(ascii: "_") { base = "_" + base }
        guard named.setIfAbsent(element, for: base) != nil else { return .named(base) }
        var suffix = 2
        while named["\(base)-\(suffix)"] != nil { suffix += 1 }
        let id = "\(base)-\(suffix)"
        named.set(element, for: id)
        return .named(id)
    }

    // MARK: Focus and keys

    func behaviour(of element: ElementNode) -> ElementBehaviour? {
        attached?.behaviour(of: element)
    }

    /// Attaches (or, with nil, removes) `element`'s focus binding and key handlers.
    mutating func setBehaviour(_ behaviour: ElementBehaviour?, of element: ElementNode) {
        if attached == nil {
            guard behaviour != nil else { return }
            attached = AttachedBehaviours()
        }
        attached!.set(behaviour, of: element)
    }

    /// The element whose focus binding says it has focus, and the other bindings that say so
    /// (see `AttachedBehaviours.takeFocusTarget`).
    func takeFocusTarget() -> (element: ElementNode?, others: [FocusBinding]) {
        attached?.takeFocusTarget() ?? (nil, [])
    }

    /// The browser said focus entered (`true`) or left (`false`) the element `id`.
    func focusReported(_ id: String, hasFocus: Bool) {
        attached?.tracker.reported(id, hasFocus: hasFocus)
    }

    /// After a flush: the browser is owed a move if the focus states now name `wanted`
    /// rather than the element it has focus in.
    func settleFocus(wanted: String?) {
        guard let attached else { return }
        attached.tracker.settle(wanted: wanted) { element($0) != nil }
    }

    /// The focus move the browser is owed, once.
    func takeFocusMove() -> FocusMove? { attached?.tracker.takeMove() }

    /// The element with focus among those with a focus binding.
    var focusedID: String? { attached?.tracker.focusedID }

    /// Focus arrived at `element`: every other focus binding that says "here" lets go, then
    /// the element's takes focus.
    private func focusWrites(arrivingAt element: ElementNode, _ focus: FocusBinding) -> @MainActor () -> Void {
        let others = attached?.otherFocusedBindings(than: focus) ?? []
        return {
            for other in others { other.write(false) }
            focus.write(true)
        }
    }

    /// A `key` event: the handlers of the element and of the elements around it, innermost
    /// first, until one handles the press.
    private func keyPress(_ value: String?, at element: ElementNode) throws(EventError) -> @MainActor () -> Void {
        guard let value, let press = KeyPress(wireValue: value) else {
            throw .invalidValue("a key event needs the key's name, after the modifiers held (ArrowDown, Shift+Tab, Meta+s), not \(quoted(value ?? ""))")
        }
        var handlers: [KeyHandler] = []
        var takesAnyKey = false
        var current: ElementNode? = element
        while let node = current {
            if node.hasBehaviour, let attached = behaviour(of: node) {
                handlers += attached.keyHandlers.filter { ($0.keys?.contains(press.key) ?? true) && $0.accepts(press) }
                takesAnyKey = takesAnyKey || attached.keyHandlers.contains { $0.keys == nil }
            }
            current = node.hostElement
        }
        // A catch-all handler is sent every key: one it does not take changes nothing.
        guard !handlers.isEmpty || takesAnyKey else {
            throw .invalidValue("no view here handles the key \(quoted(value)) (handled: \(behaviour(of: element)?.keyNames.joined(separator: ", ") ?? "none"))")
        }
        return {
            for handler in handlers where handler.action(press) == .handled { return }
        }
    }

    // MARK: Events

    /// What `event` does, checked but not yet run: the one table of which handler takes which
    /// event type with which value. Checked in this order, each failure changing nothing: the
    /// element exists (`noSuchElement`), accepts events (`disabled`), handles the type
    /// (`unsupported`), the value is valid (`invalidValue`).
    func resolve(_ event: Event) throws(EventError) -> ResolvedEvent {
        guard let element = element(event.target) else { throw .noSuchElement(event.target) }
        // Focus leaving is taken from any element: one disabled while it had focus loses it.
        guard element.acceptsEvents || event.type == .blur else { throw .disabled(event.target) }
        switch event.type {
        case .focus, .blur:
            guard let focus = behaviour(of: element)?.focus else { throw .unsupported(type: event.type, target: event.target) }
            if event.type == .blur { return ResolvedEvent(element: element) { focus.write(false) } }
            return ResolvedEvent(element: element, run: focusWrites(arrivingAt: element, focus))
        case .key:
            guard behaviour(of: element)?.keyHandlers.isEmpty == false else { throw .unsupported(type: event.type, target: event.target) }
            return ResolvedEvent(element: element, run: try keyPress(event.value, at: element))
        case .hook:
            guard let hook = behaviour(of: element)?.hook, let receive = hook.receive else { throw .unsupported(type: event.type, target: event.target) }
            return ResolvedEvent(element: element, run: try receive(event.value ?? "").get())
        default:
            break
        }
        switch (element.handler, event.type) {
        case (.action(let action)?, .click):
            return ResolvedEvent(element: element, run: action)
        case (.text(let entry)?, .input), (.text(let entry)?, .change), (.text(let entry)?, .submit):
            let limit = entry.limit
            guard let value = event.value else { throw .invalidValue("a text event needs a value") }
            // Characters are counted only when the bytes leave it in doubt (a character is one
            // byte or more; the body that carried it is bounded). A character of more than four
            // Unicode scalars on average is no text a person typed (a family emoji is seven;
            // one letter under a megabyte of combining marks is one character).
            if value.utf8.count > limit {
                // Its length only: the text may be a password, which no answer or log line repeats.
                if value.count > limit { throw .invalidValue("this field takes at most \(limit) characters, not \(value.count)") }
                let scalars = value.unicodeScalars.count
                if scalars > 4 * limit {
                    throw .invalidValue("this field takes at most \(limit) characters of \(4 * limit) Unicode scalars, not \(scalars) scalars")
                }
            }
            let submits = event.type == .submit, commits = event.type != .input
            return ResolvedEvent(element: element, echo: value) {
                entry.binding.wrappedValue = value
                if commits { entry.commit?() }
                if submits { entry.onSubmit?() }
            }
        case (.toggle(let binding)?, .click):
            return ResolvedEvent(element: element) { binding.wrappedValue.toggle() }
        case (.toggle(let binding)?, .change):
            let isOn: Bool
            switch event.value {
            case "true": isOn = true
            case "false": isOn = false
            default: throw .invalidValue("a toggle's change needs value=true or value=false")
            }
            return ResolvedEvent(element: element) { binding.wrappedValue = isOn }
        case (.number(let input)?, .input), (.number(let input)?, .change):
            guard let text = event.value else { throw .invalidValue("a slider's event needs a value") }
            let value = try input.value(text).get()
            let isFinal = event.type == .change
            return ResolvedEvent(element: element, echo: NumberInput.format(value)) {
                if !isFinal, let editing = input.editing, !editing.isEditing {
                    editing.isEditing = true
                    input.onEditingChanged?(true)
                }
                input.binding.wrappedValue = value
                if isFinal, let editing = input.editing, editing.isEditing {
                    editing.isEditing = false
                    input.onEditingChanged?(false)
                }
            }
        case (.choice(let choice)?, .change), (.choice(let choice)?, .input):
            guard let value = event.value, let index = choice.options.firstIndex(of: value) else {
                throw .invalidValue("\(quoted(event.value ?? "")) is not one of the picker's options (\(choice.options.joined(separator: ", ")))")
            }
            return ResolvedEvent(element: element) { choice.select(index) }
        case (.date(let input)?, .change), (.date(let input)?, .input):
            guard let text = event.value else { throw .invalidValue("a date's event needs a value") }
            let date = try input.value(text).get()
            return ResolvedEvent(element: element, echo: input.format(date)) { input.binding.wrappedValue = date }
        case (.measure(let binding)?, .resize):
            let size = try MeasuredElement<EmptyView>.size(event.value ?? "").get()
            return ResolvedEvent(element: element) { if binding.wrappedValue != size { binding.wrappedValue = size } }
        case (.upload(let upload)?, .upload):
            if let refusal = upload.refusal(of: event.files) { throw .invalidValue(refusal) }
            let files = event.files
            return ResolvedEvent(element: element) { upload.take(files) }
        case (.dismiss(let dismiss)?, .dismiss):
            return ResolvedEvent(element: element, run: dismiss)
        default:
            throw .unsupported(type: event.type, target: event.target)
        }
    }

    /// Whether the field `id` runs an action on Return (a text field with `.onSubmit`).
    func submitsOnReturn(_ id: String) -> Bool {
        if case .text(let entry)? = element(id)?.handler { return entry.onSubmit != nil }
        return false
    }

    /// The event a form post's field `id` with `value` stands for: none if `id` is not a
    /// field (a text field, a text editor, a slider, a picker, a date) or already holds
    /// `value`. A changed text is an `input`, any other changed value a `change`. A password
    /// field posted empty stands for nothing: the page never shows what was typed into it, so
    /// it comes back empty with every post after the one that typed it.
    func fieldEvent(_ id: String, value: String) -> Event? {
        let element = element(id)
        switch element?.handler {
        case .text(let entry)?:
            if value.isEmpty, element?.spec.attributes.contains(Attribute("type", "password")) == true { return nil }
            // A formatted field's text is committed (parsed) as it would be on Return.
            return entry.binding.wrappedValue == value ? nil : Event(target: id, type: entry.commit == nil ? .input : .change, value: value)
        case .number(let input)?:
            return NumberInput.format(input.binding.wrappedValue) == value ? nil : Event(target: id, type: .change, value: value)
        case .choice(let choice)?:
            return choice.current() == value ? nil : Event(target: id, type: .change, value: value)
        case .date(let input)?:
            return input.format(input.binding.wrappedValue) == value ? nil : Event(target: id, type: .change, value: value)
        default:
            return nil
        }
    }
}

/// An event that passed every check: running it writes state.
@MainActor
struct ResolvedEvent {
    let element: ElementNode
    /// The text a text event sets: the field shows it already, so it is not sent back.
    var echo: String?
    let run: @MainActor () -> Void

    init(element: ElementNode, echo: String? = nil, run: @escaping @MainActor () -> Void) {
        self.element = element
        self.echo = echo
        self.run = run
    }
}
