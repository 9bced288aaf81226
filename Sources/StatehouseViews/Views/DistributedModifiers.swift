/// An app's `ViewModifier` applied to several views at once, as SwiftUI applies it: to each of
/// them.
///
/// ```swift
/// List { ForEach(books) { BookRow(book: $0) }.modifier(Card()) }   // a card per row
/// Group { Text("One"); Text("Two") }.modifier(Card())              // two cards
/// ```
///
/// A modifier on a container of views (a `ForEach`, a `Group`, a `TupleView`, a branch:
/// `PrimitiveView.spreadsModifiers`) goes down with its content's context
/// (`PendingAttributes.distributed`), and the next view that is one view is mounted as
/// `ModifiedContent(content: view, modifier:)`: its own modifier body, with its own `@State`.
/// What Statehouse's modifiers applied outside the app's modifier goes on the modifier's
/// result, what they applied inside it on the view: attributes and the environment alike
/// (`.disabled(true)` inside disables the view, not the modifier's own controls). A modifier's
/// `content` is one view (what the modifier was applied to, itself one view once distributed),
/// so that a modifier applied to it inside another's body wraps it once.
@MainActor
class DistributedModifier {
    /// What was pending when the modifier was applied (from modifiers outside it): for the
    /// element its body renders.
    let outer: PendingAttributes
    /// The environment where the modifier was applied: its body's.
    let environment: EnvironmentValues

    init(outer: PendingAttributes, environment: EnvironmentValues) {
        self.outer = outer
        self.environment = environment
    }

    /// Mounts `view`, with `inner` (what was applied between this modifier and the view:
    /// attributes, and `innerEnvironment`, the environment there), in this modifier, then in
    /// each of `outward` (the modifiers outside this one, outermost first).
    func mount<V: View>(_ view: V, inner: PendingAttributes, innerEnvironment: EnvironmentValues,
                        outward: ArraySlice<DistributedModifier>, _ context: Context) -> Node {
        fatalError("subclass")
    }

    /// Updates `node`, mounted by `mount`, with a new value of the view.
    func update<V: View>(_ node: Node, _ view: V, inner: PendingAttributes, innerEnvironment: EnvironmentValues,
                         outward: ArraySlice<DistributedModifier>, _ context: Context) {
        fatalError("subclass")
    }
}

/// A distributed app modifier of type `Modifier`.
@MainActor
final class Distributed<Modifier: ViewModifier>: DistributedModifier {
    private let modifier: Modifier

    init(_ modifier: Modifier, outer: PendingAttributes, environment: EnvironmentValues) {
        self.modifier = modifier
        super.init(outer: outer, environment: environment)
    }

    /// The view as this modifier makes it: the inner attributes on the view, the modifier
    /// around it. (Always of this type, whatever is pending: an update has the mount's type.)
    /// Each view gets a copy of the modifier with state of its own (`TypeLayout.fork`): the
    /// one kept here is never linked, and so keeps the values it was made with.
    private func modified<V: View>(_ view: V, _ inner: PendingAttributes, _ innerEnvironment: EnvironmentValues)
        -> ModifiedContent<Modified<V, InnerAttributes>, Modifier> {
        var own = modifier
        TypeLayout.of(Modifier.self).fork(&own)
        let inside = InnerAttributes(pending: inner, environment: innerEnvironment.changes(since: environment))
        return ModifiedContent(content: Modified(content: view, modifier: inside), modifier: own)
    }

    override func mount<V: View>(_ view: V, inner: PendingAttributes, innerEnvironment: EnvironmentValues,
                                 outward: ArraySlice<DistributedModifier>, _ context: Context) -> Node {
        let modified = modified(view, inner, innerEnvironment)
        if let next = outward.last {
            return next.mount(modified, inner: outer, innerEnvironment: environment, outward: outward.dropLast(), context)
        }
        return mountView(modified, outermost(context))
    }

    override func update<V: View>(_ node: Node, _ view: V, inner: PendingAttributes, innerEnvironment: EnvironmentValues,
                                  outward: ArraySlice<DistributedModifier>, _ context: Context) {
        let modified = modified(view, inner, innerEnvironment)
        if let next = outward.last {
            return next.update(node, modified, inner: outer, innerEnvironment: environment, outward: outward.dropLast(), context)
        }
        node.update(modified, outermost(context))
    }

    /// The context the outermost modifier's body is mounted in: as where it was applied.
    private func outermost(_ context: Context) -> Context {
        var outermost = context
        outermost.pending = outer
        outermost.environment = environment
        return outermost
    }
}

/// Applies an app's modifier to each view of its content (a container of views): the content
/// is mounted with the modifier distributed, and with nothing else pending (what was pending
/// is the modifier's `outer`).
struct Distributing<Modifier: ViewModifier>: ContextModifier {
    typealias Body = Never
    let modifier: Modifier

    func modify(_ context: inout Context) {
        var stack = context.pending.distributed
        stack.append(Distributed(modifier, outer: context.pending.undistributed, environment: context.environment))
        var pending = PendingAttributes()
        pending.distributed = stack
        context.pending = pending
    }
}

/// What Statehouse's modifiers applied between a distributed app modifier and one of the views
/// it reached: put back on that view, inside the modifier's body.
struct InnerAttributes: ContextModifier {
    typealias Body = Never
    let pending: PendingAttributes
    /// What was set in the environment there.
    let environment: EnvironmentValues.Changes

    func modify(_ context: inout Context) {
        if !environment.isEmpty { context.environment.apply(environment) }
        guard !pending.hasNoLists || pending.identifier != nil else { return }
        context.pending.add(classes: pending.classes, styles: pending.styles, attributes: pending.attributes)
        if let identifier = pending.identifier, context.pending.identifier == nil { context.pending.identifier = identifier }
        // Inside what the modifier's body attached: its focus binding wins, its keys come first
        // (as `BehaviourModifier` adds them).
        if let behaviour = pending.behaviour {
            context.pending.behaviour = ElementBehaviour.adding(focus: behaviour.focus, keyHandlers: behaviour.keyHandlers, to: context.pending.behaviour)
        }
    }
}

/// One view that distributed modifiers reached (`mountView`): its child is the view in the
/// modifiers, and takes the view's later values wrapped in them.
@MainActor
final class DistributedNode<V: View>: SingleChildNode {
    init(_ view: __shared V, _ context: __shared Context) {
        super.init(context)
        let (stack, inner) = Self.split(context)
        child = stack.last!.mount(view, inner: inner, innerEnvironment: context.environment, outward: stack.dropLast(), context)
    }

    override func refresh<W: View>(_ view: W, _ context: Context) {
        guard let child else { return }
        let (stack, inner) = Self.split(context)
        stack.last!.update(child, sameTypeCast(view, to: V.self), inner: inner, innerEnvironment: context.environment,
                           outward: stack.dropLast(), context)
    }

    /// The distributed modifiers, and what else is pending (from modifiers inside them).
    private static func split(_ context: Context) -> (ArraySlice<DistributedModifier>, PendingAttributes) {
        (context.pending.distributed[...], context.pending.undistributed)
    }
}
