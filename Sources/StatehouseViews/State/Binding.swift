/// A property wrapper type that can read and write a value owned by a source of truth.
///
/// ```swift
/// struct PlayButton: View {
///     @Binding var isPlaying: Bool
///     var body: some View {
///         Button(isPlaying ? "Pause" : "Play") { isPlaying.toggle() }
///     }
/// }
/// ```
///
/// Bindings to `@State` (and properties reached from it through `$state.property`) know which
/// storage they point to, so a child given "the same" binding again is not re-evaluated.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    let identity: BindingIdentity?
    private let getter: () -> Value
    private let setter: (Value) -> Void

    init(identity: BindingIdentity?, get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.identity = identity
        getter = get
        setter = set
    }

    /// Creates a binding with closures that read and write the binding value.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.init(identity: nil, get: get, set: set)
    }

    /// Creates a binding from the value of another binding (`@Binding var x` initialised from `$x`).
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// Creates a binding with an immutable value.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(identity: nil, get: { value }, set: { _ in })
    }

    /// The underlying value referenced by the binding variable.
    public var wrappedValue: Value {
        get { getter() }
        nonmutating set { setter(newValue) }
    }

    /// A projection of the binding value that returns a binding.
    public var projectedValue: Binding<Value> { self }

    /// Returns a binding to the resulting value of a given key path.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let base = self
        return Binding<Subject>(
            identity: identity?.appending(keyPath),
            get: { base.getter()[keyPath: keyPath] },
            set: { newValue in
                var value = base.getter()
                value[keyPath: keyPath] = newValue
                base.setter(value)
            })
    }
}

extension Binding {
    /// Creates a binding by projecting the base value to an optional value.
    public init<V>(_ base: Binding<V>) where Value == V? {
        self.init(identity: base.identity?.appending(\V.self as AnyKeyPath),
                  get: { Optional(base.wrappedValue) },
                  set: { if let newValue = $0 { base.wrappedValue = newValue } })
    }

    /// Creates a binding by projecting the base value to an unwrapped value, or `nil` when the
    /// base value is `nil`.
    public init?(_ base: Binding<Value?>) {
        guard let value = base.wrappedValue else { return nil }
        var last = value
        self.init(identity: base.identity?.appending(\Value?.self as AnyKeyPath),
                  get: {
                      if let current = base.wrappedValue { last = current }
                      return last
                  },
                  set: { base.wrappedValue = $0 })
    }
}

extension Binding: @unchecked Sendable {}

/// Which storage a binding reaches: the state box and the key paths applied to it.
struct BindingIdentity: Hashable {
    let root: ObjectIdentifier
    var path: [AnyKeyPath] = []

    func appending(_ keyPath: AnyKeyPath) -> BindingIdentity {
        var copy = self
        copy.path.append(keyPath)
        return copy
    }
}

extension Binding: InputComparable {
    static func isSameInput(_ a: Binding<Value>, _ b: Binding<Value>) -> Bool {
        guard let left = a.identity, let right = b.identity else { return false }
        return left == right
    }
}
