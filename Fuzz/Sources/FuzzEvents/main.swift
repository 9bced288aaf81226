import FuzzDriver
import Statehouse
import StatehouseGallery

/// Events made of the input, against every page of the demo (each mounted once, so state
/// builds up over the run as it does on a real page): the first byte picks the page, the next
/// a control on it or a made-up id, then the event type and a value. A refused event must
/// change nothing; an accepted one is flushed and rendered. Nothing may trap.
@MainActor
enum Pages {
    static let trees = DemoApp().body._routes.map { $0.makeTree(PlainHTML.self) }
    static var accepted = 0
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzEvents(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard input.count >= 3 else { return 0 }
    return MainActor.assumeIsolated {
        var bytes = input[...]
        let tree = Pages.trees[Int(bytes.removeFirst()) % Pages.trees.count]
        // The controls, and the root (Back and Forward: `navigate` with a URL).
        let controls = tree.inspect().filter { $0.control != nil }.map(\.id) + [LiveTree.rootID]
        let pick = Int(bytes.removeFirst())
        let type = EventType.allCases[Int(bytes.removeFirst()) % EventType.allCases.count]
        let text = String(decoding: bytes, as: UTF8.self)
        let target = pick < 200 && !controls.isEmpty ? controls[pick % controls.count] : text
        let event = Event(target: target, type: type, value: pick % 3 == 0 ? nil : text)
        // What tasks and timers changed since the last input is sent first.
        drainMainQueue()
        guard (try? tree.flush()) != nil else { fatalError("a demo page's view failed") }
        do {
            try tree.check(event)
        } catch {
            // Nothing to send: the page is as it was.
            precondition((try? tree.flush())?.isEmpty == true, "a refused event changed nothing")
            return 0
        }
        do {
            try tree.apply(event)
            _ = try tree.flush()
        } catch {
            fatalError("an event that passed its check failed: \(error)")
        }
        // The whole page now and then (the fragments render what changed every time).
        Pages.accepted += 1
        if Pages.accepted % 64 == 0 { _ = tree.render() }
        return 0
    }
}

runFuzzer(fuzzEvents)
