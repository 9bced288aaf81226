import Statehouse
import Foundation
import Testing
@testable import StatehouseGallery
@testable import StatehouseNIO
@testable import StatehouseProtocol

/// A browser with JavaScript off: it knows only the document's form `#sh`. Pressing a button
/// posts the form (hidden fields, every text field's current value, the button as `target`);
/// the server answers 303, and the browser follows the redirect to the changed page.
struct FormBrowser {
    let client: CurlClient
    private(set) var html: String
    private(set) var location = ""
    /// Text typed into fields since the page was shown, by field id.
    var typed: [String: String] = [:]

    init(_ client: CurlClient, path: String) throws {
        self.client = client
        html = try load(client, path).html
    }

    var pageID: String { LoadedPage(html)!.id }

    /// The ids of the enabled buttons that submit the form, in document order, leaving out
    /// those inside a `hidden` element (a person cannot press them).
    var buttons: [String] {
        var open: [(tag: Substring, hidden: Bool)] = []
        var found: [String] = []
        for match in html.matches(of: /<(\/?)([a-z0-9-]+)([^>]*)>/) {
            let (closing, name, attributes) = (match.output.1, match.output.2, String(match.output.3))
            if !closing.isEmpty {
                if let index = open.lastIndex(where: { $0.tag == name }) { open.removeSubrange(index...) }
                continue
            }
            if name == "button", !open.contains(where: \.hidden), Self.attribute("name", in: attributes) == "target",
               !attributes.contains(" disabled"), let value = Self.attribute("value", in: attributes), !value.isEmpty {
                found.append(value)
            }
            if !["input", "meta", "link", "br", "hr", "img"].contains(name) {
                open.append((name, attributes.contains(" hidden")))
            }
        }
        return found
    }

    /// Every field of form `#sh` the browser would submit, in document order.
    var formFields: [(String, String)] {
        html.matches(of: /<input ([^>]*)>/).compactMap { match in
            let tag = String(match.output.1)
            guard let name = Self.attribute("name", in: tag) else { return nil }
            let joinsForm = Self.attribute("form", in: tag) == "sh" || Self.attribute("type", in: tag) == "hidden"
            guard joinsForm, !tag.contains(" disabled") else { return nil }
            return (name, typed[name] ?? Self.attribute("value", in: tag) ?? "")
        }
    }

    /// Presses the button `id` (or, with nil, Enter in a text field: the hidden default button).
    mutating func press(_ id: String?) throws {
        let body = FormData.encode(formFields + [("target", id ?? "")])
        let origin = client.base
        let reply = client.post("/_sh/event", body, headers: [
            "Accept: text/html,application/xhtml+xml", "Origin: \(origin)",
            "Content-Type: application/x-www-form-urlencoded",
        ])
        guard reply.status == 303, let location = reply.header("location") else {
            throw TestFailure("posting \(id ?? "Enter") gave \(reply.status): \(reply.body)")
        }
        let page = client.get(location)
        guard page.status == 200 else { throw TestFailure("following \(location) gave \(page.status)") }
        self.location = location
        html = page.body
        typed = [:]
    }

    /// Types `text` into the field `id` and presses Enter.
    mutating func enter(_ text: String, in id: String) throws {
        typed[id] = text
        try press(nil)
    }

    static func attribute(_ name: String, in tag: String) -> String? {
        guard let match = tag.firstMatch(of: try! Regex(#"(?:^| )\#(name)="([^"]*)""#)) else { return nil }
        return unescape(String(match.output[1].substring!))
    }
}

extension FormBrowser {
    /// The text an attribute value stands for (the escapes `HTMLWriter.escaped` writes).
    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

@Suite("Without JavaScript")
struct NoScriptTests {
    @Test("A form post is checked whole before anything applies: a disabled field refuses it (409) and the other field keeps its value")
    func refusedPostChangesNothing() async throws {
        try await withPage("/two-fields") { client, page in
            let body = FormData.encode([("page", page.id), ("_csrf", page.csrf), ("target", "save"),
                                        ("first", "changed"), ("second", "changed")])
            let reply = client.post("/_sh/event", body)
            #expect(reply.status == 409)
            #expect(reply.body.contains("the control 'second' is disabled or hidden"))
            let render = client.get("/_sh/render?page=\(page.id)")
            #expect(render.body.contains(">one two</span>"), "nothing was applied")
        }
    }

    @Test("Every demo route works through form posts: its first buttons each answer 303 back to the same page, which renders")
    func everyRoute() async throws {
        try await withServer { port in
            // /account requires a user: SignInHTTPTests signs in first.
            for route in demoRoutes.map(\.path) + ["/"] where route != "/account" {
                let client = CurlClient(port: port)
                var browser = try FormBrowser(client, path: route)
                let page = browser.pageID
                for button in browser.buttons.prefix(4) {
                    // The index's Open the counter opens another page (`openURL`): OpenURLHTTPTests.
                    guard browser.buttons.contains(button), button != "open-counter" else { continue }
                    try browser.press(button)
                    #expect(browser.location == "/_sh/render?page=\(page)", "\(route): the same page, not a new one")
                }
            }
        }
    }

    @Test("/counter counts without JavaScript")
    func counter() async throws {
        try await withServer { port in
            var browser = try FormBrowser(CurlClient(port: port), path: "/counter")
            let increment = try #require(browser.buttons.first)
            for _ in 0..<3 { try browser.press(increment) }
            #expect(browser.html.contains(">3</span>"))
        }
    }

    @Test("/todos without JavaScript: add with the button and with Enter, switch a toggle, expand and delete a row")
    func todos() async throws {
        try await withServer { port in
            var browser = try FormBrowser(CurlClient(port: port), path: "/todos")
            browser.typed["new-todo"] = "Buy <milk> & \"eggs\""
            try browser.press("add")
            #expect(browser.html.contains("Buy &lt;milk&gt; &amp; &quot;eggs&quot;"))
            #expect(FormBrowser.attribute("value", in: browser.html.firstMatch(of: /<input id="new-todo"[^>]*>/).map { String($0.output) } ?? "") == "",
                    "the field was cleared by the action")
            try browser.enter("Walk the dog", in: "new-todo")
            #expect(browser.html.contains("Walk the dog"), "Enter ran the field's onSubmit")
            let rows = browser.buttons.filter { $0.hasPrefix("done-") }
            #expect(rows.count == 2)
            let walk = try #require(rows.first)
            try browser.press(walk)
            #expect(browser.html.contains(#"id="\#(walk)" class="sh-switch" type="submit" role="switch" aria-checked="true""#))
            let details = walk.replacingOccurrences(of: "done-", with: "details-")
            try browser.press(details)
            #expect(browser.html.contains("Details of Walk the dog"))
            try browser.press(walk.replacingOccurrences(of: "done-", with: "delete-"))
            #expect(!browser.html.contains("Walk the dog"))
        }
    }

    @Test("Enter in a field with nothing changed does nothing; a form with neither target nor fields is malformed")
    func emptyEnter() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            var browser = try FormBrowser(client, path: "/example")
            let before = browser.html
            try browser.press(nil)
            #expect(browser.html == before)
            let page = LoadedPage(before)!
            let bare = client.post("/_sh/event", FormData.encode([("page", page.id), ("_csrf", page.csrf)]))
            #expect(bare.status == 400)
            #expect(bare.body == "missing field 'target'\n")
        }
    }
}
