/// A URL's delimiters (`?`, `/`, `&`, `=`) found as bytes, as HTTP defines them, not as
/// characters: a character is a grapheme cluster, and a prepended mark (U+06DD, say) or a
/// combining accent joins the delimiter beside it into one character that is not `?` or `/`,
/// which hid the query or a segment boundary (FuzzForm found it).
package extension StringProtocol {
    /// The parts between the bytes `delimiter` (ASCII), at most `maxSplits` splits, like
    /// `split(separator:maxSplits:omittingEmptySubsequences:)`.
    func split(byte delimiter: UInt8, maxSplits: Int = .max, omittingEmpty: Bool) -> [SubSequence] {
        var parts: [SubSequence] = []
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == delimiter, parts.count < maxSplits {
                if !omittingEmpty || start != index { parts.append(self[start..<index]) }
                start = utf8.index(after: index)
            }
            utf8.formIndex(after: &index)
        }
        if !omittingEmpty || start != utf8.endIndex { parts.append(self[start..<utf8.endIndex]) }
        return parts
    }

    /// Whether the UTF-8 bytes begin with `prefix`'s (no Unicode equivalence: URLs compare
    /// as bytes).
    func hasPrefix(bytes prefix: some StringProtocol) -> Bool {
        utf8.starts(with: prefix.utf8)
    }
}
