/// `application/x-www-form-urlencoded` fields, in the order sent (document order, for a form).
struct FormData {
    var fields: [(name: String, value: String)] = []

    /// The first value of `name`.
    subscript(name: String) -> String? { fields.first { $0.name == name }?.value }

    var dictionary: [String: String] {
        var result: [String: String] = [:]
        for field in fields where result[field.name] == nil { result[field.name] = field.value }
        return result
    }

    /// Decodes a form body. Returns nil when a percent escape is malformed; invalid UTF-8 is
    /// repaired (U+FFFD), never passed on.
    static func decode(_ string: String) -> FormData {
        // (Most requests have no query: no copy of nothing.)
        guard !string.isEmpty else { return FormData() }
        return decode(Array(string.utf8)) ?? FormData()
    }

    static func decode(_ bytes: [UInt8]) -> FormData? {
        bytes.withUnsafeBufferPointer(decode)
    }

    /// One pass over the bytes, with no copies of them but the decoded strings (an event's
    /// names and values are short, so most strings are stored inline, without allocating).
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> FormData? {
        var form = FormData()
        form.fields.reserveCapacity(bytes.reduce(1) { $1 == UInt8(ascii: "&") ? $0 + 1 : $0 })
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
            if end > start {
                let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")) ?? end
                guard let name = percentDecode(UnsafeBufferPointer(rebasing: bytes[start..<equals])) else { return nil }
                let rawValue = equals < end ? bytes[(equals + 1)..<end] : bytes[end..<end]
                guard let value = percentDecode(UnsafeBufferPointer(rebasing: rawValue)) else { return nil }
                form.fields.append((name, value))
            }
            start = end + 1
        }
        return form
    }

    private static func percentDecode(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var wellFormed = true
        // Repairs invalid UTF-8 (U+FFFD), as `String(decoding:)` does.
        let string = String(unsafeUninitializedCapacity: bytes.count) { out in
            var count = 0, index = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "+"):
                    out[count] = UInt8(ascii: " ")
                case UInt8(ascii: "%"):
                    guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
                        wellFormed = false
                        return 0
                    }
                    out[count] = high << 4 | low
                    index += 2
                default:
                    out[count] = bytes[index]
                }
                count += 1
                index += 1
            }
            return count
        }
        return wellFormed ? string : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Encodes fields as a form body.
    static func encode(_ fields: [(String, String)]) -> String {
        fields.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    private static func escape(_ string: String) -> String {
        var out = ""
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return out
    }
}

private extension String {
    var leftPadded: String { count == 1 ? "0" + self : self }
}
