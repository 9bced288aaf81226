import Statehouse
@testable import StatehouseGallery

// Seed samples the demo gallery does not serve, unchanged but for the import. The ones it
// does serve (PlayerView, PlayButton, Podcaster, ExampleView, CounterView) are the gallery's
// own, so the tests pin the very views `swift run demo` shows.

enum StateSeed {
    struct OwnStatePlayButton: View {
        @State private var isPlaying: Bool = false // Create the state.

        var body: some View {
            Button(isPlaying ? "Pause" : "Play") { // Read the state.
                isPlaying.toggle() // Write the state.
            }
        }
    }
}

enum ExampleSeedExtras {
    struct ContentView: View {
        @State var foo: String = "Apple"

        var body: some View {
            VStack {
                Text(foo)

                Button("Change Text", action: changeText)
            }
        }

        func changeText() {
            foo = "Banana"
        }
    }
}

enum ManagingStateSeed {
    struct PlayButton: View {
        @Binding var isPlaying: Bool

        var body: some View {
            Button(action: {
                self.isPlaying.toggle()
            }) {
                Image(systemName: isPlaying ? "pause.circle" : "play.circle")
            }
        }
    }

    struct PlayerView: View {
        var episode: Episode
        @State private var isPlaying: Bool = false

        var body: some View {
            VStack {
                Text(episode.title)
                Text(episode.showTitle)
                PlayButton(isPlaying: $isPlaying)
            }
            .background(isPlaying ? Color.green : Color.red)
        }
    }

    struct AnimatedPlayButton: View {
        @State private var isPlaying = false
        var body: some View {
            Button(action: {
                withAnimation(.easeInOut(duration: 1)) {
                    self.isPlaying.toggle()
                }
            }) {
                Image(systemName: isPlaying ? "pause.circle" : "play.circle")
                    .scaleEffect(isPlaying ? 1 : 1.5)
            }
        }
    }
}
