import Statehouse

/// `/geometry`: a `GeometryReader` whose content follows its width as the browser reports it
/// (the window resized, a phone turned): a bar half as wide, and three columns that become one
/// below 500 points.
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
            }
            .padding()
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
