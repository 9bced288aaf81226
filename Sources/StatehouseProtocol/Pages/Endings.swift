import Foundation

/// Why a page or session ended. Kept as a case, not as text: eviction at the session cap ends
/// a session and its pages on every page load, and the words are wanted only if a request
/// for one of them comes (its 410 says why).
enum Ending: Sendable, CustomStringConvertible {
    /// Evicted for a new session: the server holds at most this many.
    case sessionCap(Int)
    /// Evicted for a new page of its session: a session holds at most this many.
    case pageCap(Int)
    /// Evicted (with its session) for a new page: the server holds at most this many pages.
    case totalPageCap(Int)
    /// No event or stream for this many seconds.
    case idlePage(seconds: Double)
    /// No page and no request for this many seconds.
    case idleSession(seconds: Double)
    case takenUp
    case shuttingDown
    case documentClosed
    case viewFailed(String)
    /// Its session was replaced at a sign-in, a sign-out, or because the host's authentication
    /// names another user now (`HostRequest.authenticate(as:)`).
    case signedIn, signedOut, userChanged

    /// Whether a page that ended so lives on in a durable store, to be taken up by a later
    /// request: one that idled out (not one evicted at a cap, taken up elsewhere, whose
    /// document closed or whose view failed, or one of a server that is stopping).
    var livesOnInStore: Bool {
        switch self {
        case .idlePage, .idleSession: true
        case .sessionCap, .pageCap, .totalPageCap, .takenUp, .shuttingDown, .documentClosed, .viewFailed, .signedIn, .signedOut, .userChanged: false
        }
    }

    /// Whether what ended so is deleted in a durable store too (and recorded here, for the
    /// 410 that says why): an eviction at a cap, a session replaced at a sign-in or sign-out
    /// (whose pages no process may take up again).
    var endsInStore: Bool {
        switch self {
        case .signedIn, .signedOut, .userChanged: true
        default: isEviction
        }
    }

    /// Whether it was evicted at a cap: the caps bound what a durable store keeps too, so an
    /// evicted page or session is deleted there, and a request for it is told it was evicted.
    var isEviction: Bool {
        switch self {
        case .sessionCap, .pageCap, .totalPageCap: true
        case .idlePage, .idleSession, .takenUp, .shuttingDown, .documentClosed, .viewFailed, .signedIn, .signedOut, .userChanged: false
        }
    }

    var description: String {
        switch self {
        case .sessionCap(let limit): "evicted to make room (the server holds at most \(limit) sessions)"
        case .pageCap(let limit): "evicted to make room (a session holds at most \(limit) pages)"
        case .totalPageCap(let limit): "evicted to make room (the server holds at most \(limit) pages)"
        case .idlePage(let seconds): "expired (no event or stream for \(seconds.formatted()) s)"
        case .idleSession(let seconds): "expired (no page and no request for \(seconds.formatted()) s)"
        case .takenUp: "taken up by another process"
        case .shuttingDown: "the server is shutting down"
        case .documentClosed: "its document was closed"
        case .viewFailed(let failure): "a view failed: \(failure)"
        case .signedIn: "replaced at a sign-in"
        case .signedOut: "replaced at a sign-out"
        case .userChanged: "replaced: the signed-in user changed"
        }
    }
}

/// Why recently ended pages and sessions ended, remembering the latest `capacity` of them.
struct Endings {
    private var reasons: [Token: (ending: Ending, withSession: Bool)] = [:]
    private var order: [Token] = []
    private var next = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// Why `id` ended, in words.
    subscript(id: Token) -> String? {
        guard let (ending, withSession) = reasons[id] else { return nil }
        return withSession ? "its session was \(ending)" : ending.description
    }

    /// Whether `id` is known to have ended.
    func contains(_ id: Token) -> Bool { reasons[id] != nil }

    /// Records why `id` ended: `withSession` for a page that ended because its session did.
    mutating func record(_ id: Token, _ ending: Ending, withSession: Bool = false) {
        if order.count < capacity {
            order.append(id)
        } else {
            reasons[order[next]] = nil
            order[next] = id
            next = (next + 1) % capacity
        }
        reasons[id] = (ending, withSession)
    }
}
