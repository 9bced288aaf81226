import Foundation
import Synchronization

/// The app's translations, found in its resources: every String Catalog
/// (`Localizable.xcstrings`, read as the JSON it is: SwiftPM on Linux does not compile it) and
/// every `.strings` table in a language folder (`de.lproj/Localizable.strings`). A catalog's
/// file name without its extension is its table's name (`Text(_:tableName:)`).
///
/// The resources are those of ``AssetCatalog``: the SwiftPM bundles beside the executable
/// (`resources: [.copy("Localizable.xcstrings")]`, or `.copy("de.lproj")`).
///
/// A page's language is chosen when the page is made, from the browser's `Accept-Language` among
/// the languages the catalogs have (and the source language): ``EnvironmentValues/locale`` is
/// that language with the browser's region, and the document's `lang` and `dir` say it. An app
/// or its user may choose another for a part of the page with `.environment(\.locale, …)`.
public final class LocalizationCatalog: Sendable {
    /// One string of one language: a text, or a text per plural category (`one`, `other`, …).
    enum Entry: Sendable, Equatable {
        case text(String)
        case plural([PluralCategory: String])
    }

    /// The language the keys are written in (a String Catalog's `sourceLanguage`; `en` if no
    /// catalog says).
    public let sourceLanguage: String
    /// The languages some table has strings for, and the source language.
    public let languages: Set<String>
    /// Strings by table, then language, then key, for each resource root in order.
    private let roots: [(root: String, tables: [String: [String: [String: Entry]]])]
    /// The languages' identifiers, lowercased, to the catalog's spelling (`pt-br` → `pt-BR`).
    private let spellings: [String: String]
    /// Which catalog language a locale's texts come from, by the locale's identifier.
    private let chosen = Mutex<[String: String?]>([:])

    /// The catalog of the running program's resources, read when first used.
    public static let main = LocalizationCatalog(roots: AssetCatalog.resourceRoots())

    /// Whether any translation was found: if not, texts do not keep their keys and arguments
    /// (nothing to look up), and cost what they did before localization.
    @usableFromInline static let isActive = !main.roots.allSatisfy { $0.tables.isEmpty }

    /// Reads the catalogs and tables in `roots` (folders: a bundle's resources).
    public init(roots: [URL]) {
        var found: [(String, [String: [String: [String: Entry]]])] = []
        var source: String?
        for url in roots {
            let root = url.standardizedFileURL.path
            var tables: [String: [String: [String: Entry]]] = [:]
            Self.scan(root: root, into: &tables, sourceLanguage: &source)
            found.append((root, tables))
        }
        self.roots = found
        sourceLanguage = source ?? "en"
        var languages: Set<String> = [sourceLanguage]
        for (_, tables) in found { for table in tables.values { languages.formUnion(table.keys) } }
        self.languages = languages
        spellings = Dictionary(languages.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: Looking up

    /// The string `key` has in `language`, from `table` (in `bundle`'s resources first).
    func entry(_ key: String, table: String?, bundle: Bundle?, language: String) -> Entry? {
        let table = table ?? "Localizable"
        if let bundle, let path = bundle.resourceURL?.standardizedFileURL.path,
           let entry = roots.first(where: { $0.root == path })?.tables[table]?[language]?[key] {
            return entry
        }
        for root in roots { if let entry = root.tables[table]?[language]?[key] { return entry } }
        return nil
    }

    /// The string `key` has in `language`, as one text (the `other` form of a plural), or nil.
    public func string(_ key: String, table: String? = nil, language: String) -> String? {
        switch entry(key, table: table, bundle: nil, language: language) {
        case .text(let text): text
        case .plural(let forms): forms[.other] ?? forms.values.first
        case nil: nil
        }
    }

    /// The catalog language whose strings `locale` shows: its identifier (`pt-BR`), its language
    /// and script (`zh-Hans`), or its language (`de`); nil if the catalogs have none of those.
    func language(for locale: Locale) -> String? {
        let identifier = locale.identifier
        if let known = chosen.withLock({ $0[identifier] }) { return known }
        let found = Self.candidates(for: locale).lazy.compactMap { self.spellings[$0.lowercased()] }.first
        chosen.withLock { $0[identifier] = .some(found) }
        return found
    }

    private static func candidates(for locale: Locale) -> [String] {
        var tags = [locale.identifier.replacingOccurrences(of: "_", with: "-")]
        if let code = locale.language.languageCode?.identifier {
            if let script = locale.language.script?.identifier { tags.append(code + "-" + script) }
            if let region = locale.region?.identifier { tags.append(code + "-" + region) }
            tags.append(code)
        }
        return tags
    }

    // MARK: Choosing a page's language

    /// The language of a page for a browser that sent `acceptLanguage` (`de-CH,de;q=0.9,en;q=0.5`):
    /// the first of its languages (by weight) that the catalogs have, else the source language;
    /// with the region of the browser's first language that names one. Nil without the header
    /// (a script, a health check): the page then shows its texts as written, and formats as the
    /// server does.
    public func pageLanguage(acceptLanguage: String?) -> PageLanguage? {
        guard let header = acceptLanguage, header.utf8.count <= 512 else { return nil }
        let ranges = Self.weightedRanges(header)
        guard !ranges.isEmpty else { return nil }
        let region = ranges.lazy.compactMap { Locale(identifier: $0).region?.identifier }.first
        for range in ranges {
            let locale = Locale(identifier: range)
            if let language = spellings[range.lowercased()] ?? language(for: locale) {
                return PageLanguage(tag: language, region: locale.region?.identifier ?? region)
            }
        }
        return PageLanguage(tag: sourceLanguage, region: region)
    }

    /// The language ranges of an `Accept-Language` value, heaviest first (equal weights in the
    /// order given); `*`, weight 0 and malformed ranges left out.
    static func weightedRanges(_ header: String) -> [String] {
        var ranges: [(range: String, weight: Double, order: Int)] = []
        for (order, item) in header.split(separator: ",").prefix(32).enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let range = parts.first, !range.isEmpty, range != "*", range.utf8.count <= 35,
                  range.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            if weight > 0 { ranges.append((range, weight, order)) }
        }
        return ranges.sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.order < $1.order }.map(\.range)
    }

