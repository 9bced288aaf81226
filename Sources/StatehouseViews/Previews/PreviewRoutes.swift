import Foundation

extension PreviewCatalog {
    /// Where the previews are served: `/_previews` lists them, `/_previews/NAME` is one.
    public static let basePath = "/_previews"

    /// The routes that serve the program's previews as pages (an app run with `--previews`
    /// adds them to its own): an index at `/_previews` linking each preview, each provider's
    /// `previews` at `/_previews/<qualified name>` and each `#Preview` at
    /// `/_previews/<module>/<file>.swift:<line>`, live: state, events and tasks work as on any
    /// page.
    ///
    /// ```swift
    /// let routes = MyApp().body._routes + PreviewCatalog.routes()
    /// ```
    @MainActor
    public static func routes() -> [RouteDescription] {
        let entries = providers()
        var routes = Route(basePath, title: "Previews") { PreviewIndex(entries: entries) }._routes
        for entry in entries {
            routes += route(entry.type, name: entry.name, title: entry.title)
        }
        return routes
    }

    @MainActor
    private static func route<P: PreviewProvider>(_ provider: P.Type, name: String, title: String) -> [RouteDescription] {
        Route("\(basePath)/\(name)", title: title) {
            VStack(alignment: .leading, spacing: 16) {
                Link("All previews", destination: URL(string: basePath)!)
                P.previews
            }
            .padding()
        }._routes
    }
}

/// `/_previews`: a link to each preview.
struct PreviewIndex: View {
    let entries: [PreviewCatalog.Entry]

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("Previews").font(.title)
            if entries.isEmpty {
                Text("No preview in this program: declare one at file scope, e.g. #Preview { ContentView() }.")
            }
            ForEach(entries, id: \.name) { entry in
                Link(entry.title, destination: URL(string: "\(PreviewCatalog.basePath)/\(entry.name)")!)
            }
        }
        .padding()
    }
}
