import Foundation

/// The app's own images, found in its resources: every image set of an asset catalog
/// (`Assets.xcassets/Logo.imageset`, as Xcode lays it out) and every image file beside them
/// (`Resources/photo.jpg` is `Image("photo")`), and every file of a `Public` folder at the top of
/// the resources (`Public/app.css`, `Public/fonts/Inter.woff2`: the app's style sheets, scripts,
/// icons and fonts, named by their path inside it). Each file is served at a URL that names its
/// content (`/_sh/assets/<hash>/<file>`), so a browser keeps it for a year and asks again
/// only when it changes.
///
/// The resources are SwiftPM's: a target declares them (`resources: [.copy("Assets.xcassets")]`
/// or `.process("Resources")`), and the build puts them in a bundle beside the executable
/// (`<Package>_<Target>.resources`); deploy that folder with the binary. The catalog reads
/// every such bundle (`*.resources`, `*.bundle`) beside the executable when it is first used,
/// and nothing else: not the executable's own folder, and no dot-folder in a bundle.
///
/// ```swift
/// Image("Logo")                                   // Assets.xcassets/Logo.imageset
/// Image("Logo", bundle: .module)                  // looked up in that bundle first
/// ```
public struct AssetCatalog: Sendable {
    /// One file served: where it is, what it is called, and the hash of its contents.
    public struct File: Sendable, Hashable {
        /// The resource folder it is in, and its path inside.
        public let root: String
        public let path: String
        /// A hash of its bytes (16 hex digits): the URL changes when the file does.
        public let hash: String

