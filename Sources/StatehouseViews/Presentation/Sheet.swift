extension View {
    /// Presents a sheet when a binding to a Boolean value that you provide is true.
    ///
    /// ```swift
    /// Button("Edit") { isEditing = true }
    ///     .sheet(isPresented: $isEditing) { EditView() }
    /// ```
    /// `@Environment(\.dismiss)` inside the sheet sets the binding to `false`, as Escape does;
    /// `onDismiss` runs when it becomes `false`.
    public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (@MainActor () -> Void)? = nil,
                                     @ViewBuilder content: @escaping @MainActor () -> Content) -> some View {
        // A sheet shown by a flag is a sheet of one item that is there or not.
        let item = Binding<PresentedFlag?>(get: { isPresented.wrappedValue ? PresentedFlag() : nil },
                                           set: { isPresented.wrappedValue = $0 != nil })
        return SheetItemView(content: self, item: item, onDismiss: onDismiss) { _ in content() }
    }

    /// Presents a sheet using the given item as a data source for the sheet's content.
    ///
    /// A different item (by `id`) is a new sheet: its state starts over.
    public func sheet<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (@MainActor () -> Void)? = nil,
                                                         @ViewBuilder content: @escaping @MainActor (Item) -> Content) -> some View {
        SheetItemView(content: self, item: item, onDismiss: onDismiss, sheet: content)
    }
}

/// The one item of `sheet(isPresented:)`.
struct PresentedFlag: Identifiable {
    var id: Int { 0 }
}

struct SheetItemView<Content: View, Item: Identifiable, Sheet: View>: View {
    let content: Content
    let item: Binding<Item?>
    let onDismiss: (@MainActor () -> Void)?
    let sheet: @MainActor (Item) -> Sheet
    @State private var presentation = Presentation()

    var body: some View {
        let binding = item
        presentation.dismiss = { binding.wrappedValue = nil }
        let shown = binding.wrappedValue
        return Group {
            content.onChange(of: shown?.id) { old, new in if old != nil, new == nil { onDismiss?() } }
            if let shown {
                DialogElement(kind: .sheet, label: nil, dismiss: presentation.dismiss, content: sheet(shown))
                    .modifier(presentation.context(buttonsDismiss: false))
                    .id(shown.id)
            }
        }
    }
}
