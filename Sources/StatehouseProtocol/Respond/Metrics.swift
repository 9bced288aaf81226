import CoreMetrics
import Synchronization

/// Where the protocol's metrics go, and how they are read: a swift-metrics factory (the
/// built-in server's `--metrics` gives a Prometheus registry's), and the text a scrape of
/// `/_sh/metrics` answers with.
///
/// ```swift
/// let registry = PrometheusCollectorRegistry()
/// var settings = ProtocolSettings()
/// settings.metrics = MetricsSettings(factory: PrometheusMetricsFactory(registry: registry),
///                                    exposition: { registry.emitToBuffer() })
/// ```
public struct MetricsSettings: Sendable {
    /// Makes the counters, gauges and timers.
    public var factory: any MetricsFactory
    /// The exposition a scrape gets (Prometheus' text format), made after the gauges are set.
    public var exposition: @Sendable () -> [UInt8]

    public init(factory: any MetricsFactory, exposition: @escaping @Sendable () -> [UInt8]) {
        self.factory = factory
        self.exposition = exposition
    }
}

/// The protocol's metrics, made once per responder (recording one is a call on a handler:
/// no allocation per request).
///
/// - `statehouse_events_total{outcome}`: events applied (`applied`) or refused (`refused`)
/// - `statehouse_event_duration_seconds`: an event from its request to its answer (a timer)
/// - `statehouse_fragment_bytes_total`: the bytes of the fragments events answered with
/// - `statehouse_page_loads_total`: documents served (a new page each)
/// - `statehouse_refusals_total{status}`: answers of 400 and above, by status
/// - `statehouse_store_commit_duration_seconds`: a durable write from its start to its commit
/// - `statehouse_sessions`, `statehouse_pages`: held now (set at each scrape)
final class ProtocolMetrics: Sendable {
    let applied: Counter
    let refused: Counter
    let eventDuration: CoreMetrics.Timer
    let fragmentBytes: Counter
    let pageLoads: Counter
    let storeCommit: CoreMetrics.Timer
    let sessions: Gauge
    let pages: Gauge
    private let factory: any MetricsFactory
    private let refusals = Mutex<[Int: Counter]>([:])

    init(factory: any MetricsFactory) {
        self.factory = factory
        applied = Counter(label: "statehouse_events_total", dimensions: [("outcome", "applied")], factory: factory)
        refused = Counter(label: "statehouse_events_total", dimensions: [("outcome", "refused")], factory: factory)
        eventDuration = CoreMetrics.Timer(label: "statehouse_event_duration_seconds", dimensions: [], factory: factory)
        fragmentBytes = Counter(label: "statehouse_fragment_bytes_total", dimensions: [], factory: factory)
        pageLoads = Counter(label: "statehouse_page_loads_total", dimensions: [], factory: factory)
        storeCommit = CoreMetrics.Timer(label: "statehouse_store_commit_duration_seconds", dimensions: [], factory: factory)
        sessions = Gauge(label: "statehouse_sessions", dimensions: [], factory: factory)
        pages = Gauge(label: "statehouse_pages", dimensions: [], factory: factory)
    }

    /// Counts an answer: refusals by status, events by outcome with their duration and bytes,
    /// page loads.
    func record(method: String, path: String, status: Int, nanoseconds: UInt64, bodyBytes: Int) {
        if status >= 400 {
            let counter = refusals.withLock { counters in
                if let counter = counters[status] { return counter }
                let counter = Counter(label: "statehouse_refusals_total", dimensions: [("status", String(status))], factory: factory)
                counters[status] = counter
                return counter
            }
            counter.increment()
        }
        if path == Wire.eventPath, method == "POST" {
            if status < 400 {
                applied.increment()
                fragmentBytes.increment(by: bodyBytes)
            } else {
                refused.increment()
            }
            eventDuration.recordNanoseconds(Int64(nanoseconds))
        } else if method == "GET", status == 200, !path.hasPrefix(Wire.prefix) {
            pageLoads.increment()
        }
    }
}
