import Foundation

/// Where a page is: the path it was served at and, below it, what its `NavigationStack` shows,
/// as URL path segments (`/bookshelf` + `["dune"]`). The host builds the stack from the URL
/// of a `GET` and moves the browser's URL when the path changes.
@MainActor
public final class PageLocation {
    /// The path of the page's route (`/bookshelf`).
    public let base: String
    /// The segments the page was loaded with that no `NavigationStack` has taken yet.
    var pending: [String]
    /// The segments of what the stack shows now (each one decoded, not percent-encoded).
    public internal(set) var segments: [String] = []
    /// Why the URL the page was loaded with shows nothing (an unknown value, a destination
    /// that renders nothing for it, segments on a page with no stack); nil if it was found.
    public internal(set) var notFound: String?
    /// The stack that writes this location (the first one mounted on the page).
    weak var owner: NavigationModel?

    /// A page at `base` loaded with `segments` below it.
    public init(base: String, segments: [String] = []) {
        self.base = base
        pending = segments
    }

    /// The URL path of what the page shows: `base` and each segment, percent-encoded.
    public var path: String { Self.path(base, segments) }

    static func path(_ base: String, _ segments: some Sequence<String>) -> String {
        var path = base == "/" ? "" : base
        for segment in segments { path += "/" + PathSegment.escaped(segment) }
        return path.isEmpty ? "/" : path
    }

    /// The segments of a URL path below `base` (`/bookshelf/dune` → `["dune"]`), percent-decoded;
    /// nil if `path` is not below `base` or is malformed.
    public static func segments(of path: String, below base: String) -> [String]? {
        let prefix = base == "/" ? "" : base
        guard path == base || path.hasPrefix(prefix + "/") else { return nil }
        var segments: [String] = []
        for part in path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: true) {
            guard let decoded = String(part).removingPercentEncoding else { return nil }
            segments.append(decoded)
        }
        return segments
    }

    /// After the first mount: segments no stack took are not found.
    func settleFirstMount() {
        if !pending.isEmpty, notFound == nil {
            notFound = "no screen at \(Self.path(base, pending)) below \(base)"
        }
        pending = []
    }
}

extension EnvironmentValues {
    /// The page's location (a stack reads the URL's segments from it and writes its own).
    var pageLocation: PageLocation? {
        get { self[ObjectIdentifier(PageLocation.self)] }
        set { self[ObjectIdentifier(PageLocation.self)] = newValue }
    }
}
