#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Logging
import Synchronization

/// Log lines written by a thread of their own, so that logging costs a request no write: a
/// line is kept in memory under a lock, and the writer thread formats and writes what has
/// gathered every 50 ms (at once for a warning or worse). A reader that does not keep up (a
/// full pipe, a slow terminal) holds up the writer thread only: past `capacity` lines waiting,
/// new lines are dropped and counted, and the count is written when the reader catches up.
///
/// `App.main()` sends every `Logger` here (`LogWriter.bootstrap()`); call `flush()` before the
/// process exits (it waits for the lines to be written, for a bounded time: a reader that never
/// reads does not hold up the exit).
final class LogWriter: Sendable {
    /// Standard error, as swift-log's default handler writes.
    static let standardError = LogWriter(fileDescriptor: 2)

    /// Lines waiting, at most (about a megabyte of access-log lines).
    static let capacity = 10_000

    struct Line {
        let time: time_t
        let level: Logger.Level
        let label: String
        let metadata: String?
        let source: String
        let message: String
    }

    private struct Pending {
        var lines: [Line] = []
        var dropped = 0
        /// The writer thread waits for a signal (nothing was pending when it last looked).
        var writerParked = false
        /// `flush()` callers waiting for the lines kept before they asked to be written.
        var flushes: [DispatchSemaphore] = []
    }

    private let fileDescriptor: Int32
    private let pending = Mutex(Pending())
    private let wake = DispatchSemaphore(value: 0)

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        let thread = Thread { [self] in runWriter() }
        thread.name = "statehouse-log"
        thread.start()
    }

    /// Sends every `Logger` made from now on to `standardError` (swift-log allows this once
    /// per process).
    static func bootstrap() {
        LoggingSystem.bootstrap { label in BufferedLogHandler(label: label, writer: .standardError) }
    }

    /// Keeps `line` for the writer thread; dropped (and counted) if `capacity` lines wait.
    func append(_ line: Line) {
        let signal = pending.withLock { pending -> Bool in
            guard pending.lines.count < Self.capacity else {
                pending.dropped += 1
                return false
            }
            pending.lines.append(line)
            let urgent = line.level >= .warning
            if pending.writerParked || urgent {
                pending.writerParked = false
                return true
            }
            return false
        }
        if signal { wake.signal() }
    }

    /// Waits until the lines kept so far are written, or `timeout` passed (before the process
    /// exits: the writer thread may be stuck on a reader that does not read). True if written.
    @discardableResult
    func flush(timeout: Duration = .seconds(2)) -> Bool {
        let written = DispatchSemaphore(value: 0)
        pending.withLock { pending in
            pending.flushes.append(written)
            pending.writerParked = false
        }
        wake.signal()
        let (seconds, attoseconds) = timeout.components
        return written.wait(timeout: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))) == .success
    }

    private func take() -> (lines: [Line], dropped: Int, flushes: [DispatchSemaphore]) {
        pending.withLock { pending in
            defer {
                pending.lines.removeAll(keepingCapacity: true)
                pending.dropped = 0
                pending.flushes.removeAll()
            }
            return (pending.lines, pending.dropped, pending.flushes)
        }
    }

    private func runWriter() {
        while true {
            let taken = take()
            write(taken.lines, dropped: taken.dropped)
            for flush in taken.flushes { flush.signal() }
            if taken.lines.isEmpty, taken.dropped == 0 {
                // Nothing came for a while: wait for the next line.
                let parked = pending.withLock { pending -> Bool in
                    guard pending.lines.isEmpty, pending.flushes.isEmpty else { return false }
                    pending.writerParked = true
                    return true
                }
                if parked { wake.wait() }
            } else {
                // Lines keep coming: gather them for a while (a warning wakes this sooner).
                _ = wake.wait(timeout: .now() + .milliseconds(50))
            }
        }
    }

    private func write(_ lines: [Line], dropped: Int) {
        guard !lines.isEmpty || dropped > 0 else { return }
        var text = ""
        var stamps = Timestamps()
        for line in lines {
            text += stamps.text(for: line.time)
            text += " \(line.level) \(line.label):\(line.metadata.map { " \($0)" } ?? "") [\(line.source)] \(line.message)\n"
        }
        if dropped > 0 {
            text += "\(stamps.text(for: time(nil))) warning statehouse: \(dropped) log lines dropped: the log's reader fell behind\n"
        }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.write(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes = bytes.dropFirst(count)
            } else if count < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                return  // the output is gone: nothing more can be written
            }
        }
    }

    /// Local times as swift-log's stream handler writes them (`2026-11-28T14:10:11+0000`),
    /// formatted once per second of the lines written together.
    private struct Timestamps {
        private var last: (time_t, String)?

        mutating func text(for time: time_t) -> String {
            if let last, last.0 == time { return last.1 }
            var time = time
            var parts = tm()
            var buffer = [CChar](repeating: 0, count: 64)
            guard localtime_r(&time, &parts) != nil else { return "<unknown>" }
            strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
            let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            last = (time, text)
            return text
        }
    }
}

/// A swift-log handler whose lines go to a `LogWriter`: the caller's cost is keeping the line.
struct BufferedLogHandler: LogHandler {
    let label: String
    let writer: LogWriter
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:] {
        didSet { prettyMetadata = Self.prettify(metadata) }
    }
    var metadataProvider: Logger.MetadataProvider?
    private var prettyMetadata: String?

    init(label: String, writer: LogWriter) {
        self.label = label
        self.writer = writer
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let pretty: String?
        if metadataProvider == nil, event.metadata?.isEmpty != false, event.error == nil {
            pretty = prettyMetadata  // the handler's own, formatted when it was set
        } else {
            var merged = metadata
            if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
            if let explicit = event.metadata { merged.merge(explicit) { $1 } }
            if let error = event.error {
                merged["error.message"] = "\(error)"
                merged["error.type"] = "\(String(reflecting: type(of: error)))"
            }
            pretty = Self.prettify(merged)
        }
        writer.append(LogWriter.Line(time: time(nil), level: event.level, label: label, metadata: pretty,
                                     source: event.source, message: event.message.description))
    }

    private static func prettify(_ metadata: Logger.Metadata) -> String? {
        metadata.isEmpty ? nil : metadata.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ")
    }
}
