import Dispatch
import Foundation
import Logging
import StatehouseViews

/// All sessions and pages of one server, with their lifetimes: idle ones expire (swept on a
/// timer), and over a cap the least recently used one is evicted. A request naming an ended
/// page or session gets 410 saying why. Main actor only.
///
/// With a durable store, every session and page is written there too (`persist`), and one this
/// process does not hold can be taken up from there (`adopt`). A page that ends for good (its
/// document closed, a view failed) or is evicted at a cap, and a session evicted at the cap,
/// are deleted there (the caps bound the store too); one that idles out or is here when the
/// process stops stays, and the store expires it by its last use: another process, or this one
/// started again, may take it up meanwhile.
@MainActor
final class SessionStore {
    var sessions: [Token: Session] = [:]
    /// The same sessions by the id the durable store files them under.
    var byStoreID: [Token: Session] = [:]
    var pages: [Token: Page] = [:]
    /// The sessions by last use, for eviction at the cap.
    private(set) var recency = Recency()
    /// Lifetimes and caps (`sessionTTL`, `maxPagesPerSession`, `maxSessions`).
    let limits: ProtocolSettings
    /// The session key (`ProtocolSettings.sessionSecret`, or a random one).
    let secret: SessionSecret
    /// Why recently ended pages and sessions ended, by id (bounded).
    var endings = Endings(capacity: 4096)
    private var sweeper: (any DispatchSourceTimer)?
    /// Told when a page's view fails outside a request (while pushing).
    var onPageFailure: @MainActor (Page, ViewFailure) -> Void = { _, _ in }
    /// The `@UserStorage` values of the users signed in to sessions held here, by store id:
    /// one set per user, shared by their sessions (freed with the last of them).
    var userScopes: [Token: WeakStorage] = [:]
    struct WeakStorage { weak var values: StorageValues? }
    /// Told when a view signs in or out outside an event (a task's, while pushing).
    var onAccountChange: @MainActor (Page, AccountChange) -> Void = { _, _ in }
    /// While a new page is made (`holdingEnded`), the pages that ended meanwhile (evicted at a
    /// cap), closed once it has been answered. Nil otherwise: an ending page is closed at once.
    private var endedToClose: [Page]?
    /// Where sessions, pages and state outlive the process (nil: they don't).
    let durable: (any DurableStore)?
    /// The App-level state, filed for the durable store (nil: not kept).
    let appState: StateSnapshots?
    let logger: Logger
    /// Sessions created since the last `persist` of one of their pages (written with it).
    var unsavedSessions: Set<Token> = []
    /// How the durable store is doing. `failing`: a write failed, or took longer than
    /// `storeTimeout` (logged once until one commits again); meanwhile answers do not wait for
    /// it and pages are not written (`heldBack`), but one of them is tried every second.
    /// `catchingUp`: a write committed again, and what was held back (or still in flight when it
    /// began failing) is being written; `works` once all of that committed, so that a process
    /// stopped then loses nothing it answered.
    var storeCondition = StoreCondition.works
    enum StoreCondition { case works, failing, catchingUp }
    /// Writes sent to the durable store and not yet answered, by `order`. Kept apart from
    /// their pages (the write holds none: a page that ends is freed, also while a store hangs):
    /// a page taken up while one of its writes is on its way is mounted with it on top of what
    /// the store has, and one that fails after its page ended here is held back for it.
    var inFlight: [UInt64: SentWrite] = [:]
    struct SentWrite {
        /// What was sent, of which page (it may have ended here since).
        let batch: PageWrites
        var standing = Standing.current
    }
    /// Writes of one page made together (what one flush changed, the page in whole, its
    /// deletion).
    struct PageWrites {
        let id: Token
        let writes: [StoreWrite]
        /// When they were made (`nextOrder`): held back, a page's writes keep this order.
        let order: UInt64
        /// They hold all of the page (its first write, or one after `forgetStored`): it can be
        /// taken up from them alone, where the store has no copy or cannot be read.
        let whole: Bool
    }
    /// Whether a write on its way still says what its page is.
    enum Standing {
        /// It does: kept for the page if it fails after the page ended here.
        case current
        /// Another process, or this one anew, took the page up since (with what the write
        /// held): neither kept if it fails nor put under a take-up.
        case outdated
        /// The page ended for good here: what it wrote of its session and the App outlives
        /// it, and is kept if the write fails.
        case pageDeleted
    }
    var writesInFlight: Int { inFlight.count }
    /// Counts the times the store worked again: a write remembers the one it was sent in.
    var recoveries = 0
    /// Writes sent before the store worked again that have not been answered yet: `catchingUp`
    /// lasts until none is left.
    var catchUpLeft = 0
    /// Pages whose last write failed, or which changed while the store was failing: written in
    /// whole (page, session, every state) once it commits again.
    var heldBack: [Token: Page] = [:]
    /// The writes of held-back pages that ended here meanwhile (idled out, evicted): they live
    /// on in the store, where another request may take them up, so what they answered is
    /// written too. At most `maxSessions` of them (a flood of new pages while the store fails
    /// must not grow memory without end): beyond, a newly ended page's are dropped and logged
    /// (in a flood of new sessions the first evicted are the visitors' own). In the
    /// order they ended, and written before the live pages: a page's session state in an
    /// older snapshot must not land after a newer one.
    /// `order`: when the writes were made (`nextOrder`): kept in that order, also when writes
    /// sent and failed come back among those held since.
    var heldBackOfEnded: [PageWrites] = []
    /// Counts writes as they are made (sent, or held at a page's end).
    var madeWrites: UInt64 = 0
    /// Pages and sessions whose copy is being read from the store to take them up: how many
    /// reads are open, and the writes of them that committed meanwhile (the copy may predate
    /// them: they go on top of it, as those still on their way do).
    var readingUp: [Token: (readers: Int, committed: [PageWrites])] = [:]
    /// Answers waiting for their writes to commit.
    let commitWaits = CommitWaits()
    /// Checks, four times a second, for answers that waited too long, and tries a held-back page
    /// each second while the store fails.
    var storeWatch: (any DispatchSourceTimer)?
    var isTrying = false
    /// Where commit times are recorded (nil: not).
    var metrics: ProtocolMetrics?
    var lastTry: UInt64 = 0

