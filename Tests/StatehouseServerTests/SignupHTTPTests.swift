import Foundation
import Statehouse
import Testing
@testable import StatehouseProtocol

/// `/signup` and the focus, key and selection events over HTTP, with and without JavaScript.
@Suite("Signup, focus and keys over HTTP")
struct SignupHTTPTests {
    @Test("Return in a field answers with the errors and an sh-focus action to the first invalid field; a focus report answers with no move")
    func focusOverHTTP() async throws {
        try await withPage("/signup") { client, page in
            #expect(page.html.contains(#"<input id="name" class="sh-textfield" type="text" value="" placeholder="Name" aria-label="Name" form="sh" name="name" data-sh-focus="">"#))
            let report = event(client, page, target: "name", type: "focus")
            #expect(report.status == 200 && !report.body.contains("sh-focus"))
            let submit = event(client, page, target: "name", type: "submit", value: "Ada")
            #expect(submit.status == 200)
            #expect(submit.body.hasSuffix(#"<turbo-stream action="sh-focus" target="email"></turbo-stream>"#))
            #expect(submit.body.contains("Enter an email address such as ada@example.com."))
            let stale = event(client, page, target: "created", type: "focus")
            #expect(stale.status == 404)
            let noBinding = event(client, page, target: "create", type: "focus")
            #expect(noBinding.status == 409, "the disabled button: refused before anything else")
        }
    }

    @Test("Without JavaScript, Enter posts the whole form: every change lands, then onSubmit runs once; the next page focuses the first invalid field (autofocus)")
    func noScriptSignup() async throws {
        try await withPage("/signup") { client, page in
            // Enter in the password field: name and email changed, the country too.
            let enter = FormData.encode([("page", page.id), ("_csrf", page.csrf), ("name", "Ada"), ("email", "ada@example"),
                                         ("password", ""), ("country", "fr"), ("birthdate", "1990-04-01"), ("target", "")])
            let reply = client.post("/_sh/event", enter, headers: ["Accept: text/html"])
            #expect(reply.status == 303)
            let render = client.get("/_sh/render?page=\(page.id)").body
            #expect(render.contains(#"id="email" class="sh-textfield" type="text" value="ada@example" placeholder="Email" aria-label="Email" form="sh" name="email" autofocus="" data-sh-focus="">"#))
            #expect(render.components(separatedBy: "autofocus").count == 2, "one field is focused")
            #expect(render.contains(#"<button id="create" class="sh-button sh-prominent" type="submit" disabled="""#), "not valid yet")
            #expect(render.contains(#"value="fr" selected="">France</option>"#), "the country landed before onSubmit ran")
            #expect(!render.contains("country-error"))
            // Fix everything and press the (now enabled) Create account button.
            let fix = FormData.encode([("page", page.id), ("_csrf", page.csrf), ("email", "ada@example.com"), ("password", "Longer-pass1"),
                                       ("target", "terms")])
            #expect(client.post("/_sh/event", fix, headers: ["Accept: text/html"]).status == 303)
            let ready = client.get("/_sh/render?page=\(page.id)").body
            #expect(ready.contains(#"<button id="create" class="sh-button sh-prominent" type="submit" aria-keyshortcuts="Enter" form="sh" name="target" value="create">"#))
            let create = FormData.encode([("page", page.id), ("_csrf", page.csrf), ("target", "create")])
            #expect(client.post("/_sh/event", create, headers: ["Accept: text/html"]).status == 303)
            #expect(client.get("/_sh/render?page=\(page.id)").body.contains("Welcome, Ada!"))
        }
    }

    @Test("Without JavaScript the password is never sent back, and the form posted again with its password field empty keeps what was typed")
    func noScriptPasswordKept() async throws {
        try await withPage("/signup") { client, page in
            func post(_ fields: [(String, String)]) -> Int {
                client.post("/_sh/event", FormData.encode([("page", page.id), ("_csrf", page.csrf)] + fields), headers: ["Accept: text/html"]).status
            }
            let form = [("name", "Ada"), ("email", "ada@example.com"), ("country", "fr"), ("birthdate", "1990-04-01")]
            #expect(post(form + [("password", "Longer-pass1"), ("target", "")]) == 303)
            let render = client.get("/_sh/render?page=\(page.id)").body
            #expect(!render.contains("Longer-pass1"))
            #expect(render.contains(#"<input id="password" class="sh-textfield" type="password" placeholder="Password""#))
            // The page showed the field empty: posted so, it changes nothing.
            #expect(post(form + [("password", ""), ("target", "terms")]) == 303)
            #expect(client.get("/_sh/render?page=\(page.id)").body.contains(#"<button id="create" class="sh-button sh-prominent" type="submit" aria-keyshortcuts="Enter""#))
            #expect(post(form + [("password", ""), ("target", "create")]) == 303)
            #expect(client.get("/_sh/render?page=\(page.id)").body.contains("Welcome, Ada!"))
        }
    }

