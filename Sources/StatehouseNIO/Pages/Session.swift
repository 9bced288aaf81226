import Foundation
import StatehouseViews

/// A browser's session (the `sh_session` cookie): its CSRF token and its pages.
@MainActor
final class Session {
    let id: Token
    let csrfToken: Token
    /// At most `maxPagesPerSession` (16): a list is smaller than a table and as quick.
    var pages: [Page] = []
    /// When a request last carried this session's cookie (`Uptime.now`).
    var lastUsed: UInt64

    init(now: UInt64) {
        id = Token.random()
        csrfToken = Token.random()
        lastUsed = now
    }
}

/// One loaded document (a browser tab): a live tree owned by one session, and the event
/// streams (`/_sh/stream`) open for it.
@MainActor
final class Page {
    let id: Token
    let route: RouteDescription
    let tree: LiveTree
    unowned let session: Session
    /// When the page last had an event, a render or an open stream (`Uptime.now`).
    var lastUsed: UInt64
    private var streams: [ObjectIdentifier: EventStream] = [:]
    private var pushScheduled = false

    init(route: RouteDescription, session: Session, now: UInt64) {
        id = Token.random()
        self.route = route
        tree = route.makeTree()
        self.session = session
        lastUsed = now
        tree.onInvalidate = { [weak self] in self?.schedulePush() }
    }

    /// Whether a stream is open: the document is still there, so the page is in use.
    var isStreaming: Bool { !streams.isEmpty }

    /// Opens `stream` for this page; what changed while no stream was open goes out at once.
    func add(_ stream: EventStream) {
        let key = ObjectIdentifier(stream)
        streams[key] = stream
        stream.onClose { [weak self] in
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.streams.removeValue(forKey: key)
                    self.lastUsed = Uptime.now  // idle from the moment the document went away
                }
            }
        }
        schedulePush()
    }

    /// Changes the server made on its own (a task after `await`, another thread, App state
    /// written by another session) are flushed once the writes that are landing together have
    /// landed, and sent to the open streams. With no stream open they wait for the page's next
    /// event response or render.
    private func schedulePush() {
        guard !pushScheduled else { return }
        pushScheduled = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                self.pushScheduled = false
                guard !self.streams.isEmpty, self.tree.hasPendingChanges else { return }
                let actions = self.tree.flush()
                guard !actions.isEmpty else { return }
                let html = actions.turboStream
                for stream in self.streams.values { stream.send(html) }
            }
        }
    }

    /// Ends the page's streams (the page itself is ending).
    func closeStreams() {
        for stream in streams.values { stream.close() }
        streams.removeAll()
    }
}

/// How long sessions and pages live, and how many there may be.
struct SessionLimits {
    /// A page with no event, render or open stream for this long ends; so does a session
    /// with no pages and no request for this long.
    var idleTime: Double = 600
    /// Over this, a session's least recently used page ends.
    var maxPagesPerSession = 16
    /// Over this, the least recently used session (and its pages) ends.
    var maxSessions = 10_000
}

/// Monotonic time in nanoseconds.
enum Uptime {
    static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }
}

/// A request the protocol refuses: the response is one line saying why.
struct Refusal: Error {
    let response: Response
    static func gone(_ message: String) -> Refusal { Refusal(response: .text(.gone, message)) }
}

/// All sessions and pages of one server, with their lifetimes: idle ones expire (swept on a
/// timer), and over a cap the least recently used one is evicted. A request naming an ended
/// page or session gets 410 saying why. Main actor only.
@MainActor
final class SessionStore {
    private var sessions: [Token: Session] = [:]
    private var pages: [Token: Page] = [:]
    let limits: SessionLimits
    /// Why recently ended pages and sessions ended, by id (bounded).
    private var endings = Endings(capacity: 4096)
    private var sweeper: DispatchSourceTimer?

    init(limits: SessionLimits = SessionLimits()) {
        self.limits = limits
    }

    var sessionCount: Int { sessions.count }
    var pageCount: Int { pages.count }

