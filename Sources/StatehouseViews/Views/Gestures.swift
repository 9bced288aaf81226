/// Gestures and the actions behind them, as a browser offers them: a context menu is a menu
/// button beside the view, swipe actions are buttons in the row, a long press is a press.

/// The edge of a row whose swipe reveals actions (`.swipeActions(edge:)`).
public enum HorizontalEdge: Hashable, Sendable {
    case leading, trailing
}

extension View {
    /// Adds a context menu: on the web a "More actions" menu button (`…`) after the view, whose
    /// items are `menuItems` (a browser's right-click keeps its own menu). Choosing an item runs
    /// it, with or without JavaScript.
    ///
    /// ```swift
    /// Text(note.title)
    ///     .contextMenu {
    ///         Button("Duplicate") { duplicate(note) }
    ///         Button("Delete", role: .destructive) { delete(note) }
    ///     }
    /// ```
    public func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems) -> some View {
        ContextMenuView(content: self, items: menuItems())
    }

    /// Adds swipe actions to a row: on the web they are buttons at the row's `edge`, always
    /// shown (there is no swipe with a mouse or a keyboard). `allowsFullSwipe` is accepted.
    ///
    /// ```swift
    /// ForEach(messages) { message in
    ///     Text(message.subject)
    ///         .swipeActions { Button("Archive") { archive(message) } }
    /// }
    /// ```
    public func swipeActions<Actions: View>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true,
                                            @ViewBuilder content: () -> Actions) -> some View {
        SwipeActionsView(content: self, actions: content(), edge: edge)
    }

    /// Adds an action to perform when this view is pressed long: on the web the view becomes a
    /// plain button, and a press (a click, Enter or Space) performs it; a long press is not told
    /// apart from a short one. `minimumDuration` and `maximumDistance` are accepted.
    public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10,
                                   perform action: @escaping @MainActor () -> Void) -> some View {
        onTapGesture(perform: action)
    }
}

struct ContextMenuView<Content: View, Items: View>: View {
    let content: Content
    let items: Items

    var body: some View {
        Box("div", [Attribute("class", "sh-context-menu")]) {
            content
            Menu { items } label: { Text(verbatim: "…").accessibilityLabel("More actions") }
        }
    }
}

struct SwipeActionsView<Content: View, Actions: View>: View {
    let content: Content
    let actions: Actions
    let edge: HorizontalEdge

    var body: some View {
        Box("div", [Attribute("class", edge == .leading ? "sh-swipe-row sh-swipe-leading" : "sh-swipe-row")]) {
            if edge == .leading { Box("div", [Attribute("class", "sh-swipe-actions"), Attribute("role", "group")]) { actions } }
            content
            if edge == .trailing { Box("div", [Attribute("class", "sh-swipe-actions"), Attribute("role", "group")]) { actions } }
        }
    }
}
