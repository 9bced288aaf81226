import Foundation
import Statehouse
import Testing
@testable import StatehouseNIO
@testable import StatehouseProtocol

/// `--metrics`: swift-metrics recorded by the protocol, scraped at `/_sh/metrics` in
/// Prometheus' text format (issue 20).
@Suite("Metrics")
struct MetricsTests {
    /// The value of the sample `name` (with its labels) in `text`.
    static func sample(_ name: String, in text: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(name + " ") {
            return Double(line.dropFirst(name.count + 1))
        }
        return nil
    }

    @Test("A scrape shows events by outcome, their duration, fragment bytes, page loads, refusals by status, store commits, and the sessions and pages held")
    func scrape() async throws {
        let file = DurableStoreTests.storeFile()
        defer { DurableStoreTests.removeStore(file) }
        try await withServer({ $0.metrics = true; $0.stateStore = .sqlite(path: file) }) { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/counter")
            for _ in 0..<3 { #expect(event(client, page, target: "increment").status == 200) }
            #expect(event(client, page, target: "no-such-control").status == 404)
            #expect(client.get("/no-such-route").status == 404)
            let scrape = client.get("/_sh/metrics")
            #expect(scrape.status == 200)
            #expect(scrape.header("content-type")?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = scrape.body
            #expect(Self.sample(#"statehouse_events_total{outcome="applied"}"#, in: text) == 3)
            #expect(Self.sample(#"statehouse_events_total{outcome="refused"}"#, in: text) == 1)
            #expect(Self.sample(#"statehouse_refusals_total{status="404"}"#, in: text) == 2)
            #expect(Self.sample("statehouse_page_loads_total", in: text) == 1)
            #expect((Self.sample("statehouse_fragment_bytes_total", in: text) ?? 0) > 100)
            #expect(Self.sample("statehouse_event_duration_seconds_count", in: text) == 4)
            #expect((Self.sample("statehouse_store_commit_duration_seconds_count", in: text) ?? 0) >= 4, "the page's write and each click's")
            #expect(Self.sample("statehouse_sessions", in: text) == 1)
            #expect(Self.sample("statehouse_pages", in: text) == 1)
        }
    }

    @Test("Without --metrics nothing is recorded and /_sh/metrics is 404")
    func off() async throws {
        try await withServer { port in
            let reply = CurlClient(port: port).get("/_sh/metrics")
            #expect(reply.status == 404)
            #expect(reply.body.contains("--metrics"))
        }
    }
}
