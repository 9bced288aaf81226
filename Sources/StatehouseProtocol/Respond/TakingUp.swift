import StatehouseViews

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

    /// Takes up the session `sessionID` from the durable store, and its page `pageID`, then
    /// calls `then` (whether or not the store had them: the request is then answered as usual).
    /// The page's root environment gets the request's host values, as a new page's does.
    func adopt(session sessionID: Token, page pageID: Token?, environment: HostEnvironment,
               then: @escaping @MainActor @Sendable () -> Void) {
        guard let durable = store.durable else { return then() }
        store.beginReading(sessionID)
        durable.session(sessionID.description) { result in
            MainActorHop.run {
                // What ended here while the store failed is newer than what the store has (a
                // session made meanwhile is not there at all).
                let stored = self.store.withHeldBack(session: sessionID, over: self.stored(result, "session"))
                self.store.endReading(sessionID)
                guard let stored, let session = self.store.adopt(stored), let pageID else { return then() }
                self.readPage(pageID) { page, isNewer in
                    if let page, page.session == stored.id {
                        self.mount(page, id: pageID, in: session, environment: environment, writeInWhole: isNewer)
                    }
                    then()
                }
            }
        }
    }

    /// Page `id` as the store has it, with the writes of it that ended here and that the copy
    /// may lack on top: held back, on their way, or committed while it was read.
    private func readPage(_ id: Token, then: @escaping @MainActor @Sendable (StoredPage?, _ isNewer: Bool) -> Void) {
        guard let durable = store.durable else { return then(nil, false) }
        store.beginReading(id)
        durable.page(id.description) { result in
            MainActorHop.run {
                let (page, isNewer) = self.store.withHeldBack(page: id, over: self.stored(result, "page"))
                self.store.endReading(id)
                then(page, isNewer)
            }
        }
    }

    private func stored<T>(_ result: Result<T?, any Error>, _ what: String) -> T? {
        switch result {
        case .success(let value): return value
        case .failure(let error):
            logger.error("could not read a \(what) from the state store: \(error)")
            return nil
        }
    }

    /// Mounts a page the durable store kept, with its id and its views' state, in `session`.
    /// The browser's document has the same content, but its made-up element ids come from
    /// another mount: the page's first changes are the whole page.
    /// (`writeInWhole`: the store lacks what it was mounted from.)
    private func mount(_ stored: StoredPage, id: Token, in session: Session, environment: HostEnvironment, writeInWhole: Bool) {
        guard !store.holdsOrEnded(id) else { return }
        let parts = stored.url.split(separator: "?", maxSplits: 1)
        guard let first = parts.first, let (route, segments) = route(for: String(first)) else {
            return logger.notice("a stored page's URL names no route: \(stored.url)")
        }
        let tab = parts.count > 1 ? FormData.decode(Array(parts[1].utf8))?["tab"] : nil
        let tree = route.makeTree(FormMarkup.self, location: PageLocation(base: route.path, segments: segments, tab: tab, maxSegments: settings.maxPathSegments),
                                  snapshots: StateSnapshots(restoring: stored.values), appStorage: session,
                                  environment: environment.preparation)
        if tree.location.notFound != nil {
            tree.close()
            return logger.notice("a stored page's URL names no screen: \(stored.url)")
        }
        tree.resendAll()
        let page = store.newPage(route, tree: tree, in: session, id: id)
        page.storedURL = stored.url
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
