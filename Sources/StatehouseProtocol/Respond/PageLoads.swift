import Foundation
import StatehouseViews

/// `GET <route>`: the route a path names, its checks (`onMount`), the page made for it (and its
/// session, if the browser has none), and the document sent once the page is durable.
extension Application {
    /// The route `path` is, or is below (`/bookshelf/dune` is below `/bookshelf`), with the
    /// segments below it; the longest route wins.
    func route(for path: String) -> (RouteDescription, [String])? {
        if let route = routes[path] { return (route, []) }
        var best: (RouteDescription, [String])?
        for route in routes.values {
            guard let segments = PageLocation.segments(of: path, below: route.path) else { continue }
            if best == nil || route.path.count > best!.0.path.count { best = (route, segments) }
        }
        return best
    }

    func newPage(_ route: RouteDescription, _ segments: [String], _ request: HostRequest,
                         _ respond: @escaping @Sendable (HostResponse) -> Void) {
        // The page's views first: a URL below the route that names no screen is a 404, and
        // makes no session (a new one is held only once its page is sure) or page.
        var existing: Session?
        if let cookie = request.cookie(Wire.sessionCookie), case .success(let found) = store.session(cookie) { existing = found }
        let session = existing ?? store.makeSession()
        if existing == nil, let user = request.authenticatedUser { session.account.user = user }
        // The route's checks (`onMount`) before anything is made.
        switch route.mountDecision(for: session.account.user).kind {
        case .mount: break
        case .signIn(let path): return respond(Self.signInFirst(at: path, for: request))
        case .refuse(let reason): return respond(.text(403, reason))
        }
        // A user's session (the host's, new) gets their `@UserStorage` before its first page.
        guard session.account.user == nil || session.userStorage != nil else {
            return store.attachUserStorage(session) {
                if self.isStopped { return respond(Self.stopping) }
                self.newPage(route, segments, request, in: session, existing: existing, respond)
            }
        }
        newPage(route, segments, request, in: session, existing: existing, respond)
    }

    func newPage(_ route: RouteDescription, _ segments: [String], _ request: HostRequest, in session: Session, existing: Session?,
                         _ respond: @escaping @Sendable (HostResponse) -> Void) {
        let location = PageLocation(base: route.path, segments: segments, tab: request.query["tab"], maxSegments: settings.maxPathSegments)
        location.account = session.account
        location.language = LocalizationCatalog.main.pageLanguage(acceptLanguage: request.headers.first("Accept-Language"))
        location.takeQuery(request.query)
        location.loadedURL = URL(string: request.query.isEmpty ? request.path : location.path)
        let tree = route.makeTree(FormMarkup.self, location: location,
                                  snapshots: store.durable == nil ? nil : StateSnapshots(), appStorage: session,
                                  environment: settings.rootEnvironment(request.environment))
        if let notFound = tree.location.notFound {
            tree.close()
            return respond(Document.notFound(notFound, home: route.path, for: request))
        }
        // A page this one evicts (at the session cap, the page cap) is closed once this one is
        // answered: its views' teardown does not come between the request and the answer.
        let ((page, cookie), ended) = store.holdingEnded { () -> (Page, String?) in
            var setCookie: String?
            if existing == nil {
                store.add(session)
                setCookie = sessionCookie(session.id)
            }
            return (store.newPage(route, tree: tree, in: session), setCookie)
        }
        // The tasks the page's views started (`Task { }` in `onAppear`, a `.task` that could
        // not start at once) are queued on the main actor; answering from the back of that
        // queue puts what they change before they first suspend in the document.
        MainActorHop.enqueue {
            self.answer(page, setCookie: cookie, respond)
            self.store.close(ended)
        }
    }

    /// The `Set-Cookie` value that gives the browser session `id`.
    func sessionCookie(_ id: Token) -> String {
        id.description(after: Wire.sessionCookie + "=",
                       before: settings.secureCookies ? "; Path=/; HttpOnly; SameSite=Lax; Secure" : "; Path=/; HttpOnly; SameSite=Lax")
    }

    /// Sends a new page's document, once the store holds the page (the next click finds it
    /// after a crash).
    func answer(_ page: Page, setCookie: String?, _ respond: @escaping @Sendable (HostResponse) -> Void) {
        var response = document(page)
        if let setCookie { response.headers.add(name: "Set-Cookie", value: setCookie) }
        guard store.durable != nil else { return respond(response) }
        store.persist(page) { [response] in respond(response) }
    }

    /// Seconds after which a hidden tab lets go of its stream (nil: never; always so in memory).
    var releaseHiddenAfter: Double? { store.durable == nil ? nil : settings.releaseHiddenPagesAfter }

    /// The page's whole document, with every change made so far (by tasks too) applied.
    func document(_ page: Page) -> HostResponse {
        do {
            _ = try page.tree.flush()
        } catch {
            return end(page, failedWith: error)
        }
        page.sendsWholePage()
        return HostResponse(status: 200, headers: documentHeadersByRoute[page.route.path] ?? Self.documentHeaders,
                            body: Document.render(page, releaseHiddenAfter: releaseHiddenAfter))
    }
}
