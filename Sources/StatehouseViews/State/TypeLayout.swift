@_spi(Reflection) import Swift

/// What Statehouse needs to know about a view type's stored properties, computed once per
/// type from its metadata (no `Mirror` on the render path):
/// - where its node-owned storage (`@State`, …) sits, to link new copies to the node's storage;
/// - how to tell whether a new copy of the view has the same inputs as the last one.
@MainActor
@usableFromInline
final class TypeLayout {
    @exclusivity(unchecked) private static var cache = TypeTable<TypeLayout>()

    typealias Comparison = (UnsafeRawPointer, UnsafeRawPointer) -> Bool

    /// Offsets and types of the node-owned storage fields, nested dynamic properties flattened.
    let storage: [(offset: Int, type: any NodeStorage.Type)]
    /// The names of the storage fields (`_count`; nested: `_counter._count`), by index: what
    /// durable state is filed under, so adding or reordering properties moves no value.
    let storageNames: [String]
    /// Dynamic properties of the app's own (a struct of `@State`s, …), inner ones first: their
    /// `update()` runs before each `body`, as SwiftUI's does. Statehouse's own wrappers need
    /// none and are left out.
    let updates: [(offset: Int, type: any DynamicProperty.Type)]
    /// Returns true when two values of the type are the same input.
    let isSame: Comparison
    /// The indices in `storage` of the durable fields (`@State`, `@StateObject`).
    @usableFromInline let durableFields: [Int]
    /// The type's step in a structural identity (its name, hashed the same in every process).
    @usableFromInline let identityStep: UInt64

    @usableFromInline static func of(_ type: Any.Type) -> TypeLayout {
        let key = ObjectIdentifier(type)
        if let layout = cache[key] { return layout }
        let layout = TypeLayout(type)
        cache.insert(layout, for: key)
        return layout
    }

    private init(_ type: Any.Type) {
        var storage: [(Int, any NodeStorage.Type)] = []
        var names: [String] = []
        var updates: [(Int, any DynamicProperty.Type)] = []
        TypeLayout.collectStorage(of: type, base: 0, prefix: "", into: &storage, names: &names, updates: &updates)
        self.storage = storage
        storageNames = names
        self.updates = updates
        isSame = TypeLayout.comparison(for: type)
        durableFields = storage.indices.filter { storage[$0].1.isDurable }
        identityStep = StructuralIdentity.hash(Self.stableName(of: type))
    }

    private static func collectStorage(of type: Any.Type, base: Int, prefix: String, into storage: inout [(Int, any NodeStorage.Type)],
                                       names: inout [String], updates: inout [(Int, any DynamicProperty.Type)]) {
        _ = _forEachField(of: type, options: []) { name, offset, fieldType, kind in
            let name = prefix + String(cString: name)
            if let nodeStorage = fieldType as? any NodeStorage.Type {
                storage.append((base + offset, nodeStorage))
                names.append(name)
            } else if kind == .struct, let dynamic = fieldType as? any DynamicProperty.Type, !(fieldType is any BuiltInProperty.Type) {
                collectStorage(of: fieldType, base: base + offset, prefix: name + ".", into: &storage, names: &names, updates: &updates)
                updates.append((base + offset, dynamic))
            } else if kind == .struct, fieldType is any ViewModifier.Type {
                // An app's modifier inside the view its body becomes (`ModifierBody`): its own
                // `@State` and dynamic properties belong to that view's node.
                collectStorage(of: fieldType, base: base + offset, prefix: name + ".", into: &storage, names: &names, updates: &updates)
            }
            return true
        }
    }

    /// The type's qualified name without the addresses the runtime puts in some (a private or
    /// local type's context: `M.(unknown context at $55f5914).Name`), which move from process to
    /// process. (The mangled name refers to such contexts by address too.) Two private types
    /// of one name in one scope share it: their views are numbered in mount order.
    static func stableName(of type: Any.Type) -> String {
        var name = _typeName(type, qualified: true)
        while let range = name.range(of: "(unknown context at $") {
            guard let end = name[range.upperBound...].firstIndex(of: ")") else { break }
            name.replaceSubrange(range.lowerBound...end, with: "(private)")
        }
        return name
    }

    /// Runs `update()` on the app's own dynamic properties of `value`, inner ones first.
    @usableFromInline func update<V>(_ value: inout V) {
        if updates.isEmpty { return }
        updateFields(at: &value)  // the address as an argument, not to a closure: see `link`
    }

    private func updateFields<V>(at value: UnsafeMutablePointer<V>) {
        let base = UnsafeMutableRawPointer(value)
        for field in updates {
            func update<P: DynamicProperty>(_: P.Type) {
                base.advanced(by: field.offset).assumingMemoryBound(to: P.self).pointee.update()
            }
            update(field.type)
        }
    }

