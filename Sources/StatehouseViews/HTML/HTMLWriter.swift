/// Writes HTML straight into UTF-8 bytes. Every piece of text that did not come from
/// Statehouse itself goes through `escape`, the one escaping routine: it walks the bytes and
/// copies the runs between special characters in bulk.
///
/// A host's `HTMLRendering` writes its attributes with `attribute(_:_:)`:
///
/// ```swift
/// writer.attribute("form", "sh")
/// ```
public struct HTMLWriter {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 1024) { bytes.reserveCapacity(capacity) }

    /// Writes on after what `bytes` holds, which it takes (left empty: no copy).
    init(continuing bytes: inout [UInt8]) { swap(&self.bytes, &bytes) }

    mutating func open(_ tag: Literal) {
        bytes.append(UInt8(ascii: "<"))
        bytes.append(contentsOf: tag.bytes)
    }

    /// ` name="value"` for one of Statehouse's own attribute names, the value escaped.
    public mutating func attribute(_ name: StaticString, _ value: String) {
        bytes.append(UInt8(ascii: " "))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        attributeValue(value)
    }

    /// ` name="value"`, the value escaped. Names are Statehouse's own, never user input.
    mutating func attribute(_ name: String, _ value: String) {
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: name.utf8)
        attributeValue(value)
    }

    /// Before one part of an attribute whose value is joined from parts (`class`, `style`):
    /// ` name="` before the first, `separator` before the others. (No joined string is built.)
    mutating func joinedAttributePart(_ name: StaticString, separator: UInt8, started: inout Bool) {
        if started {
            bytes.append(separator)
        } else {
            bytes.append(UInt8(ascii: " "))
            name.withUTF8Buffer { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: #"=""#.utf8)
            started = true
        }
    }

    /// Text inside an attribute value or element, escaped.
    mutating func escaped(_ text: String) { HTMLWriter.escape(text, into: &bytes) }

    /// Closes a joined attribute, if any part was written.
    mutating func endJoinedAttribute(_ started: Bool) {
        if started { bytes.append(UInt8(ascii: "\"")) }
    }

    /// `="value"`, escaped.
    private mutating func attributeValue(_ value: String) {
        bytes.append(UInt8(ascii: "="))
        bytes.append(UInt8(ascii: "\""))
        HTMLWriter.escape(value, into: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// ` id="ID"`: ids are `[A-Za-z0-9_-]` by construction, so nothing needs escaping.
    mutating func id(_ id: String) {
        raw(#" id=""#)
        var id = id
        id.withUTF8 { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `_` and `number` in base 36: a generated element id (a small string, built in place).
    static func generatedID(_ number: Int) -> String {
        String(unsafeUninitializedCapacity: 15) { buffer in
            var digits = 0
            var rest = number
            repeat { digits += 1; rest /= 36 } while rest > 0
            buffer[0] = UInt8(ascii: "_")
            rest = number
            for index in stride(from: digits, to: 0, by: -1) {
                let digit = UInt8(rest % 36)
                buffer[index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
                rest /= 36
            }
            return digits + 1
        }
    }

    mutating func closeStartTag() { bytes.append(UInt8(ascii: ">")) }

    mutating func end(_ tag: Literal) {
        bytes.append(UInt8(ascii: "<"))
        bytes.append(UInt8(ascii: "/"))
        bytes.append(contentsOf: tag.bytes)
        bytes.append(UInt8(ascii: ">"))
    }

    mutating func text(_ text: String) { HTMLWriter.escape(text, into: &bytes) }

    mutating func raw(_ markup: StaticString) {
        markup.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func raw(_ markup: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: markup) }

    /// Escapes `&`, `<`, `>`, `"` and `'`, valid in text and in double- or single-quoted
    /// attribute values alike.
    package static func escape(_ string: String, into bytes: inout [UInt8]) {
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let replacement: StaticString
                switch utf8[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                default: continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                replacement.withUTF8Buffer { bytes.append(contentsOf: $0) }
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
    }

    /// `string` escaped as HTML text.
    public static func escaped(_ string: String) -> String {
        var bytes: [UInt8] = []
        escape(string, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `string` reduced to `[A-Za-z0-9_-]` for use in an element id (other characters become
    /// `_`; an empty result becomes `_`).
    static func identifierFragment(_ string: String) -> String {
        // Most ids are fragments already (`click`, `title-3`): those are kept as they are.
        if !string.isEmpty, string.utf8.allSatisfy(isIdentifierByte) { return string }
        var result = ""
        result.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9", "_", "-": result.unicodeScalars.append(scalar)
            default: result.append("_")
            }
        }
        return result.isEmpty ? "_" : result
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"): true
        default: false
        }
    }
}
