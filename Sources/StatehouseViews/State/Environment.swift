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
///
/// Two environments are equal when every value is: `Equatable` values by `==`, objects by
/// identity. A view is re-evaluated when its environment changes, so setting the same value
/// again (a parent's body re-run) costs its descendants nothing.
///
/// ```swift
/// @Environment(\.isEnabled) private var isEnabled
/// Form { EditorView() }.environment(\.isEnabled, !isLocked)
/// ```
public struct EnvironmentValues: @unchecked Sendable {
    /// Whether controls in this part of the hierarchy respond to events.
    public var isEnabled: Bool = true
    /// Whether this part of the hierarchy is hidden (its controls refuse events).
    var isHidden: Bool = false
    /// The page's location: a field of its own, as every page has one (an entry in `values`
    /// would cost each page a dictionary), and unowned (the tree owns it and outlives every
    /// environment in it; copies of the environment cost no reference counting).
    unowned(unsafe) var pageLocation: PageLocation?
    private var values: [ObjectIdentifier: Entry] = [:]

    /// A class, so that an environment handed down unchanged compares equal by identity,
    /// also for values that cannot be compared (an `.onSubmit` closure).
    fileprivate final class Entry {
        let value: Any
        /// Whether `value` is the same as another value stored under the same key.
        let isSame: (Any) -> Bool
        init(value: Any, isSame: @escaping (Any) -> Bool) {
            self.value = value
            self.isSame = isSame
        }
    }

    public init() {}

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { self[ObjectIdentifier(key)] ?? K.defaultValue }
        set { self[ObjectIdentifier(key)] = newValue }
    }

    /// The value stored under `key`, if any.
    subscript<T>(key: ObjectIdentifier) -> T? {
        get {
            // Most environments hold no entries: no key is hashed for them.
            guard !values.isEmpty, let entry = values[key] else { return nil }
            return entry.value as? T
        }
        set { values[key] = newValue.map(Self.entry) }
    }

    private static func entry<T>(_ value: T) -> Entry {
        if T.self is AnyObject.Type {
            let object = value as AnyObject
            return Entry(value: value) { ($0 as AnyObject) === object }
        }
        if let equatable = value as? any Equatable {
            func same<E: Equatable>(_ value: E) -> (Any) -> Bool { { ($0 as? E) == value } }
            return Entry(value: value, isSame: same(equatable))
        }
        if let input = value as? any InputComparable {
            // A binding is the same when it points to the same storage.
            func same<I: InputComparable>(_ value: I) -> (Any) -> Bool { { ($0 as? I).map { I.isSameInput($0, value) } ?? false } }
            return Entry(value: value, isSame: same(input))
        }
        return Entry(value: value) { _ in false }
    }
}

extension EnvironmentValues {
    /// What was set in this environment since it was `base` (this one made from it by
    /// modifiers): applied to another environment by `apply(_:)`.
    struct Changes {
        fileprivate var isEnabled: Bool?
        fileprivate var isHidden: Bool?
        fileprivate var values: [(ObjectIdentifier, Entry)] = []
        /// Keys whose value was removed (`setButtonStyle` removes the other kind's style).
        fileprivate var removed: [ObjectIdentifier] = []
        var isEmpty: Bool { isEnabled == nil && isHidden == nil && values.isEmpty && removed.isEmpty }
    }

    /// What was set since `base`: the flags that differ, the entries not `base`'s own (an
    /// entry is an object made by each write), and the keys `base` had that are gone.
    func changes(since base: EnvironmentValues) -> Changes {
        var changes = Changes()
        if isEnabled != base.isEnabled { changes.isEnabled = isEnabled }
        if isHidden != base.isHidden { changes.isHidden = isHidden }
        for (key, entry) in values where base.values[key] !== entry { changes.values.append((key, entry)) }
        for key in base.values.keys where values[key] == nil { changes.removed.append(key) }
        return changes
    }

    /// Sets what `changes` set, and removes what they removed, over this environment's values.
    mutating func apply(_ changes: Changes) {
        if let isEnabled = changes.isEnabled { self.isEnabled = isEnabled }
        if let isHidden = changes.isHidden { self.isHidden = isHidden }
        for (key, entry) in changes.values { values[key] = entry }
        for key in changes.removed { values[key] = nil }
    }
}

extension EnvironmentValues: Equatable {
    public static func == (a: EnvironmentValues, b: EnvironmentValues) -> Bool {
        guard a.isEnabled == b.isEnabled, a.isHidden == b.isHidden, a.pageLocation === b.pageLocation,
              a.values.count == b.values.count else { return false }
        for (key, entry) in a.values {
            guard let other = b.values[key], entry === other || entry.isSame(other.value) else { return false }
        }
        return true
    }
}

