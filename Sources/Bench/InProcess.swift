import BenchSupport
import Foundation
import Statehouse
import StatehouseProtocol

/// In-process figures (no HTTP): what one event costs in a small and a large tree, and the
/// first render of a large one.
@MainActor
enum InProcess {
    static func measure(into figures: inout Figures) {
        // Seven rounds, alternating, each figure the best round's median: a 2-core VM's
        // clock and scheduler noise (seen: the same median at 4.9 and 8.7 µs, in slow phases
        // that last several rounds) would otherwise decide the ratio.
        var small = (micros: Double.infinity, bytes: 0), large = small
        for _ in 0..<7 {
            let nextSmall = rowUpdate(rows: 10), nextLarge = rowUpdate(rows: 10_000)
            if nextSmall.micros < small.micros { small = nextSmall }
            if nextLarge.micros < large.micros { large = nextLarge }
        }
        figures.add("row_update_us_10", small.micros, "us")
        figures.add("row_update_us_10000", large.micros, "us")
        figures.add("row_update_ratio", large.micros / small.micros, "x")
        figures.add("row_update_fragment_bytes", Double(large.bytes), "bytes")
        figures.add("full_render_ms_10000", fullRender(rows: 10_000), "ms")
    }

    /// The median time of one click on the middle row's button, which changes that row's
    /// `@State`: apply the event, re-evaluate, produce the fragments.
    static func rowUpdate(rows: Int) -> (micros: Double, bytes: Int) {
        let tree = LiveTree(RowsView(count: rows), renderer: FormMarkup.self)
        let event = Event(target: "click-\(rows / 2)", type: .click)
        var bytes = 0
        var samples: [Double] = []
        for iteration in 0..<2200 {
            let start = DispatchTime.now().uptimeNanoseconds
            let actions = try! tree.send(event)
            let end = DispatchTime.now().uptimeNanoseconds
            if iteration >= 200 { samples.append(Double(end - start) / 1000) }  // after a warm-up
            bytes = TurboStream.encode(actions).utf8.count
        }
        samples.sort()
        return (samples[samples.count / 2], bytes)
    }

    /// The median of 7 first renders (mount and HTML) of a page of `rows` rows, in ms.
    static func fullRender(rows: Int) -> Double {
        fullRenderParts(rows: rows).total
    }

    /// The same, with the mount's and the HTML's medians on their own.
    static func fullRenderParts(rows: Int) -> (total: Double, mount: Double, html: Double) {
        medianRenderParts { RowsView(count: rows) }
    }

    /// The median of 7 first renders (mount and HTML) of `page`, in ms.
    static func medianRender<V: View>(_ page: () -> V) -> Double {
        medianRenderParts(page).total
    }

    /// The medians of 7 first renders of `page`, in ms: the whole (mount and HTML), and each
    /// part on its own (each part's median, from the same 7 renders).
    static func medianRenderParts<V: View>(_ page: () -> V) -> (total: Double, mount: Double, html: Double) {
        var totals: [Double] = [], mounts: [Double] = [], htmls: [Double] = []
        for _ in 0..<7 {
            let view = page()
            let start = DispatchTime.now().uptimeNanoseconds
            let tree = LiveTree(view, renderer: FormMarkup.self)
            let mounted = DispatchTime.now().uptimeNanoseconds
            let html = tree.renderBytes()
            let end = DispatchTime.now().uptimeNanoseconds
            precondition(html.count > 100, "the page rendered")
            totals.append(Double(end - start) / 1e6)
            mounts.append(Double(mounted - start) / 1e6)
            htmls.append(Double(end - mounted) / 1e6)
            tree.close()
        }
        func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }
        return (median(totals), median(mounts), median(htmls))
    }

}
