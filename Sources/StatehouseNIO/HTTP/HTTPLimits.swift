import Foundation
import NIOCore
import StatehouseProtocol

/// Limits the HTTP layer enforces before a request reaches the application (from
/// `ServerOptions`, where their defaults are).
struct HTTPLimits: Sendable {
    /// Largest request body accepted (413 beyond).
    var maxBodyBytes: Int
    /// Largest total size of the request line's URI and header names and values (431 beyond).
    var maxHeaderBytes: Int
    /// Time a client has from a request's first byte to its last (and a new connection to
    /// send its first byte); a slower client gets 408 and is dropped.
    var requestTimeout: TimeAmount
    /// A kept-alive connection with no request for this long is closed.
    var idleTimeout: TimeAmount
    /// Connections open at once; one more gets 503 and is closed.
    var maxConnections: Int
    /// Connections one client address holds at once; one more gets 429 and is closed.
    var maxConnectionsPerClient: Int
    /// Addresses not held to `maxConnectionsPerClient` (proxies).
    var trustedProxies: Set<String>
    /// The bounds of a `POST /_sh/upload`, whose files are streamed to `uploadDirectory`.
    var upload: MultipartUpload.Limits
    var uploadDirectory: URL
}
