import Statehouse

/// `/library`: an `@Observable` object stored in `@State` (the State page, "Store observable
/// objects"), and the same view with the object's creation deferred to `.task`, which runs once
/// when the view first appears.
enum LibrarySeed {
    @Observable
    class Library {
        var name = "My library of books"
        // ...
    }

    /// The seed uses LibraryView without defining it; it takes the library, or nil while the
    /// deferred one is not made yet.
    struct LibraryView: View {
        var library: Library?

        var body: some View {
            Text(library?.name ?? "No library yet")
        }
    }

    struct ContentView: View {
        @State private var library = Library()

        var body: some View {
            LibraryView(library: library)
        }
    }

    enum Deferred {
        struct ContentView: View {
            @State private var library: Library?

            var body: some View {
                LibraryView(library: library)
                    .task {
                        library = Library()
                    }
            }
        }
    }

    /// Both samples on one page.
    struct LibraryRoute: View {
        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                Text("@State private var library = Library()").font(.caption).foregroundStyle(.secondary)
                ContentView()
                Divider()
                Text("@State private var library: Library?, set in .task").font(.caption).foregroundStyle(.secondary)
                Deferred.ContentView()
            }
        }
    }
}
