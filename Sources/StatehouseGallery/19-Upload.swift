import Statehouse

/// `/upload`: a file importer. "Choose a file…" presents it; the chosen file is posted with the
/// page's form (multipart, streamed to the upload directory) and the page shows its name and
/// size. Identifiers: `choose`, `uploaded-name`, `uploaded-size`.
enum UploadSeed {
    struct UploadView: View {
        @State private var isImporting = false
        @State private var uploaded: URL?

        var body: some View {
            Form {
                Button("Choose a file…") { isImporting = true }
                    .accessibilityIdentifier("choose")
                if let uploaded {
                    LabeledContent("Name") { Text(verbatim: uploaded.lastPathComponent).accessibilityIdentifier("uploaded-name") }
                    LabeledContent("Size") { Text(verbatim: "\(Self.size(of: uploaded)) bytes").accessibilityIdentifier("uploaded-size") }
                }
            }
            .fileImporter(isPresented: $isImporting, allowedContentTypes: [.item]) { result in
                if case .success(let url) = result { uploaded = url }
            }
            .navigationTitle("Upload")
        }

        static func size(of url: URL) -> Int {
            (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        }
    }
}
