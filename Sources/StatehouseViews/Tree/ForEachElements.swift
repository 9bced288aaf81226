import Synchronization

/// A `ForEach`'s elements as its node reads them on an update: the new ones by offset, each
/// comparable with one of the last ones, so that an update re-runs the content only for the
/// rows whose element changed. Two kinds: the data a `ForEach` was given (`GivenElements`) and
/// the collection a binding reaches (`BoundElements`).
@MainActor
class RowElements<Data: RandomAccessCollection, ID: Hashable> {
    /// Reads the elements of `view`'s data (of its binding's collection, under the node's data
    /// tracking). Returns how many there are, and whether they come from another source than
    /// the last ones (another binding), which the rows' contents must be made again for.
    func read<Content>(_ view: ForEach<Data, ID, Content>) -> (count: Int, newSource: Bool) { fatalError("abstract") }

    /// How many elements in a row, from `old` and `new` on, stepping by `step` (1 or -1), at
    /// most `limit`, are the same input.
    func sameRun(old: Int, new: Int, limit: Int, step: Int) -> Int {
        var count = 0
        while count < limit, isSame(old: old + count * step, new: new + count * step) { count += 1 }
        return count
    }

    /// The id of the new element at `offset`.
    func key(at offset: Int) -> ID { fatalError("abstract") }

    /// Whether the last read's element at `old` and the new one at `new` are the same value: the
    /// same bytes (an array's copy of an element holds the same references). Not the type's
    /// `==`, which may leave out what a row shows (an `==` that compares ids only), nor field by
    /// field: a row whose element's bytes changed is made again, whatever its fields say.
    func isSame(old: Int, new: Int) -> Bool { fatalError("abstract") }

    /// What the content is called with for the new element at `offset`, whose id is `key`.
    func element(at offset: Int, key: ID) -> Data.Element { fatalError("abstract") }

    /// The offset of the first element whose id is `key` in the new elements.
    func offset(of key: ID) -> Int? { fatalError("abstract") }

    /// The row of `key` has left (its element is gone).
    func remove(_ key: ID) {}

    /// The row of `key` was brought up to date with a changed element: whatever read its
    /// element elsewhere (through its binding) is told.
    func elementDidChange(_ key: ID) {}

    /// The new elements become the last ones.
    func commit() {}

    /// Whether two elements can have the same id (not a range's numbers).
    var idsCanRepeat: Bool { true }

    /// The node whose rows these are.
    func attach(to node: AnyObject) {}
}

/// The data a `ForEach` was given: the last value is kept to compare the new one with.
final class GivenElements<Data: RandomAccessCollection, ID: Hashable>: RowElements<Data, ID> {
    private var last: Data?
    private var current: Data?
    private let idPath: KeyPath<Data.Element, ID>
    /// `id: \.self`: the element is its id.
    private let isIdentity: Bool
    private let isRange: Bool

    init(_ data: Data, idPath: KeyPath<Data.Element, ID>) {
        last = data
        self.idPath = idPath
        isIdentity = ID.self == Data.Element.self && (idPath as AnyKeyPath) == (\Data.Element.self as AnyKeyPath)
        isRange = isIdentity && (Data.self == Range<Int>.self || Data.self == ClosedRange<Int>.self)
    }

    override func read<Content>(_ view: ForEach<Data, ID, Content>) -> (count: Int, newSource: Bool) {
        let data = view.given!
        current = data
        return (data.count, false)
    }

    private func at(_ data: Data, _ offset: Int) -> Data.Element {
        data[data.index(data.startIndex, offsetBy: offset)]
    }

    private func id(of element: Data.Element) -> ID {
        isIdentity ? sameTypeCast(element, to: ID.self) : element[keyPath: idPath]
    }

    override func key(at offset: Int) -> ID { id(of: at(current!, offset)) }

    override func isSame(old: Int, new: Int) -> Bool { sameBytes(at(last!, old), at(current!, new)) }

