import Statehouse

/// The gallery of seed examples served by `swift run demo`, one route each, from simple to
/// advanced. It lives in a library so that the view tests (`StatehouseViewsTests`, through
/// `ViewTest`, no server) pin the seeds' behaviour on the very views the demo serves.
public struct DemoApp: App {
    /// Shared by every session of the process (`/shared`).
    @State private var sharedCount = 0
    /// The bookshelf's books, shared by every session (`/bookshelf`).
    @State private var books = BookshelfSeed.initialBooks

    public init() {}

    public var body: some Scene {
        Group {
            Route("/", title: "Statehouse demo") { IndexView() }
            Route("/counter", title: "Counter") { CounterView() }
            Route("/play", title: "Play") { PlaySeed.PlayerView(episode: .sample) }
            Route("/podcaster", title: "Podcaster") { PodcasterSeed.Podcaster() }
            Route("/example", title: "ExampleView") { ExampleSeed.ExampleRoute() }
            Route("/library", title: "Library") { LibrarySeed.LibraryRoute() }
            Route("/book", title: "Book") { BookSeed.ContentView() }
            Route("/book/delete", title: "Delete book") { DeleteBookSeed.ContentView() }
            Route("/model", title: "Data model") { ModelSeed.MyView() }
            Route("/initializable", title: "Initializable") { InitializableSeed.ContentView() }
            Route("/todos", title: "Todos") { TodosSeed.ContentView() }
            Route("/clock", title: "Clock") { ClockSeed.ClockView() }
            Route("/shared", title: "Shared counter") { SharedSeed.SharedCounterView(count: $sharedCount) }
            Route("/bookshelf", title: "Bookshelf") { BookshelfSeed.BookshelfView(books: $books) }
            Route("/controls", title: "Controls") { ControlsSeed.ControlsView() }
            Route("/signup", title: "Sign up") { SignupSeed.SignupView() }
            Route("/groceries", title: "Groceries") { GroceriesSeed.GroceriesView() }
            Route("/shapes", title: "Shapes") { ShapesSeed.ShapesView() }
            Route("/notes", title: "Notes") { NotesSeed.NotesView() }
            Route("/motion", title: "Motion") { MotionSeed.MotionView() }
            Route("/geometry", title: "Geometry") { GeometrySeed.GeometryView() }
            Route("/upload", title: "Upload") { UploadSeed.UploadView() }
            Route("/signin", title: "Sign in") { SignInSeed.SignInView() }
            Route("/account", title: "Account") { SignInSeed.AccountView() }
                .requiresSignIn(at: "/signin")
        }
        .stylesheet("gallery.css")
        .script("hooks.js")
        .icon("favicon.svg")
        .meta(name: "description", content: "Statehouse: SwiftUI's state model, served over HTTP")
    }
}

/// The demo's routes and what each shows.
let demoRoutes: [(path: String, summary: String)] = [
    ("/counter", "A Text and an Increment button: one click returns one fragment, the count's element."),
    ("/play", "PlayerView hands PlayButton a @Binding to its @State; the title's style follows isPlaying."),
    ("/podcaster", "Toggle bound to $episode.isFavorite; PlayerView keeps its own isPlaying across the change."),
    ("/example", "ExampleView: Change Text turns Apple into Banana through ChildView; a TextField bound to $text."),
    ("/library", "An @Observable Library in @State, and the same created once in .task."),
    ("/book", "One @Observable Book: each view re-renders only for the properties its body read; @Bindable edits the title."),
    ("/book/delete", "A Binding<Book?> to the reference itself: Delete book sets it to nil and the title disappears."),
    ("/model", "@StateObject, .environmentObject and @EnvironmentObject with a Toggle bound to $model.isEnabled."),
    ("/initializable", "A state object initialised from its input keeps its first name; with .id(name) it is made anew."),
    ("/todos", "Rows keep their own @State with their todo when rows are added above or deleted."),
    ("/clock", "A .task loop updates @State every second; the server pushes each tick."),
    ("/shared", "App-level @State: one count for every session; each click reaches every open page live."),
    ("/controls", "Every control bound to state, each beside a Text showing its value: Picker, Slider, DatePicker, TextEditor, List selection, focus, keys."),
    ("/shapes", "Shapes as inline SVG: a progress ring drawn by a custom Shape, Circle().trim().stroke(), the built-in shapes and a Path."),
    ("/groceries", "List editing as tutorials write it: ForEach($items) bindings, onDelete (a Delete button per row), onMove with EditButton, formatted text."),
    ("/motion", "withAnimation: a dot grows and fades, a card slides in and out on a spring (.transition); instant under reduced motion."),
    ("/geometry", "GeometryReader: the content follows the width the browser reports, live as the window is resized."),
    ("/upload", ".fileImporter: the chosen file is streamed to the upload directory; the page shows its name and size, with or without JavaScript."),
    ("/account", "A route that requires a user: signed out, the browser goes to /signin (ada, “analytical engine”) and back; the password checked with scrypt off the main actor, attempts rate-limited."),
    ("/notes", "@SceneStorage keeps this tab's draft across a reload; @AppStorage shares the text size with every page of the session."),
    ("/signup", "A sign-up form: errors under the fields, Create account disabled until valid, Return moves focus to the first invalid field (@FocusState)."),
    ("/bookshelf", "NavigationStack: each book's detail at its own URL (/bookshelf/dune); Back, Forward, reload and links without JavaScript work."),
]

/// What the browser said of itself (`\.colorScheme`, `\.timeZone`, `\.horizontalSizeClass`):
/// the server's defaults until it has.
struct BrowserLine: View {
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.timeZone) private var timeZone
    @Environment(\.horizontalSizeClass) private var sizeClass

    var body: some View {
        Text("Your browser: \(colorScheme == .dark ? "dark" : "light") · \(timeZone.identifier) · \(sizeClass == .compact ? "compact" : "regular")")
            .font(.footnote)
            .accessibilityIdentifier("browser")
    }
}

/// `/`: links to every route; a button that opens one from an action (`openURL`).
struct IndexView: View {
    @Environment(\.openURL) private var openURL

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack(spacing: 12) {
                // The app's own image, from Assets.xcassets/Logo.imageset.
                Image("Logo")
                    .resizable()
                    .scaledToFit()
                    .frame(width: 48, height: 48)
                    .accessibilityIdentifier("logo")
                // A color set of Assets.xcassets, with a dark appearance.
                Text("Statehouse").font(.largeTitle).bold().foregroundStyle(Color("Brand")).accessibilityIdentifier("brand")
            }
            Text("SwiftUI's state model, served over HTTP. Each route is a seed example.")
                .foregroundStyle(.secondary)
            BrowserLine()
            Button("Open the counter") { openURL(URL(string: "/counter")!) }
                .accessibilityIdentifier("open-counter")
            List(demoRoutes, id: \.path) { route in
                VStack(alignment: .leading, spacing: 4) {
                    Link(route.path, destination: URL(string: route.path)!)
                    Text(route.summary).font(.footnote).foregroundStyle(.secondary)
                }
            }
        }
    }
}

import Foundation
