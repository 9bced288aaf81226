import HostedPages
import Statehouse
import Testing
import Vapor
@testable import VaporExample

@Suite struct VaporTests {
    @Test("Vapor: /counter mounts behind the host's middleware, greets its user, and counts a click")
    func vapor() async throws {
        let app = try await Application.make(.testing)
        let pages = try await StatehousePages.open(HostedPages(), options: HostChecks.options)
        VaporExample.configure(app, pages: pages)
        var failure: (any Error)?
        do {
            try await app.asyncBoot()
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            let port = try #require(app.http.server.shared.localAddress?.port)
            try await HostChecks.exercise(port: port, host: "Vapor", pages: pages)
        } catch {
            failure = error
        }
        await app.server.shutdown()
        try await app.asyncShutdown()
        if let failure { throw failure }
    }

}
