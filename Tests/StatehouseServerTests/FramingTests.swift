import Foundation
import StatehouseLoopback
import Testing

/// How responses are framed on a keep-alive connection: the server sets the framing headers
/// itself (NIO's encoder does not), so each kind of answer is pinned here, each followed by
/// another request on the same connection that must still parse.
@Suite("Response framing")
struct FramingTests {
    @Test("A page has its length and no chunks; a HEAD's answer a length and no body; a leave's 204 no length at all; each connection goes on")
    func lengths() async throws {
        try await withServer { port in
            let connection = try LoopbackConnection(port: port)
            let page = try connection.get("/counter")
            #expect(page.head.hasPrefix("HTTP/1.1 200"))
            #expect(page.header("content-length") == String(page.body.utf8.count))
            #expect(page.header("transfer-encoding") == nil)
            let loaded = try #require(LoadedPage(page.body))
            let cookie = try #require(page.header("set-cookie")?.split(separator: ";").first.map(String.init))

            #expect(connection.send("HEAD /counter HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\n\r\n"))
            let (head, _) = connection.readUntilClosed(seconds: 1)
            // (Pages answer GET only: a HEAD is refused, and the refusal is framed as a HEAD's.)
            #expect(head.hasPrefix("HTTP/1.1 405"), "\(head.prefix(200))")
            let length = head.firstMatch(of: /(?i)content-length: (\d+)/).flatMap { Int($0.output.1) }
            #expect((length ?? 0) > 0, "a HEAD's answer says the length of the body it does not send: \(head.prefix(400))")
            #expect(head.hasSuffix("\r\n\r\n"), "and sends no body")

            let left = try connection.post("/_sh/leave", headers: ["Cookie: \(cookie)", "Content-Type: application/x-www-form-urlencoded"],
                                            body: "page=\(loaded.id)&_csrf=\(loaded.csrf)")
            #expect(left.head.hasPrefix("HTTP/1.1 204"), "\(left.head)")
            #expect(left.header("content-length") == nil, "a 204 says no length (RFC 9110 §8.6)")
            #expect(left.header("transfer-encoding") == nil)
            // The connection is still in step: the next answer is read whole.
            let health = try connection.get("/_sh/health")
            #expect(health.head.hasPrefix("HTTP/1.1 200") && health.body.hasPrefix("{"), "\(health.text.prefix(300))")
        }
    }

    @Test("An event stream over HTTP/1.1 is chunked; over HTTP/1.0 it has neither length nor chunks (it ends when the connection does); either opens with a comment at once")
    func streams() async throws {
        try await withServer { port in
            let setup = try LoopbackConnection(port: port)
            let page = try setup.get("/clock")
            let loaded = try #require(LoadedPage(page.body))
            let cookie = try #require(page.header("set-cookie")?.split(separator: ";").first.map(String.init))
            for version in ["1.1", "1.0"] {
                let connection = try LoopbackConnection(port: port)
                #expect(connection.send("GET /_sh/stream?page=\(loaded.id) HTTP/\(version)\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\n\r\n"))
                let (text, _) = connection.readUntilClosed(seconds: 2.5)
                let head = String(text.split(separator: "\r\n\r\n", maxSplits: 1).first ?? "")
                #expect(head.hasPrefix("HTTP/\(version) 200"), "\(text.prefix(300))")
                #expect(!head.lowercased().contains("content-length"), "\(head)")
                let body = text.split(separator: "\r\n\r\n", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
                if version == "1.1" {
                    #expect(head.lowercased().contains("transfer-encoding: chunked"), "\(head)")
                    // A chunk: its size in hex on a line of its own, then the stream's opening
                    // comment (sent at once: no wait for the page's first change).
                    #expect(body.hasPrefix("e\r\n: keep-alive\n\n\r\n"), "\(body.prefix(200))")
                } else {
                    #expect(!head.lowercased().contains("transfer-encoding"), "\(head)")
                    #expect(body.hasPrefix(": keep-alive\n\n"), "\(body.prefix(200))")
                }
            }
        }
    }

    @Test("An HTTP/1.0 request that asks to keep the connection is answered with Connection: keep-alive, and the connection serves the next; one that does not ask is closed")
    func http10KeepAlive() async throws {
        try await withServer { port in
            let connection = try LoopbackConnection(port: port)
            for _ in 0..<2 {
                #expect(connection.send("GET /_sh/health HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n"))
                let health = try connection.readResponse()
                #expect(health.head.hasPrefix("HTTP/1.0 200"), "\(health.head)")
                #expect(health.header("connection")?.lowercased() == "keep-alive", "\(health.head)")
                #expect(health.body.hasPrefix("{"), "\(health.text.prefix(200))")
            }
            let once = try LoopbackConnection(port: port)
            #expect(once.send("GET /_sh/health HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n"))
            let (text, closedAfter) = once.readUntilClosed(seconds: 5)
            #expect(text.hasPrefix("HTTP/1.0 200"), "\(text.prefix(300))")
            #expect(!text.lowercased().contains("connection: keep-alive"), "\(text.prefix(300))")
            #expect(closedAfter != nil, "the connection is closed")
        }
    }

    @Test("A CONNECT is refused with no body, a length of 0 and the connection closed (NIO's parser reads nothing after it)")
    func connect() async throws {
        try await withServer { port in
            let connection = try LoopbackConnection(port: port)
            #expect(connection.send("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n"))
            let (text, closedAfter) = connection.readUntilClosed(seconds: 5)
            #expect(text.hasPrefix("HTTP/1.1 4"), "\(text.prefix(300))")
            #expect(text.lowercased().contains("content-length: 0\r\n"), "\(text.prefix(300))")
            #expect(text.lowercased().contains("connection: close\r\n"), "\(text.prefix(300))")
            #expect(text.hasSuffix("\r\n\r\n"), "no body: \(text.suffix(100))")
            #expect(closedAfter != nil, "the connection is closed")
        }
    }
}
