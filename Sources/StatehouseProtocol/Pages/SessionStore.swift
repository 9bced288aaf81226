import Dispatch
import StatehouseViews

/// All sessions and pages of one server, with their lifetimes: idle ones expire (swept on a
/// timer), and over a cap the least recently used one is evicted. A request naming an ended
/// page or session gets 410 saying why. Main actor only.
@MainActor
final class SessionStore {
    private var sessions: [Token: Session] = [:]
    private var pages: [Token: Page] = [:]
    /// The sessions by last use, for eviction at the cap.
    private(set) var recency = Recency()
    /// Lifetimes and caps (`sessionTTL`, `maxPagesPerSession`, `maxSessions`).
    let limits: ProtocolSettings
    /// Why recently ended pages and sessions ended, by id (bounded).
    private var endings = Endings(capacity: 4096)
    private var sweeper: (any DispatchSourceTimer)?
    /// Told when a page's view fails outside a request (while pushing).
    var onPageFailure: @MainActor (Page, ViewFailure) -> Void = { _, _ in }

    init(limits: ProtocolSettings) {
        self.limits = limits
    }

    var sessionCount: Int { sessions.count }
    var pageCount: Int { pages.count }

    /// Starts expiring idle pages and sessions, checking several times per idle time.
    func startSweeping() {
        sweeper = MainActorHop.repeating(every: min(max(limits.sessionTTL / 4, 0.05), 30)) { [weak self] in self?.sweep() }
    }

    /// Ends every page and session (the server is stopping).
    func removeAll() {
        sweeper?.cancel()
        for page in Array(pages.values) { remove(page, reason: "the server is shutting down") }
        sessions.removeAll()
        recency = Recency()
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
        recency.touch(session)
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
        if sessions.count >= limits.maxSessions, let oldest = recency.oldest {
            remove(oldest, reason: "evicted to make room (the server holds at most \(limits.maxSessions) sessions)")
        }
        let session = Session(now: Uptime.now)
        sessions[session.id] = session
        recency.append(session)
        return session
    }

    func newPage(_ route: RouteDescription, tree: LiveTree, in session: Session) -> Page {
        if session.pages.count >= limits.maxPagesPerSession,
           let oldest = session.pages.min(by: { $0.lastUsed < $1.lastUsed }) {
            remove(oldest, reason: "evicted to make room (a session holds at most \(limits.maxPagesPerSession) pages)")
        }
        let page = Page(route: route, tree: tree, session: session, store: self, now: Uptime.now)
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
        recency.remove(session)
        endings.record(session.id, reason)
    }

    /// Ends pages idle for longer than the idle time (a page with an open stream is in use),
    /// then sessions with no pages left and no request for as long.
    func sweep(now: UInt64 = Uptime.now) {
        let idle = UInt64(limits.sessionTTL * 1e9)
        let seconds = limits.sessionTTL.formatted()
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
