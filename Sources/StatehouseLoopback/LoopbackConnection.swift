#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A TCP connection to 127.0.0.1 over a blocking socket, driven byte by byte: for the tests
/// (send half a request, sit idle, see when the server hangs up) and for the benchmarks (set
/// pages up, hold idle connections open). Not a load generator: the benchmarks use wrk.
public final class LoopbackConnection {
    private let fd: Int32
    /// Bytes received past the last response read (the next pipelined response's).
    private var unread: [UInt8] = []

    /// `source`: the loopback address to connect from (another client, as the server sees
    /// it: `127.0.0.2`), or the kernel's choice (`127.0.0.1`).
    public init(port: Int, from source: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(fd)
                throw LoopbackError("bind to \(source) failed: errno \(errno)")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw LoopbackError("connect to port \(port) failed: errno \(errno)")
        }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)  // reads wake every 0.1 s to check the time
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Sends `text`; false if the connection is gone.
    @discardableResult
    public func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// Sends as much of `bytes` as the server takes within `seconds` (a server that stops
    /// reading fills the socket's buffers, and then nothing more goes); returns the count sent.
    public func send(_ bytes: [UInt8], within seconds: Double) -> Int {
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        defer {
            var none = timeval(tv_sec: 0, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &none, socklen_t(MemoryLayout<timeval>.size))
        }
        let start = Date()
        var sent = 0
        while sent < bytes.count, Date().timeIntervalSince(start) < seconds {
            let count = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if count > 0 { sent += count } else if count < 0, errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR { break }
        }
        return sent
    }

    /// Reads what arrives; nil once the server has closed the connection (or on an error),
    /// an empty array when nothing came within 0.1 s.
    private func receive() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 16384)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 { return Array(buffer[0..<count]) }
        if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return [] }
        return nil
    }

    /// Reads until the server closes the connection or `seconds` pass (then `closedAfter` is nil).
    public func readUntilClosed(seconds: Double) -> (text: String, closedAfter: Double?) {
        let start = Date()
        var received = unread
        unread = []
        while Date().timeIntervalSince(start) < seconds {
            guard let bytes = receive() else { return (String(decoding: received, as: UTF8.self), Date().timeIntervalSince(start)) }
            received += bytes
        }
        return (String(decoding: received, as: UTF8.self), nil)
    }

    /// Reads bytes (first those a `readResponse` left) until `enough` holds of all read so
    /// far, the server closes the connection, or `seconds` pass.
    public func read(seconds: Double, until enough: ([UInt8]) -> Bool) -> [UInt8] {
        let start = Date()
        var received = unread
        unread = []
        while !enough(received), Date().timeIntervalSince(start) < seconds {
            guard let bytes = receive() else { break }
            received += bytes
        }
        return received
    }

    /// Puts `bytes` back in front of what the next read gets.
    public func putBack(_ bytes: [UInt8]) {
        unread = bytes + unread
    }

    /// A response: its head (status line and headers) and body.
    public struct Response {
        public var head: String
        public var body: String
        public var text: String { head + "\r\n\r\n" + body }

        public func header(_ name: String) -> String? {
            head.split(separator: "\r\n").first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
                .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
        }
    }

    /// Reads one response whose body has a Content-Length, waiting up to `seconds`. Bytes
    /// past it (a pipelined request's response) are kept for the next read.
    public func readResponse(seconds: Double = 5) throws -> Response {
        let start = Date()
        var received = unread
        unread = []
        while Date().timeIntervalSince(start) < seconds {
            if let end = received.firstRange(of: Array("\r\n\r\n".utf8)) {
                let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
                let length = head.firstMatch(of: /(?i)content-length: (\d+)/).flatMap { Int($0.output.1) } ?? 0
                if received.count - end.upperBound >= length {
                    unread = Array(received[(end.upperBound + length)...])
                    return Response(head: head, body: String(decoding: received[end.upperBound..<(end.upperBound + length)], as: UTF8.self))
                }
            }
            guard let bytes = receive() else { throw LoopbackError("the server closed the connection mid-response") }
            received += bytes
        }
        throw LoopbackError("no whole response within \(seconds) s")
    }

    /// Sends a GET of `path` (keep-alive) and reads its response.
    public func get(_ path: String, headers: [String] = []) throws -> Response {
        guard send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n") else {
            throw LoopbackError("send failed")
        }
        return try readResponse()
    }

    /// Sends a POST of `body` to `path` (keep-alive) and reads its response.
    public func post(_ path: String, headers: [String] = [], body: String) throws -> Response {
        let head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.utf8.count)\r\n"
        guard send(head + headers.map { $0 + "\r\n" }.joined() + "\r\n" + body) else { throw LoopbackError("send failed") }
        return try readResponse()
    }
}

public struct LoopbackError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