    override func sameRun(old: Int, new: Int, limit: Int, step: Int) -> Int {
        sameElements(last!, current!, old: old, new: new, limit: limit, step: step)
            ?? super.sameRun(old: old, new: new, limit: limit, step: step)
    }

    override func element(at offset: Int, key: ID) -> Data.Element { at(current!, offset) }

    override func offset(of key: ID) -> Int? {
        let data = current ?? last!
        return data.firstIndex { id(of: $0) == key }.map { data.distance(from: data.startIndex, to: $0) }
    }

    override func commit() {
        if let current { last = current }
        current = nil
    }

    override var idsCanRepeat: Bool { !isRange }
}

/// The binding a `ForEach($items)` was made with, kept in the `ForEach` value: its collection is
/// read by the node that shows the rows (see `ForEach.bound`).
@usableFromInline
class BoundCollection: @unchecked Sendable {
    /// The elements' bindings, made now (what `ForEach.data` returns).
    func elements() -> Any { fatalError("abstract") }

    /// The node's reader of the collection.
    @MainActor func makeElements<Data: RandomAccessCollection, ID: Hashable>(_: Data.Type, _: ID.Type) -> RowElements<Data, ID> {
        fatalError("abstract")
    }
}

final class BindingCollection<C: MutableCollection & RandomAccessCollection>: BoundCollection, @unchecked Sendable where C.Element: Identifiable {
    let binding: Binding<C>

    init(_ binding: Binding<C>) { self.binding = binding }

    override func elements() -> Any {
        let collection = binding.wrappedValue
        return collection.enumerated().map { offset, element in
            RowAccess(binding, element: element, offset: offset, owner: nil).binding
        }
    }

    @MainActor override func makeElements<Data: RandomAccessCollection, ID: Hashable>(_: Data.Type, _: ID.Type) -> RowElements<Data, ID> {
        BoundElements<C>() as RowElements<[Binding<C.Element>], C.Element.ID> as! RowElements<Data, ID>
    }
}

/// The collection a binding reaches, read by the node: each row's binding finds its element
/// where it last was (no scan), and what read it through the binding is told when it changes.
final class BoundElements<C: MutableCollection & RandomAccessCollection>: RowElements<[Binding<C.Element>], C.Element.ID> where C.Element: Identifiable {
    private var binding: Binding<C>?
    private var last: C?
    private var current: C?
    /// Each row's access to its element, by id.
    private var accesses: [C.Element.ID: RowAccess<C>] = [:]
    private var owner: ObjectIdentifier?

    override func attach(to node: AnyObject) { owner = ObjectIdentifier(node) }

    override func read<Content>(_ view: ForEach<[Binding<C.Element>], C.Element.ID, Content>) -> (count: Int, newSource: Bool) {
        let new = (view.bound as! BindingCollection<C>).binding
        var newSource = false
        if let binding, !Binding.isSameInput(binding, new) {
            // Another collection: the rows' accesses would read the old one.
            accesses.removeAll()
            newSource = true
        }
        binding = new
        let collection = new.wrappedValue
        current = collection
        return (collection.count, newSource)
    }

    private func at(_ collection: C, _ offset: Int) -> C.Element {
        collection[collection.index(collection.startIndex, offsetBy: offset)]
    }

    override func key(at offset: Int) -> C.Element.ID { at(current!, offset).id }

    override func isSame(old: Int, new: Int) -> Bool { sameBytes(at(last!, old), at(current!, new)) }

    override func sameRun(old: Int, new: Int, limit: Int, step: Int) -> Int {
        sameElements(last!, current!, old: old, new: new, limit: limit, step: step)
            ?? super.sameRun(old: old, new: new, limit: limit, step: step)
    }

    override func element(at offset: Int, key: C.Element.ID) -> Binding<C.Element> {
        if let access = accesses[key] {
            access.offset.store(offset, ordering: .relaxed)
            return access.binding
        }
        let access = RowAccess(binding!, element: at(current!, offset), offset: offset, owner: owner)
        accesses[key] = access
        return access.binding
    }

