import Statehouse

/// `/counter`: the smallest page with state, and the benchmark page. A click re-renders only
/// the count's `<span>`; the ids are stable names for curl scripts.
struct CounterView: View {
    @State private var count = 0

    var body: some View {
        VStack {
            Text("\(count)")
                .font(.largeTitle)
                .accessibilityIdentifier("count")
            Button("Increment") { count += 1 }
                .accessibilityIdentifier("increment")
        }
    }
}
