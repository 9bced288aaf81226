import Statehouse

/// `/play`: the State page's PlayerView and PlayButton. PlayerView owns `isPlaying` and hands
/// PlayButton a binding (`$isPlaying`); the episode title's style reads the same state.
enum PlaySeed {
    struct PlayButton: View {
        @Binding var isPlaying: Bool // Play button now receives a binding.

        var body: some View {
            Button(isPlaying ? "Pause" : "Play") {
                isPlaying.toggle()
            }
        }
    }

    struct PlayerView: View {
        var episode: Episode
        @State private var isPlaying: Bool = false

        var body: some View {
            VStack {
                Text(episode.title)
                    .foregroundStyle(isPlaying ? .primary : .secondary)
                PlayButton(isPlaying: $isPlaying)
            }
        }
    }
}

/// The podcast episode the seeds use without defining it.
struct Episode {
    var title: String
    var showTitle: String
    var isFavorite: Bool = false

    static let sample = Episode(title: "Some Episode", showTitle: "Great Show")
}
