import Foundation
import StatehouseViews

/// Signing in and out as the browser sees it: a view's `\.signIn` replaces the session
/// (`SessionStore.replace`), the answer sends the browser to the hand-off URL, whose `GET`
/// sets the new session's cookie and goes on; a route's `onMount` check sends a browser that
/// may not load it to sign in first.
extension Application {
    /// Does the account change a view asked for in the event that `answered`: the answer then
    /// sends the browser to the hand-off (the page ends). A check that finds no one (wrong
    /// password) changes nothing but what it wrote of the page's state, which is added to the
    /// answer.
    func switchAccount(of page: Page, _ change: AccountChange, answered first: HostResponse, _ request: HostRequest,
                       _ respond: @escaping @Sendable (HostResponse) -> Void) {
        let wantsFragments = request.wantsFragments
        let handOff: @MainActor @Sendable (String?) -> Void = { url in
            // Already being replaced (a second click): this event's own answer.
            guard let url else { return respond(first) }
            respond(wantsFragments
                ? HostResponse(status: 200, headers: Self.fragmentHeaders, body: TurboStream.opening(url))
                : HostResponse(status: 303, headers: ["Location": url, "Cache-Control": "no-store"]))
        }
        switch change.who {
        case .user(let user):
            store.replace(page.session, signingIn: user, next: change.next, then: handOff)
        case .checking(let check):
            // On the main actor, as any view's task; a password hash in it runs elsewhere (an
            // actor's), so the other pages are served meanwhile.
            Task { @MainActor in
                let user = await check()
                // The page may have ended meanwhile (its session evicted, the server stopping).
                guard self.store.pages[page.id] === page else { return respond(first) }
                if let user { return self.store.replace(page.session, signingIn: user, next: change.next, then: handOff) }
                var response = first
                if wantsFragments {
                    do throws(ViewFailure) {
                        let changes = try page.tree.flush()
                        response.body += page.fragments(changes)
                    } catch {
                        return respond(self.end(page, failedWith: error))
                    }
                }
                self.store.persist(page) { [response] in respond(response) }
            }
        }
    }

    /// Does an account change a page's task asked for: its open streams are sent to the
    /// hand-off.
    func switchAccount(of page: Page, _ change: AccountChange) {
        let next = change.next
        let replace: @MainActor @Sendable (SignedInUser?) -> Void = { [weak self] user in
            guard let self, self.store.pages[page.id] === page else { return }
            self.store.replace(page.session, signingIn: user, next: next) { url in if let url { page.push(TurboStream.opening(url)) } }
        }
        switch change.who {
        case .user(let user): replace(user)
        case .checking(let check): Task { @MainActor in if let user = await check() { replace(user) } }
        }
    }

    // MARK: GET /_sh/session

    /// The hand-off after a sign-in or sign-out: the browser still holds the replaced
    /// session's cookie, from which (with the hand-off's nonce, under the server's key) the new
    /// session's id follows. Set as the cookie, and on to `next` (a path of this server). A
    /// hand-off that has expired, or that names no session (a forged one, another browser's),
    /// is 410 and sets nothing.
    func handOff(_ request: HostRequest, _ respond: @escaping @Sendable (HostResponse) -> Void) {
        let expired = HostResponse.text(410, "this sign-in hand-off has expired or is not this browser's: sign in again")
        guard let handoff = request.query["handoff"], let dot = handoff.firstIndex(of: "."),
              let expiry = Int(handoff[..<dot]), Token(handoff[handoff.index(after: dot)...]) != nil else {
            return respond(.text(400, "a hand-off is ?handoff=EXPIRY.NONCE, as a sign-in's answer gives it"))
        }
        let now = Int(Date().timeIntervalSince1970)
        guard (now...now + SessionStore.handoffLifetime).contains(expiry),
              let old = request.cookie(Wire.sessionCookie).flatMap({ Token($0) }) else { return respond(expired) }
        let id = store.secret.handoffSession(from: old, handoff: handoff)
        let next = request.query["next"].flatMap { PageLocation.isLocalPath($0) ? $0 : nil } ?? "/"
        let answer = { [self] in
            HostResponse(status: 303, headers: ["Location": next, "Set-Cookie": sessionCookie(id), "Cache-Control": "no-store",
                                                "Referrer-Policy": "no-referrer"])
        }
        // Once: a second time, the browser has the new cookie (or someone else has the URL).
        let once = { (session: Session) -> HostResponse in
            guard !session.isHandedOff else { return expired }
            session.isHandedOff = true
            return answer()
        }
        if let session = store.sessions[id] { return respond(once(session)) }
        // Another process made it: the store has it (written before the sign-in was answered).
        guard store.durable != nil, !store.holdsOrEnded(id) else { return respond(expired) }
        adopt(session: id, page: nil, request: request, respond: respond) { [self] in
            respond(store.sessions[id].map(once) ?? expired)
        }
    }

    // MARK: Routes that require a user

    /// The answer to a request for a route whose check wants a user first: a browser (asking
    /// for HTML) goes to `path` with the URL it asked for as `next`; anything else is 401.
    static func signInFirst(at path: String, for request: HostRequest) -> HostResponse {
        let query = FormData.encode(request.query.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        let asked = request.path + (query.isEmpty ? "" : "?" + query)
        let location = path + (path.contains("?") ? "&" : "?") + FormData.encode([("next", asked)])
        guard request.headers.values("accept").contains(where: { $0.utf8.containsIgnoringASCIICase("text/html".utf8) }) else {
            var refusal = HostResponse.text(401, "sign in first: \(path) (this page is for signed-in users)")
            // A session cookie is the credential, got by the form at `path` (RFC 9110 asks a 401 to name a scheme).
            refusal.headers.add(name: "WWW-Authenticate", value: "Cookie realm=\"statehouse\", form-action=\"\(path)\", cookie-name=\"\(Wire.sessionCookie)\"")
            return refusal
        }
        return HostResponse(status: 303, headers: ["Location": location, "Cache-Control": "no-store"])
    }
}
