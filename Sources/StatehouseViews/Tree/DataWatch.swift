/// A node whose data another node reads for it (`DataWatch`).
@MainActor
protocol DataWatching: AnyObject {
    /// The data changed.
    func dataDidChange()
}

/// Reads a `ForEach`'s bound collection for its node, apart from what the rows' contents read:
/// a change to the collection re-runs the rows whose elements changed, a change to what the
/// contents read re-runs them all.
@MainActor
final class DataWatch: Node {
    private unowned(unsafe) let owner: any DataWatching
    /// (Main actor only; reachable from the nonisolated `addDependency`.)
    nonisolated(unsafe) private var reads = Reads()

    init(_ owner: any DataWatching, _ context: __shared Context) {
        self.owner = owner
        super.init(context)
    }

    /// Runs `body` (a read of the data) with this node recording what it reads.
    func track<R>(_ body: () -> R) -> R {
        reads.clear(self)
        isDirty = false
        return Reads.track(self, body)
    }

    override func reevaluate() {
        isDirty = false
        owner.dataDidChange()
    }

    nonisolated override func addDependency(_ source: any StateSource) {
        reads.add(source)
    }

    override func unmount() {
        reads.clear(self)
        super.unmount()
    }
}
