import Foundation

/// Key equivalents consist of a letter, punctuation, or function key that can be combined
/// with an optional set of modifier keys to specify a keyboard shortcut.
///
/// ```swift
/// Button("Save") { save() }.keyboardShortcut("s")
/// List(items) { Row(item: $0) }.onKeyPress(.downArrow) { selectNext(); return .handled }
/// ```
public struct KeyEquivalent: Hashable, Sendable, ExpressibleByExtendedGraphemeClusterLiteral {
    /// The character value that the key equivalent represents.
    public let character: Character

    public init(_ character: Character) { self.character = character }
    public init(extendedGraphemeClusterLiteral character: Character) { self.character = character }

    public static let upArrow = KeyEquivalent("\u{F700}")
    public static let downArrow = KeyEquivalent("\u{F701}")
    public static let leftArrow = KeyEquivalent("\u{F702}")
    public static let rightArrow = KeyEquivalent("\u{F703}")
    public static let escape = KeyEquivalent("\u{1B}")
    public static let delete = KeyEquivalent("\u{7F}")
    public static let deleteForward = KeyEquivalent("\u{F728}")
    public static let home = KeyEquivalent("\u{F729}")
    public static let end = KeyEquivalent("\u{F72B}")
    public static let pageUp = KeyEquivalent("\u{F72C}")
    public static let pageDown = KeyEquivalent("\u{F72D}")
    public static let clear = KeyEquivalent("\u{F739}")
    public static let tab = KeyEquivalent("\t")
    public static let space = KeyEquivalent(" ")
    public static let `return` = KeyEquivalent("\r")

    /// The browser's names (`KeyboardEvent.key`) of the keys that are not a character.
    static let namedKeys: [(name: String, key: KeyEquivalent)] = [
        ("ArrowUp", .upArrow), ("ArrowDown", .downArrow), ("ArrowLeft", .leftArrow), ("ArrowRight", .rightArrow),
        ("Escape", .escape), ("Backspace", .delete), ("Delete", .deleteForward), ("Home", .home), ("End", .end),
        ("PageUp", .pageUp), ("PageDown", .pageDown), ("Clear", .clear), ("Tab", .tab), ("Enter", .return),
    ]

    /// The key's name in the browser: `ArrowUp`, `Enter`, `F5`, ` `, `a` (letters in lower case).
    var domName: String {
        if let named = Self.namedKeys.first(where: { $0.key == self }) { return named.name }
        if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
           (0xF704...0xF726).contains(scalar.value) {
            return "F\(scalar.value - 0xF703)"
        }
        return String(character).lowercased()
    }

    /// The key a browser's `KeyboardEvent.key` names, if it is one a view can handle.
    init?(domName name: String) {
        if let named = Self.namedKeys.first(where: { $0.name == name }) {
            self = named.key
        } else if name.count == 1, let character = name.lowercased().first {
            self.init(character)
        } else if name.hasPrefix("F"), let number = Int(name.dropFirst()), (1...35).contains(number),
                  let scalar = Unicode.Scalar(0xF703 + number) {
            self.init(Character(scalar))  // F1 is U+F704, as in AppKit
        } else {
            return nil
        }
    }
}

/// A set of key modifiers that you can add to a gesture or a keyboard shortcut.
///
/// ```swift
/// Button("Save All") { saveAll() }
///     .keyboardShortcut("s", modifiers: [.command, .shift])
/// ```
public struct EventModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let capsLock = EventModifiers(rawValue: 1)
    public static let shift = EventModifiers(rawValue: 2)
    public static let control = EventModifiers(rawValue: 4)
    public static let option = EventModifiers(rawValue: 8)
    /// Command on a Mac; Control (or the Windows key) elsewhere.
    public static let command = EventModifiers(rawValue: 16)
    public static let numericPad = EventModifiers(rawValue: 32)
    public static let function = EventModifiers(rawValue: 64)
    public static let all: EventModifiers = [.capsLock, .shift, .control, .option, .command, .numericPad, .function]

    /// The modifiers as the wire and ARIA spell them (`aria-keyshortcuts`), in that order.
    static let names: [(name: String, modifier: EventModifiers)] = [
        ("Control", .control), ("Alt", .option), ("Shift", .shift), ("Meta", .command),
    ]
}

/// A key press: the key, the characters it typed and the modifiers held.
///
/// ```swift
/// .onKeyPress(characters: .decimalDigits) { press in
///     pin.append(press.characters)
///     return .handled
/// }
/// ```
public struct KeyPress: Sendable {
    /// The phase of the key press.
    public let phase: Phases
    /// The key equivalent of the pressed key.
    public let key: KeyEquivalent
    /// The characters the key press produced (empty for arrows and other named keys).
    public let characters: String
    /// The modifier keys held with it.
    public let modifiers: EventModifiers