extension EnvironmentValues {
    /// The action `.onSubmit` set for the text fields below it.
    var onSubmit: (@MainActor () -> Void)? {
        get { self[ObjectIdentifier(SubmitActionKey.self)] }
        set { self[ObjectIdentifier(SubmitActionKey.self)] = newValue }
    }
}

private enum SubmitActionKey {}

extension View {
    /// Adds an action to perform when the user submits a text field below this view (presses
    /// Enter, or the page sends a `submit` event for the field).
    public func onSubmit(_ action: @escaping @MainActor () -> Void) -> some View {
        modifier(EnvironmentModifier { $0.onSubmit = action })
    }
}

/// Keys for objects placed in the environment by type: `.environment(book)` and
/// `.environmentObject(model)` keep separate namespaces, as in SwiftUI.
enum ObservableKey<T> {}
enum EnvironmentObjectKey<T> {}

/// A property wrapper that reads a value from a view's environment.
///
/// ```swift
/// struct Badge: View {
///     @Environment(\.isEnabled) private var isEnabled
///     @Environment(Book.self) private var book
///     var body: some View { Text(isEnabled ? book.title : "—") }
/// }
/// ```
/// The value is read, when the body reads it, from the environment the view was mounted or
/// updated with; a view whose environment changes is re-evaluated, and so is one whose body
/// read a value backed by observed state (`scenePhase`).
///
/// > Important: `@Environment(Book.self)` with no `.environment(book)` above the view is an
/// > error for the page (the server answers 500 naming the type); declare the property as
/// > `Book?` to accept a missing object.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private enum Content {
        case keyPath(KeyPath<EnvironmentValues, Value>)
        case object(ObjectIdentifier, Any.Type, optional: Bool)
        case value(Value)
        /// The view's environment: the key path is read when the body reads the property, so
        /// a value backed by an observed object (`scenePhase`) makes the body depend on it.
        case linked(EnvironmentValues, KeyPath<EnvironmentValues, Value>)
    }

    private var content: Content

    /// Creates an environment property to read the specified key path.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        content = .keyPath(keyPath)
    }

    /// Creates an environment property to read an observable object from the environment.
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        content = .object(ObjectIdentifier(ObservableKey<Value>.self), Value.self, optional: false)
    }

    /// Creates an environment property to read an observable object from the environment,
    /// `nil` when none was placed there.
    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {
        content = .object(ObjectIdentifier(ObservableKey<T>.self), T.self, optional: true)
    }

    /// The current value of the environment property.
    public var wrappedValue: Value {
        switch content {
        case .value(let value): return value
        case .linked(let environment, let keyPath): return environment[keyPath: keyPath]
        case .keyPath(let keyPath): return EnvironmentValues()[keyPath: keyPath]
        case .object(_, let type, let optional):
            if optional, let none = Self.none { return none }
            fatalError(ViewFailure.readOutsideBody("@Environment(\(type).self)"))
        }
    }

    /// `nil`, when `Value` is an optional.
    private static var none: Value? {
        (Value.self as? any ExpressibleByNilLiteral.Type).map { $0.init(nilLiteral: ()) as! Value }
    }
}

extension Environment: NodeStorage {
    mutating func link(to slot: inout AnyObject?, _ link: LinkContext) throws(ViewFailure) {
        switch content {
        case .value: break
        case .keyPath(let keyPath), .linked(_, let keyPath):
            content = .linked(link.environment, keyPath)
        case .object(let key, let type, let optional):
            if let object: Any = link.environment[key] {
                content = .value(object as! Value)
            } else if optional, let none = Self.none {
                content = .value(none)
            } else {
                throw .missingEnvironmentValue(type)
            }
        }
    }
}

extension View {
    /// Places an observable object in the environment of this view and its descendants, where
    /// `@Environment(Book.self)` finds it.
    public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        modifier(EnvironmentModifier { environment in
            let key = ObjectIdentifier(ObservableKey<T>.self)
            if let object { environment[key] = object } else { environment[key] = T?.none }
        })
    }

    /// Places an observable object in the environment, where `@EnvironmentObject` finds it.
    public func environmentObject<T: ObservableObject>(_ object: T) -> some View {
        modifier(EnvironmentModifier { $0[ObjectIdentifier(EnvironmentObjectKey<T>.self)] = object })
    }
}
