import Foundation
import Statehouse
import StatehouseLoopback
import Testing
@testable import StatehouseNIO
@testable import StatehouseProtocol

/// `GET /_sh/stream` upgraded to a WebSocket (issue 58: a browser holds any number of
/// sockets, but at most six event streams to one origin).
@Suite("Server push over a WebSocket")
struct WebSocketTests {
    @Test("A page's stream upgrades to a WebSocket: 101 with the accept key, then each push is one text message")
    func pushesAsMessages() async throws {
        try await withPage("/clock") { client, page in
            let (socket, head) = try openSocket(client, page.id)
            #expect(head.hasPrefix("HTTP/1.1 101 "), "\(head)")
            // RFC 6455's example key and its accept value.
            #expect(head.lowercased().contains("sec-websocket-accept: s3pplmbitxaq9kygzzhzrbk+xoo="), "\(head)")
            let frames = readFrames(socket, seconds: 8) { $0.count >= 2 }
            #expect(frames.count >= 2)
            for frame in frames {
                #expect(frame.opcode == 1, "a text message")
                #expect(frame.text.hasPrefix(#"<turbo-stream action="replace" target="time">"#), "\(frame.text)")
                #expect(!frame.text.contains("data:"), "no event-stream framing inside a message")
            }
        }
    }

    @Test("A WebSocket from another origin, or naming none, is refused (403) and not upgraded; one for an unknown page gets 410")
    func refusals() async throws {
        try await withPage("/clock") { client, page in
            let refused = try openSocket(client, page.id, origin: "http://evil.example").head
            #expect(refused.hasPrefix("HTTP/1.1 403 "), "\(refused)")
            #expect(refused.contains("a WebSocket must come from a page of this origin (Origin 'http://evil.example')"))
            #expect(try openSocket(client, page.id, origin: .some(nil)).head.hasPrefix("HTTP/1.1 403 "))
            #expect(try openSocket(client, "nope").head.hasPrefix("HTTP/1.1 410 "))
            #expect(try openSocket(client, page.id, withCookie: false).head.hasPrefix("HTTP/1.1 410 "))
        }
    }

    @Test("An upgrade asked on a connection's second request is not made: 501, the page's stream stays server-sent events")
    func onlyFirstRequest() async throws {
        try await withPage("/clock") { client, page in
            let connection = try LoopbackConnection(port: client.port)
            #expect(try connection.get("/_sh/health").head.hasPrefix("HTTP/1.1 200 "))
            let head = try upgrade(connection, port: client.port, page: page.id, cookie: client.cookie, origin: "http://127.0.0.1:\(client.port)")
            #expect(head.hasPrefix("HTTP/1.1 501 "), "\(head)")
            #expect(head.contains("server-sent events only"))
        }
    }

    @Test("Events over the socket: each message `ID` newline body is answered as its post would be, by `:reply ID STATUS` newline body, in order; refusals too")
    func eventsOverTheSocket() async throws {
        try await withPage("/counter") { client, page in
            let (socket, head) = try openSocket(client, page.id)
            #expect(head.hasPrefix("HTTP/1.1 101 "))
            let form = { (target: String, csrf: String) in FormData.encode([("page", page.id), ("target", target), ("_csrf", csrf)]) }
            // Five clicks sent at once: answered one at a time, in order.
            var burst: [UInt8] = []
            for id in 1...5 { burst += maskedFrame(opcode: 1, payload: Array("\(id)\n\(form("increment", page.csrf))".utf8)) }
            #expect(socket.send(burst, within: 2) == burst.count)
            let replies = readFrames(socket, seconds: 5) { $0.count >= 5 }
            #expect(replies.count == 5)
            for (index, reply) in replies.enumerated() {
                let (line, body) = (reply.text.prefix { $0 != "\n" }, reply.text.drop { $0 != "\n" }.dropFirst())
                #expect(line == ":reply \(index + 1) 200", "\(reply.text)")
                #expect(body.contains(#"<span id="count" class="sh-text sh-font-largeTitle">\#(index + 1)</span>"#), "\(body)")
            }
            // A wrong CSRF token, an unknown control, another page: the post's refusals.
            #expect(socket.send(maskedFrame(opcode: 1, payload: Array("6\n\(form("increment", "0000"))".utf8)), within: 2) > 0)
            #expect(socket.send(maskedFrame(opcode: 1, payload: Array("7\n\(form("nope", page.csrf))".utf8)), within: 2) > 0)
            let stranger = FormData.encode([("page", "ffff"), ("target", "increment"), ("_csrf", page.csrf)])
            #expect(socket.send(maskedFrame(opcode: 1, payload: Array("8\n\(stranger)".utf8)), within: 2) > 0)
            let refusals = readFrames(socket, seconds: 5) { $0.count >= 3 }.map(\.text)
            #expect(refusals.count == 3)
            #expect(refusals.first?.hasPrefix(":reply 6 403\nmissing or wrong CSRF token") == true, "\(refusals)")
            #expect(refusals.dropFirst().first?.hasPrefix(":reply 7 404\n") == true, "\(refusals)")
            #expect(refusals.last?.hasPrefix(":reply 8 410\n") == true, "\(refusals)")
            // Nothing refused changed the count.
            #expect(event(client, page, target: "increment").body.contains(">6</span>"))
        }
    }

