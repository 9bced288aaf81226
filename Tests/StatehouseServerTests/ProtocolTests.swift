import Statehouse
import Foundation
import Testing
@testable import StatehouseNIO
@testable import StatehouseProtocol

@Suite("Wire protocol over HTTP")
struct ProtocolTests {
    @Test("GET of a route sets an HttpOnly SameSite=Lax session cookie once, and names the page and CSRF token")
    func sessionCookie() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let first = client.get("/counter")
            #expect(first.status == 200)
            #expect(client.connectionsOpened == 1)
            #expect(first.header("content-type") == "text/html; charset=utf-8")
            let cookie = try #require(first.header("set-cookie"))
            #expect(cookie.hasPrefix("sh_session="))
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"))
            let id = cookie.dropFirst("sh_session=".count).prefix { $0 != ";" }
            #expect(id.count >= 32, "at least 128 bits")
            #expect(first.header("content-security-policy")?.contains("script-src 'self'") == true)
            #expect(first.header("x-content-type-options") == "nosniff")
            #expect(!first.body.contains("<script>"), "no inline script")
            let second = client.get("/counter")
            #expect(second.header("set-cookie") == nil, "a valid session is kept")
            #expect(client.connectionsOpened == 0, "the second request reused the connection (keep-alive)")
        }
    }

    @Test("A click on /counter returns one fragment: the count's element, not the button or the stack")
    func counterFragment() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/counter")
            let reply = event(client, page, target: "increment")
            #expect(reply.status == 200)
            #expect(reply.header("content-type") == "text/vnd.turbo-stream.html; charset=utf-8")
            #expect(reply.body == #"<turbo-stream action="replace" target="count"><template><span id="count" class="sh-text sh-font-largeTitle">1</span></template></turbo-stream>"#)
            let render = client.get("/_sh/render?page=\(page.id)")
            #expect(render.body.contains(">1</span>"))
            #expect(render.body.contains(page.id), "same page id")
        }
    }

    @Test("An ended page or session says why in words when asked; the oldest reasons make room for new ones")
    func endings() {
        var endings = Endings(capacity: 2)
        let first = Token.random(), second = Token.random(), third = Token.random()
        endings.record(first, .sessionCap(5))
        endings.record(second, .idlePage(seconds: 0.4), withSession: true)
        #expect(endings[first] == "evicted to make room (the server holds at most 5 sessions)")
        #expect(endings[second] == "its session was expired (no event or stream for 0.4 s)")
        endings.record(third, .viewFailed("no <Model> in the environment"))
        #expect(endings[first] == nil && !endings.contains(first))
        #expect(endings.contains(second) && endings[third] == "a view failed: no <Model> in the environment")
    }

    @Test("Tokens are 32 hex digits that read back as themselves; anything else names no token")
    func tokens() throws {
        let token = Token.random()
        let text = token.description
        #expect(text.count == 32 && text.allSatisfy(\.isHexDigit))
        #expect(Token(text) == token && Token(text.uppercased()) == token && token.matches(text))
        #expect(Token.random() != token)
        #expect(Token(String(text.dropLast())) == nil && Token(text + "0") == nil)
        #expect(Token(String(text.dropLast()) + "g") == nil)
        #expect(Token(("page=" + text + "&x").dropFirst(5).dropLast(2)) == token, "a token inside a longer string")
        #expect(Token(String(text.dropLast(2)) + "é") == nil, "32 bytes, not 32 hex digits")
        #expect(!token.matches(String(text.dropLast()) + (text.last == "0" ? "1" : "0")))
        #expect(!token.matches(""))
        // Leading zeros in either half are written, and the digits go straight into bytes too.
        for text in ["0000000000000001000000000000000a", "00000000000000000000000000000000", "ffffffffffffffff0123456789abcdef"] {
            let token = try #require(Token(text))
            var bytes = Array("<".utf8)
            token.appendHex(to: &bytes)
            #expect(token.description == text && String(decoding: bytes, as: UTF8.self) == "<" + text)
        }
        // 1,000 of them: all different, their halves different, and half their bits set
        // (128,000 bits: 64,000 ± 2,000 is over ten standard deviations wide).
        let many = (0..<1000).map { _ in Token.random().description }
        #expect(Set(many).count == 1000)
        #expect(many.allSatisfy { $0.prefix(16) != $0.suffix(16) })
        let ones = many.reduce(0) { count, text in
            count + text.reduce(0) { $0 + Int(UInt8(String($1), radix: 16)!.nonzeroBitCount) }
        }
        #expect((62_000...66_000).contains(ones), "\(ones) bits set")
    }

    @Test("The CSRF token is accepted as header or _csrf field and refused (403) when missing or wrong")
    func csrf() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/counter")
            let missing = client.post("/_sh/event", "page=\(page.id)&target=increment")
            #expect(missing.status == 403)
            #expect(missing.body.contains("CSRF"))
            #expect(event(client, page, target: "increment", csrf: "0000").status == 403)
            let field = client.post("/_sh/event", "page=\(page.id)&target=increment&_csrf=\(page.csrf)")
            #expect(field.status == 200)
            #expect(field.body.contains(">1</span>"), "only the accepted post changed state")
        }
    }

    @Test("Errors come in the protocol's order, as plain text, and change nothing")
    func statusCodes() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/disabled")
            let csrf = "X-CSRF-Token: \(page.csrf)"
            // 413 before anything else, even without a session.
            let big = String(repeating: "a", count: (1 << 20) + 1)
            #expect(CurlClient(port: port).post("/_sh/event", "page=x&target=y&value=" + big).status == 413)
            // 400 malformed.
            #expect(client.post("/_sh/event", "page=%zz&target=count", headers: [csrf]).status == 400)
            #expect(client.post("/_sh/event", "target=count", headers: [csrf]).status == 400)
            #expect(client.post("/_sh/event", "page=\(page.id)", headers: [csrf]).status == 400)
            #expect(client.post("/_sh/event", #"{"page":1}"#, headers: [csrf, "Content-Type: application/json"]).status == 400)
            // 410 without a session (a malformed body is still 400 first).
            let stranger = CurlClient(port: port)
            let noSession = stranger.post("/_sh/event", "page=\(page.id)&target=locked", headers: [csrf])
            #expect(noSession.status == 410)
            #expect(noSession.header("content-type") == "text/plain; charset=utf-8")
            // 403 CSRF before 410 page.
            #expect(client.post("/_sh/event", "page=nope&target=locked").status == 403)
            // 410 unknown page.
            #expect(client.post("/_sh/event", "page=nope&target=locked", headers: [csrf]).status == 410)
            // 404 no such element.
            let stale = event(client, page, target: "_zz")
            #expect(stale.status == 404)
            #expect(stale.body.contains("_zz"))
            // 409 disabled or hidden.
            #expect(event(client, page, target: "locked").status == 409)
            #expect(event(client, page, target: "hidden").status == 409)
            // 400 unknown event type (after the element checks).
            let counter = try load(client, "/counter")
            let unknownType = event(client, counter, target: "increment", type: "hover")
            #expect(unknownType.status == 400)
            #expect(unknownType.body.contains("hover"))
            // Nothing changed.
            #expect(client.get("/_sh/render?page=\(page.id)").body.contains(#"<span id="count" class="sh-text">0</span>"#))
            #expect(client.get("/_sh/render?page=\(counter.id)").body.contains(">0</span>"))
            // 404 for unknown routes, 405 for wrong methods.
            #expect(client.get("/nowhere").status == 404)
            #expect(client.get("/_sh/event").status == 405)
        }
    }

    @Test("Oversized headers get 431, and the server goes on serving")
    func headerLimits() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let reply = client.get("/counter", headers: ["X-Big: " + String(repeating: "b", count: 20_000)])
            #expect(reply.status == 431)
            let fine = CurlClient(port: port).get("/counter")
            #expect(fine.status == 200)
        }
    }

    @Test("Two sessions never see each other's state")
    func sessionsIsolated() async throws {
        try await withServer { port in
            let alice = CurlClient(port: port), bob = CurlClient(port: port)
            let alicePage = try load(alice, "/counter"), bobPage = try load(bob, "/counter")
            #expect(alicePage.csrf != bobPage.csrf)
            _ = event(alice, alicePage, target: "increment")
            _ = event(alice, alicePage, target: "increment")
            let bobReply = event(bob, bobPage, target: "increment")
            #expect(bobReply.body.contains(">1</span>"))
            #expect(alice.get("/_sh/render?page=\(alicePage.id)").body.contains(">2</span>"))
        }
    }

    @Test("Two tabs of one session are independent pages")
    func tabsIsolated() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let tab1 = try load(client, "/counter"), tab2 = try load(client, "/counter")
            #expect(tab1.id != tab2.id)
            _ = event(client, tab1, target: "increment")
            #expect(client.get("/_sh/render?page=\(tab2.id)").body.contains(">0</span>"))
            #expect(client.get("/_sh/render?page=\(tab1.id)").body.contains(">1</span>"))
        }
    }

    @Test("One session cannot post to, or render, another session's page")
    func crossSessionRefused() async throws {
        try await withServer { port in
            let alice = CurlClient(port: port), mallory = CurlClient(port: port)
            let page = try load(alice, "/counter")
            let mine = try load(mallory, "/counter")
            let reply = mallory.post("/_sh/event", "page=\(page.id)&target=increment", headers: ["X-CSRF-Token: \(mine.csrf)"])
            #expect(reply.status == 410)
            #expect(mallory.get("/_sh/render?page=\(page.id)").status == 410)
            #expect(alice.get("/_sh/render?page=\(page.id)").body.contains(">0</span>"))
        }
    }

    @Test("A cross-origin POST is refused when Origin is present and differs")
    func originChecked() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/counter")
            #expect(event(client, page, target: "increment", headers: ["Origin: http://evil.example"]).status == 403)
            #expect(event(client, page, target: "increment", headers: ["Origin: http://127.0.0.1:\(port)"]).status == 200)
        }
    }

    @Test("A plain HTML form post gets 303 to /_sh/render, which shows the same page changed")
    func noJavaScriptFormPost() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/example")
            let field = try #require(page.control("Placeholder"))
            let button = try #require(page.control("Change Text"))
            let body = FormData.encode([("page", page.id), ("_csrf", page.csrf), (field, "typed <b>"), ("target", button)])
            let reply = client.post("/_sh/event", body, headers: ["Accept: text/html,application/xhtml+xml,*/*;q=0.8"])
            #expect(reply.status == 303)
            #expect(reply.header("location") == "/_sh/render?page=\(page.id)")
            let render = client.get("/_sh/render?page=\(page.id)")
            #expect(render.body.contains(">Banana</span>"))
            #expect(render.body.contains(">typed &lt;b&gt;</span>"))
        }
    }

    @Test("Typing into /example's TextField returns the Text, never the field itself")
    func textFieldOverHTTP() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/example")
            let field = try #require(page.control("Placeholder"))
            let reply = event(client, page, target: field, type: "input", value: "Hello & <world>")
            #expect(reply.status == 200)
            #expect(reply.body.contains("Hello &amp; &lt;world&gt;"))
            #expect(!reply.body.contains("target=\"\(field)\""))
        }
    }

    @Test("On /podcaster, Favorite keeps PlayerView's isPlaying; on /play the title's style follows it")
    func podcasterOverHTTP() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/podcaster")
            let play = try #require(page.control("Play"))
            #expect(event(client, page, target: play).body.contains("Pause"))
            let favorite = try #require(page.control("Favorite"))
            #expect(event(client, page, target: favorite, type: "change", value: "true").status == 200)
            let html = client.get("/_sh/render?page=\(page.id)").body
            #expect(html.contains(#"aria-checked="true""#))
            #expect(html.contains(">Pause</button>"))
            #expect(event(client, page, target: favorite, type: "change", value: "maybe").status == 400)
        }
    }

    @Test("The client and style are served as they are on disk, with content types, and no path escapes their directory")
    func staticFiles() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let script = client.get("/_sh/client.js")
            #expect(script.status == 200)
            #expect(script.header("content-type") == "text/javascript; charset=utf-8")
            #expect(client.get("/_sh/style.css").header("content-type") == "text/css; charset=utf-8")
            // What is served is the files as they are in the repository (embedded at build time).
            let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Sources/StatehouseProtocol/Static/public")
            for name in ["client.js", "style.css"] {
                let file = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                #expect(client.get("/_sh/\(name)").body == file, "\(name) is served as it is on disk")
            }
            #expect(client.get("/_sh/%2e%2e/Package.swift").status == 404)
            #expect(client.get("/_sh/..%2fPackage.swift").status == 404)
            let health = client.get("/_sh/health")
            #expect(health.status == 200 && health.body.contains("\"sessions\""))
        }
    }

    @Test("--public-dir serves its own files only: no symbolic link out of it, no dotfile, no directory listing")
    func publicDirectoryStaysInside() async throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("statehouse-public-\(UInt32.random(in: 0 ... .max))")
        let directory = root.appendingPathComponent("public")
        defer { try? fm.removeItem(at: root) }
        try fm.createDirectory(at: directory.appendingPathComponent("css"), withIntermediateDirectories: true)
        try fm.createDirectory(at: directory.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try "console.log(1)".write(to: directory.appendingPathComponent("client.js"), atomically: true, encoding: .utf8)
        try "p{}".write(to: directory.appendingPathComponent("css/site.css"), atomically: true, encoding: .utf8)
        try "SECRET=1".write(to: directory.appendingPathComponent(".env"), atomically: true, encoding: .utf8)
        try "[core]".write(to: directory.appendingPathComponent(".git/config"), atomically: true, encoding: .utf8)
        try "outside".write(to: root.appendingPathComponent("outside.txt"), atomically: true, encoding: .utf8)
        try fm.createSymbolicLink(atPath: directory.appendingPathComponent("etcdir").path, withDestinationPath: "/etc")
        try fm.createSymbolicLink(atPath: directory.appendingPathComponent("up.txt").path, withDestinationPath: "../outside.txt")
        try fm.createSymbolicLink(atPath: directory.appendingPathComponent("alias.js").path, withDestinationPath: "client.js")
        // A link that stays inside but leads to a dotfile, and a FIFO (opening it to read would
        // wait for a writer: the server's thread with it).
        try fm.createSymbolicLink(atPath: directory.appendingPathComponent("env.txt").path, withDestinationPath: ".env")
        #expect(mkfifo(directory.appendingPathComponent("pipe.js").path, 0o600) == 0)
        try await withServer({ $0.publicDirectory = directory.path }) { port in
            let client = CurlClient(port: port)
            #expect(client.get("/_sh/client.js").body == "console.log(1)")
            #expect(client.get("/_sh/css/site.css").body == "p{}")
            #expect(client.get("/_sh/alias.js").body == "console.log(1)", "a link that stays inside is served")
            for path in ["/_sh/etcdir/passwd", "/_sh/etcdir/hostname", "/_sh/up.txt", "/_sh/.env", "/_sh/.git/config",
                         "/_sh/css", "/_sh/css/", "/_sh/etcdir", "/_sh/css//site.css", "/_sh/env.txt", "/_sh/pipe.js"] {
                let reply = client.get(path)
                #expect(reply.status == 404, "\(path) gave \(reply.status)")
                #expect(!reply.body.contains("root:") && !reply.body.contains("SECRET") && !reply.body.contains("outside"))
            }
        }
    }
}
