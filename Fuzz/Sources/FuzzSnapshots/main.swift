import FuzzDriver
import Statehouse
import StatehouseGallery
@_spi(Fuzzing) import StatehouseViews

/// Arbitrary bytes as a value the state store kept, under a key a demo page's views use (its
/// `@State`, `@StateObject`, `@SceneStorage`): the page is mounted from it, rendered, and
/// asked for its changes. A value that does not decode starts fresh (and is reported); one
/// that decodes is shown; nothing traps.
@MainActor
enum Pages {
    static let routes = DemoApp().body._routes
    /// Each route's state keys, learnt from one mount.
    static let keys: [[String]] = learnKeys()
    static func learnKeys() -> [[String]] {
        var keys: [[String]] = []
        for route in routes {
            let snapshots = StateSnapshots()
            let tree = FuzzedPage(route, snapshots: snapshots)
            keys.append(snapshots.keys)
            tree.close()
        }
        return keys
    }
    static let withKeys = routes.indices.filter { !keys[$0].isEmpty }
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzSnapshots(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard input.count >= 2 else { return 0 }
    return MainActor.assumeIsolated {
        let index = Pages.withKeys[Int(input[0]) % Pages.withKeys.count]
        let keys = Pages.keys[index]
        let key = keys[Int(input[1]) % keys.count]
        let snapshots = StateSnapshots(restoring: [key: Array(input.dropFirst(2))])
        let tree = FuzzedPage(Pages.routes[index], snapshots: snapshots)
        _ = tree.render()
        _ = snapshots.takeChanges()
        tree.close()
        drainMainQueue()
        return 0
    }
}

runFuzzer(fuzzSnapshots)
