import Foundation
import Testing

/// Issue 58.3: the app's own images, served with URLs that name their contents, a year's
/// cache lifetime, an ETag and a 304 on revalidation.
@Suite struct AssetHTTPTests {
    @Test("The gallery's logo (its Assets.xcassets) is an <img> on /, served immutable with an ETag; revalidation is a 304; other paths 404")
    func logoIsServedWithCacheHeaders() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let index = client.get("/")
            let img = try #require(index.body.firstMatch(of: /<img id="logo"[^>]*>/)?.0)
            let src = try #require(img.firstMatch(of: /\ src="(\/_sh\/assets\/[0-9a-f]{16}\/logo\.svg)"/)?.1)
            #expect(img.contains(#"alt="Logo""#))
            let logo = client.get(String(src))
            #expect(logo.status == 200)
            #expect(logo.header("content-type") == "image/svg+xml")
            #expect(logo.header("cache-control") == "public, max-age=31536000, immutable")
            #expect(logo.header("content-security-policy") == "default-src 'none'; style-src 'unsafe-inline'; sandbox", "an SVG opened on its own runs no script")
            #expect(logo.body.hasPrefix("<svg"))
            let etag = try #require(logo.header("etag"))
            #expect(etag == "\"\(src.split(separator: "/")[2])\"", "the ETag is the hash in the URL")
            let again = client.get(String(src), headers: ["If-None-Match: \(etag)"])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(again.header("etag") == etag)
            #expect(client.get(String(src), headers: ["If-None-Match: \"0000000000000000\""]).status == 200)
            let hash = src.split(separator: "/")[2]
            for path in ["/_sh/assets/0000000000000000/logo.svg", "/_sh/assets/\(hash)/other.svg", "/_sh/assets/\(hash)/../logo.svg",
                         "/_sh/assets/\(hash)", "/_sh/assets/", "/_sh/assets/\(hash)/logo.svg/x"] {
                let reply = client.get(path)
                #expect(reply.status == 404, "\(path) gave \(reply.status)")
                #expect(!reply.body.contains("<svg"))
            }
        }
    }
}

/// Issue 58.3: the app's own style sheet, icon and `<meta>` in every document's head, its files
/// served by content URLs with cache headers and revalidation.
@Suite struct PageHeadHTTPTests {
    @Test("The gallery's style sheet, icon and description are in the head of its pages; the style sheet is served immutable, 304 on revalidation")
    func stylesheetAndIcon() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            for path in ["/", "/counter"] {
                let page = client.get(path)
                let head = try #require(page.body.firstMatch(of: /<head>.*<\/head>/.dotMatchesNewlines())?.0)
                let css = try #require(head.firstMatch(of: /<script src="\/_sh\/client.js" defer><\/script><link rel="stylesheet" href="(\/_sh\/assets\/[0-9a-f]{16}\/gallery\.css)">/)?.1,
                                       "linked after Statehouse's own, in \(head)")
                #expect(head.contains(#/<link rel="icon" href="\/_sh\/assets\/[0-9a-f]{16}\/favicon\.svg">/#))
                #expect(head.contains(#"<meta name="description" content="Statehouse: SwiftUI&#39;s state model, served over HTTP">"#))
                let sheet = client.get(String(css))
                #expect(sheet.status == 200)
                #expect(sheet.header("content-type") == "text/css; charset=utf-8")
                #expect(sheet.header("cache-control") == "public, max-age=31536000, immutable")
                #expect(sheet.body.contains("--gallery-stylesheet: loaded"))
                let etag = try #require(sheet.header("etag"))
                #expect(client.get(String(css), headers: ["If-None-Match: \(etag)"]).status == 304)
            }
        }
    }
}
