import BenchSupport
import Foundation
import Statehouse
import StatehouseProtocol

/// What one change to a list costs as the list grows (issue 55: "lists that cost what changed"):
/// adding a row, toggling one, removing one, at 100, 1,000 and 10,000 rows, in three forms:
/// `plain`, a `ForEach(items)` whose content closure captures the view (its toggle writes
/// `items`), so every row's content is made again on each change; `rows`, a `ForEach(items)`
/// whose closure captures nothing (a row view, its toggle through an `@Observable` model in the
/// environment); `bindings`, `ForEach($items)`. Each figure is the median time of the event in
/// process (apply, re-evaluate, diff, fragments), in µs; the ratios compare each size with 100
/// rows (1 would be a list whose changes cost what changed, whatever its length).
@MainActor
enum ListSweep {
    static let sizes = [100, 1_000, 10_000]

    static func measure(into figures: inout Figures) {
        for form in Form.allCases {
            var base: [Change: Double] = [:]
            for rows in sizes {
                let costs = self.costs(form, rows: rows)
                for change in Change.allCases {
                    let micros = costs[change]!
                    figures.add("list_\(change)_us_\(form)_\(rows)", micros, "us")
                    if rows == sizes[0] { base[change] = micros } else {
                        figures.add("list_\(change)_ratio_\(form)_\(rows)", micros / base[change]!, "x")
                    }
                }
            }
        }
    }

    enum Form: String, CaseIterable, CustomStringConvertible {
        case plain, rows, bindings
        var description: String { rawValue }
    }

    enum Change: String, CaseIterable, CustomStringConvertible {
        case add, toggle, remove
        var description: String { rawValue }
    }

    /// The median cost of each change on a list of `rows` rows: an add and a remove in turn (the
    /// list keeps its length), and a toggle of the middle row.
    static func costs(_ form: Form, rows: Int) -> [Change: Double] {
        let tree: LiveTree
        switch form {
        case .plain: tree = LiveTree(PlainList(count: rows), renderer: FormMarkup.self)
        case .rows: tree = LiveTree(RowViewList(count: rows), renderer: FormMarkup.self)
        case .bindings: tree = LiveTree(BindingList(count: rows), renderer: FormMarkup.self)
        }
        defer { tree.close() }
        let toggle = Event(target: "toggle-\(rows / 2)", type: .click)
        let add = Event(target: "add", type: .click), remove = Event(target: "remove", type: .click)
        // As many events as fit in about half a second a change (at least 11, at most 401).
        var samples: [Change: [Double]] = [:]
        let deadline = DispatchTime.now().uptimeNanoseconds + 1_500_000_000
        for iteration in 0..<401 {
            for (change, event) in [(Change.add, add), (.remove, remove), (.toggle, toggle)] {
                let start = DispatchTime.now().uptimeNanoseconds
                let actions = try! tree.send(event)
                _ = TurboStream.encode(actions)
                let end = DispatchTime.now().uptimeNanoseconds
                precondition(!actions.isEmpty, "\(change) changed the page")
                if iteration > 0 { samples[change, default: []].append(Double(end - start) / 1000) }  // after a warm-up
            }
            if iteration >= 11, DispatchTime.now().uptimeNanoseconds > deadline { break }
        }
        return samples.mapValues(median)
    }
}

