import Foundation

/// What a route's documents carry in their `<head>` beside Statehouse's own: the app's style
/// sheets and scripts, its icon, `<meta>` tags, and the sources the Content-Security-Policy
/// allows beyond the server itself. Set with scene modifiers, on a route or on a `Group` of
/// routes:
///
/// ```swift
/// var body: some Scene {
///     Group {
///         Route("/") { HomeView() }
///         Route("/about", title: "About") { AboutView() }
///     }
///     .stylesheet("app.css")                         // Public/app.css in the resources
///     .icon("favicon.png")                           // Public/favicon.png
///     .meta(name: "description", content: "Notes that keep themselves")
///     .contentSecurityPolicy(.fonts, allowing: "https://fonts.gstatic.com")
/// }
/// ```
/// Files are the app's `Public` files (see ``AssetCatalog``), linked by URLs that name their
/// contents (kept a year by browsers, fetched again when they change). A name that is not
/// among them stops the server at start, naming it.
public struct PageHead: Sendable, Equatable {
    /// A `<head>` entry that names one of the app's files.
    public struct FileReference: Sendable, Equatable {
        public let path: String
        public let bundle: Bundle?
    }

    /// Style sheets, linked after Statehouse's own (their rules win over the defaults).
    public internal(set) var stylesheets: [FileReference] = []
    /// Scripts, loaded `defer` after the client.
    public internal(set) var scripts: [FileReference] = []
    /// The icon (`<link rel="icon">`).
    public internal(set) var icon: FileReference?
    /// `<meta name content>` pairs.
    public internal(set) var metas: [(name: String, content: String)] = []
    /// Sources allowed beyond `'self'`, by directive.
    public internal(set) var allowedSources: [ContentSecurityDirective: [String]] = [:]

    public init() {}

    public static func == (a: PageHead, b: PageHead) -> Bool {
        a.stylesheets == b.stylesheets && a.scripts == b.scripts && a.icon == b.icon
            && a.metas.elementsEqual(b.metas, by: { $0.name == $1.name && $0.content == $1.content }) && a.allowedSources == b.allowedSources
    }

    /// Every file named that is not among the app's `Public` files.
    public func missingFiles(in catalog: AssetCatalog = .main) -> [String] {
        (stylesheets + scripts + (icon.map { [$0] } ?? [])).filter { catalog.publicFile($0.path, bundle: $0.bundle) == nil }.map(\.path)
    }
}

/// A Content-Security-Policy directive an app may add sources to.
public enum ContentSecurityDirective: String, Sendable, Hashable, CaseIterable {
    case styles = "style-src", scripts = "script-src", images = "img-src", fonts = "font-src", connections = "connect-src", media = "media-src"
}

extension Scene {
    /// Links the app's style sheet at `path` in a `Public` folder of its resources, after
    /// Statehouse's own, on every page of this scene's routes.
    public func stylesheet(_ path: String, bundle: Bundle? = nil) -> some Scene {
        HeadScene(content: self) { $0.stylesheets.append(.init(path: path, bundle: bundle)) }
    }

    /// Loads the app's script at `path` in a `Public` folder of its resources (`defer`, after
    /// the client), on every page of this scene's routes.
    public func script(_ path: String, bundle: Bundle? = nil) -> some Scene {
        HeadScene(content: self) { $0.scripts.append(.init(path: path, bundle: bundle)) }
    }

    /// The pages' icon: the file at `path` in a `Public` folder of the resources.
    public func icon(_ path: String, bundle: Bundle? = nil) -> some Scene {
        HeadScene(content: self) { $0.icon = .init(path: path, bundle: bundle) }
    }

    /// A `<meta name="…" content="…">` in the pages' heads (escaped as any text).
    public func meta(name: String, content: String) -> some Scene {
        HeadScene(content: self) { $0.metas.append((name, content)) }
    }

    /// Allows the pages to load `sources` (`https://fonts.gstatic.com`) for `directive`, beside
    /// the server itself. A source with a space, a quote or a semicolon is refused at start.
    public func contentSecurityPolicy(_ directive: ContentSecurityDirective, allowing sources: String...) -> some Scene {
        for source in sources {
            precondition(!source.isEmpty && !source.contains(where: { " ;,'\"\n\r\t".contains($0) }),
                         "contentSecurityPolicy: \(source.debugDescription) is not a source (https://example.com, *.example.com, data:)")
        }
        return HeadScene(content: self) { $0.allowedSources[directive, default: []].append(contentsOf: sources) }
    }
}

/// A scene whose routes' heads `change` changes.
struct HeadScene<Content: Scene>: Scene {
    let content: Content
    let change: (inout PageHead) -> Void

    var _routes: [RouteDescription] {
        content._routes.map { route in
            var route = route
            change(&route.head)
            return route
        }
    }
}