    // MARK: Reading

    private static func scan(root: String, into tables: inout [String: [String: [String: Entry]]], sourceLanguage: inout String?) {
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(atPath: root) else { return }
        while let relative = enumerator.nextObject() as? String {
            let parts = relative.split(separator: "/")
            guard let last = parts.last else { continue }
            if last.hasPrefix(".") || last.hasSuffix(".xcassets") {
                enumerator.skipDescendants()
                continue
            }
            let name = String(last)
            let table = (name as NSString).deletingPathExtension
            if name.hasSuffix(".xcstrings"), let data = manager.contents(atPath: root + "/" + relative),
               let catalog = try? JSONDecoder().decode(StringCatalogFile.self, from: data) {
                if sourceLanguage == nil { sourceLanguage = catalog.sourceLanguage }
                for (key, string) in catalog.strings {
                    for (language, localization) in string.localizations ?? [:] {
                        guard let entry = localization.entry else { continue }
                        tables[table, default: [:]][language, default: [:]][key] = entry
                    }
                }
            } else if name.hasSuffix(".strings"), parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj"),
                      let data = manager.contents(atPath: root + "/" + relative),
                      let strings = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String] {
                let language = String(parts[parts.count - 2].dropLast(".lproj".count))
                for (key, value) in strings where tables[table]?[language]?[key] == nil {
                    tables[table, default: [:]][language, default: [:]][key] = .text(value)
                }
            }
        }
    }

    /// What a String Catalog holds (the parts read here: a string unit per language, or its
    /// plural variations).
    private struct StringCatalogFile: Decodable {
        struct StringEntry: Decodable {
            let localizations: [String: Localization]?
        }
        struct Localization: Decodable {
            struct Unit: Decodable { let value: String }
            struct Variations: Decodable { let plural: [String: Variant]? }
            struct Variant: Decodable { let stringUnit: Unit? }
            let stringUnit: Unit?
            let variations: Variations?

            var entry: Entry? {
                if let plural = variations?.plural {
                    var forms: [PluralCategory: String] = [:]
                    for (name, variant) in plural {
                        if let category = PluralCategory(rawValue: name), let value = variant.stringUnit?.value { forms[category] = value }
                    }
                    return forms.isEmpty ? nil : .plural(forms)
                }
                return stringUnit.map { .text($0.value) }
            }
        }
        let sourceLanguage: String
        let strings: [String: StringEntry]
    }
}

/// The language a page's texts are in: the catalog's language (`de`, `pt-BR`) and the browser's
/// region, which formats numbers and dates (`de` with `CH`: `1’234.5`).
public struct PageLanguage: Sendable, Equatable {
    /// The language as the document's `lang` writes it (BCP 47).
    public let tag: String
    /// The browser's region (`DE`), if it named one.
    public let region: String?
    public static func == (a: Self, b: Self) -> Bool { a.tag == b.tag && a.region == b.region }

    /// The locale the page's views see as `\.locale`.
    public let locale: Locale

    public init(tag: String, region: String?) {
        self.tag = tag
        self.region = region
        var identifier = tag
        if let region, Locale(identifier: tag).region == nil { identifier += "-" + region }
        locale = Locale(identifier: identifier)
    }

    /// Whether the language is written right to left (Arabic, Hebrew, Persian, Urdu, …): the
    /// document's `dir="rtl"`.
    public var isRightToLeft: Bool {
        Locale.Language(identifier: tag).characterDirection == .rightToLeft
    }
}
