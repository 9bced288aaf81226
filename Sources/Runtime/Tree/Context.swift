/// What a node inherits from where it is mounted: its enclosing HTML element, the
/// environment, attributes that modifiers above it hand to the next element down, and
/// whether it stands directly in a `List` (where each child becomes a row).
@MainActor
struct Context {
    unowned let tree: LiveTree
    /// The nearest enclosing element: the element whose children change when this node's do.
    unowned var host: ElementNode?
    var environment: EnvironmentValues
    /// Attributes from modifiers, consumed by the next element(s) rendered below.
    var pending: PendingAttributes = PendingAttributes()
    /// The key of the enclosing `ForEach` row, which suffixes accessibility identifiers.
    var rowKey: String?
    /// Whether children here are the rows of a `List` (each gets its own `<li>`).
    var listRows = false
    var depth: Int

    /// The same inputs (what a child view would see differently if it changed).
    func hasSameInputs(as other: Context) -> Bool {
        environment == other.environment && pending == other.pending && rowKey == other.rowKey
            && listRows == other.listRows
    }

    /// The context for this node's children.
    var child: Context {
        var copy = self
        copy.depth += 1
        return copy
    }

    /// The context inside an element: pending attributes were consumed by it.
    func inside(_ element: ElementNode) -> Context {
        var copy = self
        copy.host = element
        copy.pending = PendingAttributes()
        copy.listRows = false
        copy.depth += 1
        return copy
    }
}

/// Classes, styles and attributes that modifiers (`padding`, `foregroundStyle`,
/// `accessibilityIdentifier`, …) put on the element(s) that the modified view renders.
struct PendingAttributes: Equatable {
    var classes: [String] = []
    var styles: [Attribute] = []
    var attributes: [Attribute] = []
    var identifier: String?
}

/// An HTML attribute (or a CSS declaration, where `name` is the property).
struct Attribute: Equatable {
    var name: String
    var value: String
    init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A key for accessing values in the environment.
///
/// ```swift
/// private struct AccentKey: EnvironmentKey { static let defaultValue = "blue" }
/// extension EnvironmentValues {
///     var accent: String { get { self[AccentKey.self] } set { self[AccentKey.self] = newValue } }
/// }
/// ```
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// A collection of environment values propagated through a view hierarchy.
public struct EnvironmentValues: @unchecked Sendable {
    /// Whether controls in this part of the hierarchy respond to events.
    public var isEnabled: Bool = true
    /// Whether this part of the hierarchy is hidden (its controls refuse events).
    var isHidden: Bool = false
    private var values: [ObjectIdentifier: Any] = [:]
    /// Bumped on every write of a custom key, so that comparing environments stays cheap.
    private var version: Int = 0
    nonisolated(unsafe) private static var versions = 0

    public init() {}

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set {
            values[ObjectIdentifier(key)] = newValue
            EnvironmentValues.versions &+= 1
            version = EnvironmentValues.versions
        }
    }
}

extension EnvironmentValues: Equatable {
    public static func == (a: EnvironmentValues, b: EnvironmentValues) -> Bool {
        a.isEnabled == b.isEnabled && a.isHidden == b.isHidden && a.version == b.version
    }
}
