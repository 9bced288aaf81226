/// What a `NavigationStack` keeps between its body's runs: its path binding, the destinations
/// its screens declared, and the URL it was loaded with until the destinations can read it.
@MainActor
final class NavigationModel {
    private var path: Binding<[AnyHashable]>?
    private var elements: [AnyHashable] = []
    private weak var location: PageLocation?
    /// The tab the stack is in, if it is in a `TabView`.
    private(set) var tab: AnyHashable?
    /// The URL's segments, read into the path once the destinations are declared.
    private var pendingSegments: [String]?
    /// Numbers the views `NavigationLink(destination:)` pushes.
    var linkSerial = 0

    /// A `navigationDestination(for:)`: how to read its type from a URL segment and which view
    /// shows a value of it.
    private struct Destination {
        let type: ObjectIdentifier
        let decoder: any SegmentDecoding
        /// The view for a value of the type, and whether it renders nothing for it.
        let make: @MainActor (AnyHashable) -> (view: AnyView, isEmpty: Bool)?
    }

    /// In the order they were declared (the order URL segments are tried in).
    private var destinations: [Destination] = []

    /// Called by the stack's body: the binding to write, the path it holds, the page's
    /// location and the tab the stack is in. The stack in the selected tab (or in no tab)
    /// takes the URL's segments and writes its own.
    func update(path: Binding<[AnyHashable]>, elements: [AnyHashable], location: PageLocation?, tab: AnyHashable?) {
        self.path = path
        self.elements = elements
        self.tab = tab
        guard let location else { return }
        if self.location == nil {
            self.location = location
            location.register(self)
        }
        guard location.activeStack === self else { return }
        if !location.pending.isEmpty {
            pendingSegments = location.pending
            location.pending = []
        }
        location.segments = encodedSegments()
    }

    /// Writes this stack's segments into the location (its tab was selected).
    func writeLocation() {
        location?.segments = encodedSegments()
    }

    /// The path's values as URL segments, up to the first that cannot be written.
    private func encodedSegments() -> [String] {
        var segments: [String] = []
        for element in elements {
            guard let segment = PathSegment.encode(element) else { break }
            segments.append(segment)
        }
        return segments
    }

    func register<D: Hashable, C: View>(_ type: D.Type, _ destination: @escaping @MainActor (D) -> C) {
        let entry = Destination(type: ObjectIdentifier(type), decoder: SegmentDecoder<D>()) { value in
            guard let value = value.base as? D else { return nil }
            let view = destination(value)
            return (AnyView(view), (view as? any AbsentView)?.isAbsent ?? false)
        }
        if let index = destinations.firstIndex(where: { $0.type == entry.type }) {
            destinations[index] = entry
        } else {
            destinations.append(entry)
        }
    }

    /// The screen for `value`: its destination's view, or a note that none was declared.
    func destination(for value: AnyHashable) -> AnyView {
        if let linked = value.base as? LinkedDestination { return linked.view }
        for destination in destinations {
            if let made = destination.make(value) { return made.view }
        }
        return AnyView(Text("No navigationDestination(for: \(type(of: value.base)).self) is declared for this value"))
    }

    // MARK: Moving

    /// The URL of the screen at `depth` (0: the root).
    func url(depth: Int) -> String {
        PageLocation.path(location?.base ?? "", encodedSegments().prefix(depth))
    }

    /// Pushes `value` above the screen at `depth` (screens above it are popped first).
    func push(_ value: AnyHashable, above depth: Int) {
        var next = Array(elements.prefix(depth))
        next.append(value)
        path?.wrappedValue = next
    }

    /// Pops every screen above `depth`.
    func pop(to depth: Int) {
        guard depth < elements.count else { return }
        path?.wrappedValue = Array(elements.prefix(depth))
    }

    /// The path `segments` name (the browser went Back or Forward): values on the stack whose
    /// segments match stay (with their state); the rest are read from the segments. Nil if a
    /// segment names nothing.
    func path(for segments: [String]) -> [AnyHashable]? {
        var next: [AnyHashable] = []
        for (index, segment) in segments.enumerated() {
            if index < elements.count, PathSegment.encode(elements[index]) == segment, next.count == index {
                next.append(elements[index])
            } else if let value = screenValue(segment) {
                next.append(value)
            } else {
                return nil
            }
        }
        return next
    }

    /// Shows `next` (from `path(for:)`).
    func show(_ next: [AnyHashable]) {
        if next != elements { path?.wrappedValue = next }
    }

    /// Reads the URL's segments into the path (after the first mount); a segment that reads as
    /// nothing, or whose destination renders nothing, ends there and the location is not found.
    func applyPendingLocation() {
        guard let segments = pendingSegments, let location else { return }
        pendingSegments = nil
        var next: [AnyHashable] = []
        for segment in segments {
            guard let value = screenValue(segment) else {
                location.notFound = "nothing to show for '\(segment)' at \(PageLocation.path(location.base, segments))"
                break
            }
            next.append(value)
        }
        if !next.isEmpty { path?.wrappedValue = next }
    }

    /// The value `segment` names, if it reads as a declared type whose destination renders
    /// something for it.
    private func screenValue(_ segment: String) -> AnyHashable? {
        for destination in destinations {
            if let value = destination.decoder.decode(segment) {
                return destination.make(value)?.isEmpty == false ? value : nil
            }
        }
        return nil
    }
}

/// Reads a URL segment as a value of one type.
protocol SegmentDecoding {
    func decode(_ segment: String) -> AnyHashable?
}

struct SegmentDecoder<T: Hashable>: SegmentDecoding {
    func decode(_ segment: String) -> AnyHashable? {
        guard let value = PathSegment.decode(segment, as: T.self) else { return nil }
        return AnyHashable(value)
    }
}

/// A view pushed by `NavigationLink(destination:)`: it has no value to write in the URL.
struct LinkedDestination: Hashable {
    let serial: Int
    let view: AnyView

    static func == (a: Self, b: Self) -> Bool { a.serial == b.serial }
    func hash(into hasher: inout Hasher) { hasher.combine(serial) }
}

/// A view that may render nothing (`Optional`): a destination that renders nothing for the
/// value in a URL means the URL names nothing.
protocol AbsentView {
    var isAbsent: Bool { get }
}

extension Optional: AbsentView where Wrapped: View {
    var isAbsent: Bool { self == nil }
}
