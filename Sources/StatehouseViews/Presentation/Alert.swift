/// Whether a view is shown (a confirmation dialog's title).
///
/// ```swift
/// .confirmationDialog("Sort by", isPresented: $isChoosing, titleVisibility: .visible) {
///     Button("Title") { sort(by: .title) }
/// }
/// ```
public enum Visibility: Sendable, Equatable, CaseIterable {
    case automatic, visible, hidden
}

extension View {
    /// Presents an alert with a message when a given condition is true: every button in
    /// `actions` dismisses it after its action; with no actions it has an OK button.
    ///
    /// ```swift
    /// .alert("Delete the book?", isPresented: $isAsking) {
    ///     Button("Delete", role: .destructive) { delete() }
    ///     Button("Cancel", role: .cancel) {}
    /// } message: {
    ///     Text("This cannot be undone.")
    /// }
    /// ```
    public func alert<A: View, M: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
                                        @ViewBuilder message: () -> M) -> some View {
        alert(Text(titleKey), isPresented: isPresented, actions: actions, message: message)
    }

    /// Presents an alert with a title not localized.
    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View, M: View>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
                                                           @ViewBuilder message: () -> M) -> some View {
        alert(Text(title), isPresented: isPresented, actions: actions, message: message)
    }

    /// Presents an alert whose title is a text view.
    public func alert<A: View, M: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
                                        @ViewBuilder message: () -> M) -> some View {
        AlertView(content: self, kind: .alert, title: title, showsTitle: true, isPresented: isPresented,
                  actions: actions(), message: message())
    }

    /// Presents an alert when a given condition is true.
    public func alert<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        alert(Text(titleKey), isPresented: isPresented, actions: actions) { EmptyView() }
    }

    /// Presents an alert with a title not localized.
    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        alert(Text(title), isPresented: isPresented, actions: actions) { EmptyView() }
    }

    /// Presents a confirmation dialog (an action sheet) when a given condition is true: its
    /// buttons dismiss it after their action, and a Cancel button is added unless one has the
    /// `.cancel` role.
    public func confirmationDialog<A: View, M: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                                     titleVisibility: Visibility = .automatic,
                                                     @ViewBuilder actions: () -> A,
                                                     @ViewBuilder message: () -> M) -> some View {
        confirmationDialog(Text(titleKey), isPresented: isPresented, titleVisibility: titleVisibility, actions: actions, message: message)
    }

    /// Presents a confirmation dialog with a title not localized.
    @_disfavoredOverload
    public func confirmationDialog<S: StringProtocol, A: View, M: View>(_ title: S, isPresented: Binding<Bool>,
                                                                        titleVisibility: Visibility = .automatic,
                                                                        @ViewBuilder actions: () -> A,
                                                                        @ViewBuilder message: () -> M) -> some View {
        confirmationDialog(Text(title), isPresented: isPresented, titleVisibility: titleVisibility, actions: actions, message: message)
    }

    /// Presents a confirmation dialog whose title is a text view.
    public func confirmationDialog<A: View, M: View>(_ title: Text, isPresented: Binding<Bool>,
                                                     titleVisibility: Visibility = .automatic,
                                                     @ViewBuilder actions: () -> A,
                                                     @ViewBuilder message: () -> M) -> some View {
        AlertView(content: self, kind: .confirmation, title: title,
                  showsTitle: titleVisibility == .visible || (titleVisibility == .automatic && M.self != EmptyView.self),
                  isPresented: isPresented, actions: actions(), message: message())
    }

    /// Presents a confirmation dialog when a given condition is true.
    public func confirmationDialog<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                            titleVisibility: Visibility = .automatic,
                                            @ViewBuilder actions: () -> A) -> some View {
        confirmationDialog(Text(titleKey), isPresented: isPresented, titleVisibility: titleVisibility, actions: actions) { EmptyView() }
    }

    /// Presents a confirmation dialog with a title not localized.
    @_disfavoredOverload
    public func confirmationDialog<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>,
                                                               titleVisibility: Visibility = .automatic,
                                                               @ViewBuilder actions: () -> A) -> some View {
        confirmationDialog(Text(title), isPresented: isPresented, titleVisibility: titleVisibility, actions: actions) { EmptyView() }
    }
}

struct AlertView<Content: View, Actions: View, Message: View>: View {
    let content: Content
    let kind: DialogKind
    let title: Text
    let showsTitle: Bool
    let isPresented: Binding<Bool>
    let actions: Actions
    let message: Message
    @State private var presentation = Presentation()

    var body: some View {
        let binding = isPresented
        presentation.dismiss = { binding.wrappedValue = false }
        presentation.hasCancelButton = false
        return Group {
            content
            if binding.wrappedValue {
                DialogElement(kind: kind, label: title, dismiss: presentation.dismiss, content: Group {
                    if showsTitle { DialogTitle(title: title) }
                    if Message.self != EmptyView.self { Box("div", dialogMessageAttributes) { message } }
                    Box("div", dialogActionsAttributes) {
                        if Actions.self == EmptyView.self, kind == .alert {
                            Button("OK") {}
                        } else {
                            actions
                        }
                        if kind == .confirmation { AutomaticCancelButton(presentation: presentation) }
                    }
                })
                .modifier(presentation.context(buttonsDismiss: true))
            }
        }
    }
}

/// A confirmation dialog's Cancel, unless its actions have one (they were mounted first).
struct AutomaticCancelButton: View {
    let presentation: Presentation
    var body: some View {
        if !presentation.hasCancelButton {
            Button("Cancel") {}
        }
    }
}

private let dialogTitleAttributes = [Attribute("class", "sh-dialog-title")]
let dialogMessageAttributes = [Attribute("class", "sh-dialog-message")]
let dialogActionsAttributes = [Attribute("class", "sh-dialog-actions")]

struct DialogTitle: ElementView {
    let title: Text
    func element(in environment: EnvironmentValues) -> ElementSpec { ElementSpec("h2", dialogTitleAttributes, text: title.resolved(in: environment)) }
}

