/// A plural category of the Unicode CLDR: which form of a string a number takes in a language
/// (English has `one` and `other`; Russian `one`, `few`, `many`; Arabic all six).
enum PluralCategory: String, Sendable, Hashable {
    case zero, one, two, few, many, other

    /// The category of the whole number `n` in `language` (its code: `de`, `pt`, `ru`), by the
    /// CLDR's cardinal rules for integers. A language not listed takes `one` for 1, as most
    /// European languages do.
    static func of(_ n: Int64, language: String) -> PluralCategory {
        let n = n.magnitude
        let mod10 = n % 10, mod100 = n % 100
        switch language {
        case "ja", "zh", "ko", "th", "vi", "id", "ms", "lo", "my", "km", "yue":
            return .other
        case "fr", "pt", "hi", "bn", "fa", "am", "zu":
            return n <= 1 ? .one : .other
        case "ru", "uk", "be":
            if mod10 == 1 && mod100 != 11 { return .one }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
            return .many
        case "pl":
            if n == 1 { return .one }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
            return .many
        case "cs", "sk":
            if n == 1 { return .one }
            return (2...4).contains(n) ? .few : .other
        case "ar":
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default: return (3...10).contains(mod100) ? .few : (11...99).contains(mod100) ? .many : .other
            }
        case "he":
            return n == 1 ? .one : n == 2 ? .two : .other
        default:
            return n == 1 ? .one : .other
        }
    }
}
