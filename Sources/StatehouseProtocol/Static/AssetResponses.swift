import Foundation
import StatehouseViews

extension AssetCatalog {
    /// A year: an asset's URL names its contents, so what is behind a URL never changes.
    static let cacheControl = "public, max-age=31536000, immutable"

    /// The answer to `GET /_sh/assets/<hash>/<file>` (`path` is what follows `basePath`): the
    /// file, to be kept a year; 304 when `ifNoneMatch` names its ETag (a browser revalidating);
    /// 404 for anything the catalog does not hold.
    func response(for path: Substring, ifNoneMatch: String?) -> HostResponse {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let file = file(hash: String(parts[0]), name: String(parts[1])) else {
            return .text(404, "no asset \(quoted(String(path.prefix(100))))")
        }
        let etag = "\"\(file.hash)\""
        // An SVG opened on its own runs no script and loads nothing (`sandbox`).
        var headers: HostHeaders = ["Cache-Control": Self.cacheControl, "ETag": etag, "X-Content-Type-Options": "nosniff",
                                    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox"]
        if let ifNoneMatch, Self.matches(ifNoneMatch, etag) {
            return HostResponse(status: 304, headers: headers, body: [])
        }
        // Read from its folder each time (an app's images need not all sit in memory); the
        // folder is the app's own, and the file must still lie inside it.
        guard let root = StaticFiles.canonicalPath(file.root), let full = StaticFiles.canonicalPath(root + "/" + file.path),
              full.hasPrefix(root + "/"), let bytes = StaticFiles.regularFile(at: full) else {
            return .text(404, "asset \(quoted(file.name)) is gone from the resources")
        }
        headers.add(name: "Content-Type", value: StaticFiles.contentType(file.name))
        return HostResponse(status: 200, headers: headers, body: bytes)
    }

    /// Whether an `If-None-Match` header names `etag` (or is `*`); weak tags compare too.
    static func matches(_ ifNoneMatch: String, _ etag: String) -> Bool {
        ifNoneMatch.split(separator: ",").contains { tag in
            let tag = tag.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}
