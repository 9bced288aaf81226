import Foundation

// `ObservableObject` (OpenCombine) in views: `@StateObject` owns one, `@ObservedObject` and
// `@EnvironmentObject` subscribe to one that lives elsewhere. Each subscribes the node of the
// view that declares it to the object's `objectWillChange`: a change re-evaluates that view.

/// A property wrapper type that instantiates an observable object.
///
/// The autoclosure runs once per lifetime of the view's identity: re-created view structs
/// (a parent's body re-run, new inputs) keep the first object; a new identity (`.id`, a new
/// `ForEach` element) makes a new one.
///
/// ```swift
/// struct MyView: View {
///     @StateObject private var model = DataModel()
///     var body: some View {
///         Text(model.name)
///     }
/// }
/// ```
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    private let makeObject: () -> ObjectType
    private var storage: OwnedObject<ObjectType>?

    /// Creates a new state object with an initial wrapped value.
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        makeObject = thunk
    }

    /// The underlying value referenced by the state object. Outside a mounted view (in an
    /// `init`), each read makes a new object, as in SwiftUI.
    public var wrappedValue: ObjectType { storage?.object ?? makeObject() }

    /// A projection of the state object that creates bindings to its properties.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { .init(root: wrappedValue) }
}

extension StateObject: NodeStorage {
    static var isDurable: Bool { true }

    mutating func link(to slot: inout AnyObject?, _ link: LinkContext) {
        if let owned = slot as? OwnedObject<ObjectType> {
            storage = owned
        } else {
            let owned = OwnedObject(makeObject())
            owned.subscription.subscribe(link.node, to: owned.object)
            slot = owned
            storage = owned
        }
    }
}

/// A state object's storage, owned by the node of its view.
final class OwnedObject<ObjectType: ObservableObject> {
    private(set) var object: ObjectType
    let subscription = ObjectSubscription()
    /// Where a tree that keeps durable state filed it.
    var snapshotEntry: SnapshotEntry?
    init(_ object: ObjectType) { self.object = object }
}

extension OwnedObject: SnapshotStorage {
    var isCodable: Bool { ObjectType.self is any Codable.Type }
    var snapshotIsObject: Bool { true }
    var snapshotTypeName: String { String(reflecting: ObjectType.self) }
    var isMemoryOnly: Bool { false }
    func holdsObject(_ identifier: ObjectIdentifier) -> Bool { ObjectIdentifier(object) == identifier }

    func snapshotBytes(_ encoder: JSONEncoder) -> [UInt8]? {
        guard let value = object as? any Encodable else { return nil }
        return try? Array(encoder.encode(value))
    }

    /// Replaces the object made by the autoclosure with the restored one, and subscribes the
    /// node to it instead.
    func restore(from bytes: [UInt8], _ decoder: JSONDecoder, node: Node?) -> Bool {
        guard let node, let type = ObjectType.self as? any Decodable.Type,
              let decoded = (try? decoder.decode(type, from: Data(bytes))) as? ObjectType else { return false }
        object = decoded
        subscription.subscribe(node, to: decoded)
        return true
    }
}

/// A property wrapper type that subscribes to an observable object and invalidates a view
/// whenever the observable object changes.
///
/// ```swift
/// struct NameView: View {
///     @ObservedObject var model: DataModel
///     var body: some View { TextField("Name", text: $model.name) }
/// }
/// ```
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    /// A wrapper of the underlying observable object that can create bindings to its
    /// properties using dynamic member lookup.
    ///
    /// ```swift
    /// TextField("Name", text: $model.name)   // `$model` is the wrapper
    /// ```
    @dynamicMemberLookup
    public struct Wrapper {
        let root: ObjectType

        /// Returns a binding to the resulting value of a given key path.
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            Binding(published: root, keyPath)
        }
    }

    /// The underlying value that the observed object references.
    public var wrappedValue: ObjectType

    /// Creates an observed object with an initial wrapped value.
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }

    /// Creates an observed object with an initial value.
    public init(initialValue: ObjectType) { wrappedValue = initialValue }

    /// A projection of the observed object that creates bindings to its properties.
    public var projectedValue: Wrapper { Wrapper(root: wrappedValue) }
}

extension ObservedObject: NodeStorage, InputComparable {
    mutating func link(to slot: inout AnyObject?, _ link: LinkContext) {
        ObjectSubscription.in(&slot).subscribe(link.node, to: wrappedValue)
    }

    /// The same input when it is the same object.
    static func isSameInput(_ a: ObservedObject, _ b: ObservedObject) -> Bool {
        a.wrappedValue === b.wrappedValue
    }
}

