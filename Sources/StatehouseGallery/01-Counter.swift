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

/// What `swift run demo --previews` shows at `/_previews/StatehouseGallery.CounterView_Previews`.
struct CounterView_Previews: PreviewProvider {
    static var previews: some View {
        CounterView()
    }
}

/// The same, as apps written since 2023 declare it: `--previews` lists it by its file and line.
#Preview("Counter") {
    CounterView()
}
