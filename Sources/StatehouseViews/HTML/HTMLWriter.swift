/// Writes HTML straight into UTF-8 bytes. Every piece of text that did not come from
/// Statehouse itself goes through `escape`, the one escaping routine: it walks the bytes and
/// copies the runs between special characters in bulk.
///
/// A host's `HTMLRendering` writes its attributes with `attribute(_:_:)`:
///
/// ```swift
/// writer.attribute("form", "sh")
/// ```
package struct HTMLWriter: ~Copyable {
    /// The bytes, in a buffer of its own (`capacity` bytes, the first `written` of them
    /// written): writing a piece is a bounds check and a copy. (An array checked that it was
    /// not shared, each piece: most pieces are a few bytes, and a page has ten or more per
    /// element.) Not copyable, so no two writers ever share it.
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var written = 0
    /// Whether `base` is the writer's own allocation (else it writes into its caller's
    /// memory, `init(writingInto:)`, until a piece does not fit there).
    private var ownsBase = true

    /// What has been written so far (a copy).
    package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: written)) }

    package init(capacity: Int = 1024) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    /// A writer that writes into `buffer` (the uninitialised storage of an array being made:
    /// `LiveTree.render(appendingTo:)`), as long as what it writes fits there; then into a
    /// buffer of its own (`wroteInPlace` is false). `buffer` must not be empty.
    init(writingInto buffer: UnsafeMutableBufferPointer<UInt8>) {
        base = buffer.baseAddress!
        capacity = buffer.count
        ownsBase = false
    }

    deinit { if ownsBase { base.deallocate() } }

    /// Whether everything written is in the buffer the writer was made with
    /// (`init(writingInto:)`), the first `count` bytes of it.
    var wroteInPlace: Bool { !ownsBase }
    /// How many bytes are written.
    var count: Int { written }

    /// Appends the bytes written to `bytes` (into its spare capacity, if it has enough); the
    /// writer is left empty.
    mutating func finish(appendingTo bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: written))
        written = 0
    }

    /// The bytes written, as a string (one copy).
    func string() -> String {
        String(decoding: UnsafeBufferPointer(start: base, count: written), as: UTF8.self)
    }

    /// Copies `count` bytes from `source` after what is written.
    @inline(__always)
    private mutating func put(_ source: UnsafePointer<UInt8>, _ count: Int) {
        if count > capacity &- written { grow(toFit: count) }
        (base + written).initialize(from: source, count: count)
        written &+= count
    }

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        if written == capacity { grow(toFit: 1) }
        base[written] = byte
        written &+= 1
    }

    @inline(__always)
    private mutating func put(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let start = buffer.baseAddress else { return }
        put(start, buffer.count)
    }

    @inline(__always)
    private mutating func put(_ literal: StaticString) {
        put(literal.utf8Start, literal.utf8CodeUnitCount)
    }

    /// Doubles the room, at least to what the next piece needs.
    @inline(never)
    private mutating func grow(toFit count: Int) {
        let larger = Swift.max(capacity * 2, written + count)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.moveInitialize(from: base, count: written)
        if ownsBase { base.deallocate() }
        ownsBase = true
        base = moved
        capacity = larger
    }

    mutating func open(_ tag: Literal) {
        put(UInt8(ascii: "<"))
        put(tag.bytes)
    }

    /// ` name="value"` for one of Statehouse's own attribute names, the value escaped.
    package mutating func attribute(_ name: StaticString, _ value: String) {
        put(UInt8(ascii: " "))
        put(name)
        attributeValue(value)
    }

    /// ` name="value"`, the value escaped. Names are Statehouse's own, never user input.
    mutating func attribute(_ name: String, _ value: String) {
        put(UInt8(ascii: " "))
        putUTF8(name)
        attributeValue(value)
    }

    /// Before one part of an attribute whose value is joined from parts (`class`, `style`):
    /// ` name="` before the first, `separator` before the others. (No joined string is built.)
    mutating func joinedAttributePart(_ name: StaticString, separator: UInt8, started: inout Bool) {
        if started {
            put(separator)
        } else {
            put(UInt8(ascii: " "))
            put(name)
            put(#"=""#)
            started = true
        }
    }

    /// Text inside an attribute value or element, escaped.
    mutating func escaped(_ text: String) { escape(text) }

    /// Closes a joined attribute, if any part was written.
    mutating func endJoinedAttribute(_ started: Bool) {
        if started { put(UInt8(ascii: "\"")) }
    }

    /// `="value"`, escaped.
    private mutating func attributeValue(_ value: String) {
        put(#"=""#)
        escape(value)
        put(UInt8(ascii: "\""))
    }

    /// ` id="ID"`, a generated id written from its number: ids are `[A-Za-z0-9_-]` by
    /// construction, so nothing needs escaping.
    mutating func id(_ id: ElementID) {
        put(#" id=""#)
        switch id {
        case .named(let name): putUTF8(name)
        case .generated(let number):
            if capacity &- written < HTMLWriter.generatedIDLength { grow(toFit: HTMLWriter.generatedIDLength) }
            written &+= HTMLWriter.writeGeneratedID(number, into: base + written)
        }
        put(UInt8(ascii: "\""))
    }

    /// The most bytes a generated id takes (`_` and a 64-bit number in base 36).
    private static let generatedIDLength = 15

    /// `_` and `number` in base 36: a generated element id (a small string, built in place).
    static func generatedID(_ number: Int) -> String {
        String(unsafeUninitializedCapacity: generatedIDLength) { buffer in
            writeGeneratedID(number, into: buffer.baseAddress!)
        }
    }

    /// Writes `_` and `number` in base 36 at `start`; returns how many bytes it took.
    private static func writeGeneratedID(_ number: Int, into start: UnsafeMutablePointer<UInt8>) -> Int {
        var digits = 0
        var rest = number
        repeat { digits += 1; rest /= 36 } while rest > 0
        start[0] = UInt8(ascii: "_")
        rest = number
        for index in stride(from: digits, to: 0, by: -1) {
            let digit = UInt8(rest % 36)
            start[index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
            rest /= 36
        }
        return digits + 1
    }

    mutating func closeStartTag() { put(UInt8(ascii: ">")) }

    mutating func end(_ tag: Literal) {
        put("</")
        put(tag.bytes)
        put(UInt8(ascii: ">"))
    }

    mutating func text(_ text: String) { escape(text) }

    mutating func raw(_ markup: StaticString) { put(markup) }

    mutating func raw(_ markup: UnsafeBufferPointer<UInt8>) { put(markup) }

    /// Writes `string` escaped (see `escape(_:into:)`).
    private mutating func escape(_ string: String) {
        HTMLWriter.withBytes(of: string) { utf8 in
            HTMLWriter.forEachEscapedRun(utf8) { put($0) }
        }
    }

    /// Copies `string`'s UTF-8 bytes as they are.
    private mutating func putUTF8(_ string: String) {
        HTMLWriter.withBytes(of: string) { put($0) }
    }

    /// Calls `body` with `string`'s UTF-8 bytes: in place for a native or a small string, else
    /// (a bridged one) from a copy. (`withUTF8`, which may have to make the bytes contiguous,
    /// needs a `var` copy of the string: retained and released, every piece of text written.)
    @inline(__always)
    private static func withBytes<R>(of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var string = string
        return string.withUTF8(body)
    }

    /// Escapes `&`, `<`, `>`, `"` and `'`, valid in text and in double- or single-quoted
    /// attribute values alike.
    package static func escape(_ string: String, into bytes: inout [UInt8]) {
        withBytes(of: string) { utf8 in
            forEachEscapedRun(utf8) { bytes.append(contentsOf: $0) }
        }
    }

    /// The one escaping routine: hands `write` the runs of `utf8` between special characters,
    /// as they are, and each special character's entity.
    @inline(__always)
    private static func forEachEscapedRun(_ utf8: UnsafeBufferPointer<UInt8>, _ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        var runStart = 0
        for index in 0..<utf8.count where isSpecial(utf8[index]) {
            let replacement: StaticString
            switch utf8[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            default: preconditionFailure("isSpecial and the entities name the same five characters")
            }
            write(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            write(UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            runStart = index + 1
        }
        write(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    }

    /// Whether `byte` is one of `&`, `<`, `>`, `"`, `'` (all below 64: one bit each of a mask,
    /// one test a byte instead of five comparisons).
    @inline(__always)
    private static func isSpecial(_ byte: UInt8) -> Bool {
        let specials: UInt64 = 1 << 0x26 | 1 << 0x3C | 1 << 0x3E | 1 << 0x22 | 1 << 0x27
        return byte < 64 && specials & (1 << UInt64(byte)) != 0
    }

    /// `string` escaped as HTML text.
    package static func escaped(_ string: String) -> String {
        var bytes: [UInt8] = []
        escape(string, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `string` reduced to `[A-Za-z0-9_-]` for use in an element id (other characters become
    /// `_`; an empty result becomes `_`).
    static func identifierFragment(_ string: String) -> String {
        // Most ids are fragments already (`click`, `title-3`): those are kept as they are.
        // (Over the bytes in place: `allSatisfy` on the UTF-8 view steps through its index.)
        let isFragment = string.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.isEmpty && bytes.allSatisfy(isIdentifierByte)
        }
        if isFragment ?? (!string.isEmpty && string.utf8.allSatisfy(isIdentifierByte)) { return string }
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
