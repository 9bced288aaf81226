import Foundation
import Statehouse
import Testing
@testable import StatehouseNIO

/// `--previews` (issue 21): every `PreviewProvider` of the program served as a live page.
@Suite("Previews over HTTP")
struct PreviewsHTTPTests {
    @Test("With --previews, /_previews links every preview and each is a live page; without it, 404")
    func servedWithTheFlag() async throws {
        try await withServer({ $0.previews = true }) { port in
            let client = CurlClient(port: port)
            let index = client.get("/_previews")
            #expect(index.status == 200)
            #expect(index.body.contains(#"href="/_previews/StatehouseGallery.CounterView_Previews""#))
            #expect(index.body.contains(#"href="/_previews/StatehouseGallery.ShapesView_Previews""#))
            let page = try load(client, "/_previews/StatehouseGallery.CounterView_Previews")
            #expect(page.html.contains(#"<span id="count""#))
            let click = event(client, page, target: "increment")
            #expect(click.status == 200)
            #expect(click.body.contains(">1</span>"), "the preview is live: \(click.body)")
            #expect(client.get("/_previews/NoSuch_Previews").status == 404)
        }
        try await withServer { port in
            #expect(CurlClient(port: port).get("/_previews").status == 404)
        }
    }
}
