import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Statehouse
import Testing

/// What each host example must do over HTTP, serving `HostedPages` on a real socket next to
/// routes of its own, behind its own authentication middleware.
enum HostChecks {
    static var options: ServerOptions {
        var options = ServerOptions()
        options.stateStore = .memory
        options.logLevel = .warning
        return options
    }

    /// What both hosts must do, over HTTP.
    static func exercise(port: Int, host: String, pages: StatehousePages) async throws {
        let client = Client(port: port)
        // The host's middleware runs first: no user, no page.
        let refused = try await client.get("/counter", user: nil)
        #expect(refused.status == 401)
        #expect(await pages.responder.counts.pages == 0)

        // The host's own route is its own.
        let hello = try await client.get("/hello", user: "alice")
        #expect(hello.status == 200)
        #expect(hello.body == "hello from \(host), alice\n")

        // A page, greeting the user the middleware found.
        let document = try await client.get("/counter", user: "alice")
        #expect(document.status == 200)
        #expect(document.body.contains(#"<span id="greeting" class="sh-text">Hello, alice</span>"#))
        #expect(document.headers["content-security-policy"].first?.contains("default-src 'self'") == true)
        let cookie = try #require(document.headers["set-cookie"].first?.split(separator: ";").first.map(String.init))
        let page = try #require(document.body.firstMatch(of: /name="sh-page" content="([^"]+)"/)?.1)
        let csrf = try #require(document.body.firstMatch(of: /name="csrf-token" content="([^"]+)"/)?.1)
        #expect(await pages.responder.counts.pages == 1)

        // A click: the count's fragment comes back.
        let click = try await client.post("/_sh/event", user: "alice", cookie: cookie,
                                          headers: ["X-CSRF-Token": String(csrf), "Accept": "text/vnd.turbo-stream.html"],
                                          body: "page=\(page)&target=increment&type=click")
        #expect(click.status == 200)
        #expect(click.headers["content-type"].first?.hasPrefix("text/vnd.turbo-stream.html") == true)
        #expect(click.body.contains(#"<span id="count" class="sh-text">1</span>"#))
        // …and the protocol's refusals come through the host unchanged.
        let forged = try await client.post("/_sh/event", user: "alice", cookie: cookie, headers: ["X-CSRF-Token": "wrong"],
                                           body: "page=\(page)&target=increment&type=click")
        #expect(forged.status == 403)
        let stale = try await client.post("/_sh/event", user: "alice", cookie: cookie, headers: ["X-CSRF-Token": String(csrf)],
                                          body: "page=nosuchpage&target=increment&type=click")
        #expect(stale.status == 410)

        // Another user's page greets them.
        let bob = try await client.get("/counter", user: "bob")
        #expect(bob.body.contains(#"<span id="greeting" class="sh-text">Hello, bob</span>"#))

        // The client script and the page's event stream.
        let script = try await client.get("/_sh/client.js", user: "alice")
        #expect(script.status == 200)
        #expect(script.headers["content-type"].first?.contains("javascript") == true)
        let stream = try await client.streamHead("/_sh/stream?page=\(page)", user: "alice", cookie: cookie)
        #expect(stream.status == 200)
        #expect(stream.headers["content-type"].first?.hasPrefix("text/event-stream") == true)
        #expect(try await client.get("/nowhere/at/all", user: "alice").status == 404)
    }
}

/// An HTTP/1.1 client of the host on 127.0.0.1.
struct Client {
    let port: Int

    struct Reply {
        var status: Int
        var headers: HTTPHeaders
        var body: String
    }

    func get(_ path: String, user: String?, cookie: String? = nil) async throws -> Reply {
        try await send(request(path, .GET, user: user, cookie: cookie))
    }

    func post(_ path: String, user: String?, cookie: String?, headers: [String: String], body: String) async throws -> Reply {
        var request = request(path, .POST, user: user, cookie: cookie)
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Origin", value: "http://127.0.0.1:\(port)")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(string: body))
        return try await send(request)
    }

    /// The head of a response that stays open; the stream is dropped after it.
    func streamHead(_ path: String, user: String?, cookie: String?) async throws -> Reply {
        let response = try await HTTPClient.shared.execute(request(path, .GET, user: user, cookie: cookie), timeout: .seconds(10))
        return Reply(status: Int(response.status.code), headers: response.headers, body: "")
    }

    private func request(_ path: String, _ method: HTTPMethod, user: String?, cookie: String?) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        if let user { request.headers.add(name: "Authorization", value: "Bearer \(user)") }
        if let cookie { request.headers.add(name: "Cookie", value: cookie) }
        return request
    }

    private func send(_ request: HTTPClientRequest) async throws -> Reply {
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 4 << 20)
        return Reply(status: Int(response.status.code), headers: response.headers, body: String(buffer: body))
    }
}
