/// An interface for a stored variable that updates an external property of a view.
///
/// `State`, `Binding` and (custom) structs made of them conform. Statehouse finds them in a
/// view's stored properties (the layout of each view type is computed once and cached), so a
/// struct of your own that holds `@State` keeps its storage too:
///
/// ```swift
/// struct Counter: DynamicProperty {
///     @State var count = 0
/// }
/// ```
public protocol DynamicProperty {
    /// Updates the underlying value of the stored value. Statehouse calls it before each
    /// evaluation of the body of the view that holds the property, as SwiftUI does.
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

extension Binding: DynamicProperty, BuiltInProperty {}
extension Bindable: BuiltInProperty {}

/// Statehouse's own dynamic properties that hold no node storage (`Binding`, `Bindable`):
/// nothing to link, no `update()` to call.
protocol BuiltInProperty {}

/// A property wrapper whose storage belongs to the node of the view that declares it, or
/// that reads from where the view is mounted (the environment).
protocol NodeStorage {
    /// Links this instance to the node's slot: the first instance donates its storage to an
    /// empty slot; later instances forward to the storage already there. Wrappers that read
    /// the environment take their value from `link.environment` here.
    @MainActor mutating func link(to slot: inout AnyObject?, _ link: LinkContext) throws(ViewFailure)
    /// Whether the storage is the view's own state, kept by a durable store (`@State`,
    /// `@StateObject`; not `@FocusState`, which follows the browser).
    static var isDurable: Bool { get }
    /// The storage itself, where the property holds it (an `App`'s `@State`, never mounted).
    var durableStorage: (any SnapshotStorage)? { get }
    /// Gives this instance storage of its own, as it was made (its initial value): for one
    /// value mounted in several places, each of which must donate its own (`TypeLayout.fork`).
    @MainActor mutating func fork()
}

extension NodeStorage {
    static var isDurable: Bool { false }
    var durableStorage: (any SnapshotStorage)? { nil }
    /// Storage made when the property is linked (a state object), or none: nothing to fork.
    mutating func fork() {}
}

/// Where a view is being linked: the node that owns its storage, and its environment.
@MainActor
@usableFromInline
struct LinkContext {
    /// Unowned and unchecked: a link context lives only while its node links a view's fields
    /// (an `unowned` one retained and released the node's unowned count on every mount).
    unowned(unsafe) let node: Node
    let environment: EnvironmentValues

    @usableFromInline init(node: Node, environment: EnvironmentValues) {
        self.node = node
        self.environment = environment
    }
}

/// A view input with its own notion of "unchanged" (a binding is the same when it points
/// to the same storage, whatever closures carry it).
protocol InputComparable {
    static func isSameInput(_ a: Self, _ b: Self) -> Bool
}
