import Statehouse

/// `/podcaster`: "Managing User Interface State". A Toggle bound to a scoped value
/// (`$episode.isFavorite`) and the PlayerView of `/play`: toggling Favorite gives PlayerView a
/// new input, and PlayerView keeps its own `isPlaying`.
enum PodcasterSeed {
    struct Podcaster: View {
        @State private var episode = Episode(title: "Some Episode",
                                             showTitle: "Great Show",
                                             isFavorite: false)
        var body: some View {
            VStack {
                Toggle("Favorite", isOn: $episode.isFavorite) // Bind to the Boolean.
                PlaySeed.PlayerView(episode: episode)
            }
        }
    }
}
