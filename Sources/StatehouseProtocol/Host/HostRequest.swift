import Foundation
import StatehouseViews
/// A request as a host hands it to the protocol: a host (the built-in SwiftNIO server, or a
/// Hummingbird or Vapor app) converts its own request type to this one.
///
/// ```swift
/// let request = HostRequest(method: "POST", uri: "/_sh/event", headers: ["Content-Type": "application/x-www-form-urlencoded"],
///                           body: Array("page=…&target=increment".utf8))
/// ```
public struct HostRequest: Sendable {
    /// `GET`, `POST`, … as sent.
    public var method: String
    /// The path, without the query.
    public var path: String
    public var query: [String: String]
    public var headers: HostHeaders
    public var body: [UInt8]
    /// Values of the host's (its middleware's) for the root environment of a page this request
    /// creates.
    public var environment = HostEnvironment()
    /// The user the host's own authentication found for this request (`authenticate(as:)`);
    /// nil: the host does not authenticate, and the session's own sign-in (`\.signIn`) stands.
    public var authenticatedUser: SignedInUser?? { environment.authenticatedUser }

    /// Says who the host's authentication found for this request (see
    /// `HostEnvironment.authenticate(as:)`).
    public mutating func authenticate(as user: SignedInUser?) {
        environment.authenticate(as: user)
    }

    /// The host switches this request's connection to a WebSocket if the answer opens a
    /// stream (the built-in server sets it on a `GET /_sh/stream` that asks to upgrade; a host
    /// that leaves it unset is answered 501 for such a request, and the browser falls back to
    /// an event stream).
    public var upgradesToWebSocket = false
    /// The body decoded as a form, once someone has (an event's, before the main actor).
    var form: FormData?
    /// The files of a `POST /_sh/upload`, stored by the host as their bytes arrived
    /// (`MultipartUpload`); its text fields are then the body, as a form.
    public var uploads: [UploadedFile] = []

    public init(method: String, uri: String, headers: HostHeaders, body: [UInt8]) {
        self.method = method
        let (path, query) = uri.splitQuery()
        self.path = path
        self.query = FormData.decode(query).dictionary
        self.headers = headers
        self.body = body
    }

    /// This request with `form` decoded, if it is an event.
    func decodingEventForm() -> HostRequest {
        guard method == "POST", path == Wire.eventPath || path == Wire.uploadPath else { return self }
        var request = self
        request.form = FormData.decode(body)
        return request
    }

    /// `*/*`, no Accept, or one naming the turbo-stream type gets fragments; a plain HTML form
    /// post (text/html but not turbo-stream) gets a redirect to the re-rendered page.
    /// Whether `origin` (an `Origin` header) names the host this request was sent to.
    func comesFromSameOrigin(_ origin: String) -> Bool {
        guard let host = headers.first("host"), let url = URL(string: origin), let originHost = url.host else { return false }
        let originAuthority = url.port.map { "\(originHost):\($0)" } ?? originHost
        return originAuthority.lowercased() == host.lowercased()
    }

    var wantsFragments: Bool {
        let accepts = headers.values("accept")
        if accepts.contains(where: { $0.utf8.containsIgnoringASCIICase(Wire.turboStreamType.utf8) }) { return true }
        return !accepts.contains { $0.utf8.containsIgnoringASCIICase("text/html".utf8) }
    }

    /// The value of cookie `name`, if sent (a part of the header: no copy is made).
    func cookie(_ name: String) -> Substring? {
        // Bytes, not characters: a cookie header is ASCII, and grapheme breaking was a fifth
        // of what checking an event's page cost.
        for header in headers.values("cookie") {
            var rest = Substring(header)
            while !rest.isEmpty {
                let end = rest.utf8.firstIndex(of: UInt8(ascii: ";")) ?? rest.endIndex
                let pair = rest[..<end]
                if let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")),
                   pair[..<equals].trimmingSpaces.utf8.elementsEqual(name.utf8) {
                    return pair[pair.utf8.index(after: equals)...].trimmingSpaces
                }
                rest = end < rest.endIndex ? rest[rest.utf8.index(after: end)...] : ""
            }
        }
        return nil
    }
}

/// A response for the host to write: a status, headers and a body, or an open `EventStream`.
///
/// ```swift
/// let response = await responder.respond(to: request)      // write its status and headers, then:
/// if let stream = response.stream {
///     stream.attach(MySink(connection))      // MySink: EventStreamSink
/// } else {
///     connection.write(response.body)
/// }
/// ```
public struct HostResponse: Sendable {
    /// The status code (`200`, `410`, …).
    public var status: Int
    public var headers: HostHeaders
    public var body: [UInt8]
    /// Set for a response that stays open and sends events (`text/event-stream`): the host
    /// writes the head, then attaches the stream to its connection.
    public var stream: EventStream?

