import Dispatch
import StatehouseViews
import Synchronization

/// Pages a durable store kept that this process does not hold (after a restart, or another
/// process's): looked up before a request is served, mounted again with their id and state,
/// and the made-up element ids of the browser's document, which another mount rendered,
/// mapped to this mount's.
extension Application {
    /// The session the request's cookie names and the page it names, if this process holds
    /// neither or not the page (and did not end them): nil if there is nothing to look up.
    func unheld(_ request: HostRequest) -> (session: Token, page: Token?)? {
        guard let cookie = request.cookie(Wire.sessionCookie), let session = Token(cookie) else { return nil }
        let pageID = (request.form?[Wire.Field.page] ?? request.query[Wire.Field.page]).flatMap { Token($0) }
        let needsPage = pageID.map { !store.holdsOrEnded($0) } ?? false
        guard needsPage || !store.holdsOrEnded(session) else { return nil }
        return (session, needsPage ? pageID : nil)
    }

    /// Whether answering `request` involves its session as this process does not hold it: an
    /// event, a render, a stream or a page. (`/_sh/health`, `/_sh/metrics`, a leave (a page
    /// not held here has nothing to end) and the protocol's other paths are answered without
    /// reading the store, also while it cannot be read.)
    func usesSession(_ request: HostRequest) -> Bool {
        switch (request.method, request.path) {
        case ("POST", Wire.eventPath), ("GET", Wire.renderPath), ("GET", Wire.streamPath): true
        case ("GET", let path): !path.hasPrefix(Wire.prefix)
        default: false
        }
    }

    /// Takes up the session `sessionID` from the durable store, and its page `pageID`, then
    /// calls `then` (whether or not the store had them: the request is then answered as usual).
    /// The page's root environment gets the request's host values, and its language the
    /// request's, as a new page's does.
    ///
    /// A read that fails, or that the store does not answer within `storeTimeout` (both reads
    /// together), with nothing of it held here either, is answered `503` through `respond`
    /// instead, and changes nothing: the session or page may well be in the store, and answered
    /// as unknown, a new session would take the browser's cookie (a page, a reload to a new one).
    func adopt(session sessionID: Token, page pageID: Token?, request: HostRequest,
               respond: @escaping @Sendable (HostResponse) -> Void, then: @escaping @MainActor @Sendable () -> Void) {
        guard let durable = store.durable else { return then() }
        let deadline = DispatchTime.now() + settings.storeTimeout
        // The store files the session under a keyed hash of its id.
        let storeID = store.secret.storeID(of: sessionID)
        read(storeID, in: sessionReads, by: deadline, { durable.session(storeID.description, $0) }) { read in
            // The server stopped while the store was read: its pages are gone, none is made.
            if self.isStopped { return respond(Self.stopping) }
            // What ended here while the store failed is newer than what the store has (a
            // session made meanwhile is not there at all).
            let stored = self.store.withHeldBack(session: storeID, over: read.found)
            if stored == nil, let failure = read.failure { return respond(Self.unreadable(failure)) }
            guard let stored, let session = self.store.adopt(stored, id: sessionID) else { return then() }
            // Its user's `@UserStorage`, before a page of it is mounted.
            self.store.attachUserStorage(session) {
                if self.isStopped { return respond(Self.stopping) }
                guard let pageID else { return then() }
                self.readPage(pageID, by: deadline) { page, isNewer, failure in
                    if self.isStopped { return respond(Self.stopping) }
                    if let page, page.session == stored.id {
                        self.mount(page, id: pageID, in: session, request: request, writeInWhole: isNewer)
                    } else if page == nil, let failure {
                        return respond(Self.unreadable(failure))
                    }
                    then()
                }
            }
        }
    }

    /// Page `id` as the store has it, with the writes of it that ended here and that the copy
    /// may lack on top: held back, on their way, or committed while it was read. (`failure`:
    /// why the store's copy could not be read.)
    private func readPage(_ id: Token, by deadline: DispatchTime,
                          then: @escaping @MainActor @Sendable (StoredPage?, _ isNewer: Bool, _ failure: String?) -> Void) {
        guard let durable = store.durable else { return then(nil, false, nil) }
        read(id, in: pageReads, by: deadline, { durable.page(id.description, $0) }) { read in
            let (page, isNewer) = self.store.withHeldBack(page: id, over: read.found)
            then(page, isNewer, read.failure)
        }
    }

    /// What a read of the durable store found (`found`: nil if it has no such thing), or why it
    /// found nothing (`failure`).
    struct StoreRead<T: Sendable>: Sendable {
        var found: T?
        var failure: String?
    }