/// A property wrapper type for an observable object that a parent or ancestor view supplies
/// with `.environmentObject(_:)`.
///
/// ```swift
/// struct MySubView: View {
///     @EnvironmentObject var model: DataModel
///     var body: some View {
///         Toggle("Enabled", isOn: $model.isEnabled)
///     }
/// }
/// ```
/// > Important: A view whose ancestors supplied no object of the type cannot be shown: the
/// > page fails with an error naming the type (the server answers 500), and nothing crashes.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    private var object: ObjectType?

    public init() {}

    /// The underlying value referenced by the environment object.
    public var wrappedValue: ObjectType {
        guard let object else { fatalError(ViewFailure.readOutsideBody("@EnvironmentObject var …: \(ObjectType.self)")) }
        return object
    }

    /// A projection of the environment object that creates bindings to its properties.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { .init(root: wrappedValue) }
}

extension EnvironmentObject: NodeStorage {
    mutating func link(to slot: inout AnyObject?, _ link: LinkContext) throws(ViewFailure) {
        guard let found: ObjectType = link.environment[ObjectIdentifier(EnvironmentObjectKey<ObjectType>.self)] else {
            throw .missingEnvironmentObject(ObjectType.self)
        }
        object = found
        ObjectSubscription.in(&slot).subscribe(link.node, to: found)
    }
}

extension Binding {
    /// A binding to a property of an `ObservableObject`. A body that reads it (a Toggle's, a
    /// TextField's) becomes one of the object's readers, as a `@State` read would, so the
    /// control follows the property even when its inputs (the same binding) did not change.
    init<Root: ObservableObject>(published object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
        let plain = Binding(object, keyPath)
        self.init(identity: plain.identity,
                  get: {
                      if let reader = Tracking.current {
                          // Tracking.current is only ever set on the main actor.
                          nonisolated(unsafe) let object = object
                          MainActor.assumeIsolated { ObjectReaders.record(object, readBy: reader) }
                      }
                      return plain.wrappedValue
                  },
                  set: { plain.wrappedValue = $0 })
    }
}

/// The bodies that read an `ObservableObject`'s properties through bindings, with one
/// `objectWillChange` subscription per object shared by all of them: like a `@State` box's
/// readers, a read adds the reader once, and a re-evaluation that reads again keeps the
/// subscription (none is made or cancelled per read or per event). An object no body reads
/// any more is let go at the end of the next flush.
final class ObjectReaders: StateSource, @unchecked Sendable {
    /// Main actor only.
    nonisolated(unsafe) private static var byObject: [ObjectIdentifier: ObjectReaders] = [:]
    /// Entries whose last reader left (dropped by `dropUnread` unless read again by then).
    nonisolated(unsafe) private static var emptied: [ObjectReaders] = []

    private let object: AnyObject
    /// Main actor only.
    private var readers = ReaderSet()
    private var cancellable: AnyCancellable?

    private init(_ object: AnyObject) { self.object = object }

    @MainActor static func record<O: ObservableObject>(_ object: O, readBy reader: Node) {
        let key = ObjectIdentifier(object)
        let entry: ObjectReaders
        if let existing = byObject[key] {
            entry = existing
        } else {
            entry = ObjectReaders(object)
            byObject[key] = entry
            entry.cancellable = object.objectWillChange.sink { [weak entry] _ in
                MainQueue.run { entry?.readers.forEach { $0.stateDidChange() } }
            }
        }
        if entry.readers.insert(reader) { reader.addDependency(entry) }
    }

    func removeReader(_ reader: Node) {
        readers.remove(reader)
        if readers.isEmpty { ObjectReaders.emptied.append(self) }
    }

    /// Cancels the subscriptions of objects that no body reads any more (main actor).
    @MainActor static func dropUnread() {
        guard !emptied.isEmpty else { return }
        for entry in emptied where entry.readers.isEmpty {
            entry.cancellable?.cancel()
            let key = ObjectIdentifier(entry.object)
            if byObject[key] === entry { byObject[key] = nil }
        }
        emptied.removeAll()
    }

    /// Objects some body reads through a binding now (for tests).
    @MainActor static var count: Int { byObject.count }
}

/// One node's subscription to one object's `objectWillChange`.
final class ObjectSubscription: StateSource {
    private var object: AnyObject?
    private var token: ObservationToken?
    private var cancellable: AnyCancellable?

    /// The subscription kept in `slot`, made if there is none yet.
    static func `in`(_ slot: inout AnyObject?) -> ObjectSubscription {
        if let subscription = slot as? ObjectSubscription { return subscription }
        let subscription = ObjectSubscription()
        slot = subscription
        return subscription
    }

    /// Subscribes `node` to `object`, unless already subscribed to that object.
    @MainActor func subscribe<O: ObservableObject>(_ node: Node, to object: O) {
        if self.object === object { return }
        token?.retire()
        let token = ObservationToken(node)
        self.object = object
        self.token = token
        cancellable = object.objectWillChange.sink { _ in token.fire() }
    }

    /// Ends the subscription (a body that read through a binding is evaluated again).
    func removeReader(_ reader: Node) {
        cancellable?.cancel()
        token?.retire()
    }

    deinit { cancellable?.cancel() }
}
