import Statehouse

struct PlayButton: View {
    @Binding var isPlaying: Bool
    var body: some View {
        Button(isPlaying ? "Pause" : "Play") { isPlaying.toggle() }
    }
}

struct PlayerView: View {
    @State private var isPlaying = false
    var body: some View {
        VStack {
            Text("Some Episode").foregroundStyle(isPlaying ? .primary : .secondary)
            PlayButton(isPlaying: $isPlaying)
        }
    }
}

@main
struct PlayerApp: App {
    var body: some Scene {
        Route("/play") { PlayerView() }
    }
}
