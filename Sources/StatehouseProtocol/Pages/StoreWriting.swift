import Foundation
import StatehouseViews

/// How a `SessionStore` writes to the durable store: each page's changes after a flush, and,
/// while the store fails, what it holds back (live pages, and the writes of pages that ended
/// here meanwhile) until the store works again; a page asked for again is taken up with them.
extension SessionStore {
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
        let whole = page.storedURL == nil
        send(PageWrites(id: page.id, writes: writes(of: page), order: nextOrder(), whole: whole), of: page, then: done)
    }

    /// What `page` changed since its last write (all of it after `forgetStored`).
    func writes(of page: Page) -> [StoreWrite] {
        var writes: [StoreWrite] = []
        let now = Uptime.now
        if unsavedSessions.remove(page.session.id) != nil {
            writes.append(.session(id: page.session.storeID.description))
            // Signed in by the host's authentication when it was made.
            if page.session.account.user != nil {
                writes.append(.sessionState(session: page.session.storeID.description, page.session.storedUser))
            }
        }
        let url = page.tree.location.path
        if page.storedURL != url {
            writes.append(.page(id: page.id.description, session: page.session.storeID.description, url: url))
            page.storedURL = url
            page.storedUse = now
        } else if now > page.storedUse, now - page.storedUse > UInt64(limits.sessionTTL * 1e8) {
            // Used: said at most ten times per idle time.
            writes.append(.touch(page: page.id.description, session: page.session.storeID.description))
            page.storedUse = now
        }
        if let id = page.lastEventID, id != page.storedEventID {
            var changes = StateChanges()
            changes.upserts = [(Page.eventKey, Array(id.utf8))]
            writes.append(.state(page: page.id.description, changes))
            page.storedEventID = id
        }
        if let changes = page.tree.snapshots?.takeChanges() {
            for problem in changes.problems {
                logger.notice("state not kept across restarts: \(problem)", metadata: ["route": "\(page.route.path)"])
            }
            if !changes.isEmpty { writes.append(.state(page: page.id.description, changes)) }
        }
        // So does the session's `@AppStorage`.
        if let changes = page.session.madeAppStorage?.snapshots?.takeChanges(), !changes.isEmpty {
            writes.append(.sessionState(session: page.session.storeID.description, changes))
        }
        // So does its user's `@UserStorage` (shared with their other sessions: whichever page
        // writes first takes the changes).
        if let (values, id) = page.session.userStorage, let changes = values.snapshots?.takeChanges(), !changes.isEmpty {
            writes.append(.userState(user: id.description, changes))
        }
        // App-level state a page's event or task wrote goes with that page's changes.
        if let changes = appState?.takeChanges() {
            for problem in changes.problems { logger.notice("App state not kept across restarts: \(problem)") }
            if !changes.isEmpty { writes.append(.appState(changes)) }
        }
        return writes
    }

    func nextOrder() -> UInt64 {
        madeWrites += 1
        return madeWrites
    }

    /// Sends `batch` (of the live `page`, or of a page that ended here) to the store.
    func send(_ batch: PageWrites, of page: Page?, then done: (@Sendable () -> Void)? = nil) {
        guard let durable, !batch.writes.isEmpty else { done?(); return }
        let waits = commitWaits
        let ticket = done.map { waits.add($0) }
        let (metrics, started, recovery, order) = (self.metrics, Uptime.now, recoveries, batch.order)
        inFlight[order] = SentWrite(batch: batch)
        durable.write(batch.writes) { [weak self, weak page] error in
            metrics?.storeCommit.recordNanoseconds(Int64(Uptime.now - started))
            if let ticket { waits.finish(ticket) }
            MainActorHop.run {
                self?.written(order, of: page, sentIn: recovery, failedWith: error)
            }
        }
    }

    /// The write sent as `order` was answered (`page`: the live page it was of, if it has not
    /// ended since).
    func written(_ order: UInt64, of page: Page?, sentIn recovery: Int, failedWith error: (any Error)?) {
        guard let sent = inFlight.removeValue(forKey: order) else { return }
        if recovery < recoveries { catchUpLeft -= 1 }
        guard let error else {
            // A copy of its page being read now may predate it.
            if !readingUp.isEmpty { committedWhileRead(sent.batch) }
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
        // page was taken up here again meanwhile (with them: it writes itself in whole).
        else if pages[sent.batch.id] == nil {
            switch sent.standing {
            case .current: holdBack(sent.batch)
            case .pageDeleted:
                if let outliving = sent.batch.outliving { holdBack(outliving) }
            case .outdated: break
            }
        }
        appState?.forgetStored()
        isTrying = false
        storeFails("it failed: \(error)")
    }

    /// The next write of `page` writes it in whole: the page, its session, all its state (the
    /// store lost a write, or the page was taken up from writes the store lacks).
    func forgetStored(_ page: Page) {
        page.storedURL = nil
        page.storedEventID = nil
        if sessions[page.session.id] === page.session { unsavedSessions.insert(page.session.id) }
        page.tree.snapshots?.forgetStored()
        page.session.madeAppStorage?.snapshots?.forgetStored()
        page.session.userStorage?.values.snapshots?.forgetStored()
    }

    func storeFails(_ why: String) {
        guard storeCondition != .failing else { return }
        storeCondition = .failing
        lastTry = Uptime.now
        logger.error("the state store is failing (\(why)): serving from memory, writing again once it works")
    }

    /// Writes what was held back; the store `works` once that, and every write still in flight
    /// from before, has committed.
    func storeWorksAgain() {
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
        for batch in ended {
            if storeCondition == .failing { holdBack(batch) } else { send(batch, of: nil) }
        }
        for page in pages { persist(page) }
        guard storeCondition == .catchingUp else { return }
        recoveries += 1
        catchUpLeft = writesInFlight
        if catchUpLeft == 0 { caughtUp() }
    }

    func caughtUp() {
        storeCondition = .works
        logger.notice("the state store has caught up: everything held back is written")
    }

    /// Answers that waited longer than `storeTimeout` go without their commit; while the store
    /// fails, a held-back page is written once a second to find out whether it works again.
    func watchStore() {
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
            isTrying = true
            send(heldBackOfEnded.removeFirst(), of: nil)
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

    /// Holds `writes` of page `id`, which ended here, made now.
    func holdBack(_ writes: [StoreWrite], ofEnded id: Token, whole: Bool) {
        holdBack(PageWrites(id: id, writes: writes, order: nextOrder(), whole: whole))
    }

    /// (Writes that were sent and failed go among those held since by their `order`, so that a
    /// page's and a session's writes land in the order they were made.)
    func holdBack(_ batch: PageWrites) {
        guard heldBackOfEnded.count < limits.maxSessions else {
            logger.warning("the state store is failing: the changes of a page that ended here while it failed are lost (more than \(limits.maxSessions) such pages)")
            return
        }
        if let last = heldBackOfEnded.last, last.order > batch.order {
            let index = heldBackOfEnded.firstIndex { $0.order > batch.order } ?? heldBackOfEnded.endIndex
            heldBackOfEnded.insert(batch, at: index)
        } else {
            heldBackOfEnded.append(batch)
        }
    }

    func dropHeldBack(ofEnded id: Token) {
        guard !heldBackOfEnded.isEmpty else { return }
        heldBackOfEnded.removeAll { $0.id == id }
    }

    /// Session `id` (the key it is filed under) as the store has it (`stored`, nil if it has none or could not be read),
    /// with what the writes of pages that ended here say of it on top: held back, on their way,
    /// or committed while it was read. A session made while the store failed is only there.
    func withHeldBack(session id: Token, over stored: StoredSession?) -> StoredSession? {
        guard !heldBackOfEnded.isEmpty || !inFlight.isEmpty || readingUp[id] != nil else { return stored }
        let name = id.description
        var session = stored
        for batch in unwritten(of: nil, readFor: id) {
            for write in batch.writes {
                switch write {
                case .session(name) where session == nil: session = StoredSession(id: name)
                case .sessionState(name, let changes): session?.values.apply(changes)
                case .endSession(name): session = nil  // evicted here, its deletion not yet committed
                default: break
                }
            }
        }
        return session
    }

    /// Page `id` as the store has it (`stored`, nil if it has none or could not be read), with
    /// the writes of it that ended here and the store may lack on top; where there is no
    /// stored copy, from them alone if they begin with one that holds all of the page (nil if
    /// they do not, or it was closed). `isNewer`: the store does not have what is returned;
    /// the page, taken up, must be written in whole.
    func withHeldBack(page id: Token, over stored: StoredPage?) -> (page: StoredPage?, isNewer: Bool) {
        let unwritten = unwritten(of: id, readFor: id)
        guard !unwritten.isEmpty else { return (stored, false) }
        let name = id.description
        var page = stored
        // Every entry of the page, in the order made (a failed write of it may be one of them).
        for batch in unwritten {
            for write in batch.writes {
                switch write {
                case .page(name, let session, let url):
                    // A delta (a page that moved) on nothing would lose the rest of its state.
                    if page == nil, batch.whole { page = StoredPage(id: name, session: session, url: url, values: [:]) }
                    page?.url = url
                case .state(name, let changes): page?.values.apply(changes)
                case .endPage(name): return (nil, false)  // closed here, its deletion held back
                default: break
                }
            }
        }
        return (page, true)
    }

    /// The writes the store may lack of pages that ended here (of page `id`, or of all): held
    /// back, on their way, or committed while the copy of `read` (that page, or a session) was
    /// read (the copy may predate them), in the order they were made.
    func unwritten(of id: Token?, readFor read: Token) -> [PageWrites] {
        var found = heldBackOfEnded.filter { id == nil || $0.id == id }
        for sent in inFlight.values where (id == nil || sent.batch.id == id) && pages[sent.batch.id] == nil {
            switch sent.standing {
            case .current: found.append(sent.batch)
            case .pageDeleted where id == nil: if let outliving = sent.batch.outliving { found.append(outliving) }
            case .pageDeleted, .outdated: break
            }
        }
        if let committed = readingUp[read]?.committed { found += committed }
        found.sort { $0.order < $1.order }
        return found
    }

    /// A copy of page or session `id` is read from the store now.
    func beginReading(_ id: Token) {
        readingUp[id, default: (0, [])].readers += 1
    }

    /// That read was answered.
    func endReading(_ id: Token) {
        if let reading = readingUp[id], reading.readers > 1 { readingUp[id]?.readers -= 1 } else { readingUp[id] = nil }
    }

    /// `batch` committed: kept for the reads open of its page or of a session it writes.
    private func committedWhileRead(_ batch: PageWrites) {
        readingUp[batch.id]?.committed.append(batch)
        for write in batch.writes {
            switch write {
            case .session(let id), .sessionState(let id, _):
                if let session = Token(id), readingUp[session] != nil { readingUp[session]?.committed.append(batch) }
            default: break
            }
        }
    }

    /// The writes of page `id` on their way do not say what the page is any more.
    func outdateWritesInFlight(of id: Token, to standing: Standing) {
        for (order, sent) in inFlight where sent.batch.id == id && sent.standing == .current { inFlight[order]?.standing = standing }
    }
}

extension SessionStore.PageWrites {
    /// What of them outlives their page (its session's and the App's state), if anything.
    var outliving: Self? {
        let kept = writes.filter(\.outlivesPage)
        return kept.isEmpty ? nil : Self(id: id, writes: kept, order: order, whole: false)
    }
}

extension StoreWrite {
    /// Whether what it writes outlives its page: a session, its `@AppStorage`, the user's
    /// `@UserStorage`, the App's state.
    var outlivesPage: Bool {
        switch self {
        case .session, .sessionState, .userState, .appState: true
        case .page, .touch, .state, .endPage, .endSession: false
        }
    }
}

private extension Dictionary where Key == String, Value == [UInt8] {
    /// Stored values with `changes` (a later write) on top.
    mutating func apply(_ changes: StateChanges) {
        for (key, value) in changes.upserts { self[key] = value }
        for key in changes.removals { self[key] = nil }
    }
}
