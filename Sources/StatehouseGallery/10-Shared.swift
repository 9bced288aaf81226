import Statehouse

/// `/shared`: `@State` declared in the `App` lives for the process and is shared by every
/// session. A click in one browser updates every page that shows the count, pushed over
/// `/_sh/stream`; `@State` inside the view (the note) stays per page.
enum SharedSeed {
    struct SharedCounterView: View {
        @Binding var count: Int
        @State private var clicksHere = 0

        var body: some View {
            VStack(spacing: 12) {
                Text("\(count)")
                    .font(.largeTitle)
                    .accessibilityIdentifier("shared-count")
                Button("Increment") {
                    count += 1
                    clicksHere += 1
                }
                .accessibilityIdentifier("shared-increment")
                Text("Clicks from this page: \(clicksHere)")
                    .accessibilityIdentifier("page-clicks")
                Text("The count is App-level @State: every session sees and changes the same one.")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
        }
    }
}
