import Foundation
import StatehouseLoopback
import Testing

/// HTTP/1.1 pipelining: requests sent one after another without waiting are answered one at a
/// time, in the order sent, on the same connection.
@Suite("Pipelining")
struct PipeliningTests {
    static let counterPage = "GET /counter HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    /// A connection that has sent `requests` in one write.
    static func pipelined(_ port: Int, _ requests: String...) throws -> LoopbackConnection {
        let connection = try LoopbackConnection(port: port)
        #expect(connection.send(requests.joined()))
        return connection
    }

    @Test("Three clicks and a render sent in one write are answered in order: the fragments count 1, 2, 3 and the render shows 3")
    func clicksInOrder() async throws {
        try await withServer { port in
            let connection = try LoopbackConnection(port: port)
            let loaded = try connection.get("/counter")
            let page = try #require(LoadedPage(loaded.body))
            let cookie = try #require(loaded.header("set-cookie")?.split(separator: ";").first.map(String.init))
            let body = "page=\(page.id)&target=increment"
            let click = "POST /_sh/event HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\nX-CSRF-Token: \(page.csrf)\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            let render = "GET /_sh/render?page=\(page.id) HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\nConnection: close\r\n\r\n"
            #expect(connection.send(click + click + click + render))
            let (text, closedAfter) = connection.readUntilClosed(seconds: 10)
            #expect(closedAfter != nil, "the connection closes after the request that asked for it")
            let statuses = text.matches(of: /HTTP\/1.1 (\d+)/).map { String($0.output.1) }
            #expect(statuses == ["200", "200", "200", "200"], "\(text)")
            let counts = text.matches(of: /<span id="count"[^>]*>(\d+)<\/span>/).map { String($0.output.1) }
            #expect(counts == ["1", "2", "3", "3"], "each answer after the one before: \(counts)")
        }
    }

    @Test("A page (answered once its tasks have run) and then a file (answered on the I/O thread at once), pipelined: the page comes first")
    func slowerAnswerFirst() async throws {
        try await withServer { port in
            let connection = try Self.pipelined(port, Self.counterPage, "GET /_sh/client.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let first = try connection.readResponse(), second = try connection.readResponse()
            #expect(first.header("content-type")?.hasPrefix("text/html") == true, "\(first.head)")
            #expect(first.body.contains(#"id="count""#))
            #expect(second.header("content-type")?.contains("javascript") == true, "\(second.head)")
        }
    }

    @Test("A request the parser rejects, pipelined behind a page, gets its 400 after the page's answer")
    func malformedAfterAnswer() async throws {
        try await withServer { port in
            let connection = try Self.pipelined(port, Self.counterPage, "GET / HTTP/1.1\r\nHost 127.0.0.1 no colon\r\n\r\n")
            let (text, closedAfter) = connection.readUntilClosed(seconds: 10)
            #expect(closedAfter != nil)
            let statuses = text.matches(of: /HTTP\/1.1 (\d+)/).map { String($0.output.1) }
            #expect(statuses == ["200", "400"], "\(text.prefix(300))")
        }
    }

    @Test("Two hundred requests in one write (more than one read of the server's) are all answered, in order, and the connection serves on")
    func manyInOneWrite() async throws {
        try await withServer { port in
            let connection = try LoopbackConnection(port: port)
            var requests = ""
            for index in 0..<200 { requests += "GET /_sh/health?n=\(index) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" }
            #expect(connection.send(requests))
            var answered = 0
            for _ in 0..<200 where try connection.readResponse().head.hasPrefix("HTTP/1.1 200 OK") { answered += 1 }
            #expect(answered == 200)
            #expect(try connection.get("/_sh/health").head.hasPrefix("HTTP/1.1 200 OK"), "the connection reads again")
        }
    }
}
