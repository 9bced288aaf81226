import Foundation
import Statehouse

/// `/shapes`: shapes as inline SVG. A progress ring drawn by a custom `Shape` (an arc), the
/// same with `Circle().trim().stroke()` and as a custom `ProgressViewStyle`, the built-in
/// shapes, a `Path`; a slider moves the progress; buttons in a custom `ButtonStyle`, labels in
/// a custom `LabelStyle`, a toggle in a custom `ToggleStyle`; gradients as fills, backgrounds,
/// masks and text colour, `strokeBorder`, `clipShape`, a material.
enum ShapesSeed {
    /// An arc from twelve o'clock, clockwise, `progress` of the way round.
    struct Ring: Shape {
        var progress: Double

        func path(in rect: CGRect) -> Path {
            var path = Path()
            path.addArc(center: CGPoint(x: rect.midX, y: rect.midY), radius: min(rect.width, rect.height) / 2 - 4,
                        startAngle: .degrees(-90), endAngle: .degrees(-90 + 360 * progress), clockwise: false)
            return path
        }
    }

    /// A custom `ButtonStyle`: a capsule of the accent colour (red for a destructive role).
    struct Pill: ButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            configuration.label
                .padding(.horizontal, 14)
                .padding(.vertical, 6)
                .foregroundStyle(Color.white)
                .background(configuration.role == .destructive ? Color.red : Color.accentColor)
                .cornerRadius(14)
        }
    }

    /// A custom `ProgressViewStyle`: the ring, with the percentage inside.
    struct RingProgress: ProgressViewStyle {
        func makeBody(configuration: Configuration) -> some View {
            let fraction = configuration.fractionCompleted ?? 0
            ZStack {
                Circle().stroke(Color.gray.opacity(0.25), lineWidth: 6)
                Ring(progress: fraction).stroke(Color.orange, style: StrokeStyle(lineWidth: 6, lineCap: .round))
                Text("\(Int((fraction * 100).rounded()))").font(.caption)
            }
            .frame(width: 56, height: 56)
            .accessibilityElement(children: .ignore)
            .accessibilityLabel("Progress")
            .accessibilityValue("\(Int((fraction * 100).rounded())) percent")
        }
    }

    /// A custom `LabelStyle`: the icon above the title, small.
    struct Stacked: LabelStyle {
        func makeBody(configuration: Configuration) -> some View {
            VStack(spacing: 2) {
                configuration.icon
                configuration.title.font(.caption)
            }
        }
    }

    /// A custom `ToggleStyle`: a star that fills when on, beside the label.
    struct StarToggle: ToggleStyle {
        func makeBody(configuration: Configuration) -> some View {
            Button {
                configuration.isOn.toggle()
            } label: {
                Label {
                    configuration.label
                } icon: {
                    Image(systemName: configuration.isOn ? "star.fill" : "star")
                }
            }
        }
    }

    struct ShapesView: View {
        @State private var progress = 0.7
        @State private var isFavorite = false
        /// An orange dot, as a data URL.
        static let orangeDot = "data:image/svg+xml,%3Csvg%20xmlns=%27http://www.w3.org/2000/svg%27%20width=%2740%27%20height=%2740%27%3E"
            + "%3Ccircle%20cx=%2720%27%20cy=%2720%27%20r=%2718%27%20fill=%27orange%27/%3E%3C/svg%3E"

        var body: some View {
            VStack(alignment: .leading, spacing: 16) {
                // Images the browser loads: one that loads, one that cannot.
                HStack(spacing: 24) {
                    AsyncImage(url: URL(string: ShapesView.orangeDot)) { phase in
                        switch phase {
                        case .empty: Circle().fill(Color.gray.opacity(0.2))
                        case .success(let image): image.resizable().scaledToFit()
                        case .failure: Text("Could not load")
                        }
                    }
                    .frame(width: 40, height: 40)
                    .accessibilityIdentifier("async-loads")
                    AsyncImage(url: URL(string: "/_sh/assets/0000000000000000/missing.png")) { image in
                        image.resizable()
                    } placeholder: {
                        Text("No image")
                    }
                    .accessibilityIdentifier("async-fails")
                }
                HStack(spacing: 24) {
                    ZStack {
                        Circle().stroke(Color.gray.opacity(0.25), lineWidth: 8)
                        Ring(progress: progress)
                            .stroke(Color.accentColor, style: StrokeStyle(lineWidth: 8, lineCap: .round))
                            .accessibilityIdentifier("ring")
                        Text("\(progress, format: .percent.precision(.fractionLength(0)))").bold().accessibilityIdentifier("ring-value")
                    }
                    .frame(width: 120, height: 120)
                    Circle()
                        .trim(from: 0, to: progress)
                        .stroke(Color.green, lineWidth: 8)
                        .rotationEffect(.degrees(-90))
                        .frame(width: 120, height: 120)
                        .accessibilityIdentifier("trimmed")
                }
                Slider(value: $progress, in: 0...1, step: 0.05) { Text("Progress") }
                    .accessibilityIdentifier("slider")
                HStack(spacing: 24) {
                    ProgressView(value: progress)
                        .progressViewStyle(RingProgress())
                        .accessibilityIdentifier("styled-progress")
                    Label("Play", systemImage: "play.circle").accessibilityIdentifier("stacked-play")
                    Label("Favourites", systemImage: "heart").accessibilityIdentifier("stacked-heart")
                    Toggle("Favourite", isOn: $isFavorite)
                        .toggleStyle(StarToggle())
                        .accessibilityIdentifier("star")
                    Label("Trash", systemImage: "trash")
                        .labelStyle(.iconOnly)
                        .accessibilityIdentifier("icon-only")
                }
                .labelStyle(Stacked())
                HStack {
                    Button("Reset") { progress = 0.7 }.accessibilityIdentifier("reset")
                    Button("Empty", role: .destructive) { progress = 0 }
                }
                .buttonStyle(Pill())
                HStack(spacing: 12) {
                    Rectangle().fill(Color.orange).frame(width: 60, height: 40)
                    RoundedRectangle(cornerRadius: 10).fill(Color.blue).frame(width: 60, height: 40)
                    Capsule().fill(Color.purple).frame(width: 80, height: 40)
                    Ellipse().stroke(Color.pink, lineWidth: 3).frame(width: 60, height: 40)
                    Path { path in
                        path.move(to: CGPoint(x: 20, y: 0))
                        path.addLine(to: CGPoint(x: 40, y: 40))
                        path.addLine(to: CGPoint(x: 0, y: 40))
                        path.closeSubpath()
                    }
                    .fill(Color.teal)
                    .frame(width: 40, height: 40)
                    .accessibilityIdentifier("triangle")
                }
                // Gradients, borders inside the edge, clipping, masks and materials.
                HStack(spacing: 12) {
                    Circle()
                        .fill(LinearGradient(colors: [.blue, .purple], startPoint: .top, endPoint: .bottom))
                        .frame(width: 60, height: 60)
                        .accessibilityIdentifier("gradient-circle")
                    RoundedRectangle(cornerRadius: 12)
                        .strokeBorder(Color.orange, lineWidth: 4)
                        .frame(width: 80, height: 60)
                        .accessibilityIdentifier("bordered")
                    Circle()
                        .fill(AngularGradient(colors: [.red, .yellow, .green, .blue, .red], center: .center))
                        .frame(width: 60, height: 60)
                        .accessibilityIdentifier("conic-ring")
                    Text("Clipped")
                        .padding(12)
                        .background(RadialGradient(colors: [.yellow, .orange], center: .center, startRadius: 0, endRadius: 50))
                        .clipShape(Capsule())
                        .accessibilityIdentifier("clipped")
                }
                ZStack {
                    LinearGradient(colors: [.pink, .indigo], startPoint: .topLeading, endPoint: .bottomTrailing)
                    Text("Statehouse")
                        .font(.title).bold()
                        .padding(8)
                        .background(.ultraThinMaterial)
                        .cornerRadius(8)
                        .accessibilityIdentifier("material")
                }
                .frame(height: 80)
                .mask(LinearGradient(colors: [.black, .clear], startPoint: .leading, endPoint: .trailing))
                .accessibilityIdentifier("faded")
                Text("Gradient text")
                    .font(.title2).bold()
                    .foregroundStyle(LinearGradient(colors: [.orange, .red], startPoint: .leading, endPoint: .trailing))
                    .accessibilityIdentifier("gradient-text")
            }
            .padding()
        }
    }
}

/// `/_previews/StatehouseGallery.ShapesView_Previews` with `--previews`: the page's view, and a
/// ring in a fixed frame.
struct ShapesView_Previews: PreviewProvider {
    static var previews: some View {
        ShapesSeed.ShapesView()
        ShapesSeed.Ring(progress: 0.25)
            .stroke(.blue, lineWidth: 8)
            .previewLayout(.fixed(width: 80, height: 80))
            .previewDisplayName("A quarter ring")
    }
}