    /// The phases of a key press. The browser client sends `down` (and `repeat`, as `down`).
    ///
    /// ```swift
    /// .onKeyPress(.space, phases: .down) { _ in togglePlayback(); return .handled }
    /// ```
    public struct Phases: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let down = Phases(rawValue: 1)
        public static let `repeat` = Phases(rawValue: 2)
        public static let up = Phases(rawValue: 4)
        public static let all: Phases = [.down, .repeat, .up]
    }

    /// Whether a handler took the press; an ignored press goes on to the enclosing views.
    ///
    /// ```swift
    /// .onKeyPress(.escape) {
    ///     guard isEditing else { return .ignored }
    ///     isEditing = false
    ///     return .handled
    /// }
    /// ```
    public enum Result: Sendable {
        case handled, ignored
    }

    /// Reads a `key` event's value: the browser's key name after the modifiers held
    /// (`ArrowDown`, `Shift+ArrowDown`, `Meta+s`): `Meta` is `.command`, `Control` `.control`,
    /// `Alt` `.option`, `Shift` `.shift`.
    init?(wireValue: String) {
        var rest = Substring(wireValue)
        var modifiers: EventModifiers = []
        var matched = true
        while matched {
            matched = false
            for (name, modifier) in EventModifiers.names where rest.count > name.count + 1 && rest.hasPrefix(name + "+") {
                modifiers.insert(modifier)
                rest = rest.dropFirst(name.count + 1)
                matched = true
            }
        }
        guard let key = KeyEquivalent(domName: String(rest)) else { return nil }
        self.init(phase: .down, key: key, characters: rest.count == 1 ? String(rest) : "", modifiers: modifiers)
    }

    init(phase: Phases, key: KeyEquivalent, characters: String, modifiers: EventModifiers) {
        self.phase = phase
        self.key = key
        self.characters = characters
        self.modifiers = modifiers
    }
}

extension View {
    /// Performs an action if the user presses a key while this view (or a view inside it)
    /// has focus. The client prevents the browser's own handling of that key.
    public func onKeyPress(_ key: KeyEquivalent, action: @escaping @MainActor () -> KeyPress.Result) -> some View {
        onKeyPress(keys: [key]) { _ in action() }
    }

    /// Performs an action if the user presses a key in one of `phases`.
    public func onKeyPress(_ key: KeyEquivalent, phases: KeyPress.Phases, action: @escaping @MainActor (KeyPress) -> KeyPress.Result) -> some View {
        onKeyPress(keys: [key], phases: phases, action: action)
    }

    /// Performs an action if the user presses one or more keys.
    public func onKeyPress(keys: Set<KeyEquivalent>, phases: KeyPress.Phases = [.down, .repeat],
                           action: @escaping @MainActor (KeyPress) -> KeyPress.Result) -> some View {
        let handler = KeyHandler(keys: phases.isDisjoint(with: [.down, .repeat]) ? [] : Array(keys), accepts: { _ in true }, action: action)
        return modifier(BehaviourModifier(keyHandlers: [handler]))
    }

    /// Performs an action if the user presses a key that produces one of `characters`. The
    /// key still types into a text field: the browser cannot wait for the server's answer.
    public func onKeyPress(characters: CharacterSet, phases: KeyPress.Phases = [.down, .repeat],
                           action: @escaping @MainActor (KeyPress) -> KeyPress.Result) -> some View {
        let handler = KeyHandler(keys: phases.isDisjoint(with: [.down, .repeat]) ? [] : nil, accepts: { press in
            !press.characters.isEmpty && press.characters.unicodeScalars.allSatisfy(characters.contains)
        }, action: action)
        return modifier(BehaviourModifier(keyHandlers: [handler]))
    }

    /// Performs an action if the user presses any key. Keys still reach the browser.
    public func onKeyPress(phases: KeyPress.Phases = [.down, .repeat], action: @escaping @MainActor (KeyPress) -> KeyPress.Result) -> some View {
        let keys: [KeyEquivalent]? = phases.isDisjoint(with: [.down, .repeat]) ? [] : nil
        return modifier(BehaviourModifier(keyHandlers: [KeyHandler(keys: keys, accepts: { _ in true }, action: action)]))
    }
}

/// Keyboard shortcuts describe combinations of keys on a keyboard that the user can press in
/// order to interact with your app.
///
/// ```swift
/// Button("Cancel", role: .cancel) { dismiss() }
///     .keyboardShortcut(.cancelAction)
/// ```
public struct KeyboardShortcut: Hashable, Sendable {
    public let key: KeyEquivalent
    public let modifiers: EventModifiers

    public init(_ key: KeyEquivalent, modifiers: EventModifiers = .command) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Return: the default button of a form or dialog.
    public static let defaultAction = KeyboardShortcut(.return, modifiers: [])
    /// Escape: the button that cancels.
    public static let cancelAction = KeyboardShortcut(.escape, modifiers: [])

    /// As `aria-keyshortcuts` spells it: `Meta+S`, `Enter`, `Shift+ArrowUp`.
    var ariaValue: String {
        var parts = EventModifiers.names.filter { modifiers.contains($0.modifier) }.map(\.name)
        let name = key.domName
        parts.append(name == " " ? "Space" : name.count == 1 ? name.uppercased() : name)
        return parts.joined(separator: "+")
    }
}

extension View {
    /// Assigns a keyboard shortcut to the modified control (a `Button`): pressing it anywhere
    /// on the page presses the button. The button says so (`aria-keyshortcuts`); Command is
    /// Command on a Mac and Control elsewhere.
    public func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .command) -> some View {
        keyboardShortcut(KeyboardShortcut(key, modifiers: modifiers))
    }

    /// Assigns a keyboard shortcut to the modified control.
    public func keyboardShortcut(_ shortcut: KeyboardShortcut) -> some View {
        modifier(AttributeModifier(attributes: [Attribute("aria-keyshortcuts", shortcut.ariaValue)]))
    }

    /// Assigns an optional keyboard shortcut to the modified control (none for nil).
    public func keyboardShortcut(_ shortcut: KeyboardShortcut?) -> some View {
        modifier(AttributeModifier(attributes: shortcut.map { [Attribute("aria-keyshortcuts", $0.ariaValue)] } ?? []))
    }
}