    /// Reads `id` with `read`, and calls `then` on the main actor once: with the store's
    /// answer, or with a failure if the store has not answered by `deadline` (its late answer
    /// is then dropped). Whichever comes second finds `then` gone: neither keeps it.
    ///
    /// A read of `id` already under way (`reads`), even one whose request gave up waiting, is
    /// joined rather than another sent: while the store is away, requests asked again (the
    /// client's retries after a 503) would pile their reads up in its queue. The read holds
    /// the reading of `id` (`store.beginReading`) until the store answers (or, given up on, ten
    /// times `storeTimeout`), so that what commits meanwhile goes on top of its answer for every
    /// request that joined it, and of what was held here for one that gave up waiting.
    private func read<T: Sendable>(_ id: Token, in reads: ReadsUnderWay<T>, by deadline: DispatchTime,
                                   _ read: (@escaping @Sendable (Result<T?, any Error>) -> Void) -> Void,
                                   then: @escaping @MainActor @Sendable (StoreRead<T>) -> Void) {
        let waiting = Mutex<(@MainActor @Sendable (StoreRead<T>) -> Void)?>(then)
        let once: @Sendable (StoreRead<T>) -> Void = { result in
            guard let then = waiting.withLock({ $0.take() }) else { return }
            MainActorHop.run { then(result) }
        }
        let timeout = settings.storeTimeout, logger = self.logger, what = reads.what
        DispatchQueue.main.asyncAfter(deadline: deadline) {
            guard waiting.withLock({ $0 != nil }) else { return }
            logger.error("the state store did not answer a \(what) read within \(timeout.formatted()) s")
            once(StoreRead(failure: "the state store did not answer within \(timeout.formatted()) s"))
        }
        guard let number = reads.join(id, once) else { return }
        store.beginReading(id)
        // A read the store never answers is given up on (so that its reading of `id` ends,
        // and the next request sends another); its answer, if it comes after all, is dropped.
        // Neither this timer nor the store's answer holds the application: a server stopped
        // meanwhile is freed at once, not when the store answers (a store that hangs may never).
        let giveUp = 10 * timeout
        DispatchQueue.main.asyncAfter(deadline: .now() + giveUp) { [weak self] in
            MainActorHop.run {
                guard let self, reads.end(id, read: number, nil) else { return }
                logger.error("the state store has not answered a \(what) read for \(giveUp.formatted()) s: given up")
                self.store.endReading(id)
            }
        }
        read { [weak self] result in
            let answer: StoreRead<T>
            switch result {
            case .success(let value): answer = StoreRead(found: value)
            case .failure(let error):
                logger.error("could not read a \(what) from the state store: \(String(reflecting: error))")
                answer = StoreRead(failure: "the state store could not be read")
            }
            MainActorHop.run {
                if reads.end(id, read: number, answer) { self?.store.endReading(id) }
            }
        }
    }

    /// The reads of one kind (sessions or pages) under way, by id, with the requests waiting
    /// for each (or that waited: one that gave up ignores the answer).
    @MainActor final class ReadsUnderWay<T: Sendable> {
        let what: String
        private var underWay: [Token: (read: Int, waiting: [@Sendable (StoreRead<T>) -> Void])] = [:]
        private var reads = 0

        init(_ what: String) { self.what = what }

        /// Adds `waiter` to the read of `id` under way; if there is none, to a new one, whose
        /// number is returned (the caller sends it).
        func join(_ id: Token, _ waiter: @escaping @Sendable (StoreRead<T>) -> Void) -> Int? {
            if underWay[id] != nil {
                underWay[id]?.waiting.append(waiter)
                return nil
            }
            reads += 1
            underWay[id] = (reads, [waiter])
            return reads
        }

        /// Ends read `read` of `id`, answered (its waiters get `answer`) or given up on (nil):
        /// true if it was still under way.
        func end(_ id: Token, read: Int, _ answer: StoreRead<T>?) -> Bool {
            guard let under = underWay[id], under.read == read else { return false }
            underWay[id] = nil
            if let answer { for waiter in under.waiting { waiter(answer) } }
            return true
        }
    }

    /// The answer to a request whose session or page could not be read from the store.
    static func unreadable(_ failure: String) -> HostResponse {
        var response = HostResponse.text(503, "\(failure): try again in a moment")
        response.headers.add(name: "Retry-After", value: "1")
        return response
    }