    override func offset(of key: C.Element.ID) -> Int? {
        let collection = current ?? last!
        return collection.firstIndex { $0.id == key }.map { collection.distance(from: collection.startIndex, to: $0) }
    }

    override func remove(_ key: C.Element.ID) { accesses.removeValue(forKey: key) }

    override func elementDidChange(_ key: C.Element.ID) { accesses[key]?.invalidateReaders() }

    override func commit() {
        if let current { last = current }
        current = nil
    }
}

/// One row's way to its element in a bound collection: the row's binding reads and writes
/// through it. It looks where the element last was before it scans (a scan per read made a
/// list's every change cost the square of its length), and it is the state source of the row's
/// element: a view that read the element through the binding is told when that element changes,
/// not when any element does.
final class RowAccess<C: MutableCollection & RandomAccessCollection>: StateSource, @unchecked Sendable where C.Element: Identifiable {
    private let collection: Binding<C>
    private let id: C.Element.ID
    /// What the binding reads once the element is gone (a row on its way out).
    private let initial: C.Element
    /// Where the element was last seen (read and written from any thread).
    let offset: Atomic<Int>
    /// The node whose rows these are: it compares elements itself, and is not told.
    private let owner: ObjectIdentifier?
    /// Main actor only.
    private var readers = ReaderSet()

    init(_ collection: Binding<C>, element: C.Element, offset: Int, owner: ObjectIdentifier?) {
        self.collection = collection
        id = element.id
        initial = element
        self.offset = Atomic(offset)
        self.owner = owner
    }

    var binding: Binding<C.Element> {
        Binding(get: { self.get() }, set: { self.set($0) })
    }

    private func get() -> C.Element {
        Tracking.withCurrent { reader in
            if ObjectIdentifier(reader) != owner, readers.insert(reader) { reader.addDependency(self) }
        }
        // The collection read untracked: what read this element depends on it, not on all.
        let current = Tracking.reading(as: nil) { collection.wrappedValue }
        return position(in: current).map { current[$0] } ?? initial
    }

    private func set(_ newValue: C.Element) {
        guard let position = position(in: Tracking.reading(as: nil) { collection.wrappedValue }) else { return }
        collection.wrappedValue[position] = newValue
    }

    private func position(in current: C) -> C.Index? {
        let hint = offset.load(ordering: .relaxed)
        if hint >= 0, hint < current.count {
            let index = current.index(current.startIndex, offsetBy: hint)
            if current[index].id == id { return index }
        }
        guard let index = current.firstIndex(where: { $0.id == id }) else { return nil }
        offset.store(current.distance(from: current.startIndex, to: index), ordering: .relaxed)
        return index
    }

    @MainActor func invalidateReaders() {
        let readers = self.readers
        readers.forEach { $0.stateDidChange() }
    }

    func removeReader(_ reader: Node) { readers.remove(reader) }
}

/// Whether `a` and `b` have the same bytes (a class: the same object).
private func sameBytes<T>(_ a: T, _ b: T) -> Bool {
    withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
}

/// `RowElements.sameRun` over two collections stored contiguously (arrays): the elements compared
/// where they are, none copied (a copy retained and released what each holds). Nil for other
/// collections.
private func sameElements<C: Collection>(_ last: C, _ current: C, old: Int, new: Int, limit: Int, step: Int) -> Int? {
    guard limit > 0 else { return 0 }
    let stride = MemoryLayout<C.Element>.stride, size = MemoryLayout<C.Element>.size
    return last.withContiguousStorageIfAvailable { last in
        current.withContiguousStorageIfAvailable { current in
            let a = UnsafeRawPointer(last.baseAddress!), b = UnsafeRawPointer(current.baseAddress!)
            var count = 0
            while count < limit, memcmp(a + (old + count * step) * stride, b + (new + count * step) * stride, size) == 0 { count += 1 }
            return count
        }
    } ?? nil
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