    init(limits: ProtocolSettings, appState: StateSnapshots? = nil, logger: Logger = Logger(label: "statehouse")) {
        self.limits = limits
        durable = limits.stateStore
        if let secret = limits.sessionSecret {
            self.secret = secret
        } else {
            secret = .random()
            if durable != nil {
                logger.warning("the durable store has no session key (ProtocolSettings.sessionSecret): its sessions are filed under a random one, and lost when the process restarts")
            }
        }
        self.appState = durable == nil ? nil : appState
        self.logger = logger
        if let appState = self.appState {
            // Another process wrote App-level state: its readers here are updated (and pushed).
            durable?.onAppStateWritten { key, value in
                MainActorHop.run { appState.applyStored(key: key, value: value) }
            }
        }
        // Another process took up a page this one holds (or ended a session): this copy is
        // stale, let it go.
        durable?.onPageTaken { [weak self] id in
            MainActorHop.run {
                guard let self, let token = Token(id) else { return }
                // Its writes held here, or on their way, are older than what the other process
                // has now.
                self.dropHeldBack(ofEnded: token)
                self.outdateWritesInFlight(of: token, to: .outdated)
                guard let page = self.pages[token] else {
                    // A session another process ended (replaced at a sign-in, evicted), by
                    // the id the store files it under: this copy opens nothing any more.
                    if let session = self.byStoreID[token] { self.remove(session, reason: .takenUp) }
                    return
                }
                self.remove(page, reason: .takenUp)
            }
        }
    }

    var sessionCount: Int { sessions.count }
    var pageCount: Int { pages.count }

    /// Starts expiring idle pages and sessions, checking several times per idle time.
    func startSweeping() {
        sweeper = MainActorHop.repeating(every: min(max(limits.sessionTTL / 4, 0.05), 30)) { [weak self] in self?.sweep() }
        if durable != nil {
            storeWatch = MainActorHop.repeating(every: min(limits.storeTimeout / 4, 0.25)) { [weak self] in self?.watchStore() }
        }
    }

    /// Ends every page and session (the server is stopping). A durable store keeps them:
    /// another process (or this one, started again) takes them up.
    func removeAll() {
        sweeper?.cancel()
        storeWatch?.cancel()
        // Answers still waiting for a store that does not answer go now (their connections are
        // closed by now, or about to be): held, they would hold the responder, and with it
        // every page, for as long as the store hangs, which may be for good.
        _ = commitWaits.answerOverdue(before: .max)
        for page in Array(pages.values) { remove(page, reason: .shuttingDown) }
        for session in sessions.values { session.madeAppStorage?.snapshots?.close() }
        sessions.removeAll()
        recency = Recency()
    }

