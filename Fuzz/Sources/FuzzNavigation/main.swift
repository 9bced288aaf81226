import FuzzDriver
import Statehouse
import StatehouseGallery
@_spi(Fuzzing) import StatehouseViews

/// Arbitrary bytes as the URL a page is loaded at (a path below a demo route, maybe
/// `?tab=…`): the route's views take what the path names (a `NavigationStack`'s screens, a
/// `TabView`'s tab) or say it names nothing. A URL that is found must round-trip: the URL the
/// page then reports decodes to the same segments, and loading that URL shows the same page.
@MainActor
enum Pages {
    static let routes = DemoApp().body._routes
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzNavigation(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard !input.isEmpty else { return 0 }
    return MainActor.assumeIsolated {
        let route = Pages.routes[Int(input[0]) % Pages.routes.count]
        let url = String(decoding: input.dropFirst(), as: UTF8.self)
        // Split as bytes, as HTTP and the server do (a character may join a '?' to a mark).
        let parts = url.utf8.split(separator: UInt8(ascii: "?"), maxSplits: 1, omittingEmptySubsequences: false).map { Substring($0) }
        let path = route.path + (parts[0].hasPrefix("/") || parts[0].isEmpty ? "" : "/") + parts[0]
        // The server refuses a URL of more segments (414) before it mounts anything.
        guard let segments = PageLocation.segments(of: path, below: route.path),
              segments.count <= PageLocation.defaultMaxSegments else { return 0 }
        let tab = parts.count > 1 ? String(parts[1]) : nil
        let tree = FuzzedPage(route, location: PageLocation(base: route.path, segments: segments, tab: tab))
        defer { tree.close() }
        let html = tree.render()
        guard tree.location.notFound == nil else { return 0 }
        let shown = tree.location.path
        let shownParts = shown.utf8.split(separator: UInt8(ascii: "?"), maxSplits: 1).map { Substring($0) }
        precondition(PageLocation.segments(of: String(shownParts[0]), below: route.path) == tree.location.segments,
                     "the URL a page reports decodes to its segments: \(shown)")
        let shownTab = shownParts.count > 1 ? String(shownParts[1].dropFirst("tab=".count)).removingPercentEncoding : nil
        let again = FuzzedPage(route, location: PageLocation(base: route.path, segments: tree.location.segments, tab: shownTab))
        defer { again.close() }
        precondition(again.location.notFound == nil, "the URL a page reports is found: \(shown)")
        // A page that shows the time (/clock) renders anew when the second turns: then the
        // page at the original URL, rendered now, is what the reported URL must show.
        let shownHTML = again.render()
        if shownHTML != html {
            let now = FuzzedPage(route, location: PageLocation(base: route.path, segments: segments, tab: tab))
            defer { now.close() }
            precondition(shownHTML == now.render(), "the URL a page reports shows the same page: \(shown)")
        }
        drainMainQueue()
        return 0
    }
}

runFuzzer(fuzzNavigation)
