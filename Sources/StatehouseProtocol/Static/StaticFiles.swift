import Foundation

/// The files of `public/`: embedded in the binary (see `scripts/embed-public.py`), or read
/// from a directory while developing (`--public-dir`).
struct StaticFiles: Sendable {
    let directory: String?

    /// The response for `name` (a path under `public/`), or nil. Names with `..`, a leading
    /// `/`, or characters outside `[A-Za-z0-9._/-]` are never served.
    func response(for name: String) -> HostResponse? {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains(".."),
              name.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit || "ghijklmnopqrstuvwxyzGHIJKLMNOPQRSTUVWXYZ._/-".unicodeScalars.contains($0) })
        else { return nil }
        let bytes: [UInt8]
        if let directory {
            guard let data = FileManager.default.contents(atPath: directory + "/" + name) else { return nil }
            bytes = Array(data)
        } else {
            guard let text = PublicFiles.contents[name] else { return nil }
            bytes = Array(text.utf8)
        }
        return HostResponse(status: 200, headers: ["Content-Type": Self.contentType(name),
                                               "Cache-Control": "no-cache",
                                               "X-Content-Type-Options": "nosniff"], body: bytes)
    }

    static func contentType(_ name: String) -> String {
        switch name.split(separator: ".").last {
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "html": "text/html; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }
}
