import Foundation
import Logging
import ServiceLifecycle
import Statehouse
import Testing

/// The server as a swift-service-lifecycle `Service` (issue 20).
@Suite("Service lifecycle")
struct ServiceTests {
    @Test("In a ServiceGroup: it serves once the group runs, and stops gracefully when the group shuts down")
    func serviceGroup() async throws {
        let options = ServerOptions.forTests
        let port = SharedBox<Int?>(nil)
        let service = StatehouseService(options: options, started: { server in port.mutate { $0 = server.port } }) { TestApp() }
        let group = ServiceGroup(services: [service], gracefulShutdownSignals: [], logger: Logger(label: "test"))
        let running = Task(executorPreference: BlockingExecutor.shared) { try await group.run() }  // not starved by a busy pool
        for _ in 0..<400 where port.value == nil { try await Task.sleep(for: .milliseconds(50)) }
        let bound = try #require(port.value)
        let served = await withTaskExecutorPreference(BlockingExecutor.shared) { CurlClient(port: bound).get("/_sh/health").status }
        #expect(served == 200)
        await group.triggerGracefulShutdown()
        try await running.value
        let after = await withTaskExecutorPreference(BlockingExecutor.shared) { CurlClient(port: bound).get("/_sh/health").status }
        #expect(after != 200, "the port is closed once the group has shut down (\(after))")
    }
}
