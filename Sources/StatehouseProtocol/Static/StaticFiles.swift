import Foundation

/// The files of `Static/public/` (the client and the default style): compiled into the binary
/// (SwiftPM's `embedInCode` resources, declared in Package.swift), or read from a directory
/// while developing (`--public-dir Sources/StatehouseProtocol/Static/public`).
struct StaticFiles: Sendable {
    let directory: String?

    /// Path under `public/` → contents.
    private static let embedded: [String: [UInt8]] = [
        "client.js": PackageResources.client_js,
        "style.css": PackageResources.style_css,
    ]

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
            guard let embedded = Self.embedded[name] else { return nil }
            bytes = embedded
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
