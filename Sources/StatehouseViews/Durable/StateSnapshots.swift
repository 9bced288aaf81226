import Foundation

/// A page's durable state: every `Codable` value of its views' `@State` (and `@StateObject`),
/// filed by the view's structural identity and the property's position, kept in step with a
/// store that outlives the process.
///
/// A host makes one per page and hands it to the page's `LiveTree`. Before a view's first
/// `body` runs, a value restored for its identity is put in place (so a page mounted again
/// after a restart shows what it showed before); after each `flush()`, `takeChanges()` says
/// what to write: the values written since (objects are compared by their encoding), and
/// the keys of views that left the tree. A value still at its initial value is never
/// written: mounting again makes it anew.
///
/// ```swift
/// let snapshots = StateSnapshots(restoring: storedValues)
/// let tree = LiveTree(CounterView(), snapshots: snapshots)
/// _ = try tree.send(Event(target: "increment"))
/// let changes = snapshots.takeChanges()   // [("…0.0", "1")]
/// ```
@MainActor
public final class StateSnapshots {
    /// Restored values not yet claimed by a mounted view.
    private var restored: [String: [UInt8]]
    /// The keys the store holds a value for.
    private var stored: Set<String>
    /// The keys of mounted storage.
    private var live: [String: SnapshotEntry] = [:]
    /// Entries written since the last `takeChanges()`.
    private var dirty: [SnapshotEntry] = []
    /// Entries holding an object: compared by encoding at each `takeChanges()` (an object's
    /// own properties change without a write to the `@State`).
    private var objects: [SnapshotEntry] = []
    /// Stored keys whose view left the tree.
    private var removed: Set<String> = []
    /// Types met that cannot be saved (not `Codable`), or whose stored value did not decode,
    /// since the last `takeChanges()`.
    private var problems: [String] = []
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys  // equal values, equal bytes
        return encoder
    }()
    private let decoder = JSONDecoder()
    /// Types already reported as not `Codable` (once per process).
    private static var reportedTypes: Set<String> = []

    /// Starts with the values a store kept for the page, by key (empty for a new page).
    public init(restoring values: [String: [UInt8]] = [:]) {
        restored = values
        stored = Set(values.keys)
    }

    /// What to write to the store since the last call.
    public func takeChanges() -> StateChanges {
        var changes = StateChanges()
        for entry in dirty {
            entry.isDirty = false
            if entry.isLive { save(entry, into: &changes) }
        }
        dirty.removeAll(keepingCapacity: true)
        if objects.contains(where: { !$0.isLive }) { objects.removeAll { !$0.isLive } }
        for entry in objects { save(entry, into: &changes) }
        changes.removals = removed.sorted()
        removed.removeAll()
        changes.problems = problems
        problems.removeAll()
        return changes
    }

    /// The keys of the mounted views' state, sorted (what a store would hold for the page).
    public var keys: [String] { live.keys.sorted() }

    /// The store lost what was last written (the write failed): the next `takeChanges()`
    /// writes every mounted value again.
    public func forgetStored() {
        for entry in live.values {
            entry.lastBytes = nil
            entry.markDirty()
        }
    }

    private func save(_ entry: SnapshotEntry, into changes: inout StateChanges) {
        guard let bytes = entry.storage.snapshotBytes(encoder) else {
            return report("\(entry.storage.snapshotTypeName) (its value could not be encoded)")
        }
        guard bytes != entry.lastBytes else { return }
        entry.lastBytes = bytes
        changes.upserts.append((entry.key, bytes))
        stored.insert(entry.key)
        removed.remove(entry.key)
    }

    private func report(_ problem: String) {
        if Self.reportedTypes.insert(problem).inserted { problems.append(problem) }
    }

    // MARK: Mounting and unmounting

    /// Files the `@State` properties of `app` (App-level state, shared by every page) under
    /// `app.NAME`, putting in place the values restored for them. Call it before any page mounts:
    /// the routes read the same storage.
    ///
    /// ```swift
    /// let appState = StateSnapshots(restoring: storedAppValues)
    /// appState.fileAppState(of: app)
    /// ```
    public func fileAppState<A: App>(of app: A) {
        let layout = TypeLayout.of(A.self)
        for (index, storage) in layout.durableStorage(of: app) {
            register(storage, key: "app.\(layout.storageNames[index])", node: nil)
        }
    }

    /// Puts in place a value another process wrote for `key` (App-level state shared through
    /// the store): readers are updated as by any write, and it is not written back.
    public func applyStored(key: String, value bytes: [UInt8]) {
        guard let entry = live[key], bytes != entry.lastBytes else { return }
        guard let storage = entry.storage as? any RestorableByWrite, storage.write(bytes, decoder) else {
            return report("\(entry.storage.snapshotTypeName) (a value from the store did not decode)")
        }
        // What this process would write for it (a `Set` encodes in another order here): a
        // value taken from another process is not written back.
        entry.lastBytes = entry.storage.snapshotBytes(encoder) ?? bytes
        stored.insert(key)
    }

    /// Files `storage`, just made for a view at `identity` (its property `name`), and puts in
    /// place the value restored for it, if any. Called before the view's first `body`.
    func register(_ storage: any SnapshotStorage, identity: StructuralIdentity, name: String, node: Node) {
        register(storage, key: "\(identity.hex).\(name)", node: node)
    }

    /// Files `storage` under `key` (numbered if taken), putting in place the value restored
    /// for it, if any.
    func register(_ storage: any SnapshotStorage, key base: String, node: Node? = nil) {
        if storage.isMemoryOnly { return }
        guard storage.isCodable else {
            return report("\(storage.snapshotTypeName) (not Codable: it starts from its initial value after a restart; make \(storage.snapshotTypeName) Codable to keep it)")
        }
        var key = base
        // Two views the path does not tell apart: numbered in mount order.
        var occurrence = 1
        while live[key] != nil {
            key = "\(base)~\(occurrence)"
            occurrence += 1
        }
        let entry = SnapshotEntry(key: key, storage: storage, snapshots: self)
        live[key] = entry
        storage.snapshotEntry = entry
        if let bytes = restored.removeValue(forKey: key) {
            if storage.restore(from: bytes, decoder, node: node) {
                entry.lastBytes = bytes
            } else {
                report("\(storage.snapshotTypeName) (a stored value did not decode: it starts from its initial value)")
                entry.markDirty()
            }
        } else if stored.contains(key) {
            entry.markDirty()  // a stale value under the same identity: overwrite it
        }
        if storage.snapshotIsObject {
            if entry.lastBytes == nil, !stored.contains(key) { entry.lastBytes = storage.snapshotBytes(encoder) }
            objects.append(entry)
        }
    }

    /// Forgets `storage`: its view left the tree (its stored value is deleted at the next
    /// `takeChanges()`).
    func unregister(_ storage: any SnapshotStorage) {
        guard let entry = storage.snapshotEntry else { return }
        storage.snapshotEntry = nil
        entry.isLive = false
        live[entry.key] = nil
        if stored.remove(entry.key) != nil { removed.insert(entry.key) }
    }

    /// Keeps the storage whose identity is `root` (a `@State`'s box, or the object a
    /// `@StateObject` or a `@State` holds) out of the store while it is mounted: what the store
    /// holds of it is deleted with the next changes, and nothing of it is written again. (A
    /// `SecureField` calls it for the state its binding leads to.)
    func keepInMemory(_ root: ObjectIdentifier) {
        for entry in live.values where ObjectIdentifier(entry.storage) == root || entry.storage.holdsObject(root) {
            unregister(entry.storage)
        }
    }

    fileprivate func didWrite(_ entry: SnapshotEntry) { dirty.append(entry) }

    /// After the first mount: restored values no view claimed belong to views that are gone
    /// (a deploy changed the page): the next changes delete them. (`@SceneStorage` values
    /// wait for their first use.)
    func dropUnclaimed() {
        for key in restored.keys where !key.hasPrefix("scene.") && stored.remove(key) != nil {
            removed.insert(key)
        }
        restored = restored.filter { $0.key.hasPrefix("scene.") }
    }

    /// Lets go of every entry (the page or session ended): storage that outlives it (a
    /// binding held by a task) no longer reports writes here.
    public func close() {
        for entry in live.values {
            entry.isLive = false
            entry.storage.snapshotEntry = nil
        }
        live.removeAll()
        dirty.removeAll()
        objects.removeAll()
    }
}

