import Statehouse

/// The pages both host examples mount: `/counter`, which greets the user the host's
/// authentication found (`\.signedInUser`), and counts clicks; `/upload`, a
/// file importer whose files the host streams to disk.
public struct HostedPages: App {
    public init() {}

    public var body: some Scene {
        Route("/counter", title: "Counter") { GreetingCounter() }
        Route("/upload", title: "Upload") { FileUploader() }
    }
}

struct FileUploader: View {
    @State private var isImporting = false
    @State private var uploaded = "nothing yet"

    var body: some View {
        Button("Choose a file…") { isImporting = true }
            .accessibilityIdentifier("choose")
            .fileImporter(isPresented: $isImporting, allowedContentTypes: [.item]) { result in
                if case .success(let url) = result {
                    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
                    uploaded = "\(url.lastPathComponent): \(size) bytes"
                }
            }
        Text(verbatim: uploaded).accessibilityIdentifier("uploaded")
    }
}

struct GreetingCounter: View {
    @Environment(\.signedInUser) private var user
    @State private var count = 0

    var body: some View {
        VStack {
            Text("Hello, \(user?.name ?? "stranger")")
                .accessibilityIdentifier("greeting")
            Text("\(count)")
                .accessibilityIdentifier("count")
            Button("Increment") { count += 1 }
                .accessibilityIdentifier("increment")
        }
    }
}
