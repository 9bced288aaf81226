import Foundation
import Statehouse
import Testing

/// `/bookshelf` over HTTP: deep links, bad paths, pushes that move the URL, Back and Forward.
@Suite("Navigation over HTTP")
struct NavigationHTTPTests {
    @Test("GET of a deep URL builds the stack: /bookshelf/dune shows Dune's screen with the list hidden below it")
    func deepLink() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let reply = client.get("/bookshelf/dune")
            #expect(reply.status == 200)
            #expect(reply.body.contains(#"class="sh-navigation-title">Dune</h1>"#))
            #expect(reply.body.contains(/<section id="[^"]+" class="sh-screen" hidden="">/), "the list is below, hidden")
            #expect(reply.body.contains(#"href="/bookshelf" data-sh-link="">"#), "Back is a link to the list")
            let list = client.get("/bookshelf")
            #expect(list.body.contains(#"href="/bookshelf/dune" data-sh-link="""#), "a NavigationLink is an <a href> to its screen's URL")
            #expect(list.body.contains(#"aria-selected="true" aria-current="page" href="/bookshelf" data-sh-link="">"#), "Books is selected")
            let settings = client.get("/bookshelf?tab=settings")
            #expect(settings.status == 200)
            #expect(settings.body.contains(#"aria-selected="true" aria-current="page" href="/bookshelf?tab=settings""#))
        }
    }

    @Test("A URL that names nothing is a clear 404 and makes no session: an unknown book, extra segments, segments below a route without a stack")
    func notFound() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            for path in ["/bookshelf/nope", "/bookshelf/dune/extra", "/counter/extra", "/nowhere", "/bookshelf?tab=nope",
                         "/bookshelf/dune?tab=settings"] {
                let reply = client.get(path)
                #expect(reply.status == 404, "\(path)")
                #expect(reply.body.hasPrefix("not found: "), "\(path): \(reply.body)")
                #expect(reply.header("set-cookie") == nil, "\(path)")
            }
            #expect(client.get("/bookshelf/nope").body.contains("nothing to show for 'nope'"))
            let page = client.get("/bookshelf/%3Cnope%3E", headers: ["Accept: text/html"])
            #expect(page.status == 404)
            #expect(page.header("content-type") == "text/html; charset=utf-8", "a browser gets a page")
            #expect(page.body.contains("nothing to show for &#39;&lt;nope&gt;&#39;"), "escaped")
            #expect(page.body.contains(#"<a class="sh-link" href="/bookshelf">"#), "with a way back")
            let health = client.get("/_sh/health")
            #expect(health.body.contains(#""pages":0"#), "no page was kept")
        }
    }

    @Test("Clicking a link pushes and answers with the URL to show; a navigate event (Back) pops without echoing the URL; a bad one is refused")
    func pushAndBack() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/bookshelf")
            let link = try #require(page.html.firstMatch(of: /<a id="([^"]+)" class="sh-link" href="\/bookshelf\/emma"/)?.output.1)
            let stack = "sh-root"
            let push = event(client, page, target: String(link))
            #expect(push.status == 200)
            #expect(push.body.contains(#">Emma</h1>"#))
            #expect(push.body.hasSuffix(#"<turbo-stream action="sh-location" target="sh-root" url="/bookshelf/emma"></turbo-stream>"#))
            let back = event(client, page, target: stack, type: "navigate", value: "/bookshelf")
            #expect(back.status == 200)
            #expect(back.body.contains(#"action="remove""#), "Emma's screen is popped")
            #expect(!back.body.contains("sh-location"), "the browser is at /bookshelf already")
            let bad = event(client, page, target: stack, type: "navigate", value: "/bookshelf/nope")
            #expect(bad.status == 400)
            let forward = event(client, page, target: stack, type: "navigate", value: "/bookshelf/emma")
            #expect(forward.status == 200 && forward.body.contains(#">Emma</h1>"#))
            #expect(client.get("/_sh/render?page=\(page.id)").body.contains(#">Emma</h1>"#))
        }
    }

    @Test("A URL naming more screens than --max-path-segments is 414 and makes no session or page; Back or Forward to one is 400; at the cap it is served")
    func pathSegmentCap() async throws {
        try await withServer({ $0.maxPathSegments = 4 }) { port in
            let client = CurlClient(port: port)
            let deep = client.get("/bookshelf" + String(repeating: "/dune", count: 5))
            #expect(deep.status == 414)
            #expect(deep.body == "the URL names 5 screens below /bookshelf; at most 4 are served (--max-path-segments)\n")
            #expect(deep.header("set-cookie") == nil, "no session was made")
            #expect(client.get("/_sh/health").body.contains(#""sessions":0,"pages":0"#))
            let page = try load(client, "/bookshelf" + String(repeating: "/dune", count: 4))
            #expect(page.html.components(separatedBy: #">Dune</h1>"#).count == 5, "four screens")
            let tooFar = event(client, page, target: "sh-root", type: "navigate", value: "/bookshelf" + String(repeating: "/dune", count: 5))
            #expect(tooFar.status == 400)
            let back = event(client, page, target: "sh-root", type: "navigate", value: "/bookshelf/dune")
            #expect(back.status == 200)
        }
    }
}