/// What a page's durable state needs written: values by key, and keys to delete.
///
/// ```swift
/// let changes = snapshots.takeChanges()
/// for (key, value) in changes.upserts { store[key] = value }
/// for key in changes.removals { store[key] = nil }
/// ```
public struct StateChanges: Sendable {
    /// Keys and their new values (JSON).
    public var upserts: [(key: String, value: [UInt8])] = []
    /// Keys whose view left the tree.
    public var removals: [String] = []
    /// Types that cannot be kept, first seen since the last changes (for the host's log).
    public var problems: [String] = []

    public var isEmpty: Bool { upserts.isEmpty && removals.isEmpty }

    public init() {}
}

/// One filed piece of storage.
@MainActor
final class SnapshotEntry {
    let key: String
    let storage: any SnapshotStorage
    unowned let snapshots: StateSnapshots
    /// The bytes the store holds (nil: none, or not known).
    var lastBytes: [UInt8]?
    var isDirty = false
    var isLive = true

    init(key: String, storage: any SnapshotStorage, snapshots: StateSnapshots) {
        self.key = key
        self.storage = storage
        self.snapshots = snapshots
    }

    /// The value was written: save it with the next changes.
    func markDirty() {
        guard !isDirty, isLive else { return }
        isDirty = true
        snapshots.didWrite(self)
    }
}

/// Node storage whose value can be saved and put back (`@State`'s box, `@StateObject`'s).
@MainActor
protocol SnapshotStorage: AnyObject {
    /// The entry it is filed under while its view is mounted in a tree that keeps snapshots.
    var snapshotEntry: SnapshotEntry? { get set }
    /// Whether the value's type is `Codable`.
    nonisolated var isCodable: Bool { get }
    /// Whether the value is an object (compared by encoding: it changes without a write).
    nonisolated var snapshotIsObject: Bool { get }
    /// Whether the value is the object `object` identifies.
    func holdsObject(_ object: ObjectIdentifier) -> Bool
    /// Declared never to be stored (`@State(.memoryOnly)`).
    var isMemoryOnly: Bool { get }
    nonisolated var snapshotTypeName: String { get }
    /// The value as JSON; nil if it cannot be encoded.
    func snapshotBytes(_ encoder: JSONEncoder) -> [UInt8]?
    /// Replaces the value with the one `bytes` encode, before any body has read it (`node`:
    /// the view's, nil for App-level state).
    func restore(from bytes: [UInt8], _ decoder: JSONDecoder, node: Node?) -> Bool
}

/// Storage that takes a decoded value as a write (readers are invalidated): App-level state
/// another process changed.
@MainActor
protocol RestorableByWrite {
    func write(_ bytes: [UInt8], _ decoder: JSONDecoder) -> Bool
}
