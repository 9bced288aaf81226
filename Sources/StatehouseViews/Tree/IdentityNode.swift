/// `.id(_:)`: the content's identity is bound to a value; a new value destroys the subtree
/// (with all its state) and builds it anew.
@MainActor
final class IdentityNode<Content: View, ID: Hashable>: SingleChildNode {
    private var identity: ID

    init(_ view: __shared IDView<Content, ID>, _ context: __shared Context) {
        identity = view.id
        super.init(context)
        child = mountView(view.content, context)
    }

    override func refresh<V: View>(_ view: V, _ context: Context) {
        let view = sameTypeCast(view, to: IDView<Content, ID>.self)
        let childContext = context
        if view.id == identity {
            child?.update(view.content, childContext)
        } else {
            identity = view.id
            replaceChild { mountView(view.content, childContext) }
        }
    }
}