    @Test("A megabyte typed into a field, or sent as a page, target or type, is refused with a short message and changes nothing; --max-text-length sets the limit")
    func megabyteRefused() async throws {
        // A megabyte that fits the default body limit (1 MiB) with the post's other fields.
        let megabyte = String(repeating: "x", count: 1_000_000)
        try await withPage("/signup") { client, page in
            let typed = event(client, page, target: "name", type: "input", value: megabyte)
            #expect(typed.status == 400 && typed.body.contains("this field takes at most 10000 characters, not 1000000"))
            #expect(!typed.body.contains("xxx"), "none of the text is repeated (it may be a password)")
            #expect(typed.body.utf8.count < 300, "the refusal quotes a few characters: \(typed.body.utf8.count) bytes")
            let noScript = client.post("/_sh/event", FormData.encode([("page", page.id), ("_csrf", page.csrf), ("name", megabyte), ("target", "")]),
                                       headers: ["Accept: text/html"])
            #expect(noScript.status == 400 && noScript.body.utf8.count < 300)
            for (target, type, pageID) in [(megabyte, "input", page.id), ("name", megabyte, page.id)] {
                let reply = client.post("/_sh/event", FormData.encode([("page", pageID), ("target", target), ("type", type), ("value", "v")]),
                                        headers: ["X-CSRF-Token: \(page.csrf)"])
                #expect(reply.status == 400 || reply.status == 404, "\(reply.status)")
                #expect(reply.body.utf8.count < 400, "\(reply.status): \(reply.body.utf8.count) bytes")
            }
            let wrongPage = client.post("/_sh/event", FormData.encode([("page", megabyte), ("target", "name"), ("value", "v")]),
                                        headers: ["X-CSRF-Token: \(page.csrf)"])
            #expect(wrongPage.status == 410 && wrongPage.body.utf8.count < 300, "\(wrongPage.status): \(wrongPage.body.utf8.count) bytes")
            #expect(!client.get("/_sh/render?page=\(page.id)").body.contains("xxxxxxxxxx"), "nothing changed")
        }
        try await withServer({ $0.maxTextLength = 5 }) { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/signup")
            #expect(event(client, page, target: "name", type: "input", value: "123456").status == 400)
            #expect(event(client, page, target: "name", type: "input", value: "12345").status == 200)
        }
    }

    @Test("Keys and list rows over HTTP: a key event runs the handler, a bad key is 400; a row is an option button that posts without JavaScript")
    func keysAndSelection() async throws {
        try await withPage("/controls") { client, page in
            #expect(page.html.contains(#"tabindex="0" data-sh-keys="[&quot;ArrowDown&quot;,&quot;ArrowUp&quot;]">"#))
            let up = event(client, page, target: "keypress", type: "key", value: "ArrowUp")
            #expect(up.status == 200 && up.body.contains(">1</span>"))
            let bad = event(client, page, target: "keypress", type: "key", value: "Hyper+Q")
            #expect(bad.status == 400 && bad.body.contains("a key event needs the key's name"))
            let unhandled = event(client, page, target: "keypress", type: "key", value: "q")
            #expect(unhandled.status == 400 && unhandled.body.contains("no view here handles the key 'q'"))
            #expect(page.html.contains(#"role="listbox" aria-multiselectable="true""#))
            let option = try #require(page.html.range(of: #"<button id="[^"]+" class="sh-option" type="submit" role="option" aria-selected="false""#, options: .regularExpression))
            let id = page.html[option].split(separator: "\"")[1]
            let post = FormData.encode([("page", page.id), ("_csrf", page.csrf), ("target", String(id))])
            #expect(client.post("/_sh/event", post, headers: ["Accept: text/html"]).status == 303)
            #expect(client.get("/_sh/render?page=\(page.id)").body.contains(">chocolate, vanilla</span>"))
            // Without JavaScript: the disclosure's label is a button that posts the form.
            let toggle = try #require(page.html.range(of: #"<button id="[^"]+" class="sh-disclosure-toggle" type="submit" role="button" aria-expanded="false""#, options: .regularExpression))
            let toggleID = String(page.html[toggle].split(separator: "\"")[1])
            #expect(client.post("/_sh/event", FormData.encode([("page", page.id), ("_csrf", page.csrf), ("target", toggleID)]),
                                headers: ["Accept: text/html"]).status == 303)
            let opened = client.get("/_sh/render?page=\(page.id)").body
            #expect(opened.contains(">open</span>") && opened.contains(#"aria-expanded="true""#))
            #expect(opened.contains("sh-labeled"), "its content is mounted now")
            #expect(event(client, page, target: toggleID).body.contains(">closed</span>"), "a click closes it again")
            let open = event(client, page, target: "disclosure", type: "change", value: "true")
            #expect(open.status == 200 && open.body.contains(">open</span>"))
            let notBool = event(client, page, target: "disclosure", type: "change", value: "wide")
            #expect(notBool.status == 400)
            let search = event(client, page, target: "searchable", type: "input", value: "van")
            #expect(search.status == 200 && search.body.contains(">van</span>") && !search.body.contains(">chocolate</span>"))
            #expect(page.html.contains(#"aria-keyshortcuts="Shift+Meta+L""#))
        }
    }
}
