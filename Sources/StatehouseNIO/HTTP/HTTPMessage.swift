import NIOCore
import NIOHTTP1

/// A complete HTTP request, as the server's handler receives it.
public struct Request: Sendable {
    public var method: HTTPMethod
    /// The path, without the query.
    public var path: String
    public var query: [String: String]
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// The body decoded as a form, once someone has (an event's, on the I/O thread).
    var form: FormData?

    init(head: HTTPRequestHead, body: [UInt8]) {
        method = head.method
        let (path, query) = head.uri.splitQuery()
        self.path = path
        self.query = FormData.decode(query).dictionary
        headers = head.headers
        self.body = body
    }

    /// This request with `form` decoded, if it is an event (`POST /_sh/event`).
    func decodingEventForm() -> Request {
        guard method == .POST, path == "/_sh/event" else { return self }
        var request = self
        request.form = FormData.decode(body)
        return request
    }

    /// The value of cookie `name`, if sent.
    func cookie(_ name: String) -> String? {
        for header in headers["cookie"] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingSpaces == name { return String(parts[1].trimmingSpaces) }
            }
        }
        return nil
    }
}

/// An HTTP response.
public struct Response: Sendable {
    public var status: HTTPResponseStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Set for a response that stays open and sends events (`text/event-stream`).
    public var stream: EventStream?

    public init(status: HTTPResponseStatus, headers: HTTPHeaders = [:], body: [UInt8] = [], stream: EventStream? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.stream = stream
    }

    /// A plain-text response: the protocol's errors are one line saying what was wrong.
    static func text(_ status: HTTPResponseStatus, _ message: String) -> Response {
        Response(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array((message + "\n").utf8))
    }

    static func html(_ body: [UInt8]) -> Response {
        Response(status: .ok, headers: ["Content-Type": "text/html; charset=utf-8"], body: body)
    }
}

extension String {
    func splitQuery() -> (path: String, query: String) {
        guard let mark = firstIndex(of: "?") else { return (self, "") }
        return (String(self[..<mark]), String(self[index(after: mark)...]))
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var result = self
        while result.first == " " { result.removeFirst() }
        while result.last == " " { result.removeLast() }
        return result
    }
}