    /// Mounts a page the durable store kept, with its id and its views' state, in `session`.
    /// The browser's document has the same content, but its made-up element ids come from
    /// another mount: the page's first changes are the whole page.
    /// (`writeInWhole`: the store lacks what it was mounted from.)
    private func mount(_ stored: StoredPage, id: Token, in session: Session, request: HostRequest, writeInWhole: Bool) {
        guard !store.holdsOrEnded(id) else { return }
        let parts = stored.url.split(separator: "?", maxSplits: 1)
        guard let first = parts.first, let (route, segments) = route(for: String(first)) else {
            return logger.notice("a stored page's URL names no route: \(stored.url)")
        }
        let query = parts.count > 1 ? FormData.decode(Array(parts[1].utf8))?.dictionary ?? [:] : [:]
        let tab = query["tab"]
        var values = stored.values
        let lastEventID = values.removeValue(forKey: Page.eventKey).map { String(decoding: $0, as: UTF8.self) }
        let location = PageLocation(base: route.path, segments: segments, tab: tab, maxSegments: settings.maxPathSegments)
        location.language = LocalizationCatalog.main.pageLanguage(acceptLanguage: request.headers.first("Accept-Language"))
        location.takeQuery(query)
        location.loadedURL = URL(string: stored.url)
        location.account = session.account
        let tree = route.makeTree(FormMarkup.self, location: location,
                                  snapshots: StateSnapshots(restoring: values), appStorage: session,
                                  environment: settings.rootEnvironment(request.environment))
        if tree.location.notFound != nil {
            tree.close()
            return logger.notice("a stored page's URL names no screen: \(stored.url)")
        }
        tree.resendAll()
        let page = store.newPage(route, tree: tree, in: session, id: id)
        page.storedURL = stored.url
        (page.lastEventID, page.storedEventID) = (lastEventID, lastEventID)
        if writeInWhole {
            // Written in whole now, or held back whole while the store fails: what it was
            // mounted from is nowhere else any more.
            store.forgetStored(page)
            store.persist(page)
        }
        page.mapsMadeUpIDsUntil = .max
        store.durable?.announceTaken(page: id.description)
        logger.info("page taken up from the state store", metadata: ["route": "\(route.path)", "page": "\(id)"])
    }

    /// `post` with the made-up ids (`_7`) of the browser's document, which another mount
    /// rendered, turned into this mount's. The client sends, with such a target, `at`: its
    /// position among the document's elements with an id, and the document's shape (a hash of
    /// those elements' tag names, in order). If this mount renders the same shape, the element
    /// at that position is the one meant; if not (state that could not be kept changed what
    /// the page shows), the event is left out. So is a target without `at`, and a field under
    /// a made-up id. (The answer is then the whole page, with this mount's ids.)
    static func renamed(_ post: EventPost, _ form: FormData, in page: Page) -> EventPost {
        let isMadeUp = { (id: String) in id.hasPrefix("_") }
        var event = post.event
        if let target = event?.target, isMadeUp(target) {
            let elements = Array(Self.elements(page.tree.renderBytes()).dropFirst())  // not the root
            let parts = form[Wire.Field.at]?.split(separator: ".").map(String.init) ?? []
            if parts.count == 2, let at = Int(parts[0]), elements.indices.contains(at), parts[1] == Self.shape(of: elements) {
                event?.target = elements[at].id
            } else {
                event = nil
            }
        }
        return EventPost(page: post.page, event: event, fields: post.fields.filter { !isMadeUp($0.name) })
    }

    /// The elements with an `id` in `html`, in document order: their tag and id. (The renderer
    /// writes `<tag id="…"`; attribute values are escaped, so `id="` never appears in text.)
    nonisolated static func elements(_ html: [UInt8]) -> [(tag: String, id: String)] {
        var found: [(tag: String, id: String)] = []
        let marker = Array(" id=\"".utf8)
        var index = 0
        while index + marker.count <= html.count {
            if html[index] == marker[0], html[index..<index + marker.count].elementsEqual(marker) {
                var open = index
                while open > 0, html[open] != UInt8(ascii: "<") { open -= 1 }
                let start = index + marker.count
                var end = start
                while end < html.count, html[end] != UInt8(ascii: "\"") { end += 1 }
                found.append((String(decoding: html[(open + 1)..<index], as: UTF8.self), String(decoding: html[start..<end], as: UTF8.self)))
                index = end
            } else {
                index += 1
            }
        }
        return found
    }

    /// 32-bit FNV-1a of the tag names, each followed by a space, as hex: what the client
    /// computes over its document (`positionOf` in client.js).
    nonisolated static func shape(of elements: [(tag: String, id: String)]) -> String {
        var hash: UInt32 = 0x811c_9dc5
        for element in elements {
            for byte in element.tag.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            hash = (hash ^ 32) &* 16_777_619
        }
        return String(hash, radix: 16)
    }
}