    /// Starts expiring idle pages and sessions, checking several times per idle time.
    func startSweeping() {
        let interval = min(max(limits.idleTime / 4, 0.05), 30)
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(Int(interval * 100)))
        timer.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.sweep() } }
        timer.resume()
        sweeper = timer
    }

    /// Ends every page and session (the server is stopping).
    func removeAll() {
        sweeper?.cancel()
        for page in Array(pages.values) { remove(page, reason: "the server is shutting down") }
        sessions.removeAll()
    }

    // MARK: Lookup

    /// The session `id` names; a request carrying it counts as use.
    func session(_ id: String?) -> Result<Session, Refusal> {
        let token = id.flatMap(Token.init)
        guard let token, let session = sessions[token] else {
            let why = token.flatMap { endings[$0] } ?? "unknown or expired"
            return .failure(.gone("session \(why): load the page again"))
        }
        session.lastUsed = Uptime.now
        return .success(session)
    }

    /// The page `id`, if it exists and belongs to `session`; asking for it counts as use.
    func page(_ id: String, of session: Session) -> Result<Page, Refusal> {
        let token = Token(id)
        guard let token, let page = pages[token], page.session === session else {
            let why = token.flatMap { endings[$0] }.map { "ended: \($0)" } ?? "is unknown, expired or not this session's"
            return .failure(.gone("page '\(id)' \(why): load the page again"))
        }
        page.lastUsed = Uptime.now
        return .success(page)
    }

    // MARK: Creation

    func newSession() -> Session {
        if sessions.count >= limits.maxSessions, let oldest = sessions.values.min(by: { $0.lastUsed < $1.lastUsed }) {
            remove(oldest, reason: "evicted to make room (the server holds at most \(limits.maxSessions) sessions)")
        }
        let session = Session(now: Uptime.now)
        sessions[session.id] = session
        return session
    }

    func newPage(_ route: RouteDescription, in session: Session) -> Page {
        if session.pages.count >= limits.maxPagesPerSession,
           let oldest = session.pages.min(by: { $0.lastUsed < $1.lastUsed }) {
            remove(oldest, reason: "evicted to make room (a session holds at most \(limits.maxPagesPerSession) pages)")
        }
        let page = Page(route: route, session: session, now: Uptime.now)
        session.pages.append(page)
        pages[page.id] = page
        return page
    }

    // MARK: Ending

    /// Ends `page`: its streams close, its tasks are cancelled, `onDisappear` actions run, its
    /// state is freed.
    func remove(_ page: Page, reason: String) {
        guard pages.removeValue(forKey: page.id) != nil else { return }
        page.session.pages.removeAll { $0 === page }
        endings.record(page.id, reason)
        page.closeStreams()
        page.tree.close()
    }

    private func remove(_ session: Session, reason: String) {
        for page in session.pages { remove(page, reason: "its session was \(reason)") }
        sessions[session.id] = nil
        endings.record(session.id, reason)
    }

    /// Ends pages idle for longer than the idle time (a page with an open stream is in use),
    /// then sessions with no pages left and no request for as long.
    func sweep(now: UInt64 = Uptime.now) {
        let idle = UInt64(limits.idleTime * 1e9)
        let seconds = limits.idleTime.formatted()
        for page in Array(pages.values) {
            if page.isStreaming { page.lastUsed = now; continue }
            if now > page.lastUsed, now - page.lastUsed > idle {
                remove(page, reason: "expired (no event or stream for \(seconds) s)")
            }
        }
        for session in Array(sessions.values) where session.pages.isEmpty && now > session.lastUsed && now - session.lastUsed > idle {
            remove(session, reason: "expired (no page and no request for \(seconds) s)")
        }
    }
}

/// Why recently ended pages and sessions ended, remembering the latest `capacity` of them.
struct Endings {
    private var reasons: [Token: String] = [:]
    private var order: [Token] = []
    private var next = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    subscript(id: Token) -> String? { reasons[id] }

    mutating func record(_ id: Token, _ reason: String) {
        if order.count < capacity {
            order.append(id)
        } else {
            reasons[order[next]] = nil
            order[next] = id
            next = (next + 1) % capacity
        }
        reasons[id] = reason
    }
}

/// An unguessable identifier (a session, its CSRF token, a page): 128 bits from the system's
/// cryptographic random source, written as 32 lowercase hex digits. Held as two words, not
/// as a string: three of them come with every session.
struct Token: Hashable, Sendable, CustomStringConvertible {
    private let high: UInt64
    private let low: UInt64

    static func random() -> Token {
        var generator = SystemRandomNumberGenerator()
        return Token(high: generator.next(), low: generator.next())
    }

    private init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Parses 32 hex digits (either case); nil for anything else.
    init?(_ text: some StringProtocol) {
        let utf8 = text.utf8
        guard utf8.count == 32 else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        for (index, byte) in utf8.enumerated() {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            if index < 16 { words.0 = words.0 << 4 | UInt64(digit) } else { words.1 = words.1 << 4 | UInt64(digit) }
        }
        self.init(high: words.0, low: words.1)
    }

    var description: String { Token.hex(high) + Token.hex(low) }

    private static func hex(_ word: UInt64) -> String {
        let digits = String(word, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Whether `text` is this token, in time independent of where they differ.
    func matches(_ text: String) -> Bool {
        guard let other = Token(text) else { return false }
        return (high ^ other.high) | (low ^ other.low) == 0
    }
}
