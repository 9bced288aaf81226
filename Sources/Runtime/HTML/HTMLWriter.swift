/// Writes HTML straight into UTF-8 bytes. Every piece of text that did not come from
/// Statehouse itself goes through `escape`, the one escaping routine: it walks the bytes and
/// copies the runs between special characters in bulk.
struct HTMLWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 1024) { bytes.reserveCapacity(capacity) }

    mutating func open(_ tag: String) {
        bytes.append(UInt8(ascii: "<"))
        bytes.append(contentsOf: tag.utf8)
    }

    /// ` name="value"`, the value escaped. Names are Statehouse's own, never user input.
    mutating func attribute(_ name: String, _ value: String) {
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: name.utf8)
        bytes.append(contentsOf: #"=""#.utf8)
        HTMLWriter.escape(value, into: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func closeStartTag() { bytes.append(UInt8(ascii: ">")) }

    mutating func end(_ tag: String) {
        bytes.append(contentsOf: "</".utf8)
        bytes.append(contentsOf: tag.utf8)
        bytes.append(UInt8(ascii: ">"))
    }

    mutating func text(_ text: String) { HTMLWriter.escape(text, into: &bytes) }

    mutating func raw(_ markup: StaticString) {
        markup.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func raw(_ markup: String) { bytes.append(contentsOf: markup.utf8) }

    mutating func raw(_ markup: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: markup) }

    /// Escapes `&`, `<`, `>`, `"` and `'`, valid in text and in double- or single-quoted
    /// attribute values alike.
    static func escape(_ string: String, into bytes: inout [UInt8]) {
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
    static func escaped(_ string: String) -> String {
        var bytes: [UInt8] = []
        escape(string, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `string` reduced to `[A-Za-z0-9_-]` for use in an element id (other characters become
    /// `_`; an empty result becomes `_`).
    static func identifierFragment(_ string: String) -> String {
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
}
