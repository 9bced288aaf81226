import Foundation
import Statehouse
import StatehouseGallery

/// The servers the benchmarks measure, each in a process of its own (so that its memory and
/// CPU time are its own).
public enum BenchServer: String, CaseIterable, Sendable {
    /// The demo (the gallery), as `swift run demo` serves it.
    case statehouse
    /// A bare SwiftNIO HTTP/1.1 server answering every request with the same fragment.
    case nio

    /// Serves on `port` (0: any) until the process ends; prints `listening on PORT` first.
    /// `STATEHOUSE_…` variables apply to the demo (e.g. STATEHOUSE_MAX_SESSIONS for figures
    /// at the session cap).
    public func serve(port: Int) async throws {
        switch self {
        case .statehouse:
            var options = try ServerOptions(arguments: [], environment: ProcessInfo.processInfo.environment)
            options.port = port
            options.logLevel = .error
            options.maxQueuedEvents = 1024
            let server = try await StatehouseServer.start(DemoApp(), options: options)
            say("listening on \(server.port)")
            try await server.waitUntilClosed()
        case .nio:
            let server = try await BareServer.start(port: port)
            say("listening on \(server.port)")
            try await server.waitUntilClosed()
        }
    }
}

/// Writes a line to standard output at once (unbuffered: a pipe reader sees it now).
public func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
