import Foundation

/// Where a page's `@AppStorage` values live: its session, which a host makes them for on
/// first use.
///
/// ```swift
/// final class Session: AppStorageScope {
///     let appStorageValues = StorageValues(prefix: "app.")
/// }
/// let tree = LiveTree(ContentView(), appStorage: session)
/// ```
@MainActor
public protocol AppStorageScope: AnyObject {
    var appStorageValues: StorageValues { get }
    /// The values of `@UserStorage`: the signed-in user's, shared by every session of theirs
    /// (nil: as outside a server, `StorageValues.standardUser`).
    var userStorageValues: StorageValues? { get }
}

extension AppStorageScope {
    public var userStorageValues: StorageValues? { nil }
}

/// Values by key shared by every view of one scope: a page (`@SceneStorage`) or a session
/// (`@AppStorage`). A key's storage is made on its first use, with that use's default; with
/// a durable store its value is kept there (if its type is `Codable`) and put back on the
/// first use after a restart.
///
/// ```swift
/// let values = StorageValues(snapshots: snapshots, prefix: "app.")
/// values.take(savedValues)   // what `encodedValues()` gave before
/// ```
@MainActor
public final class StorageValues {
    private var boxes: [String: AnyObject] = [:]
    /// Where the values are filed for a durable store (nil: in memory only).
    public let snapshots: StateSnapshots?
    /// What keys are filed under (`scene.`, `app.`): scene storage shares its page's snapshots.
    private let prefix: String

    /// Values kept in `snapshots` under `prefix` + key (none: in memory only).
    public init(snapshots: StateSnapshots? = nil, prefix: String = "storage.") {
        self.snapshots = snapshots
        self.prefix = prefix
    }

    /// `@AppStorage` outside a server (a `ViewTest`, a preview): one set for the process, as
    /// `UserDefaults.standard` is on a device.
    public static let standard = StorageValues()

    /// `@UserStorage` outside a server: one set for the process.
    public static let standardUser = StorageValues()

    /// The storage of `key`, made with `defaultValue` if new. A key used with another type
    /// than the first starts again from this default.
    func box<Value>(_ key: String, default defaultValue: @autoclosure () -> Value) -> StateBox<Value> {
        if let box = boxes[key] as? StateBox<Value> { return box }
        if let old = boxes[key] as? any SnapshotStorage { snapshots?.unregister(old) }
        let box = StateBox(defaultValue())
        boxes[key] = box
        snapshots?.register(box, key: prefix + key)
        return box
    }

    /// The values as a store keeps them (JSON by key, without the prefix): what a reloaded
    /// tab's new page takes over (`@SceneStorage`).
    public func encodedValues() -> [String: [UInt8]] {
        var values: [String: [UInt8]] = [:]
        let encoder = JSONEncoder()
        for (key, box) in boxes {
            if let storage = box as? any SnapshotStorage, let bytes = storage.snapshotBytes(encoder) { values[key] = bytes }
        }
        return values
    }

    /// Writes `values` (as `encodedValues()` gave them) into the keys used here or later.
    public func take(_ values: [String: [UInt8]]) {
        let decoder = JSONDecoder()
        for (key, bytes) in values {
            if let box = boxes[key] as? any RestorableByWrite {
                _ = box.write(bytes, decoder)
            } else {
                pending[key] = bytes
            }
        }
    }

    /// Values taken over for keys not used yet: they replace the default on first use.
    private var pending: [String: [UInt8]] = [:]

    func claimPending<Value>(_ key: String, into box: StateBox<Value>) {
        guard let bytes = pending.removeValue(forKey: key) else { return }
        _ = box.write(bytes, JSONDecoder())
    }
}

/// A property wrapper type that reflects a value from the session's storage (SwiftUI's
/// `UserDefaults`), shared by every page of the browser session and kept across restarts by
/// the durable store; a write updates every view that reads the key, in every page of the
/// session.
///
/// ```swift
/// struct Settings: View {
///     @AppStorage("showsPreview") private var showsPreview = true
///     var body: some View { Toggle("Show previews", isOn: $showsPreview) }
/// }
/// ```
///
/// `store:` is accepted for source compatibility and not used: the session is the store.
public typealias AppStorage<Value> = KeyedStorageProperty<Value, SessionStorageScope>

