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
        // The first render likewise: five rounds of seven renders, the best round's median (one
        // median of seven gave 14.8 ms in one table run and 12.5 and 12.7 in the two that
        // followed it, of one binary).
        var render = Double.infinity
        for _ in 0..<5 { render = min(render, fullRender(rows: 10_000)) }
        figures.add("full_render_ms_10000", render, "ms")
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
        return (median(samples), bytes)
    }

    /// The median of 7 first renders (mount and HTML) of a page of `rows` rows, in ms.
    static func fullRender(rows: Int) -> Double {
        fullRenderParts(rows: rows).total
    }

    /// The same, with the mount's and the HTML's medians on their own.
    static func fullRenderParts(rows: Int) -> (total: Double, mount: Double, html: Double) {
        medianRenderParts { RowsView(count: rows) }
    }

    /// Keeps glibc from giving the top of the heap back to the system when a tree is freed.
    ///
    /// A freed 10,000-row tree at the top of its malloc arena was trimmed away (`madvise`, 26
    /// calls in `bench render --rounds 3`, counted with `strace -c`), and the next render
    /// faulted its pages in again: 10 – 15 ms more a render (one build, every round after the
    /// first: 68 – 72 ms, against 57 – 58 with `GLIBC_TUNABLES=glibc.malloc.trim_threshold=…`).
    /// Whether it happened depended on where some long-lived allocation landed, which any
    /// change to the code moves: two builds with the same mount code differed by it. The
    /// figure is meant to be the render's own cost (a server's heap, full of long-lived
    /// sessions, is likely to keep its top in use; not measured). Setting it stops glibc from moving its mmap threshold,
    /// which it then leaves where it was; that is set too, to the highest value glibc's own
    /// adjustment reaches (32 MiB on 64-bit), as a process that has freed a few large buffers
    /// has it: `bench run` (which frees seven large trees before its render) and `bench render`
    /// then take the HTML buffer from the heap alike. (At glibc's starting 128 KiB, the buffer
    /// was mapped and faulted in afresh each render: HTML 13.8 against 11 – 12 ms.)
    private static func keepHeapTop() {
        #if canImport(Glibc)
        _ = glibcMallopt(-1 /* M_TRIM_THRESHOLD, <malloc.h> */, Int32.max)
        _ = glibcMallopt(-3 /* M_MMAP_THRESHOLD */, 32 * 1024 * 1024)
        #endif
    }

    /// The medians of 7 first renders of `page`, in ms: the whole (mount and HTML), and each
    /// part on its own (each part's median, from the same 7 renders).
    static func medianRenderParts<V: View>(_ page: () -> V) -> (total: Double, mount: Double, html: Double) {
        keepHeapTop()
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
        return (median(totals), median(mounts), median(htmls))
    }

}

#if canImport(Glibc)
/// glibc's `mallopt` (`<malloc.h>` is not in the `Glibc` module).
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
