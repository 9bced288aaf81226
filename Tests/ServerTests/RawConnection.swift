#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A TCP connection driven byte by byte, for what libcurl will not do: send half a request,
/// sit idle, and see when the server hangs up.
final class RawConnection {
    private let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw TestFailure("connect failed: errno \(errno)") }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)  // reads wake every 0.1 s
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until the server closes the connection or `seconds` pass (then `closedAfter` is nil).
    func readUntilClosed(seconds: Double) -> (text: String, closedAfter: Double?) {
        let start = Date()
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date().timeIntervalSince(start) < seconds {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received.append(contentsOf: buffer[0..<count])
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                return (String(decoding: received, as: UTF8.self), Date().timeIntervalSince(start))
            }
        }
        return (String(decoding: received, as: UTF8.self), nil)
    }

    /// Reads one response whose body has a Content-Length (waits up to `seconds`).
    func readResponse(seconds: Double = 5) -> String {
        let start = Date()
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date().timeIntervalSince(start) < seconds {
            let text = String(decoding: received, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n"),
               let length = text.firstMatch(of: /(?i)content-length: (\d+)/).flatMap({ Int($0.output.1) }),
               text[end.upperBound...].utf8.count >= length {
                return text
            }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 { received.append(contentsOf: buffer[0..<count]) } else if count == 0 { break }
        }
        return String(decoding: received, as: UTF8.self)
    }
}
