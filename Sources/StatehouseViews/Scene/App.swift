/// A type that represents the structure and behaviour of an app: its routes.
///
/// `@State` declared in the `App` lives as long as the process and is shared by every
/// session: each page whose views read it is updated (pushed over `/_sh/stream`) when any
/// session writes it. `@State` in a route's views is per page.
///
/// ```swift
/// @main
/// struct MyApp: App {
///     var body: some Scene {
///         Route("/counter") { CounterView() }
///         Route("/play", title: "Player") { PlayerView(episode: .sample) }
///         Route("/shared") { SharedCounter(count: $visits) }
///     }
///     @State private var visits = 0
/// }
/// ```
/// `import Statehouse` adds `static func main()`, which parses `--host`/`--port` and serves the app.
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    /// The routes of the app.
    @SceneBuilder var body: Body { get }
    /// Creates an instance of the app.
    init()
}

/// A part of an app's user interface: for Statehouse, one or more routes.
///
/// ```swift
/// var body: some Scene {
///     WindowGroup { ContentView() }
///     Route("/settings", title: "Settings") { SettingsView() }
/// }
/// ```
@MainActor @preconcurrency
public protocol Scene {
    /// The routes this scene serves.
    var _routes: [RouteDescription] { get }
}

/// A route: a path and how to build the root view of a new page for it.
///
/// ```swift
/// for route in MyApp().body._routes {
///     print(route.path, route.makeTree(PlainHTML.self).render())   // a new page of the route
/// }
/// ```
public struct RouteDescription {
    public let path: String
    public let title: String
    /// What its documents' `<head>` carries of the app's own (scene modifiers set it).
    public internal(set) var head = PageHead()
    /// Who may load it (`onMount`, `requiresSignIn`), checked in order when a page is made.
    var mountChecks: [@MainActor @Sendable (SignedInUser?) -> MountDecision] = []
    let build: @MainActor (any HTMLRendering.Type, PageLocation, StateSnapshots?, (any AppStorageScope)?,
                           ((inout EnvironmentValues) -> Void)?) -> LiveTree

    /// Builds a new live tree, whose HTML `renderer` writes: one per page (browser tab) that
    /// loads the route. A `NavigationStack` in it shows what `location` names below the route
    /// (`GET /bookshelf/dune`); by default the route itself. `snapshots` keeps the page's
    /// durable state (and restores what it holds); `appStorage` is its session's
    /// `@AppStorage`. `environment` sets values of the page's root environment before its
    /// first body (a host's request values, such as the signed-in user).
    @MainActor
    package func makeTree(_ renderer: any HTMLRendering.Type, location: PageLocation? = nil,
                         snapshots: StateSnapshots? = nil, appStorage: (any AppStorageScope)? = nil,
                         environment: ((inout EnvironmentValues) -> Void)? = nil) -> LiveTree {
        build(renderer, location ?? PageLocation(base: path), snapshots, appStorage, environment)
    }
}

/// A scene served at a path: each `GET` of the path creates a new page whose root view is
/// built by `content`.
///
/// ```swift
/// Route("/bookshelf", title: "Bookshelf") { BookshelfView() }
/// ```
public struct Route<Content: View>: Scene {
    let path: String
    let title: String?
    let content: @MainActor () -> Content

    public init(_ path: String, title: String? = nil, @ViewBuilder content: @escaping @MainActor () -> Content) {
        self.path = path
        self.title = title
        self.content = content
    }

    public var _routes: [RouteDescription] {
        let content = self.content
        return [RouteDescription(path: path, title: title ?? "Statehouse", build: {
            LiveTree(RouteRoot(content: content), renderer: $0, location: $1, snapshots: $2, appStorage: $3, environment: $4)
        })]
    }
}

/// The root of a route's page: runs the route's closure as a body, so that what the closure
/// reads of the `App`'s own `@State` is tracked like any body's reads, and a change rebuilds
/// the page's root view with the new value (as SwiftUI re-evaluates the App's scenes).
struct RouteRoot<Content: View>: View {
    let content: @MainActor () -> Content
    var body: some View { content() }
}

/// A scene that presents its content at `/` (SwiftUI's main window).
///
/// ```swift
/// var body: some Scene {
///     WindowGroup("Notes") { NotesView() }
/// }
/// ```
public struct WindowGroup<Content: View>: Scene {
    let title: String?
    let content: @MainActor () -> Content

    public init(@ViewBuilder content: @escaping @MainActor () -> Content) {
        title = nil
        self.content = content
    }

    public init(_ title: String, @ViewBuilder content: @escaping @MainActor () -> Content) {
        self.title = title
        self.content = content
    }

    public var _routes: [RouteDescription] { Route("/", title: title, content: content)._routes }
}

/// Several scenes.
///
/// ```swift
/// var body: some Scene { Route("/a") { A() }; Route("/b") { B() } }   // a SceneList
/// ```
public struct SceneList: Scene {
    public let _routes: [RouteDescription]
}

/// Builds an app's scenes.
///
/// ```swift
/// @SceneBuilder var body: some Scene { WindowGroup { ContentView() } }
/// ```
@resultBuilder
@MainActor
public enum SceneBuilder {
    public static func buildExpression<S: Scene>(_ scene: S) -> S { scene }
    public static func buildBlock<S: Scene>(_ scene: S) -> S { scene }
    public static func buildBlock<each S: Scene>(_ scenes: repeat each S) -> SceneList {
        var routes: [RouteDescription] = []
        for scene in repeat each scenes { routes.append(contentsOf: scene._routes) }
        return SceneList(_routes: routes)
    }
}
