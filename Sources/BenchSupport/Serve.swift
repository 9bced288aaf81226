import Foundation
import Statehouse
import StatehouseGallery

/// The servers the benchmarks measure, each in a process of its own (so that its memory and
/// CPU time are its own).
public enum BenchServer: String, CaseIterable, Sendable {
    /// The demo (the gallery) on `swift run demo`'s event loop: the main thread reads, answers
    /// and writes every request (`--event-loop main`, `StatehouseServer.run`).
    case statehouse
    /// The demo with event loops of their own, which hand each request to the main thread
    /// (`--event-loop threads`).
    case statehouseThreads = "statehouse-threads"
    /// A bare SwiftNIO HTTP/1.1 server answering every request with the same fragment.
    case nio

    /// Serves on `port` (0: any) until the process ends; prints `listening on PORT` first.
    /// Call it from the main thread. `STATEHOUSE_…` variables apply to the demo (e.g.
    /// STATEHOUSE_MAX_SESSIONS for figures at the session cap).
    @MainActor
    public func serve(port: Int) -> Never {
        switch self {
        case .statehouse:
            StatehouseServer.run(DemoApp(), options: Self.options(port: port, eventLoop: .main)) { say("listening on \($0.port)") }
        case .statehouseThreads:
            StatehouseServer.run(DemoApp(), options: Self.options(port: port, eventLoop: .threads)) { say("listening on \($0.port)") }
        case .nio:
            // A process started from a thread that blocks SIGTERM (as dispatch's threads do)
            // inherits that mask; this main thread waits for its server, not for a signal.
            var stopSignals = sigset_t()
            sigemptyset(&stopSignals)
            sigaddset(&stopSignals, SIGTERM)
            sigaddset(&stopSignals, SIGINT)
            pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
            do {
                let server = try BareServer.start(port: port)
                say("listening on \(server.port)")
                try server.channel.closeFuture.wait()
            } catch {
                say("error: \(error)")
            }
            exit(1)
        }
    }

    private static func options(port: Int, eventLoop: ServerOptions.EventLoopChoice) -> ServerOptions {
        do {
            var options = try ServerOptions(arguments: [], environment: ProcessInfo.processInfo.environment)
            options.port = port
            options.eventLoop = eventLoop
            options.logLevel = .error
            options.maxQueuedEvents = 1024
            return options
        } catch {
            say("error: \(error)")
            exit(64)
        }
    }
}

/// Writes a line to standard output at once (unbuffered: a pipe reader sees it now).
public func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
