import Foundation

#if !canImport(UniformTypeIdentifiers)
/// A type of file, as `allowedContentTypes` names them: the browser offers files of these
/// types (`accept`), and the server takes a file only if the browser says it is one of them.
/// (Linux has no UniformTypeIdentifiers: these are the common types, by their MIME types.)
public struct UTType: Hashable, Sendable {
    public let identifier: String
    /// The MIME types (`image/*`, `application/pdf`) it stands for; empty: any file.
    let mimeTypes: [String]

    public init(identifier: String, mimeTypes: [String]) {
        self.identifier = identifier
        self.mimeTypes = mimeTypes
    }

    public static let item = UTType(identifier: "public.item", mimeTypes: [])
    public static let data = UTType(identifier: "public.data", mimeTypes: [])
    public static let content = UTType(identifier: "public.content", mimeTypes: [])
    public static let image = UTType(identifier: "public.image", mimeTypes: ["image/*"])
    public static let png = UTType(identifier: "public.png", mimeTypes: ["image/png"])
    public static let jpeg = UTType(identifier: "public.jpeg", mimeTypes: ["image/jpeg"])
    public static let pdf = UTType(identifier: "com.adobe.pdf", mimeTypes: ["application/pdf"])
    public static let text = UTType(identifier: "public.text", mimeTypes: ["text/*"])
    public static let plainText = UTType(identifier: "public.plain-text", mimeTypes: ["text/plain"])
    public static let json = UTType(identifier: "public.json", mimeTypes: ["application/json"])
    public static let commaSeparatedText = UTType(identifier: "public.comma-separated-values-text", mimeTypes: ["text/csv"])
    public static let audio = UTType(identifier: "public.audio", mimeTypes: ["audio/*"])
    public static let movie = UTType(identifier: "public.movie", mimeTypes: ["video/*"])
}
#endif

/// A file a browser uploaded: where the server put it, and what the browser said of it (its
/// name and type are the browser's word: check what you rely on).
public struct UploadedFile: Sendable, Hashable {
    /// Where it is on the server: `<upload directory>/<random>/<name>`.
    public let url: URL
    /// Its name as the browser sent it, made safe for a file name.
    public let name: String
    /// Its size in bytes, as written.
    public let size: Int
    /// Its MIME type as the browser said (`application/octet-stream` if it did not).
    public let contentType: String

    public init(url: URL, name: String, size: Int, contentType: String) {
        self.url = url
        self.name = name
        self.size = size
        self.contentType = contentType
    }
}

/// What an upload button does with the files of an `upload` event.
struct FileUpload {
    let allowed: [UTType]
    let allowsMultipleSelection: Bool
    let take: @MainActor ([UploadedFile]) -> Void

    /// Why `files` cannot be taken, if they cannot.
    func refusal(of files: [UploadedFile]) -> String? {
        if files.isEmpty { return "an upload needs a file (none was chosen)" }
        if files.count > 1, !allowsMultipleSelection { return "this importer takes one file, not \(files.count)" }
        let accepted = allowed.flatMap(\.mimeTypes)
        guard !accepted.isEmpty, !allowed.contains(where: { $0.mimeTypes.isEmpty }) else { return nil }
        for file in files where !accepted.contains(where: { Self.matches(file.contentType, $0) }) {
            return "\(quoted(file.name)) is \(file.contentType), not one of \(accepted.joined(separator: ", "))"
        }
        return nil
    }

    static func matches(_ type: String, _ pattern: String) -> Bool {
        let type = type.lowercased().split(separator: ";").first.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
        if pattern.hasSuffix("/*") { return type.hasPrefix(pattern.dropLast()) }
        return type == pattern
    }
}

