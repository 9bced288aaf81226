import HostedPages
import Hummingbird
import Statehouse
import Testing
@testable import HummingbirdExample

@Suite struct HummingbirdTests {
    @Test("Hummingbird: /counter mounts behind the host's middleware, greets its user, and counts a click")
    func hummingbird() async throws {
        let pages = try await StatehousePages.open(HostedPages(), options: HostChecks.options)
        let (ports, port) = AsyncStream<Int>.makeStream()
        let app = HummingbirdExample.application(pages: pages, port: 0) { port.yield($0) }
        let server = Task { try await app.runService(gracefulShutdownSignals: []) }
        defer { server.cancel() }
        let bound = try #require(await ports.first { _ in true })
        try await HostChecks.exercise(port: bound, host: "Hummingbird", pages: pages)
    }

}
