import Foundation
import Statehouse
import Testing
@testable import StatehouseProtocol

/// Issue 58.5: the bookshelf's search kept in the URL's query (`@URLQuery("q")`) over HTTP.
@Suite struct URLQueryHTTPTests {
    @Test("/bookshelf?q=em lists what it finds; typing replaces the URL's query (no history entry); Back to another query shows it, and the browser is not moved")
    func searchInTheURL() async throws {
        try await withPage("/bookshelf?q=em") { client, page in
            #expect(page.html.contains(">Emma</span>"))
            #expect(!page.html.contains(">Dune</span>"))
            let field = try #require(page.html.firstMatch(of: /<input id="([^"]+)" class="sh-textfield" type="search" value="em"/)?.1)
            let typed = event(client, page, target: String(field), type: "input", value: "dune & co")
            #expect(typed.status == 200)
            #expect(typed.body.contains(#"<turbo-stream action="sh-location" target="sh-root" url="/bookshelf?q=dune%20%26%20co" replace></turbo-stream>"#))
            let back = event(client, page, target: "sh-root", type: "navigate", value: "/bookshelf?q=ulys")
            #expect(back.status == 200)
            #expect(back.body.contains(">Ulysses</span>"))
            #expect(!back.body.contains("sh-location"), "the browser is at that URL already")
            let render = client.get("/_sh/render?page=\(page.id)").body
            #expect(render.contains(#"type="search" value="ulys""#) && render.contains(">Ulysses</span>") && !render.contains(">Dune</span>"))
        }
    }
}

/// Issue 58.5: a view that opens a URL (`openURL`) sends the browser there: a `sh-open` with
/// JavaScript, a 303 to it without.
@Suite struct OpenURLHTTPTests {
    @Test("The index's Open the counter: sh-open with JavaScript, 303 to /counter without")
    func openFromAView() async throws {
        try await withPage("/") { client, page in
            let scripted = event(client, page, target: "open-counter", type: "click")
            #expect(scripted.status == 200)
            #expect(scripted.body.contains(#"<turbo-stream action="sh-open" target="sh-root" url="/counter"></turbo-stream>"#))
            let form = FormData.encode([("page", page.id), ("_csrf", page.csrf), ("target", "open-counter")])
            let plain = client.post("/_sh/event", form, headers: ["Accept: text/html"])
            #expect(plain.status == 303)
            #expect(plain.header("location") == "/counter")
        }
    }
}
