import Runtime

// The seeds' code samples, unchanged but for the import (and the types they use without
// defining: Episode).

struct Episode {
    var title: String
    var showTitle: String
    var isFavorite: Bool
}

enum StateSeed {
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

    struct Podcaster: View {
        @State private var episode = Episode(title: "Some Episode",
                                             showTitle: "Great Show",
                                             isFavorite: false)
        var body: some View {
            VStack {
                Toggle("Favorite", isOn: $episode.isFavorite) // Bind to the Boolean.
                PlayerView(episode: episode)
            }
        }
    }

    struct OwnStatePlayButton: View {
        @State private var isPlaying: Bool = false // Create the state.

        var body: some View {
            Button(isPlaying ? "Pause" : "Play") { // Read the state.
                isPlaying.toggle() // Write the state.
            }
        }
    }
}

enum ExampleSeed {
    struct ExampleView: View {
        struct ChildView: View {
            let text: String

            var body: some View {
                Text(text)
            }
        }

        @State var foo: String = "Apple"

        var body: some View {
            VStack {
                ChildView(text: foo)

                Button("Change Text") {
                    foo = "Banana"
                }
            }
        }
    }

    struct TextExampleView: View {
        @State var text: String = "🍌🍌"

        var body: some View {
            Text(text)
            TextField("Placeholder", text: $text)
        }
    }

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

struct CounterView: View {
    @State private var count = 0
    var body: some View {
        VStack {
            Text("\(count)")
            Button("Increment") { count += 1 }
        }
    }
}
