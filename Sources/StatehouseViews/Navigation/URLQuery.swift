import Foundation
import Observation

/// A page's URL query items (but `tab`, which its `TabView` owns): observed, so that a view
/// reading one is evaluated again when it changes (Back, Forward, another view's write).
@MainActor
@Observable
final class QueryItemsModel {
    var items: [String: String] = [:]

    /// At most this many items are kept from a URL; names of at most 64 bytes, values of at
    /// most 2,048 (longer ones are taken as absent).
    static let maxItems = 32

    static func isAcceptable(name: String, value: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && value.utf8.count <= 2048
    }

    /// The items of a URL's query (`q=dune&page=2`): `+` is a space, each part percent-decoded;
    /// a part that does not decode is left out.
    nonisolated static func items(of query: String) -> [String: String] {
        var items: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts[0].replacingOccurrences(of: "+", with: " ").removingPercentEncoding,
                  let value = (parts.count > 1 ? String(parts[1]) : "").replacingOccurrences(of: "+", with: " ").removingPercentEncoding,
                  items[name] == nil else { continue }
            items[name] = value
        }
        return items
    }

    /// `text` as a query name or value: everything but letters, digits and `-._~` percent-encoded.
    nonisolated static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private nonisolated static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
}

/// A property wrapper type that reads and writes an item of the page's URL query: a search kept
/// in `?q=`, a page number, a filter. The URL is the state: a reload or a shared link shows the
/// same, and Back and Forward bring the values of their URLs back. Writing replaces the
/// browser's URL (no new history entry); writing the default value removes the item.
///
/// ```swift
/// struct BookList: View {
///     @URLQuery("q") private var search = ""
///     let books: [Book]
///
///     var body: some View {
///         List(books.filter { search.isEmpty || $0.title.localizedCaseInsensitiveContains(search) }) { book in
///             Text(book.title)
///         }
///         .searchable(text: $search)
///     }
/// }
/// ```
/// Values are any `LosslessStringConvertible` (`String`, `Int`, `Double`, `Bool`), or an optional
/// of one (nil: no item). An item whose text does not read as the type is the default. The name
/// `tab` is the `TabView`'s. Outside a page (a preview without a server) the value is kept by
/// the view tree's location as well.
@propertyWrapper
public struct URLQuery<Value>: DynamicProperty {
    let name: String
    let defaultValue: Value
    let decode: (String) -> Value?
    let encode: (Value) -> String?
    private var link: QueryLink?

    /// The item `name`, read as `Value`; `wrappedValue` when the URL has none.
    public init(wrappedValue: Value, _ name: String) where Value: LosslessStringConvertible {
        precondition(name != "tab", "@URLQuery(\"tab\"): the tab item is the TabView's")
        self.name = name
        defaultValue = wrappedValue
        decode = { Value($0) }
        encode = { $0.description }
    }

    /// The item `name`, read as `Wrapped`; nil when the URL has none.
    public init<Wrapped: LosslessStringConvertible>(_ name: String) where Value == Wrapped? {
        precondition(name != "tab", "@URLQuery(\"tab\"): the tab item is the TabView's")
        self.name = name
        defaultValue = nil
        decode = { Wrapped($0) }
        encode = { $0?.description }
    }

    public var wrappedValue: Value {
        get {
            guard let link else { return defaultValue }
            let name = name
            let text = MainActor.assumeIsolated { link.location.query.items[name] }
            return text.flatMap(decode) ?? defaultValue
        }
        nonmutating set {
            guard let link else { return }
            let text = encode(newValue)
            let value = text == encode(defaultValue) ? nil : text
            let name = name
            MainActor.assumeIsolated { link.location.setQueryItem(name, value) }
        }
    }

    /// A binding to the item (a search field's text).
    public var projectedValue: Binding<Value> {
        let current = self
        return Binding(get: { current.wrappedValue }, set: { current.wrappedValue = $0 })
    }
}

/// The page location a `@URLQuery` reads, kept in its view's slot (read on the main actor only).
final class QueryLink: @unchecked Sendable {
    let location: PageLocation
    init(_ location: PageLocation) { self.location = location }
}

extension URLQuery: NodeStorage {
    mutating func link(to slot: inout AnyObject?, _ link: LinkContext) {
        if let kept = slot as? QueryLink {
            self.link = kept
            return
        }
        let made = QueryLink(link.node.tree.location)
        slot = made
        self.link = made
    }
}
