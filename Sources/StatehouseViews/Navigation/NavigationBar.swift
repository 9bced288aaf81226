/// A screen's title and toolbar, and `dismiss`.

extension View {
    /// Configures the view's title for purposes of navigation: a heading above the view
    /// (`<h1 class="sh-navigation-title">`); the browser client makes the top screen's title the
    /// document's.
    @_disfavoredOverload
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        NavigationTitleView(title: Text(title), content: self)
    }

    /// Configures the view's title for purposes of navigation, from a localized string key.
    public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
        NavigationTitleView(title: Text(titleKey), content: self)
    }

    /// Configures the view's title for purposes of navigation, using a text view.
    public func navigationTitle(_ title: Text) -> some View {
        NavigationTitleView(title: title, content: self)
    }

    /// Populates the toolbar with the views you provide (`ToolbarItem`s or plain views): a
    /// `role="toolbar"` bar above the view.
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
        ToolbarView(items: content(), content: self)
    }
}

struct NavigationTitleView<Content: View>: View {
    let title: Text
    let content: Content

    var body: some View {
        TitleElement(title: title)
        content
    }
}

struct TitleElement: ElementView {
    let title: Text
    func element(in environment: EnvironmentValues) -> ElementSpec {
        ElementSpec("h1", titleAttributes, text: title.resolved(in: environment))
    }
}

private let titleAttributes = [Attribute("class", "sh-navigation-title")]
private let toolbarAttributes = [Attribute("class", "sh-toolbar"), Attribute("role", "toolbar")]

struct ToolbarView<Items: View, Content: View>: View {
    let items: Items
    let content: Content

    var body: some View {
        Box("div", toolbarAttributes) { items }
        content
    }
}

/// Where a toolbar item goes. The bar lays items out in order; the placement names the intent.
///
/// ```swift
/// .toolbar {
///     ToolbarItem(placement: .confirmationAction) { Button("Save") { save() } }
/// }
/// ```
public enum ToolbarItemPlacement: Sendable {
    case automatic, principal, navigation, primaryAction, secondaryAction, confirmationAction,
         cancellationAction, destructiveAction, topBarLeading, topBarTrailing, bottomBar,
         /// The older names of `topBarLeading` and `topBarTrailing`.
         navigationBarLeading, navigationBarTrailing
}

/// A model that represents an item which you can place in the toolbar.
///
/// ```swift
/// .toolbar {
///     ToolbarItem(placement: .primaryAction) { Button("Add") { addBook() } }
/// }
/// ```
public struct ToolbarItem<ID, Content: View>: View {
    let placement: ToolbarItemPlacement
    let content: Content

    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) where ID == () {
        self.placement = placement
        self.content = content()
    }

    public init(id: ID, placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) where ID == String {
        self.placement = placement
        self.content = content()
    }

    public var body: some View { content }
}

/// A model that represents a group of items in the toolbar.
///
/// ```swift
/// .toolbar {
///     ToolbarItemGroup(placement: .bottomBar) {
///         Button("Archive") { archive() }
///         Button("Delete", role: .destructive) { delete() }
///     }
/// }
/// ```
public struct ToolbarItemGroup<Content: View>: View {
    let placement: ToolbarItemPlacement
    let content: Content

    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }

    public var body: some View { content }
}

/// An action that dismisses a presentation: in a sheet or alert, it sets the presenting
/// binding to `false` (or its item to `nil`); in a screen pushed on a `NavigationStack`, it
/// pops that screen (and any above it); elsewhere it does nothing. The innermost presentation
/// wins (the root screen of a stack inside a sheet dismisses the sheet).
///
/// ```swift
/// @Environment(\.dismiss) private var dismiss
/// Button("Done") { dismiss() }
/// ```
@MainActor
public struct DismissAction: Equatable {
    /// Which presentation this dismisses (compared, as the action cannot be).
    let presentation: ObjectIdentifier?
    let depth: Int
    let action: (@MainActor () -> Void)?

    public func callAsFunction() { action?() }

    public nonisolated static func == (a: Self, b: Self) -> Bool {
        a.presentation == b.presentation && a.depth == b.depth
    }
}

extension EnvironmentValues {
    /// Dismisses the current presentation.
    public var dismiss: DismissAction {
        self[ObjectIdentifier(DismissAction.self)] ?? DismissAction(presentation: nil, depth: 0, action: nil)
    }

    /// Set by what presents views: a pushed screen, a sheet, an alert.
    var dismissAction: DismissAction? {
        get { self[ObjectIdentifier(DismissAction.self)] }
        set { self[ObjectIdentifier(DismissAction.self)] = newValue }
    }
}
