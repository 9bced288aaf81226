/// A property wrapper type that can read and write a value managed by Statehouse.
///
/// The storage belongs to the live tree, keyed by the view's identity: it survives every
/// re-creation of the view struct and is destroyed when the view leaves the tree. Writing
/// needs no `mutating`, may happen from any thread, and re-evaluates only the views whose
/// `body` read the value.
///
/// ```swift
/// struct PlayerView: View {
///     @State private var isPlaying: Bool = false
///     var body: some View {
///         PlayButton(isPlaying: $isPlaying)
///     }
/// }
/// ```
///
/// > Important: The default value is instantiated every time the view struct is (each time its
/// > parent's body runs); only the first one is kept. Keep defaults cheap, or create expensive
/// > objects in `.task`.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    @usableFromInline var box: StateBox<Value>

    // Inlinable: a view's `@State` makes its box where the view is written, the box's type
    // known there (not looked up at run time on each evaluation of the parent's body).
    /// Creates a state property that stores an initial wrapped value.
    @inlinable public init(wrappedValue value: Value) { box = StateBox(value) }
    /// Creates a state property that stores an initial value.
    @inlinable public init(initialValue value: Value) { box = StateBox(value) }

    /// Creates a state property that stores an initial wrapped value, kept as `durability`
    /// says: `.memoryOnly` keeps it out of the durable store (it starts from `value` again
    /// when the page is taken up after a restart or by another process).
    ///
    /// ```swift
    /// @State(.memoryOnly) private var cardNumber = ""
    /// ```
    public init(wrappedValue value: Value, _ durability: StateDurability) {
        box = StateBox(value)
        box.isMemoryOnly = durability == .memoryOnly
    }

    /// The underlying value referenced by the state variable.
    public var wrappedValue: Value {
        get { box.get() }
        nonmutating set { box.set(newValue) }
    }

    /// A binding to the state value.
    public var projectedValue: Binding<Value> {
        let storage = box.resolved
        return Binding(identity: BindingIdentity(root: ObjectIdentifier(storage)),
                       get: { storage.get() }, set: { storage.set($0) })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// Creates a state property without an initial value (`nil`).
    public init() { self.init(wrappedValue: nil) }
}

extension State: @unchecked Sendable where Value: Sendable {}

/// Where a `@State` value is kept: with a durable store, a `Codable` value is written there
/// by default (so a page taken up after a restart shows what it showed); `.memoryOnly` keeps
/// it in the process only. A `SecureField`'s text is kept in memory only whatever is declared.
public enum StateDurability: Sendable, Equatable {
    /// Written to the durable store, if there is one and the value is `Codable`.
    case durable
    /// Never written to a store.
    case memoryOnly
}

extension State: BoxedState {
    static var isDurable: Bool { true }
    var durableStorage: (any SnapshotStorage)? { box.resolved }
}

/// A property wrapper whose storage is one `StateBox` (`@State`, `@FocusState`).
protocol BoxedState: NodeStorage {
    associatedtype Value
    var box: StateBox<Value> { get set }
}

extension BoxedState {
    /// A box of its own, with the value this one was made with.
    mutating func fork() { box = box.fresh() }

    // Inlined into each wrapper's witness: the generic one looked the wrapper's conformance
    // up in the runtime's cache (`swift_getWitnessTable`) for every `@State` of every mount.
    @inline(__always)
    @MainActor mutating func link(to slot: inout AnyObject?, _ link: LinkContext) {
        if let storage = slot as? StateBox<Value> {
            // A box shared with another place: this node's copy of the view holds its storage.
            if !box.forward(to: storage) { box = storage }
        } else {
            if !box.adoptInPlace() { box = box.adoptedCopy() }
            slot = box
        }
    }
}
