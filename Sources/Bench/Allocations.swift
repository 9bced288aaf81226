import BenchSupport
import Foundation
import StatehouseLoopback
import StatehouseProtocol

/// Allocation counts (`bench-allocations`, which links ordo-one's malloc interposer): per
/// mounted row and per row update in process, and per request of the whole server over HTTP
/// against the bare NIO server's. Counts do not drift with the machine as times do.
struct AllocationBenchmarks {
    /// Requests counted per figure (after as many again to warm up).
    let requests = 2_000

    func measure(into figures: inout Figures) throws {
        let inProcess = try figuresOfChild()
        for name in ["row_mount_allocs", "row_update_allocs"] {
            guard let value = inProcess[name] else { throw BenchError("bench-allocations figures gave no \(name)") }
            figures.add(name, value, "allocs")
        }
        for name in ["list_row_bytes_plain", "list_row_bytes_rows", "list_row_bytes_bindings"] {
            guard let value = inProcess[name] else { throw BenchError("bench-allocations figures gave no \(name)") }
            figures.add(name, value, "bytes")
        }

        let statehouse = try ServerProcess(.statehouse, countingAllocations: true)
        let (event, page) = try clicks(on: statehouse)
        let loads = try LoopbackConnection(port: statehouse.port)
        let load = try perRequest(statehouse) {
            let response = try loads.get("/counter")
            guard response.head.hasPrefix("HTTP/1.1 200") else { throw BenchError("a page load failed: \(response.head)") }
        }
        statehouse.stop()

        // The same click with event loops of their own (`--event-loop threads`).
        let onThreads = try ServerProcess(.statehouseThreads, countingAllocations: true)
        let (threadsEvent, _) = try clicks(on: onThreads)
        onThreads.stop()

        let nio = try ServerProcess(.nio, countingAllocations: true)
        let bareConnection = try LoopbackConnection(port: nio.port)
        let bare = try perRequest(nio) {
            // The same request as a click on Statehouse (the page is gone with its server).
            _ = try bareConnection.post(Wire.eventPath, headers: page.eventHeaders, body: "\(Wire.Field.page)=\(page.id)&\(Wire.Field.target)=increment")
        }
        nio.stop()

        figures.add("event_allocs", event, "allocs")
        figures.add("threads_event_allocs", threadsEvent, "allocs")
        figures.add("nio_allocs", bare, "allocs")
        figures.add("page_load_allocs", load, "allocs")
    }

    /// The server's allocations per click on a `/counter` page of its own, and the page.
    private func clicks(on server: ServerProcess) throws -> (Double, LoadedPage) {
        let page = try LoadedPage.load("/counter", port: server.port)
        let connection = try LoopbackConnection(port: server.port)
        let perClick = try perRequest(server) {
            let response = try connection.post(Wire.eventPath, headers: page.eventHeaders, body: "\(Wire.Field.page)=\(page.id)&\(Wire.Field.target)=increment")
            guard response.head.hasPrefix("HTTP/1.1 200") else { throw BenchError("a click was refused: \(response.head)") }
        }
        return (perClick, page)
    }

    /// The server's allocations per `request`, over `requests` of them after as many to warm up.
    private func perRequest(_ server: ServerProcess, _ request: () throws -> Void) throws -> Double {
        for _ in 0..<requests { try request() }
        let before = try server.allocations()
        for _ in 0..<requests { try request() }
        return (try server.allocations() - before) / Double(requests)
    }

    /// `bench-allocations figures`, read back.
    private func figuresOfChild() throws -> [String: Double] {
        let process = Process()
        process.executableURL = try ServerProcess.sibling("bench-allocations")
        process.arguments = ["figures"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("bench-allocations figures failed:\n\(text)") }
        return Figures.parse(text)
    }
}
