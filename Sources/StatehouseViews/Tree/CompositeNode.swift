/// A mounted user view: keeps the view's last value, its state storage and the state its
/// body read, and re-evaluates `body` only when that state changed, its inputs changed, or
/// its context did.
///
/// Usable from inlinable code, with its initializer inlinable: `View._mount`'s default makes it,
/// specialised in the app's module for each of the app's views (what it calls inside Statehouse
/// is `@usableFromInline`: the names are not public API).
@MainActor @usableFromInline
final class CompositeNode<V: View>: SingleChildNode {
    @exclusivity(unchecked) @usableFromInline var view: V
    @exclusivity(unchecked) @usableFromInline var context: Context
    @usableFromInline let layout: TypeLayout
    /// The node-owned storage of the view's `@State` (and similar) properties, by field.
    @exclusivity(unchecked) @usableFromInline var slots = Slots()
    /// What the last evaluation of `body` read.
    /// (Main actor only; reachable from the nonisolated `addDependency`.)
    @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var reads = Reads()
    /// Set when the view cannot be evaluated (a missing environment object): the node renders
    /// nothing and the tree reports the failure.
    @usableFromInline @exclusivity(unchecked) var failed = false

    /// The node alone: `mount(_:)` links the view's state and mounts its body.
    @inlinable init(_ view: consuming V, _ context: __shared Context) {
        // The layout in a local, read before it is stored, and both it and the view consumed
        // by their stores: then the stores are moves. (Read from the node being initialized,
        // the layout was retained and released; a local kept to the end of its scope, past
        // `super.init`, and the view stored first, each was copied for its store and released
        // after: two pairs of reference counts, 3 % of a first render's mount.)
        let layout = TypeLayout.of(V.self)
        self.context = context.step(layout.identityStep)
        self.layout = consume layout
        self.view = view
        super.init(context)
    }

    /// Links the view's state and mounts its body, on the new node: not in the initializer,
    /// where the node was retained and released around what took it (the link, the closure
    /// that evaluated the body), nor through a closure. (Returning nothing: a method that
    /// returned the node, to be called on the initializer's result, retained it to return
    /// it, and its caller released the one it had.)
    @inlinable func mount(_ context: __shared Context) {
        do throws(ViewFailure) {
            try layout.link(&view, slots: &slots, LinkContext(node: self, environment: context.environment))
            if tree.keepsDurableState {
                if !layout.durableFields.isEmpty, let snapshots = tree.snapshots { restoreState(snapshots) }
                // The argument one step down, not the stored copy: reading a stored property to
                // hand it on copies it.
                child = mountView(evaluate(), context.step(layout.identityStep))
            } else {
                child = mountView(evaluate(), context)
            }
        } catch {
            fail(error)
        }
    }

    @inlinable func evaluate() -> V.Body {
        tree.reconciler.didEvaluate(V.self)
        layout.update(&view)
        reads.clear(self)
        return Reads.track(self) { view.body }
    }

    override func refresh<W: View>(_ newView: W, _ newContext: Context) {
        var newView = sameTypeCast(newView, to: V.self)
        if !isDirty, !failed, newContext.hasSameInputs(as: context), layout.same(view, newView) { return }
        do throws(ViewFailure) {
            try layout.link(&newView, slots: &slots, LinkContext(node: self, environment: newContext.environment))
        } catch {
            return fail(error)
        }
        failed = false
        view = newView
        context = newContext.step(layout.identityStep)
        reevaluate()
    }

    /// Files the view's durable state under its identity, putting restored values in place
    /// before the first `body`.
    @usableFromInline func restoreState(_ snapshots: StateSnapshots) {
        for index in layout.durableFields {
            if let storage = slots[index] as? any SnapshotStorage {
                snapshots.register(storage, identity: context.identity, name: layout.storageNames[index], node: self)
            }
        }
    }

    /// Evaluates `body` again and brings the subtree up to date.
    override func reevaluate() {
        isDirty = false
        if failed { return }
        let body = evaluate()
        if let child {
            child.update(body, context)
        } else {
            replaceChild { mountView(body, context) }
        }
    }

    @usableFromInline func fail(_ failure: ViewFailure) {
        failed = true
        reads.clear(self)
        removeChild()
        tree.reconciler.didFail(failure)
    }

    nonisolated override func addDependency(_ source: any StateSource) {
        reads.add(source)
    }

    override func unmount() {
        reads.clear(self)
        if let snapshots = tree.snapshots {
            for index in layout.durableFields {
                if let storage = slots[index] as? any SnapshotStorage { snapshots.unregister(storage) }
            }
        }
        slots.removeAll()
        super.unmount()
    }
}
