import Statehouse

/// The benchmarks' large page: a list of rows, each with its own `@State`.
public struct RowsView: View {
    let count: Int
    public init(count: Int) { self.count = count }
    public var body: some View {
        VStack(alignment: .leading) {
            ForEach(0..<count, id: \.self) { index in
                BenchRow(index: index)
            }
        }
    }
}

public struct BenchRow: View {
    let index: Int
    public init(index: Int) { self.index = index }
    @State private var clicks = 0
    public var body: some View {
        HStack {
            Text("Row \(index)")
            Text("\(clicks) clicks")
            Button("Click") { clicks += 1 }
                .accessibilityIdentifier("click")
        }
    }
}
