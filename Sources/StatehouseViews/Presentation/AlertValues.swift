/// The older presentation API, as years of SwiftUI code use it: `Alert` and `ActionSheet`
/// values returned from `.alert(isPresented:content:)` and `.actionSheet(isPresented:content:)`
/// (and their `item:` forms). Each is shown as the newer `.alert(_:isPresented:actions:message:)`
/// and `.confirmationDialog` are: a `<dialog>` whose buttons dismiss it after their action.

/// A representation of an alert presentation.
///
/// ```swift
/// .alert(isPresented: $showsError) {
///     Alert(title: Text("Could not save"), message: Text(error), dismissButton: .default(Text("OK")))
/// }
/// ```
@MainActor
public struct Alert {
    let title: Text
    let message: Text?
    let buttons: [Button]

    /// An alert with one button (OK when nil).
    public init(title: Text, message: Text? = nil, dismissButton: Button? = nil) {
        self.title = title
        self.message = message
        buttons = [dismissButton ?? .default(Text("OK"))]
    }

    /// An alert with two buttons.
    public init(title: Text, message: Text? = nil, primaryButton: Button, secondaryButton: Button) {
        self.title = title
        self.message = message
        buttons = [primaryButton, secondaryButton]
    }

    /// A button of an alert or an action sheet.
    ///
    /// ```swift
    /// Alert(title: Text("Delete the book?"),
    ///       primaryButton: .destructive(Text("Delete")) { delete() },
    ///       secondaryButton: .cancel())
    /// ```
    @MainActor
    public struct Button {
        let label: Text
        let role: ButtonRole?
        let action: (() -> Void)?

        /// A button with the default style.
        public static func `default`(_ label: Text, action: (() -> Void)? = {}) -> Button {
            Button(label: label, role: nil, action: action)
        }

        /// A button that cancels, with a label of your own.
        public static func cancel(_ label: Text, action: (() -> Void)? = {}) -> Button {
            Button(label: label, role: .cancel, action: action)
        }

        /// A button that cancels, labelled Cancel.
        public static func cancel(_ action: (() -> Void)? = {}) -> Button {
            Button(label: Text("Cancel"), role: .cancel, action: action)
        }

        /// A button for a destructive action (red).
        public static func destructive(_ label: Text, action: (() -> Void)? = {}) -> Button {
            Button(label: label, role: .destructive, action: action)
        }
    }
}

/// A representation of an action sheet presentation: a confirmation dialog.
///
/// ```swift
/// .actionSheet(isPresented: $isChoosing) {
///     ActionSheet(title: Text("Sort by"), buttons: [.default(Text("Title")) { sort(.title) }, .cancel()])
/// }
/// ```
@MainActor
public struct ActionSheet {
    public typealias Button = Alert.Button
    let title: Text
    let message: Text?
    let buttons: [Button]

    public init(title: Text, message: Text? = nil, buttons: [Button] = [.cancel()]) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }
}

/// An alert's or action sheet's buttons as the dialog's buttons.
struct PresentedButtons: View {
    let buttons: [Alert.Button]
    var body: some View {
        ForEach(buttons.indices, id: \.self) { index in
            let button = buttons[index]
            Button(role: button.role, action: { button.action?() }) { button.label }
        }
    }
}

extension View {
    /// Presents an alert when `isPresented` is true; its buttons dismiss it.
    public func alert(isPresented: Binding<Bool>, content: () -> Alert) -> some View {
        let alert = content()
        return self.alert(alert.title, isPresented: isPresented) {
            PresentedButtons(buttons: alert.buttons)
        } message: {
            if let message = alert.message { message }
        }
    }

    /// Presents an alert for `item` while it is not nil (set to nil when dismissed).
    public func alert<Item: Identifiable>(item: Binding<Item?>, content: (Item) -> Alert) -> some View {
        let alert = item.wrappedValue.map(content)
        return self.alert(alert?.title ?? Text(verbatim: ""), isPresented: Self.isShowing(item)) {
            PresentedButtons(buttons: alert?.buttons ?? [])
        } message: {
            if let message = alert?.message { message }
        }
    }

    /// Presents an action sheet (a confirmation dialog) when `isPresented` is true.
    public func actionSheet(isPresented: Binding<Bool>, content: () -> ActionSheet) -> some View {
        let sheet = content()
        return confirmationDialog(sheet.title, isPresented: isPresented, titleVisibility: .visible) {
            PresentedButtons(buttons: sheet.buttons)
        } message: {
            if let message = sheet.message { message }
        }
    }

    /// Presents an action sheet for `item` while it is not nil.
    public func actionSheet<Item: Identifiable>(item: Binding<Item?>, content: (Item) -> ActionSheet) -> some View {
        let sheet = item.wrappedValue.map(content)
        return confirmationDialog(sheet?.title ?? Text(verbatim: ""), isPresented: Self.isShowing(item), titleVisibility: .visible) {
            PresentedButtons(buttons: sheet?.buttons ?? [])
        } message: {
            if let message = sheet?.message { message }
        }
    }

    /// Whether `item` is set; setting false clears it.
    private static func isShowing<Item>(_ item: Binding<Item?>) -> Binding<Bool> {
        Binding(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } })
    }
}