    @Test("A message that is not an event (no ID line), or binary data, closes the socket with 1003; a close is answered with a close")
    func clientFrames() async throws {
        try await withPage("/clock") { client, page in
            let (talker, head) = try openSocket(client, page.id)
            #expect(head.hasPrefix("HTTP/1.1 101 "))
            #expect(talker.send(maskedFrame(opcode: 1, payload: Array("hello".utf8)), within: 2) > 0)
            let close = readFrames(talker, seconds: 5) { $0.contains { $0.opcode == 8 } }.first { $0.opcode == 8 }
            #expect(close?.payload.prefix(2) == [0x03, 0xEB], "close code 1003")
            #expect(talker.readUntilClosed(seconds: 5).closedAfter != nil, "the server closes the connection")

            let binary = try openSocket(client, page.id).socket
            #expect(binary.send(maskedFrame(opcode: 2, payload: [1, 2, 3]), within: 2) > 0)
            let binaryClose = readFrames(binary, seconds: 5) { $0.contains { $0.opcode == 8 } }.first { $0.opcode == 8 }
            #expect(binaryClose?.payload.prefix(2) == [0x03, 0xEB], "close code 1003")

            let (leaver, leaverHead) = try openSocket(client, page.id)
            #expect(leaverHead.hasPrefix("HTTP/1.1 101 "))
            #expect(leaver.send(maskedFrame(opcode: 8, payload: [0x03, 0xE8]), within: 2) > 0)
            let answer = readFrames(leaver, seconds: 5) { $0.contains { $0.opcode == 8 } }.first { $0.opcode == 8 }
            #expect(answer?.payload == [0x03, 0xE8], "the close is echoed")
            #expect(leaver.readUntilClosed(seconds: 5).closedAfter != nil)
        }
    }

    @Test("With a durable store a page's document tells a hidden tab when to let go of its stream (--release-hidden-pages); in memory it never does (a page gone is gone)")
    func hiddenTabRelease() async throws {
        try await withPage("/counter") { _, page in
            #expect(!page.html.contains("sh-release-hidden"), "memory store: a hidden tab keeps its stream")
        }
        let store = DurableStoreTests.storeFile()
        defer { DurableStoreTests.removeStore(store) }
        try await withServer({ $0.stateStore = .sqlite(path: store); $0.releaseHiddenPagesAfter = 90 }) { port in
            let page = try load(CurlClient(port: port), "/counter")
            #expect(page.html.contains(#"<meta name="sh-release-hidden" content="90.0">"#))
        }
    }

