import Foundation

/// What `.clientHook` attaches to an element: the name of the app's browser-side hook, the value
/// the view gives it (JSON), and how the view takes the hook's messages.
@MainActor
struct ClientHook {
    let name: String
    let value: String?
    /// Decodes a message (JSON) into what it does, or says why it cannot be taken.
    let receive: (@MainActor (String) -> Result<@MainActor () -> Void, EventError>)?

    /// What the element's HTML says of the hook: a change is sent to the browser (`updated`).
    var attributes: [String?] { [name, value] }

    /// A hook's name: a letter, then letters, digits, `_` or `-` (a key of `Statehouse.hooks`).
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, CharacterSet.letters.contains(first) else { return false }
        return name.utf8.count <= 64 && name.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-")
        }
    }

    /// `value` as the JSON the hook reads (keys sorted: an unchanged value is the same text).
    static func json(_ value: (any Encodable)?) -> String? {
        guard let value else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            preconditionFailure("clientHook: the value \(type(of: value)) does not encode as JSON: \(error)")
        }
    }
}

extension View {
    /// Attaches the app's browser-side hook `name` to this view's element: a script of the app
    /// (`.script("hooks.js")` on its routes) registers it as `Statehouse.hooks[name]`, an object
    /// whose `mounted`, `updated` and `destroyed` functions the client calls as the element
    /// comes, changes and goes. `value` (any `Encodable`) is handed to the hook as `this.value`,
    /// parsed from JSON; a new value calls `updated`. The hook does what the server cannot (the
    /// clipboard, a canvas, a map library); without JavaScript it does nothing.
    ///
    /// ```swift
    /// Text(code).clientHook("Highlight", value: ["language": "swift"])
    /// ```
    ///
    /// ```js
    /// Statehouse.hooks.Highlight = {
    ///   mounted() { highlight(this.el, this.value.language); },
    ///   updated() { highlight(this.el, this.value.language); },
    /// };
    /// ```
    public func clientHook(_ name: String, value: (any Encodable)? = nil) -> some View {
        precondition(ClientHook.isValidName(name), "clientHook: \(name.debugDescription) is not a hook's name (a letter, then letters, digits, _ or -)")
        return modifier(HookModifier(hook: ClientHook(name: name, value: ClientHook.json(value), receive: nil)))
    }

    /// Attaches the browser-side hook `name`, and takes its messages: `this.send(message)` in
    /// the hook posts `message` as JSON, which is decoded as `Message` and handed to `perform`
    /// on the main actor, as a button's action runs. A message that does not decode is refused
    /// (400) and changes nothing.
    ///
    /// ```swift
    /// struct Copied: Decodable { let characters: Int }
    ///
    /// Button("Copy") {}
    ///     .clientHook("Clipboard", value: draft) { (copied: Copied) in
    ///         status = "Copied \(copied.characters) characters"
    ///     }
    /// ```
    ///
    /// ```js
    /// Statehouse.hooks.Clipboard = {
    ///   mounted() {
    ///     this.el.addEventListener('click', async () => {
    ///       await navigator.clipboard.writeText(this.value);
    ///       this.send({ characters: this.value.length });
    ///     });
    ///   },
    /// };
    /// ```
    public func clientHook<Message: Decodable>(_ name: String, value: (any Encodable)? = nil,
                                               perform: @escaping @MainActor (Message) -> Void) -> some View {
        precondition(ClientHook.isValidName(name), "clientHook: \(name.debugDescription) is not a hook's name (a letter, then letters, digits, _ or -)")
        let receive: @MainActor (String) -> Result<@MainActor () -> Void, EventError> = { json in
            do {
                // Decoded here and used only by the action below, on the main actor.
                nonisolated(unsafe) let message = try JSONDecoder().decode(Message.self, from: Data(json.utf8))
                return .success { perform(message) }
            } catch {
                return .failure(.invalidValue("the hook \(name)'s message \(quoted(json)) is not a \(Message.self): \(Self.reason(error))"))
            }
        }
        return modifier(HookModifier(hook: ClientHook(name: name, value: ClientHook.json(value), receive: receive)))
    }

    private nonisolated static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: "no \(key.stringValue)"
        case .typeMismatch(let type, let context)?: "\(context.codingPath.map(\.stringValue).joined(separator: ".")) is not a \(type)"
        case .valueNotFound(let type, let context)?: "\(context.codingPath.map(\.stringValue).joined(separator: ".")) has no \(type)"
        case .dataCorrupted?: "not JSON"
        default: "\(error)"
        }
    }
}

/// `.clientHook`: attached to the next element down, as `.onKeyPress` is.
struct HookModifier: ContextModifier {
    let hook: ClientHook

    func modify(_ context: inout Context) {
        context.pending.behaviour = ElementBehaviour.adding(hook: hook, to: context.pending.behaviour)
    }
}