    public init(status: Int, headers: HostHeaders = [:], body: [UInt8] = [], stream: EventStream? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.stream = stream
    }

    /// A plain-text response: the protocol's errors are one line saying what was wrong.
    public static func text(_ status: Int, _ message: String) -> HostResponse {
        HostResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff"],
                     body: Array((message + "\n").utf8))
    }
}

/// Header fields in the order sent; names compare without regard to case.
///
/// ```swift
/// var headers: HostHeaders = ["Accept": "text/vnd.turbo-stream.html"]
/// headers.add(name: "Cookie", value: "sh_session=…")
/// let accept = headers.first("accept")      // "text/vnd.turbo-stream.html"
/// for (name, value) in headers { print(name, value) }
/// ```
public struct HostHeaders: Sendable, ExpressibleByDictionaryLiteral, Sequence {
    public private(set) var fields: [(name: String, value: String)] = []

    public init() {}

    /// Fields in the order given.
    public init(_ fields: [(name: String, value: String)]) { self.fields = fields }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    public mutating func add(name: String, value: String) { fields.append((name, value)) }

    public mutating func add(contentsOf other: HostHeaders) { fields.append(contentsOf: other.fields) }

    /// The values of `name`, in order, found as they are read (no array is made).
    public func values(_ name: String) -> some Sequence<String> {
        fields.lazy.filter { $0.name.equalsIgnoringASCIICase(name) }.map(\.value)
    }

    /// The first value of `name`.
    public func first(_ name: String) -> String? {
        values(name).first { _ in true }
    }

    /// Every value of `name`, in order.
    public func all(_ name: String) -> [String] { Array(values(name)) }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }
}

extension String {
    func splitQuery() -> (path: String, query: String) {
        // The first `?` byte, as HTTP reads it (a character search missed a `?` joined to the
        // mark before it: PageLocation.segments says more).
        guard let mark = utf8.firstIndex(of: UInt8(ascii: "?")) else { return (self, "") }
        return (String(self[..<mark]), String(self[utf8.index(after: mark)...]))
    }

    /// ASCII case-insensitive equality, without building lowercased copies.
    func equalsIgnoringASCIICase(_ other: String) -> Bool {
        utf8.count == other.utf8.count && utf8.hasPrefixIgnoringASCIICase(other.utf8)
    }
}

/// Header values compared as the protocol needs, ignoring ASCII case, without lowercased copies.
extension Collection<UInt8> {
    func hasPrefixIgnoringASCIICase(_ prefix: some Collection<UInt8>) -> Bool {
        // Over contiguous bytes where both have them (native strings do): stepping two
        // `UTF8View`s index by index showed in an event's profile (headers are looked up by name).
        let contiguous = withContiguousStorageIfAvailable { bytes in
            prefix.withContiguousStorageIfAvailable { prefix in Self.starts(bytes, ignoringASCIICaseWith: prefix) }
        }
        if let contiguous, let result = contiguous { return result }
        return Self.starts(self, ignoringASCIICaseWith: prefix)
    }

    private static func starts(_ bytes: some Collection<UInt8>, ignoringASCIICaseWith prefix: some Collection<UInt8>) -> Bool {
        var index = bytes.startIndex
        for byte in prefix {
            guard index != bytes.endIndex, bytes[index].asciiLowercased == byte.asciiLowercased else { return false }
            bytes.formIndex(after: &index)
        }
        return true
    }

    func containsIgnoringASCIICase(_ needle: some Collection<UInt8>) -> Bool {
        var start = startIndex
        while true {
            if self[start...].hasPrefixIgnoringASCIICase(needle) { return true }
            if start == endIndex { return false }
            formIndex(after: &start)
        }
    }
}

private extension UInt8 {
    var asciiLowercased: UInt8 { self &- 65 < 26 ? self | 0x20 : self }
}

extension Substring {
    /// Without the spaces at either end (bytes compared, not characters).
    var trimmingSpaces: Substring {
        let bytes = utf8
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, bytes[start] == UInt8(ascii: " ") { bytes.formIndex(after: &start) }
        while start < end {
            let last = bytes.index(before: end)
            guard bytes[last] == UInt8(ascii: " ") else { break }
            end = last
        }
        return Substring(bytes[start..<end])
    }
}
