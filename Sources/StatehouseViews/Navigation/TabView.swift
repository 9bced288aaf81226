/// A view that switches between multiple child views using interactive tabs.
///
/// ```swift
/// TabView(selection: $tab) {
///     BooksView().tabItem { Label("Books", systemImage: "book") }.tag(Section.books)
///     SettingsView().tabItem { Label("Settings", systemImage: "gear") }.tag(Section.settings)
/// }
/// ```
///
/// The tab bar is a `role="tablist"` of links: the selected tab is in the URL
/// (`/bookshelf?tab=settings`; the first tab has none), so each tab can be linked to and
/// works without JavaScript. Every tab stays mounted (hidden when not selected), so its state
/// lives while the page does; a `NavigationStack` in the selected tab writes the URL's path.
public struct TabView<SelectionValue: Hashable, Content: View>: View {
    private let selection: Binding<SelectionValue>?
    private let content: Content
    @State private var ownSelection: AnyHashable?
    @State private var model = TabModel()
    @Environment(\.pageLocation) private var location

    /// Creates a tab view that uses a binding to a selection value.
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }

    public var body: some View {
        var tabs: [TaggedView] = []
        collectTagged(content, into: &tabs)
        for index in tabs.indices where tabs[index].tag == nil { tabs[index].tag = AnyHashable(index) }
        let selection = self.selection
        let own = $ownSelection
        model.update(tags: tabs.map { $0.tag! }, location: location) { value in
            if let selection, let typed = value.base as? SelectionValue { selection.wrappedValue = typed } else { own.wrappedValue = value }
        }
        let selected = selection.map { AnyHashable($0.wrappedValue) } ?? ownSelection ?? tabs.first?.tag
        model.selected = selected
        model.writeLocation()
        return Box("div", tabsAttributes) {
            Box("nav", tabBarAttributes) {
                ForEach(tabs.indices, id: \.self) { index in
                    let tag = tabs[index].tag!
                    LinkElement(href: model.url(of: tag), kind: .tab(selected: tag == selected), action: { model.select(tag) }) {
                        tabs[index].label ?? AnyView(Text("Tab \(index + 1)"))
                    }
                }
            }
            ForEach(tabs.indices, id: \.self) { index in
                Box("section", tabs[index].tag != selected ? hiddenPanelAttributes : panelAttributes) { tabs[index].content }
                    .modifier(PanelContext(isHidden: tabs[index].tag != selected) { [tag = tabs[index].tag] in $0.tabScope = tag })
            }
        }
    }
}

extension TabView where SelectionValue == Int {
    /// Creates a tab view that manages which tab is selected.
    public init(@ViewBuilder content: () -> Content) {
        selection = nil
        self.content = content()
    }
}

/// One tab of a `TabView` or option of a `Picker`: its label, its tag, its content, and its
/// text if it is a `Text`.
struct TaggedView {
    var label: AnyView?
    var tag: AnyHashable?
    var content: AnyView
    var text: String?
}

/// Views that say what tabs or options they are (`.tabItem`, `.tag`, `Tab`, several of them,
/// a `ForEach` of them).
@MainActor
protocol TagCollecting {
    func collectTagged(into tabs: inout [TaggedView])
}

@MainActor
func collectTagged<V: View>(_ view: V, into tabs: inout [TaggedView]) {
    if let collecting = view as? any TagCollecting {
        collecting.collectTagged(into: &tabs)
    } else {
        tabs.append(TaggedView(content: AnyView(view), text: (view as? Text)?.string))
    }
}

extension ForEach: TagCollecting {
    /// Each element's views; one without a `.tag` is tagged with the element's id (SwiftUI's
    /// implicit tag).
    func collectTagged(into tabs: inout [TaggedView]) {
        for element in data {
            let first = tabs.count
            StatehouseViews.collectTagged(content(element), into: &tabs)
            for index in first..<tabs.count where tabs[index].tag == nil { tabs[index].tag = AnyHashable(element[keyPath: idPath]) }
        }
    }
}