extension View {
    /// Presents a file chooser while `isPresented` is true: a file field (`<input type=file>`,
    /// offering `allowedContentTypes`) and an Upload button below the view; files may also be
    /// dropped on it (with JavaScript). The chosen files are posted as `multipart/form-data` to
    /// `/_sh/upload` (with JavaScript by XHR, a progress bar following it; without, as the
    /// page's form), streamed to the server's upload directory (never whole in memory), and
    /// handed to `onCompletion` as file URLs; `isPresented` becomes false. Cancel closes it
    /// without a call.
    ///
    /// ```swift
    /// .fileImporter(isPresented: $isImporting, allowedContentTypes: [.image], allowsMultipleSelection: true) { result in
    ///     if case .success(let urls) = result { photos += urls }
    /// }
    /// ```
    /// A URL's last component is the file's name as the browser sent it. The files are the
    /// app's: move what it keeps; the rest is deleted when the page ends.
    public func fileImporter(isPresented: Binding<Bool>, allowedContentTypes: [UTType], allowsMultipleSelection: Bool,
                             onCompletion: @escaping @MainActor (Result<[URL], any Error>) -> Void) -> some View {
        FileImporterView(content: self, isPresented: isPresented, allowed: allowedContentTypes, allowsMultipleSelection: allowsMultipleSelection) {
            onCompletion(.success($0.map(\.url)))
        }
    }

    /// Presents a file chooser for one file (see `fileImporter(isPresented:allowedContentTypes:allowsMultipleSelection:onCompletion:)`).
    public func fileImporter(isPresented: Binding<Bool>, allowedContentTypes: [UTType],
                             onCompletion: @escaping @MainActor (Result<URL, any Error>) -> Void) -> some View {
        FileImporterView(content: self, isPresented: isPresented, allowed: allowedContentTypes, allowsMultipleSelection: false) {
            if let first = $0.first { onCompletion(.success(first.url)) }
        }
    }
}

struct FileImporterView<Content: View>: View {
    let content: Content
    let isPresented: Binding<Bool>
    let allowed: [UTType]
    let allowsMultipleSelection: Bool
    let take: @MainActor ([UploadedFile]) -> Void

    var body: some View {
        content
        if isPresented.wrappedValue {
            Box("div", [Attribute("class", "sh-file-importer"), Attribute("role", "group"), Attribute("aria-label", "Choose a file")]) {
                FileInput(accept: allowed.flatMap(\.mimeTypes), multiple: allowsMultipleSelection)
                UploadButton(upload: FileUpload(allowed: allowed, allowsMultipleSelection: allowsMultipleSelection) { files in
                    isPresented.wrappedValue = false
                    take(files)
                })
                Button("Cancel", role: .cancel) { isPresented.wrappedValue = false }
                // Shown and moved by the client while the files go up.
                Box("progress", [Attribute("class", "sh-upload-progress"), Attribute("max", "1"), Attribute("value", "0"),
                                 Attribute("hidden", ""), Attribute("aria-label", "Upload progress")]) { EmptyView() }
            }
        }
    }
}

/// The `<input type=file>`: a field of the page's form, whose part the upload's post carries.
struct FileInput: ElementView {
    let accept: [String]
    let multiple: Bool

    func element(in environment: EnvironmentValues) -> ElementSpec {
        var spec = ElementSpec("input", [Attribute("class", "sh-file"), Attribute("type", "file"), Attribute("aria-label", "File")])
        if !accept.isEmpty { spec.attributes.append(Attribute("accept", accept.joined(separator: ","))) }
        if multiple { spec.attributes.append(Attribute("multiple", "")) }
        spec.isVoid = true
        spec.control = .field
        return spec
    }
}

/// The Upload button: it submits the page's form as `multipart/form-data` to the upload path
/// (`formaction`), files and all; the server sends its `upload` event here.
struct UploadButton: ElementView {
    let upload: FileUpload

    func handler(in environment: EnvironmentValues) -> EventHandler? { .upload(upload) }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        var spec = ElementSpec("button", [Attribute("class", "sh-button sh-upload"), Attribute("type", "submit"),
                                          Attribute("formaction", "/_sh/upload"), Attribute("formmethod", "post"),
                                          Attribute("formenctype", "multipart/form-data")], text: "Upload")
        if !environment.isEnabled { spec.attributes.append(Attribute("disabled", "")) }
        spec.control = .button
        return spec
    }
}
