import FuzzDriver
import Statehouse
import StatehouseGallery
@_spi(Fuzzing) import StatehouseViews

/// Events made of the input, against every page of the demo (each mounted once, so state
/// builds up over the run as it does on a real page): the first byte picks the page, the next
/// a control on it or a made-up id, then the event type and a value. A refused event must
/// change nothing; an accepted one is flushed and rendered. Nothing may trap.
@MainActor
enum Pages {
    static let routes = DemoApp().body._routes
    static var trees = routes.map { FuzzedPage($0) }
    static var accepted = 0
    /// Events a page takes before it is closed and mounted afresh: state builds up (a list
    /// that grows with every submit), but not for ever, so that millions of inputs fit in memory.
    static let lifetime = 20_000
    static var taken = Array(repeating: 0, count: trees.count)
    static func took(_ page: Int) {
        taken[page] += 1
        guard taken[page] >= lifetime else { return }
        trees[page].close()
        trees[page] = FuzzedPage(routes[page])
        taken[page] = 0
        controls[page] = nil
    }
    /// Each page's controls as of its last change, and the root (Back and Forward: `navigate`
    /// with a URL). A page's elements change only in a flush that returns changes, so the list
    /// is made again after such a flush, not for every input (making it walks the page).
    static var controls: [[String]?] = Array(repeating: nil, count: trees.count)
    static func controls(of page: Int) -> [String] {
        if let known = controls[page] { return known }
        let made = trees[page].controlIDs
        controls[page] = made
        return made
    }
    /// Flushes a page, forgetting its controls if anything changed.
    static func flush(_ page: Int) throws -> [ElementChange] {
        let changes = try trees[page].flush()
        if !changes.isEmpty { controls[page] = nil }
        return changes
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzEvents(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard input.count >= 3 else { return 0 }
    return MainActor.assumeIsolated {
        var bytes = input[...]
        let page = Int(bytes.removeFirst()) % Pages.trees.count
        let tree = Pages.trees[page]
        // What tasks and timers changed since the last input is sent first.
        drainMainQueue()
        guard (try? Pages.flush(page)) != nil else { fatalError("a demo page's view failed") }
        let controls = Pages.controls(of: page)
        let pick = Int(bytes.removeFirst())
        let type = EventType.allCases[Int(bytes.removeFirst()) % EventType.allCases.count]
        let text = String(decoding: bytes, as: UTF8.self)
        let target = pick < 200 && !controls.isEmpty ? controls[pick % controls.count] : text
        let event = Event(target: target, type: type, value: pick % 3 == 0 ? nil : text)
        do {
            try tree.check(event)
        } catch {
            // Nothing to send: the page is as it was.
            precondition((try? tree.flush())?.isEmpty == true, "a refused event changed nothing")
            return 0
        }
        do {
            try tree.apply(event)
            _ = try Pages.flush(page)
        } catch {
            fatalError("an event that passed its check failed: \(error)")
        }
        // The whole page now and then (the fragments render what changed every time).
        Pages.accepted += 1
        if Pages.accepted % 64 == 0 { _ = tree.render() }
        Pages.took(page)
        return 0
    }
}

runFuzzer(fuzzEvents)