    @Test("A stopping server ends its sockets with 1001 (going away): the browser reconnects elsewhere")
    func shutdownClosesSockets() async throws {
        let server = try await StatehouseServer.start(TestApp(), options: .forTests)
        let port = server.port
        let socket = try await withTaskExecutorPreference(BlockingExecutor.shared) {
            let client = CurlClient(port: port)
            let page = try load(client, "/clock")
            let (socket, head) = try openSocket(client, page.id)
            #expect(head.hasPrefix("HTTP/1.1 101 "))
            return socket
        }
        try await server.shutdown()
        let code = await withTaskExecutorPreference(BlockingExecutor.shared) {
            readFrames(socket, seconds: 5) { $0.contains { $0.opcode == 8 } }.first { $0.opcode == 8 }.map { Array($0.payload.prefix(2)) }
        }
        #expect(code == [0x03, 0xE9], "close code 1001")
    }
}

/// Opens a connection to `client`'s server and asks it to upgrade `page`'s stream, with the
/// client's cookie (unless not `withCookie`) from `origin` (by default the server's own; `.some(nil)`:
/// none); returns the connection and the answer's head.
private func openSocket(_ client: CurlClient, _ page: String, withCookie: Bool = true,
                        origin: String?? = .none) throws -> (socket: LoopbackConnection, head: String) {
    let socket = try LoopbackConnection(port: client.port)
    let origin = origin ?? "http://127.0.0.1:\(client.port)"
    return (socket, try upgrade(socket, port: client.port, page: page, cookie: withCookie ? client.cookie : nil, origin: origin))
}

/// Sends the upgrade request RFC 6455's example uses, for `page`; returns the answer's head
/// (and, if refused, its body).
private func upgrade(_ connection: LoopbackConnection, port: Int, page: String, cookie: String?, origin: String?) throws -> String {
    var headers = ["Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"]
    if let origin { headers.append("Origin: \(origin)") }
    if let cookie { headers.append("Cookie: \(cookie)") }
    guard connection.send("GET /_sh/stream?page=\(page) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n") else {
        throw TestFailure("send failed")
    }
    let bytes = connection.read(seconds: 5) { $0.firstRange(of: Array("\r\n\r\n".utf8)) != nil }
    guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { throw TestFailure("no answer") }
    let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
    if head.hasPrefix("HTTP/1.1 101 ") {
        connection.putBack(Array(bytes[end.upperBound...]))
        return head
    }
    // A refusal: its body (a Content-Length) follows.
    connection.putBack(Array(bytes))
    return try connection.readResponse().text
}

private struct Frame {
    var opcode: UInt8
    var payload: [UInt8]
    var text: String { String(decoding: payload, as: UTF8.self) }
}

/// Reads the server's (unmasked) frames until `enough` holds of them, or `seconds` pass.
private func readFrames(_ connection: LoopbackConnection, seconds: Double, until enough: @escaping ([Frame]) -> Bool) -> [Frame] {
    let bytes = connection.read(seconds: seconds) { enough(parseFrames($0)) }
    return parseFrames(bytes)
}

private func parseFrames(_ bytes: [UInt8]) -> [Frame] {
    var frames: [Frame] = []
    var at = 0
    while bytes.count - at >= 2 {
        let opcode = bytes[at] & 0x0F
        var length = Int(bytes[at + 1] & 0x7F)
        var start = at + 2
        if length == 126 {
            guard bytes.count - at >= 4 else { break }
            length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            start = at + 4
        } else if length == 127 {
            guard bytes.count - at >= 10 else { break }
            length = bytes[(at + 2)..<(at + 10)].reduce(0) { $0 << 8 | Int($1) }
            start = at + 10
        }
        guard bytes.count - start >= length else { break }
        frames.append(Frame(opcode: opcode, payload: Array(bytes[start..<(start + length)])))
        at = start + length
    }
    return frames
}

/// A client's frame (clients mask what they send, RFC 6455 §5.3).
private func maskedFrame(opcode: UInt8, payload: [UInt8]) -> [UInt8] {
    let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
    var frame: [UInt8] = [0x80 | opcode]
    if payload.count < 126 {
        frame.append(0x80 | UInt8(payload.count))
    } else {
        frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    }
    frame += mask
    for (index, byte) in payload.enumerated() { frame.append(byte ^ mask[index % 4]) }
    return frame
}