extension TupleView: TagCollecting {
    func collectTagged(into tabs: inout [TaggedView]) {
        let layout = TupleLayout.of(T.self, view: Self.self)
        withAddress(of: value) { base in
            for field in layout.views {
                @MainActor func collect<V: View>(_: V.Type) {
                    withPointee(base.advanced(by: field.offset).assumingMemoryBound(to: V.self)) { StatehouseViews.collectTagged($0, into: &tabs) }
                }
                collect(field.type)
            }
        }
    }
}

// A modifier, a group, `.id`, `.onAppear` around tagged views does not hide their tags (a tag
// is the view's, whatever is applied around it, as in SwiftUI): their views are collected, and
// each one's content gets what was around it.
extension Group: TagCollecting where Content: View {
    func collectTagged(into tabs: inout [TaggedView]) { StatehouseViews.collectTagged(content, into: &tabs) }
}

extension ModifiedContent: TagCollecting where Content: View, Modifier: ViewModifier {
    func collectTagged(into tabs: inout [TaggedView]) {
        let first = tabs.count
        StatehouseViews.collectTagged(content, into: &tabs)
        for index in first..<tabs.count {
            tabs[index].content = AnyView(ModifiedContent<AnyView, Modifier>(content: tabs[index].content, modifier: modifier))
        }
    }
}

extension Modified: TagCollecting {
    func collectTagged(into tabs: inout [TaggedView]) {
        let first = tabs.count
        StatehouseViews.collectTagged(content, into: &tabs)
        for index in first..<tabs.count {
            tabs[index].content = AnyView(Modified<AnyView, Modifier>(content: tabs[index].content, modifier: modifier))
        }
    }
}

/// A tab of a `TabView` (SwiftUI's `Tab`).
///
/// ```swift
/// TabView(selection: $tab) {
///     Tab("Favorites", systemImage: "star", value: Pane.favorites) { FavoritesView() }
///     Tab("Liked", systemImage: "heart", value: Pane.liked) { LikedView() }
/// }
/// ```
public struct Tab<Value: Hashable, Content: View>: View, TagCollecting {
    let title: Text
    let systemImage: String?
    let value: Value
    let content: Content

    /// A tab with a localized title and a system image.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, value: Value, @ViewBuilder content: () -> Content) {
        title = Text(titleKey)
        self.systemImage = systemImage
        self.value = value
        self.content = content()
    }

    /// A tab with a localized title.
    public init(_ titleKey: LocalizedStringKey, value: Value, @ViewBuilder content: () -> Content) {
        title = Text(titleKey)
        systemImage = nil
        self.value = value
        self.content = content()
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, value: Value, @ViewBuilder content: () -> Content) {
        self.title = Text(title)
        self.systemImage = systemImage
        self.value = value
        self.content = content()
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, value: Value, @ViewBuilder content: () -> Content) {
        self.title = Text(title)
        systemImage = nil
        self.value = value
        self.content = content()
    }

    public var body: some View { content }

    func collectTagged(into tabs: inout [TaggedView]) {
        let title = self.title
        let label = systemImage.map { name in AnyView(Label { title } icon: { Image(systemName: name, label: "") }) } ?? AnyView(title)
        tabs.append(TaggedView(label: label, tag: AnyHashable(value), content: AnyView(content)))
    }
}

extension View {
    /// Sets the tab bar item associated with this view.
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
        let label = AnyView(label())
        return TabTraitView(content: self) { $0.label = label }
    }

    /// Sets the unique tag value of this view (the value a `TabView`'s selection takes).
    public func tag<V: Hashable>(_ tag: V) -> some View {
        let tag = AnyHashable(tag)
        return TabTraitView(content: self) { $0.tag = tag }
    }
}

/// `.tabItem` and `.tag`: the content, and what it says about the tab it is.
struct TabTraitView<Content: View>: View, TagCollecting {
    let content: Content
    let apply: @MainActor (inout TaggedView) -> Void
    var body: some View { content }

    func collectTagged(into tabs: inout [TaggedView]) {
        StatehouseViews.collectTagged(content, into: &tabs)
        if !tabs.isEmpty { apply(&tabs[tabs.count - 1]) }
    }
}