    /// Whether two values are the same view input, by the most precise rule the type allows:
    /// its own `InputComparable` rule, `Equatable`, field by field for structs, else bytes.
    private static func comparison(for type: Any.Type) -> Comparison {
        if let comparable = type as? any InputComparable.Type { return inputComparison(comparable) }
        if type is any NodeStorage.Type { return { _, _ in true } }
        if type is AnyObject.Type { return byteComparison(type) }
        if let equatable = type as? any Equatable.Type { return equatableComparison(equatable) }
        var fields: [(offset: Int, isSame: Comparison)] = []
        var isStruct = false
        let walked = _forEachField(of: type, options: []) { _, offset, fieldType, kind in
            isStruct = true
            if kind == .struct || kind == .optional || kind == .enum || kind == .tuple || kind == .class
                || fieldType is any NodeStorage.Type || fieldType is any InputComparable.Type
                || fieldType is any Equatable.Type {
                fields.append((offset, comparison(for: fieldType)))
            } else {
                fields.append((offset, byteComparison(fieldType)))
            }
            return true
        }
        guard walked, isStruct else { return byteComparison(type) }
        return { a, b in
            for field in fields where !field.isSame(a + field.offset, b + field.offset) { return false }
            return true
        }
    }

    private static func inputComparison<T: InputComparable>(_: T.Type) -> Comparison {
        { a, b in
            withPointee(a.assumingMemoryBound(to: T.self)) { a in withPointee(b.assumingMemoryBound(to: T.self)) { T.isSameInput(a, $0) } }
        }
    }

    private static func equatableComparison<T: Equatable>(_: T.Type) -> Comparison {
        { a, b in withPointee(a.assumingMemoryBound(to: T.self)) { a in withPointee(b.assumingMemoryBound(to: T.self)) { a == $0 } } }
    }

    /// Bitwise equality: exact for references and plain values, conservative (unequal) for a
    /// closure re-created by the parent's body.
    private static func byteComparison(_ type: Any.Type) -> Comparison {
        func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        let count = size(type)
        return { a, b in memcmp(a, b, count) == 0 }
    }

    /// Links every storage field of `value` to the node's slots.
    @usableFromInline func link<V>(_ value: inout V, slots: inout Slots, _ context: LinkContext) throws(ViewFailure) {
        if storage.isEmpty || MemoryLayout<V>.size == 0 { return }
        // The value's address handed on as an argument, not to a closure: a main-actor closure
        // handed to the standard library (`withUnsafeMutableBytes`) checks its executor each
        // time it runs (a thread-local lookup, once per mounted view).
        try linkFields(at: &value, slots: &slots, context)
    }

    private func linkFields<V>(at value: UnsafeMutablePointer<V>, slots: inout Slots, _ context: LinkContext) throws(ViewFailure) {
        let base = UnsafeMutableRawPointer(value)
        var failure: ViewFailure?
        for (index, field) in storage.enumerated() {
            func linkField<S: NodeStorage>(_: S.Type) throws(ViewFailure) {
                try base.advanced(by: field.offset).assumingMemoryBound(to: S.self).pointee.link(to: &slots[index], context)
            }
            do throws(ViewFailure) { try linkField(field.type) } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }

    /// Gives every storage field of `value` storage of its own, as it was made: a value to be
    /// mounted in several places (an app's modifier applied to each row of a `ForEach`) is
    /// forked for each, or all would share the storage the first donated.
    func fork<V>(_ value: inout V) {
        if storage.isEmpty || MemoryLayout<V>.size == 0 { return }
        // (Rare: through a closure, unlike `link` and `update`.)
        withUnsafeMutableBytes(of: &value) { raw in
            for field in storage {
                @MainActor func forkField<S: NodeStorage>(_: S.Type) {
                    raw.baseAddress!.advanced(by: field.offset).assumingMemoryBound(to: S.self).pointee.fork()
                }
                forkField(field.type)
            }
        }
    }

    /// The storage objects of `value`'s durable fields, by field index: an `App`'s `@State`
    /// boxes, which hold their values themselves (an App is never mounted).
    func durableStorage<V>(of value: V) -> [(index: Int, storage: any SnapshotStorage)] {
        let fields = durableFields.map { (index: $0, field: storage[$0]) }
        return withUnsafeBytes(of: value) { raw in
            fields.compactMap { index, field in
                func read<S: NodeStorage>(_: S.Type) -> (any SnapshotStorage)? {
                    raw.load(fromByteOffset: field.offset, as: S.self).durableStorage
                }
                return read(field.type).map { (index, $0) }
            }
        }
    }

    /// Whether `a` and `b` are the same input.
    func same<V>(_ a: V, _ b: V) -> Bool {
        if MemoryLayout<V>.size == 0 { return true }
        return Self.compare(a, b, isSame)
    }

    /// Not isolated: its closures, handed to the standard library, would check the executor
    /// each time (see `link`); an update compares every child view its parent's body made.
    private nonisolated static func compare<V>(_ a: V, _ b: V, _ isSame: Comparison) -> Bool {
        withUnsafeBytes(of: a) { pa in withUnsafeBytes(of: b) { pb in isSame(pa.baseAddress!, pb.baseAddress!) } }
    }
}

/// A node's storage objects (one per `@State`, `@StateObject`, … field), by field index; an
/// empty slot until its field is first linked.
@usableFromInline
struct Slots {
    private var list = InlineList<AnyObject?>()

    @usableFromInline init() {}

    subscript(index: Int) -> AnyObject? {
        get { index < list.count ? list[index] : nil }
        set {
            while list.count <= index { list.append(nil) }
            list[index] = newValue
        }
    }

    mutating func removeAll() { list.removeAll() }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
