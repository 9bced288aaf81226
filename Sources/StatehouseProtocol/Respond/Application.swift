import Foundation
import Logging
import StatehouseViews

/// The wire protocol on the main actor: routes become pages, events become state changes, and
/// the answer is the changes as Turbo Stream fragments. Hosts reach it through
/// `StatehouseResponder`.
@MainActor
final class Application {
    let routes: [String: RouteDescription]
    let store: SessionStore
    private let metrics: ProtocolMetrics?
    let settings: ProtocolSettings
    let logger: Logger
    /// The host has stopped (`stop`): nothing is served any more, nor taken up from the store.
    private(set) var isStopped = false
    /// Take-up reads of the durable store under way (`TakingUp.swift`).
    let sessionReads = ReadsUnderWay<StoredSession>("session"), pageReads = ReadsUnderWay<StoredPage>("page")

    init(routes: [RouteDescription], settings: ProtocolSettings, appState: StateSnapshots?, metrics: ProtocolMetrics? = nil, logger: Logger) {
        var table: [String: RouteDescription] = [:]
        var headers: [String: HostHeaders] = [:]
        for route in routes where table[route.path] == nil {
            let missing = route.head.missingFiles()
            precondition(missing.isEmpty, "route \(route.path) names \(missing.map(\.debugDescription).joined(separator: ", ")), not among the app's "
                         + "Public files: put them in a folder named Public in a target's resources (resources: [.copy(\"Public\")])")
            table[route.path] = route
            if !route.head.allowedSources.isEmpty { headers[route.path] = Self.documentHeaders(allowing: route.head.allowedSources) }
        }
        self.routes = table
        documentHeadersByRoute = headers
        self.settings = settings
        self.logger = logger
        store = SessionStore(limits: settings, appState: appState, logger: logger)
        store.metrics = metrics
        self.metrics = metrics
        store.onPageFailure = { [unowned self] page, failure in _ = self.end(page, failedWith: failure) }
        store.onAccountChange = { [unowned self] page, change in self.switchAccount(of: page, change) }
        store.startSweeping()
    }

    /// Answers `request` through `respond` (called once, on any thread): at once, except for a
    /// new page, which first lets the tasks its views started run up to their first
    /// suspension, a change a durable store must keep first, and a session or page this
    /// process does not hold, which is looked up in the durable store first.
    func handle(_ request: HostRequest, _ respond: @escaping @Sendable (HostResponse) -> Void) {
        if isStopped { return respond(Self.stopping) }
        if store.durable != nil, let (session, page) = unheld(request), usesSession(request) {
            return adopt(session: session, page: page, request: request, respond: respond) { self.serve(request, respond) }
        }
        serve(request, respond)
    }

    /// Ends every page and session, for good in this process (the host is stopping): a take-up
    /// read the store answers later, or gives up on, serves nothing.
    func stop() {
        isStopped = true
        store.removeAll()
    }

    /// The answer to a request that comes (or whose store read ends) after `stop`.
    static let stopping = HostResponse.text(503, "the server is stopping: try again in a moment")

