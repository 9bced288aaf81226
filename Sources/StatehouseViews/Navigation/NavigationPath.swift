import Foundation

/// A type-erased list of data representing the content of a navigation stack.
///
/// ```swift
/// @State private var path = NavigationPath()
/// NavigationStack(path: $path) { … }
/// path.append(book.id)
/// ```
public struct NavigationPath: Equatable {
    var elements: [AnyHashable]

    /// Creates a new, empty navigation path.
    public init() { elements = [] }

    /// Creates a new navigation path from the contents of a sequence.
    public init<S: Sequence>(_ elements: S) where S.Element: Hashable {
        self.elements = elements.map { AnyHashable($0) }
    }

    /// The number of elements in this path.
    public var count: Int { elements.count }
    /// A Boolean that indicates whether this path is empty.
    public var isEmpty: Bool { elements.isEmpty }

    /// Appends a new value to the end of this path.
    public mutating func append<V: Hashable>(_ value: V) { elements.append(AnyHashable(value)) }

    /// Removes values from the end of this path.
    public mutating func removeLast(_ k: Int = 1) { elements.removeLast(k) }
}

/// How a value on a navigation stack is written in the page's URL: one path segment each,
/// readable where the value allows (`/bookshelf/dune`, `/orders/42`).
///
/// - A `LosslessStringConvertible` value (`String`, `Int`, `Bool`, …) is its `description`.
/// - Another `Encodable` value is its JSON; a JSON string or number is written without quotes.
/// - Anything else cannot be written: the URL stops at the screen below it.
///
/// Segments are percent-encoded in the URL; a segment is read back by trying the stack's
/// destination types in the order their `navigationDestination(for:)` modifiers were declared.
enum PathSegment {
    static func encode(_ value: AnyHashable) -> String? {
        let base = value.base
        if let text = base as? any LosslessStringConvertible { return text.description }
        if let encodable = base as? any Encodable, let data = try? JSONEncoder().encode(encodable),
           let json = String(data: data, encoding: .utf8) {
            if json.hasPrefix("\""), let plain = try? JSONDecoder().decode(String.self, from: data) { return plain }
            return json
        }
        return nil
    }

    /// `segment` as a value of `type`, if it reads as one.
    static func decode<D: Hashable>(_ segment: String, as type: D.Type) -> D? {
        if let text = type as? any LosslessStringConvertible.Type {
            return text.init(segment) as? D
        }
        if let decodable = type as? any Decodable.Type {
            let decoder = JSONDecoder()
            if let value = try? decoder.decode(decodable, from: Data(segment.utf8)) { return value as? D }
            if let quoted = try? JSONEncoder().encode(segment),
               let value = try? decoder.decode(decodable, from: quoted) { return value as? D }
        }
        return nil
    }

    /// `segment` percent-encoded for a URL path (`/` and everything but unreserved characters).
    static func escaped(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: unreserved) ?? segment
    }

    private static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
}
