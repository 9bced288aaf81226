import Dispatch
import Foundation
import Logging
import StatehouseViews

/// All sessions and pages of one server, with their lifetimes: idle ones expire (swept on a
/// timer), and over a cap the least recently used one is evicted. A request naming an ended
/// page or session gets 410 saying why. Main actor only.
///
/// With a durable store, every session and page is written there too (`persist`), and one this
/// process does not hold can be taken up from there (`adopt`). Only a page that ends for good
/// (its document closed, a view failed) is deleted there; one that idles out, is evicted or
/// is here when the process stops stays, and the store expires it by its last use: another
/// process, or this one started again, may take it up meanwhile.
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
    /// Where sessions, pages and state outlive the process (nil: they don't).
    let durable: (any DurableStore)?
    /// The App-level state, filed for the durable store (nil: not kept).
    let appState: StateSnapshots?
    private let logger: Logger
    /// Sessions created since the last `persist` of one of their pages (written with it).
    private var unsavedSessions: Set<Token> = []
    /// How the durable store is doing. `failing`: a write failed, or took longer than
    /// `storeTimeout` (logged once until one commits again); meanwhile answers do not wait for
    /// it and pages are not written (`heldBack`), but one of them is tried every second.
    /// `catchingUp`: a write committed again, and what was held back (or still in flight when it
    /// began failing) is being written; `works` once all of that committed, so that a process
    /// stopped then loses nothing it answered.
    private(set) var storeCondition = StoreCondition.works
    enum StoreCondition { case works, failing, catchingUp }
    /// Writes sent to the durable store and not yet answered.
    private var writesInFlight = 0
    /// Counts the times the store worked again: a write remembers the one it was sent in.
    private var recoveries = 0
    /// Writes sent before the store worked again that have not been answered yet: `catchingUp`
    /// lasts until none is left.
    private var catchUpLeft = 0
    /// Pages whose last write failed, or which changed while the store was failing: written in
    /// whole (page, session, every state) once it commits again.
    private var heldBack: [Token: Page] = [:]
    /// The writes of held-back pages that ended here meanwhile (idled out, evicted): they live
    /// on in the store, where another request may take them up, so what they answered is
    /// written too. At most `maxSessions` of them (a flood of new pages while the store fails
    /// must not grow memory without end): beyond, a newly ended page's are dropped and logged
    /// (in a flood of new sessions the first evicted are the visitors' own). In the
    /// order they ended, and written before the live pages: a page's session state in an
    /// older snapshot must not land after a newer one.
    /// `order`: when the writes were made (`nextOrder`): kept in that order, also when writes
    /// sent and failed come back among those held since.
    private(set) var heldBackOfEnded: [(id: Token, writes: [StoreWrite], order: UInt64)] = []
    /// Counts writes as they are made (sent, or held at a page's end).
    private var madeWrites: UInt64 = 0
    /// Pages that ended here, living on in the store, while a write of theirs was on its way:
    /// if another process takes one up, its writes here are stale and not kept if they fail.
    private var endedWithWritesInFlight: [Token: Page] = [:]
    /// Answers waiting for their writes to commit.
    private let commitWaits = CommitWaits()
    /// Checks, four times a second, for answers that waited too long, and tries a held-back page
    /// each second while the store fails.
    private var storeWatch: (any DispatchSourceTimer)?
    private var isTrying = false
    /// Where commit times are recorded (nil: not).
    var metrics: ProtocolMetrics?
    private var lastTry: UInt64 = 0

    init(limits: ProtocolSettings, appState: StateSnapshots? = nil, logger: Logger = Logger(label: "statehouse")) {
        self.limits = limits
        durable = limits.stateStore
        self.appState = durable == nil ? nil : appState
        self.logger = logger
        if let appState = self.appState {
            // Another process wrote App-level state: its readers here are updated (and pushed).
            durable?.onAppStateWritten { key, value in
                MainActorHop.run { appState.applyStored(key: key, value: value) }
            }
        }
        // Another process took up a page this one holds: this copy is stale, let it go.
        durable?.onPageTaken { [weak self] id in
            MainActorHop.run {
                guard let self, let token = Token(id) else { return }
                // Its writes held here, or on their way, are older than what the other process
                // has now.
                self.dropHeldBack(ofEnded: token)
                self.endedWithWritesInFlight.removeValue(forKey: token)?.livesOnInStore = false
                guard let page = self.pages[token] else { return }
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
        for page in Array(pages.values) { remove(page, reason: .shuttingDown) }
        for session in sessions.values { session.madeAppStorage?.snapshots?.close() }
        sessions.removeAll()
        recency = Recency()
    }

    // MARK: Durable store

    /// Writes what `page` changed since its last write: the page itself if new or moved (and
    /// its session if new), the state its last flush changed, or that it was used. `done` is
    /// called once that is durable (at once if there is nothing to write, or no store), or
    /// after `storeTimeout`. A store that fails or is too slow is logged, the server goes on
    /// from memory, and what it did not write is written once it commits again.
    /// (`trying`: the write that finds out whether a failing store works again.)
    func persist(_ page: Page, trying: Bool = false, then done: (@Sendable () -> Void)? = nil) {
        // A page that ended (a view failed while it was answered) writes nothing more.
        guard durable != nil, pages[page.id] === page else { done?(); return }
        guard storeCondition != .failing || trying else {
            heldBack[page.id] = page
            done?()
            return
        }
        send(writes(of: page), of: page, then: done)
    }

    /// What `page` changed since its last write (all of it after `forgetStored`).
    private func writes(of page: Page) -> [StoreWrite] {
        var writes: [StoreWrite] = []
        let now = Uptime.now
        if unsavedSessions.remove(page.session.id) != nil {
            writes.append(.session(id: page.session.id.description, csrf: page.session.csrfToken.description))
        }
        let url = page.tree.location.path
        if page.storedURL != url {
            writes.append(.page(id: page.id.description, session: page.session.id.description, url: url))
            page.storedURL = url
            page.storedUse = now
        } else if now > page.storedUse, now - page.storedUse > UInt64(limits.sessionTTL * 1e8) {
            // Used: said at most ten times per idle time.
            writes.append(.touch(page: page.id.description, session: page.session.id.description))
            page.storedUse = now
        }
        if let changes = page.tree.snapshots?.takeChanges() {
            for problem in changes.problems {
                logger.notice("state not kept across restarts: \(problem)", metadata: ["route": "\(page.route.path)"])
            }
            if !changes.isEmpty { writes.append(.state(page: page.id.description, changes)) }
        }
        // So does the session's `@AppStorage`.
        if let changes = page.session.madeAppStorage?.snapshots?.takeChanges(), !changes.isEmpty {
            writes.append(.sessionState(session: page.session.id.description, changes))
        }
        // App-level state a page's event or task wrote goes with that page's changes.
        if let changes = appState?.takeChanges() {
            for problem in changes.problems { logger.notice("App state not kept across restarts: \(problem)") }
            if !changes.isEmpty { writes.append(.appState(changes)) }
        }
        return writes
    }

    private func nextOrder() -> UInt64 {
        madeWrites += 1
        return madeWrites
    }

    /// Sends `writes` (of `page`, or of a page that ended here: `orphan`) to the store.
    /// (`order`: when held writes were made; new writes are made now.)
    private func send(_ writes: [StoreWrite], of page: Page?, orphan: Token? = nil, order: UInt64? = nil,
                      then done: (@Sendable () -> Void)? = nil) {
        let order = order ?? nextOrder()
        guard let durable, !writes.isEmpty else { done?(); return }
        let waits = commitWaits
        let ticket = done.map { waits.add($0) }
        let (metrics, started, recovery) = (self.metrics, Uptime.now, recoveries)
        writesInFlight += 1
        page?.writesInFlight += 1
        // The page is kept until its write is answered: if it ends meanwhile and the write
        // fails, what the write held is kept for the store (`livesOnInStore`).
        durable.write(writes) { [weak self] error in
            metrics?.storeCommit.recordNanoseconds(Int64(Uptime.now - started))
            if let ticket { waits.finish(ticket) }
            MainActorHop.run {
                self?.written(writes, of: page, orphan: orphan, order: order, sentIn: recovery, failedWith: error)
            }
        }
    }

    private func written(_ writes: [StoreWrite], of page: Page?, orphan: Token?, order: UInt64, sentIn recovery: Int, failedWith error: (any Error)?) {
        writesInFlight -= 1
        if let page {
            page.writesInFlight -= 1
            if page.writesInFlight == 0, endedWithWritesInFlight[page.id] === page { endedWithWritesInFlight[page.id] = nil }
        }
        if recovery < recoveries { catchUpLeft -= 1 }
        guard let error else {
            switch storeCondition {
            case .failing: storeWorksAgain()
            case .catchingUp: if catchUpLeft == 0 { caughtUp() }
            case .works: break
            }
            return
        }
        // What this write held is not in the store: all of it is written again later.
        if let page, pages[page.id] === page {
            forgetStored(page)
            heldBack[page.id] = page
        }
        // The writes of a page that ended here and lives on in the store (idled out, evicted;
        // before they were sent, or while they were on their way) are kept for it; unless the
        // page was taken up here again meanwhile: it writes itself.
        else if let ended = orphan ?? page.flatMap({ $0.livesOnInStore ? $0.id : nil }), pages[ended] == nil {
            holdBack(writes, ofEnded: ended, order: order)
        }
        appState?.forgetStored()
        isTrying = false
        storeFails("it failed: \(error)")
    }

    /// The next write of `page` writes it in whole: the page, its session, all its state (the
    /// store lost a write, or the page was taken up from writes the store lacks).
    func forgetStored(_ page: Page) {
        page.storedURL = nil
        if sessions[page.session.id] === page.session { unsavedSessions.insert(page.session.id) }
        page.tree.snapshots?.forgetStored()
        page.session.madeAppStorage?.snapshots?.forgetStored()
    }

    private func storeFails(_ why: String) {
        guard storeCondition != .failing else { return }
        storeCondition = .failing
        lastTry = Uptime.now
        logger.error("the state store is failing (\(why)): serving from memory, writing again once it works")
    }

    /// Writes what was held back; the store `works` once that, and every write still in flight
    /// from before, has committed.
    private func storeWorksAgain() {
        storeCondition = .catchingUp
        isTrying = false
        let (pages, ended) = (heldBack.values, heldBackOfEnded)
        (heldBack, heldBackOfEnded) = ([:], [])
        if !pages.isEmpty || !ended.isEmpty {
            logger.notice("the state store works again: writing the \(pages.count + ended.count) pages held back")
        }
        // A store that answers at once (on this thread) may fail or commit inside these
        // loops: no "caught up" before they are done, and nothing more sent once it fails.
        catchUpLeft = .max
        for (id, writes, order) in ended {
            if storeCondition == .failing { holdBack(writes, ofEnded: id, order: order) } else { send(writes, of: nil, orphan: id, order: order) }
        }
        for page in pages { persist(page) }
        guard storeCondition == .catchingUp else { return }
        recoveries += 1
        catchUpLeft = writesInFlight
        if catchUpLeft == 0 { caughtUp() }
    }

    private func caughtUp() {
        storeCondition = .works
        logger.notice("the state store has caught up: everything held back is written")
    }

    /// Answers that waited longer than `storeTimeout` go without their commit; while the store
    /// fails, a held-back page is written once a second to find out whether it works again.
    private func watchStore() {
        let now = Uptime.now
        let timeout = UInt64(limits.storeTimeout * 1e9)
        if now > timeout, commitWaits.answerOverdue(before: now - timeout) > 0 {
            storeFails("no commit for \(limits.storeTimeout.formatted()) s")
        }
        guard storeCondition == .failing, !isTrying, now >= lastTry + 1_000_000_000 else { return }
        lastTry = now
        if let (id, page) = heldBack.first {
            heldBack[id] = nil
            isTrying = true
            forgetStored(page)  // so that there is something to write
            persist(page, trying: true)
        } else if !heldBackOfEnded.isEmpty {
            let (id, writes, order) = heldBackOfEnded.removeFirst()
            isTrying = true
            send(writes, of: nil, orphan: id, order: order)
        } else if let page = pages.values.first {
            // Nothing held back: a live page is written in whole to find out (a store that
            // does not answer must not read as catching up).
            isTrying = true
            forgetStored(page)
            persist(page, trying: true)
        } else {
            // No page: nothing to lose; writes still in flight are waited for before the store
            // counts as working.
            storeWorksAgain()
        }
    }

    /// Whether a session or page by `id` is held here, or ended here (no store lookup then).
    func holdsOrEnded(_ id: Token) -> Bool {
        sessions[id] != nil || pages[id] != nil || endings.contains(id)
    }

    /// Takes up a session a durable store kept (same id, same CSRF token).
    func adopt(_ stored: StoredSession) -> Session? {
        guard let id = Token(stored.id), let csrf = Token(stored.csrf) else { return nil }
        if let live = sessions[id] { return live }
        if sessions.count >= limits.maxSessions, let oldest = recency.oldest {
            remove(oldest, reason: .sessionCap(limits.maxSessions))
        }
        let session = Session(id: id, csrfToken: csrf, now: Uptime.now)
        session.storedValues = stored.values
        sessions[id] = session
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
            return .failure(.gone("page '\(id)' \(why): load the page again"))
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
        let session = Session(now: Uptime.now)
        if durable != nil { session.storedValues = [:] }  // its `@AppStorage` is kept
        return session
    }

    func add(_ session: Session) {
        if sessions.count >= limits.maxSessions, let oldest = recency.oldest {
            remove(oldest, reason: .sessionCap(limits.maxSessions))
        }
        sessions[session.id] = session
        recency.append(session)
        if durable != nil { unsavedSessions.insert(session.id) }
    }

    /// A new page of `session` (or, with `id`, one taken up from a durable store).
    func newPage(_ route: RouteDescription, tree: LiveTree, in session: Session, id: Token = .random()) -> Page {
        if session.pages.count >= limits.maxPagesPerSession,
           let oldest = session.pages.min(by: { $0.lastUsed < $1.lastUsed }) {
            remove(oldest, reason: .pageCap(limits.maxPagesPerSession))
        }
        // Taken up again (from what the store had, with these writes on top): the page as it is
        // now is what gets written.
        dropHeldBack(ofEnded: id)
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
        page.livesOnInStore = durable != nil && !forGood && reason.livesOnInStore
        if page.livesOnInStore, page.writesInFlight > 0 { endedWithWritesInFlight[page.id] = page }
        if heldBack.removeValue(forKey: page.id) != nil, page.livesOnInStore {
            forgetStored(page)
            holdBack(writes(of: page), ofEnded: page.id)
        }
        page.session.pages.removeAll { $0 === page }
        if durable == nil || forGood { endings.record(page.id, reason, withSession: withSession) }
        // A closed document may be a reload: the page that replaces it takes its scene storage.
        if forGood { page.session.stashScene(of: page.id.description, page.tree.sceneStorageValues) }
        page.closeStreams()
        page.tree.close()
        // Deleted in the store too: like any write, held back while the store fails and again
        // if it fails (else a restart, or another process, would take the page up again).
        if forGood, durable != nil {
            let end = [StoreWrite.endPage(id: page.id.description)]
            if storeCondition == .failing { holdBack(end, ofEnded: page.id) } else { send(end, of: nil, orphan: page.id) }
        }
    }

    /// (`order`: when the writes were made, for writes that were sent and failed: they go
    /// among those held since by it, so that a page's and a session's writes land in the order
    /// they were made.)
    private func holdBack(_ writes: [StoreWrite], ofEnded id: Token, order: UInt64? = nil) {
        guard heldBackOfEnded.count < limits.maxSessions else {
            logger.warning("the state store is failing: the changes of a page that ended here while it failed are lost (more than \(limits.maxSessions) such pages)")
            return
        }
        let order = order ?? nextOrder()
        if let last = heldBackOfEnded.last, last.order > order {
            let index = heldBackOfEnded.firstIndex { $0.order > order } ?? heldBackOfEnded.endIndex
            heldBackOfEnded.insert((id, writes, order), at: index)
        } else {
            heldBackOfEnded.append((id, writes, order))
        }
    }

    private func dropHeldBack(ofEnded id: Token) {
        guard !heldBackOfEnded.isEmpty else { return }
        heldBackOfEnded.removeAll { $0.id == id }
    }

    /// Session `id` as the store has it (`stored`, nil if it has none or could not be read),
    /// with what the held-back writes of pages that ended here say of it on top: they are newer
    /// (the store never got them). A session made while the store failed is only there.
    func withHeldBack(session id: Token, over stored: StoredSession?) -> StoredSession? {
        guard !heldBackOfEnded.isEmpty else { return stored }
        let name = id.description
        var session = stored
        for (_, writes, _) in heldBackOfEnded {
            for write in writes {
                switch write {
                case .session(name, let csrf) where session == nil: session = StoredSession(id: name, csrf: csrf)
                case .sessionState(name, let changes): session?.values.apply(changes)
                default: break
                }
            }
        }
        return session
    }

    /// Page `id` as the store has it (`stored`, nil if it has none or could not be read), or,
    /// if it ended here while the store failed, as it was when it ended (its held-back writes
    /// hold all of it; nil if it was closed). `isNewer`: the store does not have what is
    /// returned; the page, taken up, must be written in whole.
    func withHeldBack(page id: Token, over stored: StoredPage?) -> (page: StoredPage?, isNewer: Bool) {
        guard heldBackOfEnded.contains(where: { $0.id == id }) else { return (stored, false) }
        let name = id.description
        var page = stored
        // Every entry of the page, in the order made (a failed write of it may be one of them).
        for held in heldBackOfEnded where held.id == id {
            for write in held.writes {
                switch write {
                case .page(name, let session, let url):
                    if page == nil { page = StoredPage(id: name, session: session, url: url, values: [:]) }
                    page?.url = url
                case .state(name, let changes): page?.values.apply(changes)
                case .endPage(name): return (nil, false)  // closed here, its deletion held back
                default: break
                }
            }
        }
        return (page, true)
    }

    private func remove(_ session: Session, reason: Ending) {
        for page in session.pages { remove(page, reason: reason, withSession: true) }
        sessions[session.id] = nil
        recency.remove(session)
        session.madeAppStorage?.snapshots?.close()
        if durable == nil { endings.record(session.id, reason) }
        unsavedSessions.remove(session.id)
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

private extension Dictionary where Key == String, Value == [UInt8] {
    /// Stored values with `changes` (a later write) on top.
    mutating func apply(_ changes: StateChanges) {
        for (key, value) in changes.upserts { self[key] = value }
        for key in changes.removals { self[key] = nil }
    }
}
