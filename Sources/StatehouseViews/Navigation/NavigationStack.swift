/// A view that displays a root view and enables you to present additional views over the
/// root view.
///
/// ```swift
/// NavigationStack {
///     List(books) { book in
///         NavigationLink(book.title, value: book.id)
///     }
///     .navigationDestination(for: Book.ID.self) { id in BookDetail(id: id) }
/// }
/// ```
///
/// Each pushed value is a screen at its own URL below the page's route (`/bookshelf/dune`,
/// see `PathSegment` for how values are written); a `GET` of that URL builds the stack again,
/// and Back and Forward pop and push. Every screen on the stack stays mounted, hidden below
/// the top one, so its `@State` lives (and a list keeps its scroll position) until it is
/// popped; popping a screen frees its state and cancels its `.task`s.
public struct NavigationStack<Data, Root: View>: View {
    private let path: Binding<[AnyHashable]>?
    private let root: Root
    @State private var ownPath: [AnyHashable] = []
    @State private var model = NavigationModel()
    /// The stack's `EditMode`, which `EditButton`s in it switch.
    @State private var editMode = EditMode.inactive
    @Environment(\.pageLocation) private var location
    @Environment(\.tabScope) private var tab

    /// Creates a navigation stack that manages its own navigation state.
    public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {
        path = nil
        self.root = root()
    }

    /// Creates a navigation stack with homogeneous navigation state that you can control.
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection & RandomAccessCollection & RangeReplaceableCollection, Data.Element: Hashable {
        self.path = Binding(get: { path.wrappedValue.map { AnyHashable($0) } },
                            set: { path.wrappedValue = Data($0.compactMap { $0.base as? Data.Element }) })
        self.root = root()
    }

    /// Creates a navigation stack with heterogeneous navigation state that you can control.
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) where Data == NavigationPath {
        self.path = Binding(get: { path.wrappedValue.elements }, set: { path.wrappedValue.elements = $0 })
        self.root = root()
    }

    public var body: some View {
        let binding = path ?? $ownPath
        let elements = binding.wrappedValue
        model.update(path: binding, elements: elements, location: location, tab: tab)
        return Box("div", containerAttributes) {
            NavigationScreen(model: model, depth: 0, isTop: elements.isEmpty) { root }
            NavigationScreens(model: model, elements: elements)
        }
        .environment(\.editMode, $editMode)
    }
}

/// The screens pushed on a stack, one per path element, mounted after the root so that the
/// root's `navigationDestination`s are known.
struct NavigationScreens: View {
    let model: NavigationModel
    let elements: [AnyHashable]

    struct Key: Hashable {
        let depth: Int
        let value: AnyHashable
    }

    var body: some View {
        let keys = elements.enumerated().map { Key(depth: $0.offset + 1, value: $0.element) }
        return ForEach(keys, id: \.self) { key in
            NavigationScreen(model: model, depth: key.depth, isTop: key.depth == elements.count) {
                model.destination(for: key.value)
            }
        }
        // The URL's segments become the path once the destinations are declared (before the
        // first render).
        .onAppear { model.applyPendingLocation() }
    }
}

/// One screen: a `<section>`, hidden unless it is the top one (its controls then refuse
/// events), with a Back link above a pushed screen's content.
struct NavigationScreen<Content: View>: View {
    let model: NavigationModel
    let depth: Int
    let isTop: Bool
    @ViewBuilder let content: () -> Content

    var body: some View {
        Box("section", isTop ? screenAttributes : hiddenScreenAttributes) {
            if depth > 0 {
                LinkElement(href: model.url(depth: depth - 1), kind: .back, action: { model.pop(to: depth - 1) }) {
                    Text("Back")
                }
            }
            content()
        }
        .modifier(PanelContext(isHidden: !isTop) { [model, depth] environment in
            environment.navigation = NavigationScreenContext(model: model, depth: depth)
            if depth > 0 {
                environment.dismissAction = DismissAction(presentation: ObjectIdentifier(model), depth: depth) {
                    model.pop(to: depth - 1)
                }
            }
        })
    }
}

private let screenAttributes = [Attribute("class", "sh-screen")]
private let hiddenScreenAttributes = [Attribute("class", "sh-screen"), Attribute("hidden", "")]
private let containerAttributes = [Attribute("class", "sh-navigation")]

/// Where a view is on a stack: what its links push onto and what `dismiss` pops.
struct NavigationScreenContext: Equatable {
    let model: NavigationModel
    let depth: Int

    static func == (a: Self, b: Self) -> Bool { a.model === b.model && a.depth == b.depth }
}

extension EnvironmentValues {
    var navigation: NavigationScreenContext? {
        get { self[ObjectIdentifier(NavigationScreenContext.self)] }
        set { self[ObjectIdentifier(NavigationScreenContext.self)] = newValue }
    }
}
