import Statehouse

/// `/geometry`: a `GeometryReader` whose content follows its width as the browser reports it
/// (the window resized, a phone turned): a bar half as wide, and three columns that become one
/// below 500 points. A `ViewThatFits` that shows its narrow child when the wide one does not
/// fit, cards a third of a horizontal scroll view wide (`.containerRelativeFrame`), and a bar
/// at the bottom (`.safeAreaInset`).
enum GeometrySeed {
    struct GeometryView: View {
        var body: some View {
            VStack(alignment: .leading, spacing: 16) {
                Text("Resize the window").font(.title2)
                GeometryReader { proxy in
                    VStack(alignment: .leading, spacing: 8) {
                        Text("Width: \(Int(proxy.size.width)) points").accessibilityIdentifier("width")
                        Rectangle()
                            .fill(.blue)
                            .frame(width: proxy.size.width / 2, height: 12)
                            .accessibilityIdentifier("half")
                        if proxy.size.width < 500 {
                            VStack(alignment: .leading) { Boxes() }.accessibilityIdentifier("one-column")
                        } else {
                            HStack { Boxes() }.accessibilityIdentifier("three-columns")
                        }
                    }
                }
                .accessibilityIdentifier("reader")
                Text("ViewThatFits").font(.headline)
                ViewThatFits(in: .horizontal) {
                    HStack {
                        Text("Departure 14:05")
                        Text("Platform 3")
                        Text("On time, boarding north end")
                    }
                    .accessibilityIdentifier("fits-wide")
                    VStack(alignment: .leading) {
                        Text("14:05 · Platform 3")
                        Text("On time")
                    }
                    .accessibilityIdentifier("fits-narrow")
                }
                .accessibilityIdentifier("fits")
                Text("containerRelativeFrame").font(.headline)
                ScrollView(.horizontal) {
                    HStack(spacing: 10) {
                        ForEach(1...6, id: \.self) { number in
                            Text("Card \(number)")
                                .padding(8)
                                .background(.orange)
                                .containerRelativeFrame(.horizontal, count: 3, span: 1, spacing: 10)
                                .accessibilityIdentifier("card")  // in a row: "card-NUMBER"
                        }
                    }
                }
                .accessibilityIdentifier("cards")
            }
            .padding()
            .safeAreaInset(edge: .bottom) {
                Text("A bar kept in sight at the bottom (safeAreaInset)").padding(8).accessibilityIdentifier("inset")
            }
        }
    }

    struct Boxes: View {
        var body: some View {
            ForEach(1...3, id: \.self) { number in
                Text("Box \(number)").padding(8).background(.yellow)
            }
        }
    }
}
