import BenchSupport
import Dispatch
import Foundation
import MallocInterposerSwift
import Statehouse
import StatehouseProtocol

// `bench-allocations`: allocation counts, which do not drift with a noisy machine as times do.
// Linked with ordo-one's malloc interposer, which replaces malloc for the whole process (and
// adds a header to every allocation), so it is a binary of its own: `bench` runs it for these
// figures and measures time and memory without it.
//
//   bench-allocations figures              in-process counts, one `name: value unit` per line
//   bench-allocations serve KIND          a server (as `bench serve KIND`) counting every allocation;
//                                          SIGUSR1 makes it print `allocations N` (so far)

let arguments = CommandLine.arguments.dropFirst()
MallocInterposerSwift.initialize()

switch (arguments.first, arguments.dropFirst().first.flatMap(BenchServer.init(rawValue:))) {
case ("figures", _):
    InProcessAllocations.measure()
case ("serve", let server?):
    // Every allocation from the start on; a reading is the difference of two.
    MallocInterposerSwift.hook()
    let reading = printCountOnSIGUSR1()
    withExtendedLifetime(reading) { server.serve(port: 0) }
default:
    FileHandle.standardError.write(Data("usage: bench-allocations figures | serve statehouse|nio\n".utf8))
    exit(64)
}

/// Prints `allocations N` whenever the process gets SIGUSR1 (off the main actor, which may be
/// busy).
nonisolated func printCountOnSIGUSR1() -> any DispatchSourceSignal {
    signal(SIGUSR1, SIG_IGN)
    let reading = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .global())
    reading.setEventHandler { say("allocations \(MallocInterposerSwift.getStatistics().mallocCount)") }
    reading.resume()
    return reading
}

/// Counts without HTTP: what mounting a row and updating one cost in allocations.
@MainActor
enum InProcessAllocations {
    static func measure() {
        // Mounting and writing the page, per row: the difference between 10,000 rows and none
        // leaves out what any page costs. (Twice: the first time also fills one-time caches.)
        var perRow = 0.0
        for _ in 0..<2 {
            let rows = counting { render(RowsView(count: 10_000)) }, none = counting { render(RowsView(count: 0)) }
            perRow = Double(rows - none) / 10_000
        }
        say("row_mount_allocs: \(format(perRow)) allocs")

        // One click on the middle row of 10,000 (as `row_update_us_10000`): the event applied,
        // the row re-evaluated, the fragment encoded.
        let tree = LiveTree(RowsView(count: 10_000), renderer: FormMarkup.self)
        let event = Event(target: "click-5000", type: .click)
        for _ in 0..<200 { _ = TurboStream.encode(try! tree.send(event)) }
        let clicks = counting { for _ in 0..<1_000 { _ = TurboStream.encode(try! tree.send(event)) } }
        say("row_update_allocs: \(format(Double(clicks) / 1_000)) allocs")
        tree.close()

        // What a row of the list sweep's pages holds while it is shown: the bytes allocated and
        // not freed by mounting 10,000 rows, less those of no row (allocator headers and the
        // interposer's own not counted).
        say("list_row_bytes_plain: \(format(rowBytes(PlainList.init))) bytes")
        say("list_row_bytes_rows: \(format(rowBytes(RowViewList.init))) bytes")
        say("list_row_bytes_bindings: \(format(rowBytes(BindingList.init))) bytes")
    }

    /// Bytes held per row by a mounted page of `make(10_000)` against `make(0)`.
    static func rowBytes<V: View>(_ make: (Int) -> V) -> Double {
        func held(_ count: Int) -> Int {
            let view = make(count)
            MallocInterposerSwift.reset()
            MallocInterposerSwift.hook()
            let tree = LiveTree(view, renderer: FormMarkup.self)
            MallocInterposerSwift.unhook()
            let statistics = MallocInterposerSwift.getStatistics()
            tree.close()
            return statistics.mallocBytesCount - statistics.freeBytesCount
        }
        _ = held(10_000)  // one-time caches
        return Double(held(10_000) - held(0)) / 10_000
    }

    static func render<V: View>(_ view: V) {
        let tree = LiveTree(view, renderer: FormMarkup.self)
        precondition(!tree.renderBytes().isEmpty)
        tree.close()
    }

    /// The allocations `body` makes (on every thread meanwhile).
    static func counting(_ body: () -> Void) -> Int {
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        body()
        MallocInterposerSwift.unhook()
        return MallocInterposerSwift.getStatistics().mallocCount
    }

    static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
