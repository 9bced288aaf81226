import Foundation
import Logging
import NIOHTTP1
import StatehouseViews

/// The wire protocol: routes become pages, events become state changes, and the answer is
/// the fragments of what changed. Runs on the main actor, where the views live.
@MainActor
final class Application {
    private let routes: [String: RouteDescription]
    let store: SessionStore
    private let options: ServerOptions
    private let logger: Logger

    init(routes: [RouteDescription], options: ServerOptions, logger: Logger) {
        var table: [String: RouteDescription] = [:]
        for route in routes where table[route.path] == nil { table[route.path] = route }
        self.routes = table
        self.options = options
        self.logger = logger
        store = SessionStore(limits: options.sessionLimits)
        store.startSweeping()
    }

    /// Answers `request` through `respond`: at once, except for a new page, which first lets
    /// the tasks its views started run up to their first suspension.
    func handle(_ request: Request, _ respond: @escaping @MainActor (Response) -> Void) {
        switch (request.method, request.path) {
        case (.POST, "/_sh/event"): respond(event(request))
        case (_, "/_sh/event"): respond(.text(.methodNotAllowed, "use POST for /_sh/event"))
        case (.POST, "/_sh/leave"): respond(leave(request))
        case (_, "/_sh/leave"): respond(.text(.methodNotAllowed, "use POST for /_sh/leave"))
        case (.GET, "/_sh/render"): respond(render(request))
        case (.GET, "/_sh/stream"): respond(stream(request))
        case (.GET, "/_sh/health"):
            respond(Response(status: .ok, headers: ["Content-Type": "application/json", "Cache-Control": "no-store"],
                             body: Array(#"{"status":"ok","sessions":\#(store.sessionCount),"pages":\#(store.pageCount)}"#.utf8)))
        case (.GET, let path):
            guard let route = routes[path] else { return respond(.text(.notFound, "no route \(path)")) }
            newPage(route, request, respond)
        default:
            respond(.text(.methodNotAllowed, "method \(request.method) is not allowed here"))
        }
    }

    // MARK: GET <route>

    private func newPage(_ route: RouteDescription, _ request: Request, _ respond: @escaping @MainActor (Response) -> Void) {
        var setCookie: String?
        let session: Session
        if let cookie = request.cookie(Self.cookieName), case .success(let existing) = store.session(cookie) {
            session = existing
        } else {
            session = store.newSession()
            setCookie = "\(Self.cookieName)=\(session.id); Path=/; HttpOnly; SameSite=Lax" + (options.secureCookies ? "; Secure" : "")
        }
        let page = store.newPage(route, in: session)
        // The tasks the page's views started are queued on the main actor; answering from the
        // back of that queue puts what they change before they first suspend in the document.
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                var response = self.document(page)
                if let setCookie { response.headers.add(name: "Set-Cookie", value: setCookie) }
                respond(response)
            }
        }
    }

    /// The page's whole document, with every change made so far (by tasks too) applied.
    private func document(_ page: Page) -> Response {
        _ = page.tree.flush()
        if let failure = failure(of: page) { return failure }
        var response = Response.html(Document.render(page))
        response.headers.add(contentsOf: Self.pageHeaders)
        return response
    }

    static let cookieName = "sh_session"

    /// Sent with every document: no inline script can run, nothing sniffs types.
    static let pageHeaders: HTTPHeaders = [
        "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "same-origin",
        "Cache-Control": "no-store",
    ]

    // MARK: GET /_sh/render

    private func render(_ request: Request) -> Response {
        switch ownedPage(request) {
        case .success(let page): document(page)
        case .failure(let refusal): refusal.response
        }
    }

    // MARK: GET /_sh/stream

    /// Server-sent events: the changes the server makes on its own, as turbo-stream HTML.
    private func stream(_ request: Request) -> Response {
        switch ownedPage(request) {
        case .failure(let refusal): return refusal.response
        case .success(let page):
            let stream = EventStream()
            page.add(stream)
            return Response(status: .ok, headers: ["Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store",
                                                   "X-Accel-Buffering": "no"], stream: stream)
        }
    }

    /// The page named by the `page` query parameter, if it belongs to the request's session.
    private func ownedPage(_ request: Request) -> Result<Page, Refusal> {
        guard let pageID = request.query["page"], !pageID.isEmpty else {
            return .failure(Refusal(response: .text(.badRequest, "missing query parameter 'page'")))
        }
        return store.session(request.cookie(Self.cookieName)).flatMap { store.page(pageID, of: $0) }
    }

    // MARK: POST /_sh/event

    /// Fields of the event form that are not text field values.
    private static let protocolFields: Set<String> = ["page", "target", "type", "value", "_csrf"]

    private func event(_ request: Request) -> Response {
        // 400: malformed
        if let contentType = request.headers.first(name: "content-type"),
           !contentType.lowercased().hasPrefix("application/x-www-form-urlencoded") {
            return .text(.badRequest, "expected Content-Type application/x-www-form-urlencoded, got \(contentType)")
        }
        guard let form = request.form ?? FormData.decode(request.body) else {
            return .text(.badRequest, "malformed form body (bad percent-encoding)")
        }
        guard let pageID = form["page"], !pageID.isEmpty else { return .text(.badRequest, "missing field 'page'") }
        // A no-JavaScript form post carries the text fields' values under their ids; Enter in a
        // field posts them with an empty target (the form's hidden default button).
        let fields = form.fields.filter { !Self.protocolFields.contains($0.name) }
        let target = form["target"] ?? ""
        guard !target.isEmpty || !fields.isEmpty else { return .text(.badRequest, "missing field 'target'") }
        // 410 session, 403 origin or CSRF, 410 page
        let page: Page
        switch postedPage(pageID, request, form) {
        case .success(let found): page = found
        case .failure(let refusal): return refusal.response
        }
        // 404, 409, 400 from the tree; the event is checked before anything is applied.
        let event = target.isEmpty ? nil : Event(target: target, type: form["type"] ?? "click", value: form["value"])
        let actions: [StreamAction]
        do {
            if let event { try page.tree.check(event) }
            // The changed fields first, in document order, then the pressed button; with no
            // button pressed (Enter), each changed field is submitted (its `onSubmit` runs).
            for field in fields {
                guard let current = page.tree.textFieldValue(field.name), current != field.value else { continue }
                try page.tree.apply(Event(target: field.name, type: event == nil ? "submit" : "input", value: field.value))
            }
            if let event { try page.tree.apply(event) }
            actions = page.tree.flush()
        } catch {
            return Self.response(for: error)
        }
        if let failure = failure(of: page) { return failure }
        if Self.wantsFragments(request) {
            return Response(status: .ok, headers: ["Content-Type": "text/vnd.turbo-stream.html; charset=utf-8", "Cache-Control": "no-store"],
                            body: Array(actions.turboStream.utf8))
        }
        return Response(status: .seeOther, headers: ["Location": "/_sh/render?page=\(page.id)", "Cache-Control": "no-store"])
    }

    /// The page a POST names, checked in the protocol's order: 410 if the session is unknown,
    /// 403 for another origin or a missing or wrong CSRF token, 410 if the page is unknown or
    /// another session's.
    private func postedPage(_ pageID: String, _ request: Request, _ form: FormData) -> Result<Page, Refusal> {
        store.session(request.cookie(Self.cookieName)).flatMap { session in
            if let origin = request.headers.first(name: "origin"), !Self.isSameOrigin(origin, host: request.headers.first(name: "host")) {
                return .failure(Refusal(response: .text(.forbidden, "cross-origin request refused (Origin \(origin))")))
            }
            guard let token = request.headers.first(name: "x-csrf-token") ?? form["_csrf"], session.csrfToken.matches(token) else {
                return .failure(Refusal(response: .text(.forbidden, "missing or wrong CSRF token (send the page's csrf-token as X-CSRF-Token or _csrf)")))
            }
            return store.page(pageID, of: session)
        }
    }

    // MARK: POST /_sh/leave

    /// The browser client's beacon when its document goes away for good (a reload, a link, a
    /// closed tab; not into the back-forward cache): the page ends now instead of idling out,
    /// its tasks cancelled and its state freed. 204; the same refusals as an event.
    private func leave(_ request: Request) -> Response {
        guard let form = FormData.decode(request.body) else { return .text(.badRequest, "malformed form body (bad percent-encoding)") }
        guard let pageID = form["page"], !pageID.isEmpty else { return .text(.badRequest, "missing field 'page'") }
        switch postedPage(pageID, request, form) {
        case .failure(let refusal): return refusal.response
        case .success(let page):
            store.remove(page, reason: "its document was closed")
            return Response(status: .noContent)
        }
    }

    /// A page whose views failed (e.g. a missing environment object) cannot be shown: 500 with
    /// the reason, logged, and the page ends (its tasks are cancelled, its state freed).
    private func failure(of page: Page) -> Response? {
        guard let failure = page.tree.failure else { return nil }
        logger.error("a view failed: \(failure)", metadata: ["route": "\(page.route.path)", "page": "\(page.id)"])
        store.remove(page, reason: "a view failed: \(failure)")
        return .text(.internalServerError, "the page \(page.route.path) failed: \(failure)")
    }

    private static func response(for error: EventError) -> Response {
        switch error {
        case .noSuchElement: .text(.notFound, error.description)
        case .disabled: .text(.conflict, error.description)
        case .unknownType, .unsupported, .invalidValue: .text(.badRequest, error.description)
        }
    }

    /// `*/*`, no Accept, or one naming the turbo-stream type gets fragments; a plain HTML form
    /// post (text/html but not turbo-stream) gets a redirect to the re-rendered page.
    static func wantsFragments(_ request: Request) -> Bool {
        // The standard library's search (Foundation's `contains` goes through `NSString`).
        let accept = request.headers["accept"].joined(separator: ",").lowercased().utf8
        if accept.firstRange(of: "text/vnd.turbo-stream.html".utf8) != nil { return true }
        return accept.firstRange(of: "text/html".utf8) == nil
    }

    static func isSameOrigin(_ origin: String, host: String?) -> Bool {
        guard let host, let url = URL(string: origin), let originHost = url.host else { return false }
        let originAuthority = url.port.map { "\(originHost):\($0)" } ?? originHost
        return originAuthority.lowercased() == host.lowercased()
    }
}
