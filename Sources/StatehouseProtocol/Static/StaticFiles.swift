import Foundation

/// The files of `Static/public/` (the client and the default style): compiled into the binary
/// (SwiftPM's `embedInCode` resources, declared in Package.swift), or read from a directory
/// while developing (`--public-dir Sources/StatehouseProtocol/Static/public`).
///
/// A file read from the directory must stay inside it: a symbolic link whose target is
/// outside the directory, a dotfile or a file under a dot-directory, and a directory (no
/// listing is ever made) are answered as not found.
struct StaticFiles: Sendable {
    /// The directory's canonical path (symbolic links resolved), or nil for the embedded files.
    let directory: String?

    init(directory: String?) {
        self.directory = directory.map { Self.canonicalPath($0) ?? $0 }
    }

    /// Path under `public/` → contents.
    private static let embedded: [String: [UInt8]] = [
        "client.js": PackageResources.client_js,
        "style.css": PackageResources.style_css,
    ]

    /// The response for `name` (a path under `public/`), or nil. Names with `..`, a leading
    /// `/`, a component starting with `.`, or characters outside `[A-Za-z0-9._/-]` are never
    /// served.
    func response(for name: String) -> HostResponse? {
        guard Self.isServable(name) else { return nil }
        let bytes: [UInt8]
        if let directory {
            guard let contents = Self.regularFile(named: name, inside: directory) else { return nil }
            bytes = contents
        } else {
            guard let embedded = Self.embedded[name] else { return nil }
            bytes = embedded
        }
        return HostResponse(status: 200, headers: ["Content-Type": Self.contentType(name),
                                               "Cache-Control": "no-cache",
                                               "X-Content-Type-Options": "nosniff"], body: bytes)
    }

    /// Whether `name` may name a file at all: relative, no empty or dot-led component (which
    /// covers `.`, `..` and dotfiles), and only `[A-Za-z0-9._/-]`.
    static func isServable(_ name: String) -> Bool {
        guard !name.isEmpty,
              name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._/-".unicodeScalars.contains($0)) })
        else { return false }
        return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0.first != "." }
    }

    /// The contents of the regular file at `directory/name` when its canonical path lies inside
    /// `directory` (itself canonical) and is servable there too (a link inside to a dotfile is
    /// not), else nil. Opened without waiting (a FIFO would hold the thread until a writer
    /// came) and checked to be a regular file once open (what is read is what was checked).
    static func regularFile(named name: String, inside directory: String) -> [UInt8]? {
        guard let path = canonicalPath(directory + "/" + name), path.hasPrefix(directory + "/"),
              isServable(String(path.dropFirst(directory.count + 1)))
        else { return nil }
        return regularFile(at: path)
    }

    /// The contents of the regular file at `path`, or nil: opened without waiting (a FIFO
    /// would hold the thread until a writer came) and checked to be a regular file once open.
    static func regularFile(at path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              let data = try? file.readToEnd() ?? Data()  // (nil: an empty file)
        else { return nil }
        return Array(data)
    }

    /// `path` with every symbolic link resolved (`realpath(3)`), or nil when it does not exist.
    static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func contentType(_ name: String) -> String {
        switch name.split(separator: ".").last {
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "html": "text/html; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "avif": "image/avif"
        case "ico": "image/x-icon"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }
}
