import Foundation
import Runtime

/// A browser's session (the `sh_session` cookie): its CSRF token and its pages.
@MainActor
final class Session {
    let id: String
    let csrfToken: String
    var pages: [String: Page] = [:]
    /// When a request last carried this session's cookie (`Uptime.now`).
    var lastUsed: UInt64

    init(now: UInt64) {
        id = Token.make()
        csrfToken = Token.make()
        lastUsed = now
    }
}

/// One loaded document (a browser tab): a live tree owned by one session, and the event
/// streams (`/_sh/stream`) open for it.
@MainActor
final class Page {
    let id: String
    let route: RouteDescription
    let tree: LiveTree
    unowned let session: Session
    /// When the page last had an event, a render or an open stream (`Uptime.now`).
    var lastUsed: UInt64
    private var streams: [ObjectIdentifier: EventStream] = [:]
    private var pushScheduled = false

    init(route: RouteDescription, session: Session, now: UInt64) {
        id = Token.make()
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
    private var sessions: [String: Session] = [:]
    private var pages: [String: Page] = [:]
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
        guard let id, let session = sessions[id] else {
            let why = id.flatMap { endings[$0] } ?? "unknown or expired"
            return .failure(.gone("session \(why): load the page again"))
        }
        session.lastUsed = Uptime.now
        return .success(session)
    }

    /// The page `id`, if it exists and belongs to `session`; asking for it counts as use.
    func page(_ id: String, of session: Session) -> Result<Page, Refusal> {
        guard let page = pages[id], page.session === session else {
            let why = endings[id].map { "ended: \($0)" } ?? "is unknown, expired or not this session's"
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
           let oldest = session.pages.values.min(by: { $0.lastUsed < $1.lastUsed }) {
            remove(oldest, reason: "evicted to make room (a session holds at most \(limits.maxPagesPerSession) pages)")
        }
        let page = Page(route: route, session: session, now: Uptime.now)
        session.pages[page.id] = page
        pages[page.id] = page
        return page
    }

    // MARK: Ending

    /// Ends `page`: its streams close, its tasks are cancelled, `onDisappear` actions run, its
    /// state is freed.
    func remove(_ page: Page, reason: String) {
        guard pages.removeValue(forKey: page.id) != nil else { return }
        page.session.pages[page.id] = nil
        endings.record(page.id, reason)
        page.closeStreams()
        page.tree.close()
    }

    private func remove(_ session: Session, reason: String) {
        for page in Array(session.pages.values) { remove(page, reason: "its session was \(reason)") }
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
    private var reasons: [String: String] = [:]
    private var order: [String] = []
    private var next = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    subscript(id: String) -> String? { reasons[id] }

    mutating func record(_ id: String, _ reason: String) {
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

/// Unguessable identifiers: 128 bits from the system's cryptographic random source, in hex.
enum Token {
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var hex = ""
        hex.reserveCapacity(32)
        for _ in 0..<2 {
            let word = generator.next() as UInt64
            let digits = String(word, radix: 16)
            hex += String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex
    }

    /// Compares in time independent of where the strings differ.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
