/// Everything one evaluation read, on behalf of one node: the `@State` boxes it read (they
/// know their readers) and the `@Observable` properties it read (one
/// `withObservationTracking` registration, kept as an `ObservationToken`).
///
/// Observation's `onChange` fires once, on the writing thread, before the write lands; it only
/// marks the node dirty (on the main actor). A registration cannot be cancelled through public
/// API, so each evaluation retires the previous one: a retired registration that fires later
/// does nothing, and Observation drops it at that first change.
///
/// Main actor only, but not isolated: a state getter records its read through the nonisolated
/// `Node.addDependency`.
@usableFromInline
struct Reads {
    private var sources = InlineList<any StateSource>()

    @usableFromInline init() {}

    /// Runs `body` with `reader` recording every state read and every observable property
    /// read (through `reader.addDependency`). Call `clear` first.
    @MainActor @usableFromInline static func track<R>(_ reader: Node, _ body: () -> R) -> R {
        Tracking.reading(as: reader) {
            // The autoclosure is evaluated only when `body` read an observable property.
            withObservationTracking(body, onChange: arm(reader))
        }
    }

    @MainActor private static func arm(_ reader: Node) -> @Sendable () -> Void {
        let token = ObservationToken(reader)
        reader.addDependency(token)
        return { token.fire() }
    }

    mutating func add(_ source: any StateSource) { sources.append(source) }

    /// Forgets what the last evaluation read.
    @MainActor @usableFromInline mutating func clear(_ reader: Node) {
        sources.forEach { $0.removeReader(reader) }
        sources.removeAll()
    }
}

/// The link from one Observation registration (or one `objectWillChange` subscription) to
/// the node it invalidates.
final class ObservationToken: StateSource, @unchecked Sendable {
    /// Main actor only.
    private weak var reader: Node?

    @MainActor init(_ reader: Node) { self.reader = reader }

    /// Called on the writing thread, before the value changes.
    func fire() {
        MainQueue.run { self.reader?.stateDidChange() }
    }

    /// The node no longer wants to hear of this registration (main actor only).
    func retire() { reader = nil }

    func removeReader(_ reader: Node) { retire() }
}