/// A property wrapper type that reads and writes a value kept for the page (SwiftUI's scene):
/// it survives a reload of the same browser tab and, with the durable store, a restart.
///
/// ```swift
/// struct Editor: View {
///     @SceneStorage("draft") private var draft = ""
///     var body: some View { TextEditor(text: $draft) }
/// }
/// ```
public typealias SceneStorage<Value> = KeyedStorageProperty<Value, PageStorageScope>

/// A value kept under a key in one scope of storage, shared by the views of that scope that
/// use the key: `@AppStorage` (the session), `@SceneStorage` (the page), `@UserStorage` (the
/// signed-in user). Use it through those names.
@propertyWrapper
public struct KeyedStorageProperty<Value, Scope: KeyedStorageScope>: DynamicProperty {
    let key: String
    let defaultValue: Value
    private var box: StateBox<Value>?

    /// The value under `key`, `wrappedValue` until one is written.
    public init(wrappedValue: Value, _ key: String) {
        self.key = key
        defaultValue = wrappedValue
    }

    /// The value under `key`, nil until one is written.
    public init<Wrapped>(_ key: String) where Value == Wrapped? {
        self.init(wrappedValue: nil, key)
    }

    public var wrappedValue: Value {
        get { box?.get() ?? defaultValue }
        nonmutating set { box?.set(newValue) }
    }

    public var projectedValue: Binding<Value> { KeyedStorage.binding(box, defaultValue) }
}

extension KeyedStorageProperty where Scope == SessionStorageScope {
    /// The value under `key`, `wrappedValue` until one is written (`store` is not used).
    public init(wrappedValue: Value, _ key: String, store: UserDefaults?) {
        self.init(wrappedValue: wrappedValue, key)
    }

    /// The value under `key`, nil until one is written (`store` is not used).
    public init<Wrapped>(_ key: String, store: UserDefaults?) where Value == Wrapped? {
        self.init(wrappedValue: nil, key)
    }
}

/// Where a `KeyedStorageProperty` keeps its values.
public protocol KeyedStorageScope {
    static var scope: StorageScope { get }
}

/// The scopes of keyed storage, narrowest first.
public enum StorageScope: Sendable {
    /// The page (`@SceneStorage`).
    case page
    /// The browser session (`@AppStorage`; outside a server, the process).
    case session
    /// The signed-in user (`@UserStorage`; outside a server, the process).
    case user
}

/// `@AppStorage`'s scope.
public enum SessionStorageScope: KeyedStorageScope {
    public static var scope: StorageScope { .session }
}

/// `@SceneStorage`'s scope.
public enum PageStorageScope: KeyedStorageScope {
    public static var scope: StorageScope { .page }
}

extension KeyedStorageProperty: NodeStorage {
    mutating func link(to slot: inout AnyObject?, _ link: LinkContext) {
        let tree = link.node.tree
        let values = switch Scope.scope {
        case .page: tree.sceneStorage
        case .session: tree.appStorage ?? .standard
        case .user: tree.appStorageScope?.userStorageValues ?? .standardUser
        }
        box = KeyedStorage.link(&slot, values, key, defaultValue)
    }
}

/// What the keyed storage wrappers share: they differ only in their scope.
@MainActor
enum KeyedStorage {
    /// The scope's storage of `key` (kept in the node's slot: the same box on every update).
    static func link<Value>(_ slot: inout AnyObject?, _ values: StorageValues, _ key: String, _ defaultValue: Value) -> StateBox<Value> {
        if let box = slot as? StateBox<Value> { return box }
        precondition(!key.hasPrefix("_sh."), "storage keys beginning with _sh. are Statehouse's own (the signed-in user is kept under one): rename \(key)")
        let box = values.box(key, default: defaultValue)
        values.claimPending(key, into: box)
        slot = box
        return box
    }

    nonisolated static func binding<Value>(_ box: StateBox<Value>?, _ defaultValue: Value) -> Binding<Value> {
        guard let box else { return .constant(defaultValue) }
        return Binding(identity: BindingIdentity(root: ObjectIdentifier(box)), get: { box.get() }, set: { box.set($0) })
    }
}
