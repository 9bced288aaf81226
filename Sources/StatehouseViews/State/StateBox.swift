import Foundation
import Synchronization

/// The storage behind one `@State`: its value, and the nodes whose bodies read it.
///
/// Every `State` initialisation creates a box holding the default value. When a view struct
/// is mounted for the first time, its boxes become the node's storage; every later copy of
/// that view (re-created by its parent's body) forwards its fresh boxes to those, so reads and
/// writes always reach the storage that belongs to the view's identity.
@usableFromInline final class StateBox<Value>: StateSource, @unchecked Sendable {
    /// Inline (a futex word), so a box is one allocation.
    private let mutex = Mutex<Void>(())
    /// Whether a node took this box as its storage (set on the main actor while it mounts,
    /// before the box is handed to anyone else). The same view value mounted once more (in two
    /// places, or again after it left) gets a box of its own: state belongs to an identity.
    @exclusivity(unchecked) private var isAdopted = false
    /// Read and written under `mutex` only (which keeps accesses apart: no run-time
    /// exclusivity check, a thread-local lookup on each, is needed besides).
    @exclusivity(unchecked) private var value: Value
    /// The node's storage this box forwards to (set once, on the main actor, before the view
    /// struct holding it is handed to anyone else; never re-pointed: `forward(to:)`).
    @exclusivity(unchecked) private var target: StateBox<Value>?
    /// Main actor only (no access overlaps another: unchecked, as `value`).
    @exclusivity(unchecked) private var readers = ReaderSet()
    /// Where a tree that keeps durable state filed this storage (main actor only).
    var snapshotEntry: SnapshotEntry?
    /// Never written to a durable store (`@State(.memoryOnly)`).
    @usableFromInline var isMemoryOnly = false
    /// The value the box held when a node adopted it, kept when it first changes (under
    /// `mutex`): what another mount of the same view value starts from. (A reference: one
    /// word in every box, whatever the value's size; made once per state, at its first change.)
    @exclusivity(unchecked) private var initial: Initial?

    private final class Initial {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    @usableFromInline init(_ value: Value) { self.value = value }

    /// A new box with the value this one was made with (a box that forwards holds it; one a
    /// node adopted keeps it when it first changes).
    func fresh() -> StateBox<Value> {
        let box = StateBox(mutex.withLock { _ in initial?.value ?? value })
        box.isMemoryOnly = isMemoryOnly
        return box
    }

    /// Makes this box the storage of the node mounting a view value that holds it, if it is
    /// free to be: not another node's storage already, nor forwarding to one (the same view
    /// value mounted again); false if not, and the node takes `adoptedCopy()`. (The wrapper
    /// keeps the box it holds: handed back and stored again, it was retained and released, on
    /// every `@State` of every mount.)
    @MainActor func adoptInPlace() -> Bool {
        guard target == nil, !isAdopted else { return false }
        isAdopted = true
        return true
    }

    /// A new box for the node, with the value this one was made with (this one not being free:
    /// `adoptInPlace()`).
    @MainActor func adoptedCopy() -> StateBox<Value> {
        let box = fresh()
        box.isAdopted = true
        return box
    }

    /// Keeps the value a node adopted, before its first change (called under `mutex`).
    private func keepInitial() {
        if isAdopted, initial == nil { initial = Initial(value) }
    }

    /// The box that really stores the value.
    var resolved: StateBox<Value> { target ?? self }

    /// Makes this box forward to `storage` (a node's: adopted, which never forwards), if
    /// it is free to: false for a box that is another node's storage or forwards to another's
    /// (the same view value mounted in two places), which is left as it is (re-pointed, it
    /// took the other place's state with it).
    @MainActor func forward(to storage: StateBox<Value>) -> Bool {
        if storage === self { return true }
        if isAdopted { return false }
        if let target { return target === storage }
        target = storage
        return true
    }

    func get() -> Value {
        // Not through `resolved`: the box that stores the value is most often this one, which
        // needs no retain and release around the read.
        if let target { return target.read() }
        return read()
    }

    /// Reads this box's own value, recording the reader.
    private func read() -> Value {
        // A reader is set only while a body is evaluated on the main actor.
        Tracking.withCurrent { reader in
            if readers.insert(reader) { reader.addDependency(self) }
        }
        return mutex.withLock { _ in value }
    }

    /// Stores `newValue` (from any thread) and invalidates the readers on the main actor.
    func set(_ newValue: Value) {
        let box = resolved
        box.mutex.withLock { _ in
            box.keepInitial()
            box.value = newValue
        }
        // On the main actor (an action, the usual case) at once, with no closure to allocate.
        if MainQueue.isCurrent {
            MainActor.assumeIsolated { box.invalidateReaders() }
        } else {
            MainQueue.enqueue { box.invalidateReaders() }
        }
    }

    @MainActor private func invalidateReaders() {
        // A copy of the list: a reader told of the change may run code (the tree's
        // `onInvalidate`) that changes it, which must not happen under the iteration (`readers`
        // is not checked for overlapping accesses at run time).
        let readers = self.readers
        readers.forEach { $0.stateDidChange() }
        snapshotEntry?.markDirty()
    }

    func removeReader(_ reader: Node) {
        readers.remove(reader)
    }
}

extension StateBox: SnapshotStorage {
    var isCodable: Bool { Value.self is any Codable.Type }
    var snapshotIsObject: Bool { Value.self is AnyObject.Type }
    var snapshotTypeName: String { String(reflecting: Value.self) }

    func holdsObject(_ object: ObjectIdentifier) -> Bool {
        guard snapshotIsObject else { return false }
        return ObjectIdentifier(mutex.withLock { _ in value } as AnyObject) == object
    }

    func snapshotBytes(_ encoder: JSONEncoder) -> [UInt8]? {
        guard let value = mutex.withLock({ _ in value }) as? any Encodable else { return nil }
        return try? Array(encoder.encode(value))
    }

    func restore(from bytes: [UInt8], _ decoder: JSONDecoder, node: Node?) -> Bool {
        guard let decoded = decoded(bytes, decoder) else { return false }
        mutex.withLock { _ in
            keepInitial()
            value = decoded
        }
        return true
    }

    private func decoded(_ bytes: [UInt8], _ decoder: JSONDecoder) -> Value? {
        guard let type = Value.self as? any Decodable.Type else { return nil }
        return (try? decoder.decode(type, from: Data(bytes))) as? Value
    }
}

extension StateBox: RestorableByWrite {
    func write(_ bytes: [UInt8], _ decoder: JSONDecoder) -> Bool {
        guard let decoded = decoded(bytes, decoder) else { return false }
        set(decoded)
        return true
    }
}