    private func serve(_ request: HostRequest, _ respond: @escaping @Sendable (HostResponse) -> Void) {
        if let user = request.authenticatedUser, let session = request.cookie(Wire.sessionCookie).flatMap({ Token($0) }).flatMap({ store.sessions[$0] }) {
            store.authenticate(session, as: user)
        }
        switch (request.method, request.path) {
        case ("POST", Wire.eventPath): event(request, respond)
        case (_, Wire.eventPath): respond(.text(405, "use POST for \(Wire.eventPath)"))
        case ("POST", Wire.uploadPath): upload(request, respond)
        case (_, Wire.uploadPath): respond(.text(405, "use POST for \(Wire.uploadPath)"))
        case ("POST", Wire.leavePath): respond(leave(request))
        case (_, Wire.leavePath): respond(.text(405, "use POST for \(Wire.leavePath)"))
        case ("GET", Wire.sessionPath): handOff(request, respond)
        case ("GET", Wire.renderPath): respond(render(request))
        case ("GET", Wire.streamPath): respond(stream(request))
        case ("GET", Wire.metricsPath):
            guard let metrics, let exposition = settings.metrics?.exposition else {
                return respond(.text(404, "metrics are off (the built-in server's --metrics turns them on)"))
            }
            metrics.sessions.record(store.sessionCount)
            metrics.pages.record(store.pageCount)
            respond(HostResponse(status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8", "Cache-Control": "no-store"],
                                 body: exposition()))
        case ("GET", Wire.healthPath):
            respond(HostResponse(status: 200, headers: ["Content-Type": "application/json", "Cache-Control": "no-store"],
                                 body: Array(#"{"status":"ok","sessions":\#(store.sessionCount),"pages":\#(store.pageCount),"store":"\#(storeHealth)"}"#.utf8)))
        case ("GET", let path) where path.hasPrefix(Wire.prefix):
            respond(.text(404, "no protocol path \(path)"))
        case ("GET", let path):
            guard let (route, segments) = route(for: path) else {
                return respond(Document.notFound("no route \(path)", home: "/", for: request))
            }
            guard segments.count <= settings.maxPathSegments else {
                return respond(.text(414, "the URL names \(segments.count) screens below \(route.path); at most \(settings.maxPathSegments) are served (--max-path-segments)"))
            }
            newPage(route, segments, request, respond)
        default:
            respond(.text(405, "method \(request.method) is not allowed here"))
        }
    }

    /// The durable store's state for `/_sh/health`: `memory` (none), `ok`, `failing` (the
    /// server serves from memory until it commits again), or `catching-up` (it commits again,
    /// and what it missed is being written: a process stopped now may lose some of it).
    private var storeHealth: String {
        guard store.durable != nil else { return "memory" }
        switch store.storeCondition {
        case .works: return "ok"
        case .failing: return "failing"
        case .catchingUp: return "catching-up"
        }
    }

    /// Sent with every event's fragments (made once: an answer copies them without allocating).
    static let fragmentHeaders: HostHeaders = [
        "Content-Type": Wire.turboStreamContentType, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
    ]

    /// The documents' headers of a route whose head allows `sources` beyond the server.
    let documentHeadersByRoute: [String: HostHeaders]

    // MARK: GET /_sh/render

    private func render(_ request: HostRequest) -> HostResponse {
        switch ownedPage(request) {
        case .success(let page):
            let response = document(page)
            store.persist(page)
            return response
        case .failure(let refusal): return refusal.response
        }
    }

    /// The page named by the `page` query parameter, if it belongs to the request's session.
    func ownedPage(_ request: HostRequest) -> Result<Page, Refusal> {
        guard let pageID = request.query[Wire.Field.page], !pageID.isEmpty else {
            return .failure(.badRequest("missing query parameter 'page'"))
        }
        return store.session(request.cookie(Wire.sessionCookie)).flatMap { store.page(pageID, of: $0) }
    }

    // MARK: POST /_sh/event

    /// Applies the event and answers with its changes once a durable store holds them.
    private func event(_ request: HostRequest, _ respond: @escaping @Sendable (HostResponse) -> Void) {
        var page: Page?
        let response = event(request, page: &page)
        // A view signed in or out (`\.signIn`): the session is replaced first.
        // (Taken also from a refused event, whose sign-in is dropped with the rest of it.)
        if let page, let change = page.tree.location.takeAccountChange(), response.status < 400 {
            return switchAccount(of: page, change, answered: response, request, respond)
        }
        // (Without a store, no closure is made: an event costs what it did.)
        guard let page, response.status < 400, store.durable != nil else { return respond(response) }
        store.persist(page) { respond(response) }
    }

    func event(_ request: HostRequest, page found: inout Page?) -> HostResponse {
        // 400: malformed
        if request.path != Wire.uploadPath, let contentType = request.headers.first("content-type"),
           !contentType.utf8.hasPrefixIgnoringASCIICase(Wire.formType.utf8) {
            return .text(400, "expected Content-Type \(Wire.formType), got \(contentType)")
        }
        guard let form = request.form ?? FormData.decode(request.body) else {
            return .text(400, "malformed form body (bad percent-encoding)")
        }
        var post: EventPost
        switch EventPost.decode(form) {
        case .success(let decoded): post = decoded
        case .failure(let refusal): return refusal.response
        }
        // 410 session, 403 origin or CSRF, 410 page
        let page: Page
        switch postedPage(post.page, request, form) {
        case .success(let posted): page = posted
        case .failure(let refusal): return refusal.response
        }
        found = page
        // An event sent again (its answer was lost): not applied again; the whole page answers.
        let eventID = form[Wire.Field.event]
        if let eventID {
            guard !eventID.isEmpty, eventID.utf8.count <= 64 else {
                return .text(400, "an event's id (\(Wire.Field.event)) has 1 to 64 characters")
            }
            if eventID == page.lastEventID { return answerAgain(page, request) }
        }
        if page.mapsMadeUpIDs { post = Self.renamed(post, form, in: page) }
        // An upload: its button gets the files, whatever the form said of the type.
        if request.path == Wire.uploadPath {
            guard let event = post.event else { return .text(400, "an upload names its Upload button (target)") }
            post = EventPost(page: post.page, event: Event(target: event.target, type: .upload, files: request.uploads), fields: post.fields)
        } else if post.event?.type == .upload {
            return .text(400, "files are posted to \(Wire.uploadPath) as multipart/form-data")
        }
        // A reloaded tab's new page takes over the old page's `@SceneStorage`.
        if let event = post.event, event.type == .scene {
            guard event.target == LiveTree.rootID, let replaced = event.value else {
                return .text(400, "a scene event goes to \(LiveTree.rootID), with the id of the page it replaces as its value")
            }
            page.tree.takeSceneStorage(store.sceneStorage(ofReplaced: replaced, in: page.session))
            post = EventPost(page: post.page, event: nil, fields: [])
        }
        // 404, 409, 400 from the tree; the event is checked before anything is applied.
        let changes: [ElementChange]
        do {
            // The changed fields first, in document order, then the pressed button; with no
            // button pressed (Enter), the last text field with an `onSubmit` that changed is
            // submitted after every change has landed (it runs once, and sees the whole form).
            // Every event is checked before any is applied: a refused post changes nothing.
            if post.fields.isEmpty, let event = post.event {
                // A click (one event, no field) needs no list.
                try page.tree.check(event)
                try page.tree.apply(event)
            } else {
                var events: [Event] = []
                for field in post.fields {
                    if let event = page.tree.fieldEvent(field.name, value: field.value) { events.append(event) }
                }
                if let event = post.event {
                    events.append(event)
                } else if let last = events.lastIndex(where: { $0.type == .input && page.tree.submitsOnReturn($0.target) }) {
                    var submit = events.remove(at: last)
                    submit.type = .submit
                    events.append(submit)
                }
                for event in events { try page.tree.check(event) }
                for event in events { try page.tree.apply(event) }
            }
        } catch {
            return Refusal(error).response
        }
        if let eventID { page.lastEventID = eventID }
        do {
            changes = try page.tree.flush()
        } catch {
            return end(page, failedWith: error)
        }
        // Back or Forward: the browser is at the URL already.
        if post.event?.type == .navigate {
            (page.locationVersion, page.queryVersion) = (page.tree.location.version, page.tree.location.queryVersion)
        }
        if request.wantsFragments {
            return HostResponse(status: 200, headers: Self.fragmentHeaders, body: page.fragments(changes))
        }
        // A view opened a URL (`openURL`): the browser goes there instead.
        if let url = page.tree.location.takeOpenURL() {
            return HostResponse(status: 303, headers: ["Location": url.absoluteString, "Cache-Control": "no-store"])
        }
        return Self.seeRender(page)
    }

    /// A plain form post's answer: 303 to the page's current document.
    private static func seeRender(_ page: Page) -> HostResponse {
        HostResponse(status: 303, headers: ["Location": "\(Wire.renderPath)?\(Wire.Field.page)=\(page.id)", "Cache-Control": "no-store"])
    }

    /// The answer to an event sent again: the whole page as it is (and where it is), which
    /// holds what the lost answer held and anything since.
    private func answerAgain(_ page: Page, _ request: HostRequest) -> HostResponse {
        page.tree.resendAll()
        page.locationVersion = -1
        let changes: [ElementChange]
        do {
            changes = try page.tree.flush()
        } catch {
            return end(page, failedWith: error)
        }
        guard request.wantsFragments else {
            return Self.seeRender(page)
        }
        return HostResponse(status: 200, headers: Self.fragmentHeaders, body: page.fragments(changes))
    }

    /// The page a POST names, checked in the protocol's order: 410 if the session is unknown,
    /// 403 for another origin or a missing or wrong CSRF token, 410 if the page is unknown or
    /// another session's.
    private func postedPage(_ pageID: String, _ request: HostRequest, _ form: FormData) -> Result<Page, Refusal> {
        store.session(request.cookie(Wire.sessionCookie)).flatMap { session in
            if let origin = request.headers.first("origin"), !request.comesFromSameOrigin(origin) {
                return .failure(Refusal(response: .text(403, "cross-origin request refused (Origin \(origin))")))
            }
            guard let token = request.headers.first(Wire.csrfHeader) ?? form[Wire.Field.csrf], session.csrfToken.matches(token) else {
                return .failure(Refusal(response: .text(403, "missing or wrong CSRF token (send the page's csrf-token as X-CSRF-Token or _csrf)")))
            }
            return store.page(pageID, of: session)
        }
    }

    // MARK: POST /_sh/leave

    /// The browser client's beacon when its document goes away for good (a reload, a link, a
    /// closed tab; not into the back-forward cache): the page ends now instead of idling out,
    /// its tasks cancelled and its state freed. 204; the same refusals as an event.
    private func leave(_ request: HostRequest) -> HostResponse {
        guard let form = FormData.decode(request.body) else { return .text(400, "malformed form body (bad percent-encoding)") }
        guard let pageID = form[Wire.Field.page], !pageID.isEmpty else { return .text(400, "missing field 'page'") }
        switch postedPage(pageID, request, form) {
        case .failure(let refusal): return refusal.response
        case .success(let page):
            // Its views see the scene go to the background first ("save when inactive"), and
            // what that wrote of App or session storage is kept.
            page.tree.enterBackground()
            store.persist(page)
            store.remove(page, reason: .documentClosed, forGood: true)
            return HostResponse(status: 204)
        }
    }

    /// A page whose views failed (e.g. a missing environment object) cannot be shown: 500 with
    /// the reason, logged, and the page ends (its tasks are cancelled, its state freed).
    func end(_ page: Page, failedWith failure: ViewFailure) -> HostResponse {
        logger.error("a view failed: \(failure)", metadata: ["route": "\(page.route.path)", "page": "\(page.id)"])
        store.remove(page, reason: .viewFailed("\(failure)"), forGood: true)
        return .text(500, "the page \(page.route.path) failed: \(failure)")
    }
}