        /// The file's name as its URL writes it: letters, digits, `.`, `_` and `-` (any other
        /// character becomes `-`).
        public var name: String {
            let last = path.split(separator: "/").last.map(String.init) ?? path
            return String(last.unicodeScalars.map { scalar in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar)) ? Character(scalar) : "-"
            })
        }
        /// Where the browser gets it.
        public var url: String { "\(AssetCatalog.basePath)\(hash)/\(name)" }
    }

    /// An image: its files by pixel density (1, 2, 3; a vector or a single file is 1).
    struct ImageSet: Sendable, Hashable {
        var files: [Int: File]
    }

    /// Where assets are served: `/_sh/assets/<hash>/<file>`.
    public static let basePath = "/_sh/assets/"

    /// Image sets by name and `Public` files by path, in each root (in the order the roots were given).
    private let roots: [(root: String, images: [String: ImageSet], publicFiles: [String: File])]
    /// Color sets by name (`Assets.xcassets/Brand.colorset`): their CSS, in each root.
    private let colors: [(root: String, colors: [String: String])]
    /// Every file, by `hash/name` (two files of the same bytes have one hash).
    private let files: [String: File]

    /// The catalog of the running program's resources, read when first used.
    public static let main = AssetCatalog(roots: resourceRoots())

    /// Reads the images in `roots` (folders: a bundle's resources).
    public init(roots: [URL]) {
        var tables: [(String, [String: ImageSet], [String: File])] = []
        var colorTables: [(String, [String: String])] = []
        var files: [String: File] = [:]
        for url in roots {
            let root = url.standardizedFileURL.path
            var images: [String: ImageSet] = [:]
            var publicFiles: [String: File] = [:]
            var colors: [String: String] = [:]
            Self.scan(root: root, into: &images, publicFiles: &publicFiles, colors: &colors)
            tables.append((root, images, publicFiles))
            colorTables.append((root, colors))
            for set in images.values { for file in set.files.values { files[file.hash + "/" + file.name] = file } }
            for file in publicFiles.values { files[file.hash + "/" + file.name] = file }
        }
        self.roots = tables
        self.colors = colorTables
        self.files = files
    }

    /// The image named `name`: in `bundle`'s resources if given and found there, else in the
    /// first root that has it.
    func image(named name: String, bundle: Bundle? = nil) -> ImageSet? {
        if let bundle, let path = bundle.resourceURL?.standardizedFileURL.path,
           let set = roots.first(where: { $0.root == path })?.images[name] {
            return set
        }
        return roots.lazy.compactMap { $0.images[name] }.first
    }

    /// The file at `path` in a `Public` folder of the resources (`"app.css"`, `"icons/app.png"`):
    /// in `bundle`'s resources if given and found there, else in the first root that has it.
    public func publicFile(_ path: String, bundle: Bundle? = nil) -> File? {
        if let bundle, let root = bundle.resourceURL?.standardizedFileURL.path,
           let file = roots.first(where: { $0.root == root })?.publicFiles[path] {
            return file
        }
        return roots.lazy.compactMap { $0.publicFiles[path] }.first
    }

    /// The CSS of the color set `name` (`light-dark(…, …)` when it has a dark appearance): in
    /// `bundle`'s resources if given and found there, else in the first root that has it.
    func color(named name: String, bundle: Bundle? = nil) -> String? {
        if let bundle, let root = bundle.resourceURL?.standardizedFileURL.path,
           let css = colors.first(where: { $0.root == root })?.colors[name] {
            return css
        }
        return colors.lazy.compactMap { $0.colors[name] }.first
    }

    /// The file a URL's `<hash>/<file>` names, or nil.
    public func file(hash: String, name: String) -> File? {
        files[hash + "/" + name]
    }

    /// The SwiftPM resource bundles beside the executable (`*.resources`, and `*.bundle` as
    /// SwiftPM names them on Apple's systems). Not the executable's folder itself, which is what
    /// `Bundle.main` is for an executable on Linux: whatever else lies there is not the app's to
    /// publish.
    static func resourceRoots() -> [URL] {
        let executableFolder = Bundle.main.executableURL?.deletingLastPathComponent() ?? Bundle.main.bundleURL
        let entries = (try? FileManager.default.contentsOfDirectory(at: executableFolder, includingPropertiesForKeys: nil)) ?? []
        return entries.filter { ["resources", "bundle"].contains($0.pathExtension) && !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.path < $1.path }
    }

    private static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "svg", "webp", "avif", "ico"]

    /// Every image set and image file under `root`, by name.
    private static func scan(root: String, into images: inout [String: ImageSet], publicFiles: inout [String: File],
                             colors: inout [String: String]) {
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(atPath: root) else { return }
        var namespaces: [String: String] = [:]  // folder path → the name prefix it provides
        while let relative = enumerator.nextObject() as? String {
            let parts = relative.split(separator: "/")
            guard let last = parts.last else { continue }
            if last.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            let full = root + "/" + relative
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: full, isDirectory: &isDirectory) else { continue }
            if parts.first == "Public" {
                if !isDirectory.boolValue, parts.count > 1, let file = file(root: root, path: relative) {
                    publicFiles[parts.dropFirst().joined(separator: "/")] = file
                }
                continue
            }
            if isDirectory.boolValue {
                if last.hasSuffix(".colorset") {
                    enumerator.skipDescendants()
                    let name = namespace(of: parts.dropLast(), namespaces) + String(last.dropLast(".colorset".count))
                    if colors[name] == nil, let css = colorSet(root + "/" + relative) { colors[name] = css }
                } else if last.hasSuffix(".imageset") {
                    enumerator.skipDescendants()
                    let name = String(last.dropLast(".imageset".count))
                    let prefix = namespace(of: parts.dropLast(), namespaces)
                    if let set = imageSet(root: root, folder: relative), images[prefix + name] == nil { images[prefix + name] = set }
                } else if isGroup(full) {
                    namespaces[relative] = String(last) + "/"
                } else if last.hasSuffix(".xcassets") == false, parts.contains(where: { $0.hasSuffix(".xcassets") }),
                          last.contains(".") {
                    enumerator.skipDescendants()  // an app icon, a data set: not an image
                }
                continue
            }
            // An image file outside any asset catalog: by its name, with and without the extension.
            guard !parts.contains(where: { $0.hasSuffix(".xcassets") }) else { continue }
            let fileName = String(last)
            let ext = (fileName as NSString).pathExtension.lowercased()
            guard imageExtensions.contains(ext), let file = file(root: root, path: relative) else { continue }
            let base = (fileName as NSString).deletingPathExtension
            // `photo@2x.png` is the 2× file of `photo`.
            let (name, scale) = scaled(base)
            images[name, default: ImageSet(files: [:])].files[scale] = file
            if images[fileName] == nil { images[fileName] = ImageSet(files: [1: file]) }
        }
    }

    /// A folder in an asset catalog whose `Contents.json` says it provides a namespace.
    private static func isGroup(_ folder: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: folder + "/Contents.json"),
              let contents = try? JSONDecoder().decode(Contents.self, from: data) else { return false }
        return contents.properties?.providesNamespace == true
    }

    private static func namespace(of folders: ArraySlice<Substring>, _ namespaces: [String: String]) -> String {
        var prefix = ""
        for end in folders.indices {
            let path = folders[...end].joined(separator: "/")
            prefix += namespaces[path] ?? ""
        }
        return prefix
    }

    /// A color set's CSS: its universal (light) color, and `light-dark(light, dark)` if it has a
    /// dark appearance. Components are written as Xcode writes them: `0.5`, `128`, `0x80`.
    private static func colorSet(_ folder: String) -> String? {
        guard let data = FileManager.default.contents(atPath: folder + "/Contents.json"),
              let contents = try? JSONDecoder().decode(ColorContents.self, from: data) else { return nil }
        var light: String?, dark: String?
        for entry in contents.colors ?? [] {
            guard let components = entry.color?.components, let css = css(components) else { continue }
            let appearance = entry.appearances?.first { $0.appearance == "luminosity" }?.value
            if appearance == "dark" { dark = dark ?? css } else if appearance == nil { light = light ?? css }
        }
        guard let light else { return nil }
        return dark.map { "light-dark(\(light),\($0))" } ?? light
    }

    private static func css(_ components: ColorContents.Components) -> String? {
        func unit(_ text: String?) -> Double? {
            guard let text = text?.trimmingCharacters(in: .whitespaces) else { return nil }
            if text.lowercased().hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16).map { Double($0) / 255 } }
            if text.contains(".") { return Double(text) }
            return Double(text).map { $0 > 1 ? $0 / 255 : $0 }
        }
        guard let red = unit(components.red), let green = unit(components.green), let blue = unit(components.blue) else { return nil }
        return Color(red: red, green: green, blue: blue, opacity: unit(components.alpha) ?? 1).css
    }

    /// What a color set's `Contents.json` says (the parts read here).
    private struct ColorContents: Decodable {
        struct Components: Decodable { let red, green, blue, alpha: String? }
        struct ColorValue: Decodable { let components: Components? }
        struct Appearance: Decodable { let appearance: String?; let value: String? }
        struct Entry: Decodable {
            let color: ColorValue?
            let appearances: [Appearance]?
        }
        let colors: [Entry]?
    }

    /// An image set's files for the light (default) appearance, by scale.
    private static func imageSet(root: String, folder: String) -> ImageSet? {
        guard let data = FileManager.default.contents(atPath: root + "/" + folder + "/Contents.json"),
              let contents = try? JSONDecoder().decode(Contents.self, from: data) else { return nil }
        var set = ImageSet(files: [:])
        for image in contents.images ?? [] where image.appearances?.isEmpty ?? true {
            guard let name = image.filename, let file = file(root: root, path: folder + "/" + name) else { continue }
            let scale = image.scale.flatMap { Int($0.dropLast()) } ?? 1
            if set.files[scale] == nil { set.files[scale] = file }
        }
        return set.files.isEmpty ? nil : set
    }

    /// `name@2x` → (`name`, 2); any other name → (name, 1).
    private static func scaled(_ base: String) -> (String, Int) {
        for scale in [2, 3] where base.hasSuffix("@\(scale)x") { return (String(base.dropLast(3)), scale) }
        return (base, 1)
    }

    private static func file(root: String, path: String) -> File? {
        guard let data = FileManager.default.contents(atPath: root + "/" + path) else { return nil }
        return File(root: root, path: path, hash: fnv1a(data))
    }

    /// FNV-1a, 64 bits, as 16 hex digits: a name for a version of a file (not a secret).
    static func fnv1a(_ data: Data) -> String {
        StructuralIdentity(value: StructuralIdentity.hash(bytes: data)).hex
    }

    /// What an asset catalog's `Contents.json` says (the parts read here).
    private struct Contents: Decodable {
        struct Image: Decodable {
            let filename: String?
            let scale: String?
            let appearances: [Appearance]?
        }
        struct Appearance: Decodable {}
        struct Properties: Decodable {
            let providesNamespace: Bool?
            enum CodingKeys: String, CodingKey { case providesNamespace = "provides-namespace" }
        }
        let images: [Image]?
        let properties: Properties?
    }
}