    /// Whether a session or page by `id` is held here, or ended here (no store lookup then).
    func holdsOrEnded(_ id: Token) -> Bool {
        sessions[id] != nil || pages[id] != nil || endings.contains(id)
    }

    /// Takes up session `id` (the browser's cookie), which a durable store kept as `stored`.
    func adopt(_ stored: StoredSession, id: Token) -> Session? {
        if let live = sessions[id] { return live }
        let session = Session(id: id, secret: secret, now: Uptime.now)
        guard session.storeID.description == stored.id else { return nil }
        if sessions.count >= limits.maxSessions, let oldest = recency.oldest {
            remove(oldest, reason: .sessionCap(limits.maxSessions))
        }
        session.take(stored: stored.values)
        sessions[id] = session
        byStoreID[session.storeID] = session
        recency.append(session)
        return session
    }


    // MARK: Lookup

    /// The session `id` names; a request carrying it counts as use.
    func session(_ id: (some StringProtocol)?) -> Result<Session, Refusal> {
        let token = id.flatMap { Token($0) }
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
            return .failure(.gone("page \(quoted(id)) \(why): load the page again"))
        }
        page.lastUsed = Uptime.now
        return .success(page)
    }

    /// The `@SceneStorage` values of page `id` of `session`, which a page of the same tab
    /// replaces (a reload): the page's if it is still here, else those it left.
    func sceneStorage(ofReplaced id: String, in session: Session) -> [String: [UInt8]] {
        if let token = Token(id), let page = pages[token], page.session === session { return page.tree.sceneStorageValues }
        return session.takeScene(of: id) ?? [:]
    }

    // MARK: Creation

    /// A new session, held.
    func newSession() -> Session {
        let session = makeSession()
        add(session)
        return session
    }

    /// A new session, not yet held: `add` it once its first page is sure.
    func makeSession() -> Session {
        let session = Session(secret: secret, now: Uptime.now)
        if durable != nil { session.storedValues = [:] }  // its `@AppStorage` is kept
        return session
    }

    func add(_ session: Session) {
        if sessions.count >= limits.maxSessions, let oldest = recency.oldest {
            remove(oldest, reason: .sessionCap(limits.maxSessions))
        }
        sessions[session.id] = session
        byStoreID[session.storeID] = session
        recency.append(session)
        if durable != nil { unsavedSessions.insert(session.id) }
    }

    /// A new page of `session` (or, with `id`, one taken up from a durable store).
    func newPage(_ route: RouteDescription, tree: LiveTree, in session: Session, id takenUp: Token? = nil) -> Page {
        if session.pages.count >= limits.maxPagesPerSession,
           let oldest = session.pages.min(by: { $0.lastUsed < $1.lastUsed }) {
            remove(oldest, reason: .pageCap(limits.maxPagesPerSession))
        }
        // Over the server's page cap, the least recently used sessions other than this one go.
        while pages.count >= limits.maxPages, let oldest = recency.oldest(other: session) {
            remove(oldest, reason: .totalPageCap(limits.maxPages))
        }
        // Taken up again (from what the store had, with the writes of it that ended here on
        // top): the page as it is now is what gets written.
        if let takenUp {
            dropHeldBack(ofEnded: takenUp)
            outdateWritesInFlight(of: takenUp, to: .outdated)
        }
        let id = takenUp ?? .random()
        let page = Page(id: id, route: route, tree: tree, session: session, store: self, now: Uptime.now)
        session.pages.append(page)
        pages[page.id] = page
        return page
    }

    // MARK: Ending

    /// Ends `page` here: its streams close, its tasks are cancelled, `onDisappear` actions run,
    /// its state is freed. With `forGood` (its document closed, a view failed) a durable store
    /// deletes it too. Without, a page in a durable store lives on there (idled out or evicted
    /// here, taken up by another process): it is not recorded as ended, and a request for it
    /// takes it up again.
    /// (`withSession`: it ends because its session did.)
    func remove(_ page: Page, reason: Ending, withSession: Bool = false, forGood: Bool = false) {
        guard pages.removeValue(forKey: page.id) != nil else { return }
        let livesOnInStore = durable != nil && !forGood && reason.livesOnInStore
        // Deleted in the store too (and recorded here as ended, for the 410 that says why).
        let deleted = forGood || reason.endsInStore
        // Its writes on their way, if they fail, are kept for the store only if it lives on
        // there (to be taken up again with them).
        if durable != nil, !livesOnInStore { outdateWritesInFlight(of: page.id, to: deleted ? .pageDeleted : .outdated) }
        if heldBack.removeValue(forKey: page.id) != nil, livesOnInStore {
            forgetStored(page)
            holdBack(writes(of: page), ofEnded: page.id, whole: true)
        }
        // Deleted in the store, but what it wrote of its session and of the App and has not
        // sent (held back while the store fails, or a view failed before it was written)
        // outlives it: the session may have no other page to write it.
        let outliving = deleted && durable != nil ? writes(of: page).filter(\.outlivesPage) : []
        page.session.pages.removeAll { $0 === page }
        if durable == nil || deleted { endings.record(page.id, reason, withSession: withSession) }
        // A closed document may be a reload: the page that replaces it takes its scene storage.
        if forGood { page.session.stashScene(of: page.id.description, page.tree.sceneStorageValues) }
        page.closeStreams()
        if endedToClose != nil { endedToClose?.append(page) } else { page.tree.close() }
        // Deleted in the store too: like any write, held back while the store fails and again
        // if it fails (else a restart, or another process, would take the page up again).
        if deleted, durable != nil {
            let end = outliving + [StoreWrite.endPage(id: page.id.description)]
            let deletion = PageWrites(id: page.id, writes: end, order: nextOrder(), whole: false)
            if storeCondition == .failing { holdBack(deletion) } else { send(deletion, of: nil) }
        }
    }

    /// Runs `body` holding the pages that end meanwhile (evicted at a cap) instead of closing
    /// them, and returns them with what `body` returned: the caller closes them (`close`) once
    /// it has answered, so that their views' teardown (`onDisappear`, cancelled tasks, freeing
    /// every node) does not come between a request and its answer (at the session cap every
    /// new session evicts one, and its page's teardown is much of a page load's work on the
    /// main actor). They are out of the store and their streams closed already: no request
    /// finds them, and nothing they change reaches a browser.
    func holdingEnded<Result>(_ body: () -> Result) -> (Result, ended: [Page]) {
        endedToClose = []
        let result = body()
        defer { endedToClose = nil }
        return (result, endedToClose ?? [])
    }

    /// Closes pages `holdingEnded` held.
    func close(_ ended: [Page]) {
        for page in ended { page.tree.close() }
    }

    func remove(_ session: Session, reason: Ending) {
        for page in session.pages { remove(page, reason: reason, withSession: true) }
        sessions[session.id] = nil
        byStoreID[session.storeID] = nil
        recency.remove(session)
        session.madeAppStorage?.snapshots?.close()
        if durable == nil || reason.endsInStore { endings.record(session.id, reason) }
        unsavedSessions.remove(session.id)
        // Evicted or replaced: deleted in the store with what it still holds there (its
        // `@AppStorage`, pages that idled out here), after its pages' own deletions, held back
        // like any write.
        if durable != nil, reason.endsInStore {
            let end = PageWrites(id: session.id, writes: [.endSession(id: session.storeID.description)], order: nextOrder(), whole: false)
            // Replaced at a sign-in: the processes holding it let it go once its deletion has
            // committed (told before, one could take it up again from the store).
            let storeID = session.storeID.description, durable = self.durable
            let announce: (@Sendable () -> Void)? = reason.isEviction ? nil : { @Sendable in durable?.announceTaken(page: storeID) }
            if storeCondition == .failing { holdBack(end) } else { send(end, of: nil, then: announce) }
        }
    }

    /// Ends pages idle for longer than the idle time (a page with an open stream is in use),
    /// then sessions with no pages left and no request for as long.
    func sweep(now: UInt64 = Uptime.now) {
        let idle = UInt64(limits.sessionTTL * 1e9)
        for page in Array(pages.values) {
            if page.isStreaming {
                page.lastUsed = now
                persist(page)  // in use: the store hears so (at most ten times per idle time)
                continue
            }
            if now > page.lastUsed, now - page.lastUsed > idle {
                remove(page, reason: .idlePage(seconds: limits.sessionTTL))
            }
        }
        for session in Array(sessions.values) where session.pages.isEmpty && now > session.lastUsed && now - session.lastUsed > idle {
            remove(session, reason: .idleSession(seconds: limits.sessionTTL))
        }
        // What no process holds any more (its process stopped, its browser never came back)
        // expires in the store.
        // Half an idle time later than here: a page's last use reaches the store up to a tenth
        // of it late, and this sweep runs every quarter.
        durable?.expire(before: Date().timeIntervalSince1970 - limits.sessionTTL * 1.5)
    }
}
