import Foundation
import Statehouse
import Testing
@testable import StatehouseGallery
@testable import StatehouseProtocol

/// Issue 58.6: sign-in on the built-in server. A route that requires a user sends a browser to
/// sign in (and curl gets 401); signing in and out replaces the session, ends the old one's
/// pages, and hands the browser the new cookie through `/_sh/session`.
@Suite struct SignInHTTPTests {
    /// The hand-off URL in an answer: `sh-open`'s with JavaScript, the `Location` without.
    static func handoff(in reply: CurlClient.Reply) -> String? {
        if let location = reply.header("location"), location.hasPrefix(Wire.sessionPath) { return location }
        return reply.body.firstMatch(of: /action="sh-open" target="sh-root" url="([^"]+)"/).map { String($0.1).replacingOccurrences(of: "&amp;", with: "&") }
    }

    /// Signs `client` in as the demo's account on `page` (a `/signin` page), and follows the
    /// hand-off: the answer of `GET /_sh/session`.
    static func signIn(_ client: CurlClient, on page: LoadedPage, password: String = SignInSeed.Accounts.demoPassword) throws -> CurlClient.Reply {
        let form = FormData.encode([("page", page.id), ("_csrf", page.csrf), ("name", "ada"), ("password", password), ("target", "sign-in")])
        let answer = client.post("/_sh/event", form)
        #expect(answer.status == 200)
        let url = try #require(handoff(in: answer), "no hand-off in \(answer.body.prefix(300))")
        return client.get(url)
    }

    @Test("A route that requires a user: a browser is sent to /signin with next=, curl is told 401 and where to sign in; no page is made")
    func protectedRoute() async throws {
        try await withServer { port in
            let browser = CurlClient(port: port)
            let redirected = browser.get("/account?tab=2", headers: ["Accept: text/html"])
            #expect(redirected.status == 303)
            #expect(redirected.header("location") == "/signin?next=%2Faccount%3Ftab%3D2")
            #expect(browser.cookie == nil, "no session is made for a refused page")
            let curl = CurlClient(port: port).get("/account")
            #expect(curl.status == 401)
            #expect(curl.body.contains("sign in first: /signin"))
            #expect(curl.header("www-authenticate") == #"Cookie realm="statehouse", form-action="/signin", cookie-name="sh_session""#)
        }
    }

    @Test("Signing in replaces the session: the old cookie's pages end (410 saying why), the hand-off sets a new cookie and goes on to next, where the user is; the hand-off works once, for this browser only")
    func signInReplacesTheSession() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let signInPage = try load(client, "/signin?next=%2Faccount")
            let otherTab = try load(client, "/counter")
            let oldCookie = try #require(client.cookie)

            // A wrong password changes nothing but the message.
            let wrong = client.post("/_sh/event", FormData.encode([("page", signInPage.id), ("_csrf", signInPage.csrf), ("name", "ada"),
                                                                   ("password", "babbage"), ("target", "sign-in")]))
            #expect(wrong.status == 200)
            #expect(wrong.body.contains("Wrong name or password."))
            #expect(Self.handoff(in: wrong) == nil)
            #expect(event(client, otherTab, target: "increment").status == 200)

            let form = FormData.encode([("page", signInPage.id), ("_csrf", signInPage.csrf), ("name", "ada"),
                                        ("password", SignInSeed.Accounts.demoPassword), ("target", "sign-in")])
            let answer = client.post("/_sh/event", form)
            let url = try #require(Self.handoff(in: answer))
            #expect(url.hasPrefix("/_sh/session?handoff=") && url.hasSuffix("&next=%2Faccount"))
            // Every page of the old session ended.
            let gone = event(client, otherTab, target: "increment")
            #expect(gone.status == 410)
            #expect(gone.body.contains("replaced at a sign-in"))

            // A stranger with the URL but not the browser's old cookie gets nothing.
            let stranger = CurlClient(port: port)
            #expect(stranger.get(url).status == 410)
            #expect(stranger.cookie == nil)

            let handedOff = client.get(url)
            #expect(handedOff.status == 303)
            #expect(handedOff.header("location") == "/account")
            #expect(handedOff.header("referrer-policy") == "no-referrer")
            let newCookie = try #require(client.cookie)
            #expect(newCookie != oldCookie)
            let account = try load(client, "/account")
            #expect(account.html.contains(#"id="account-name" class="sh-text">Ada Lovelace<"#))
            // Followed again (now with the new cookie): not this browser's any more.
            #expect(client.get(url).status == 410)
            #expect(client.cookie == newCookie)
            // Nor with the old cookie (one who planted it and saw the URL): a hand-off works once.
            let planter = CurlClient(port: port).get(url, headers: ["Cookie: \(oldCookie)"])
            #expect(planter.status == 410)
            #expect(planter.header("set-cookie") == nil)
        }
    }

    @Test("@UserStorage is the user's: two browsers signed in as Ada share the motto (the other's page has it at once), a signed-out browser has its own")
    func userStorageIsTheUsers() async throws {
        try await withServer { port in
            let first = CurlClient(port: port), second = CurlClient(port: port)
            _ = try Self.signIn(first, on: try load(first, "/signin"))
            _ = try Self.signIn(second, on: try load(second, "/signin"))
            #expect(first.cookie != second.cookie)
            let mine = try load(first, "/account"), theirs = try load(second, "/account")
            #expect(theirs.html.contains("No motto yet."))
            #expect(event(first, mine, target: "motto", type: "input", value: "Poetical science").status == 200)
            #expect(second.get("/_sh/render?page=\(theirs.id)").body.contains("Motto: Poetical science"))
        }
    }

    @Test("Sign in clicked twice at once (Enter and a click): one hand-off, whichever answers second")
    func doubleSubmit() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/signin")
            let form = FormData.encode([("page", page.id), ("_csrf", page.csrf), ("name", "ada"),
                                        ("password", SignInSeed.Accounts.demoPassword), ("target", "sign-in")])
            let cookie = try #require(client.cookie)
            // At once, as Enter and a click are: the second arrives while the first's password check runs.
            let answers = SharedBox<[CurlClient.Reply]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                let reply = CurlClient(port: port).post("/_sh/event", form, headers: ["Cookie: \(cookie)"])
                answers.mutate { $0.append(reply) }
            }
            #expect(answers.value.compactMap(Self.handoff).count == 1, "one hand-off: \(answers.value.map(\.status))")
            #expect(answers.value.allSatisfy { [200, 410].contains($0.status) })
        }
    }

    @Test("Without JavaScript: the sign-in form's post is answered 303 to the hand-off")
    func signInWithoutJavaScript() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/signin")
            let form = FormData.encode([("page", page.id), ("_csrf", page.csrf), ("name", "ada"),
                                        ("password", SignInSeed.Accounts.demoPassword), ("target", "sign-in")])
            let answer = client.post("/_sh/event", form, headers: ["Accept: text/html"])
            #expect(answer.status == 303)
            let url = try #require(answer.header("location"))
            #expect(url.hasPrefix("/_sh/session?handoff=") && url.hasSuffix("&next=%2Fsignin"))
            #expect(client.get(url).header("location") == "/signin")
            #expect(try load(client, "/signin").html.contains("You are signed in as Ada Lovelace."))
        }
    }

    @Test("Signing out replaces the session with one without a user: /account then sends the browser to sign in")
    func signOut() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            _ = try Self.signIn(client, on: try load(client, "/signin"))
            let account = try load(client, "/account")
            let answer = event(client, account, target: "sign-out")
            let url = try #require(Self.handoff(in: answer))
            #expect(url.hasSuffix("&next=%2Faccount"))
            #expect(client.get(url).header("location") == "/account")
            let after = client.get("/account", headers: ["Accept: text/html"])
            #expect(after.status == 303)
            #expect(after.header("location") == "/signin?next=%2Faccount")
        }
    }

    @Test("Bad hand-offs: malformed is 400, expired or without the old cookie is 410; next must be a path of this server")
    func badHandoffs() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            _ = try load(client, "/signin")
            #expect(client.get("/_sh/session").status == 400)
            #expect(client.get("/_sh/session?handoff=soon.abc").status == 400)
            let past = Int(Date().timeIntervalSince1970) - 5
            #expect(client.get("/_sh/session?handoff=\(past).\(String(repeating: "ab", count: 16))").status == 410)
            let far = Int(Date().timeIntervalSince1970) + 3600
            #expect(client.get("/_sh/session?handoff=\(far).\(String(repeating: "ab", count: 16))").status == 410)
            // A forged hand-off from this browser's own cookie names no session.
            let now = Int(Date().timeIntervalSince1970) + 30
            #expect(client.get("/_sh/session?handoff=\(now).\(String(repeating: "cd", count: 16))&next=/account").status == 410)
        }
        #expect(PageLocation.isLocalPath("/account?tab=2"))
        for outside in ["//evil.example/", "/\\evil.example", "https://evil.example/", "account", "/a\nb"] {
            #expect(!PageLocation.isLocalPath(outside), "\(outside)")
        }
    }

    @Test("Attempts are rate-limited per name: the sixth try after five failures is told to wait, also with the right password")
    func rateLimited() async throws {
        var clock = ContinuousClock.now
        let now = SharedBox(clock)
        let accounts = SignInSeed.Accounts(now: { now.value })
        for _ in 0..<5 {
            #expect(await accounts.check(name: "ada", password: "guess") == .wrong)
        }
        #expect(await accounts.check(name: "ada", password: SignInSeed.Accounts.demoPassword) == .locked(seconds: 60))
        clock = clock.advanced(by: .seconds(61))
        now.mutate { $0 = clock }
        guard case .signedIn(let user) = await accounts.check(name: "ADA ", password: SignInSeed.Accounts.demoPassword) else {
            Issue.record("not signed in after the lock")
            return
        }
        #expect(user.name == "Ada Lovelace")
        // An unknown name fails as a wrong password does.
        #expect(await accounts.check(name: "nobody", password: "x") == .wrong)
    }

    @Test("With the SQLite store the signed-in user is kept with the session: after a restart the new cookie still opens /account as Ada")
    func userOutlivesARestart() async throws {
        let store = DurableStoreTests.storeFile()
        defer { DurableStoreTests.removeStore(store) }
        let cookie = SharedBox<String?>(nil)
        let onStore: (inout ServerOptions) -> Void = { $0.stateStore = .sqlite(path: store) }
        try await withServer(onStore) { port in
            let client = CurlClient(port: port)
            let handedOff = try Self.signIn(client, on: try load(client, "/signin?next=/account"))
            #expect(handedOff.header("location") == "/account")
            cookie.mutate { $0 = client.cookie }
            let account = try load(client, "/account")
            #expect(event(client, account, target: "motto", type: "input", value: "Poetical science").status == 200)
        }
        try await withServer(onStore) { port in
            let account = CurlClient(port: port).get("/account", headers: ["Cookie: \(cookie.value ?? "")"])
            #expect(account.status == 200)
            #expect(account.body.contains(#"id="account-name" class="sh-text">Ada Lovelace<"#))
            #expect(account.header("set-cookie") == nil, "the same session")
            #expect(account.body.contains("Motto: Poetical science"), "the user's @UserStorage, kept by the store")
            // Another browser signed in as the same user has it too.
            let other = CurlClient(port: port)
            _ = try Self.signIn(other, on: try load(other, "/signin"))
            #expect(try load(other, "/account").html.contains("Motto: Poetical science"))
        }
    }
}

/// What the demo and the starter check passwords with: scrypt hashes as text, and lockouts.
@Suite struct PasswordHashTests {
    @Test("A hash verifies its password and no other; its text reads back; two hashes of one password differ (salt); other schemes and bad costs are refused")
    func hashes() throws {
        let hash = PasswordHash(hashing: "analytical engine", cost: PasswordHash.Cost(logRounds: 10))
        #expect(hash.verify("analytical engine"))
        #expect(!hash.verify("analytical engine "))
        #expect(!hash.verify(""))
        let text = hash.description
        #expect(text.hasPrefix("$scrypt$ln=10,r=8,p=1$"))
        let read = try #require(PasswordHash(text))
        #expect(read == hash && read.verify("analytical engine"))
        #expect(PasswordHash(hashing: "analytical engine", cost: PasswordHash.Cost(logRounds: 10)) != hash)
        #expect(!PasswordHash.decoy.verify(""))
        for bad in ["", "$2b$10$abc", "$scrypt$ln=30,r=8,p=1$c2FsdHNhbHQ$aGFzaA", "$scrypt$ln=10,r=8,p=2$c2FsdHNhbHQ$" + String(text.split(separator: "$").last!),
                    "$scrypt$ln=10,r=8,p=1$!!$" + String(text.split(separator: "$").last!)] {
            #expect(PasswordHash(bad) == nil, "\(bad)")
        }
    }

    @Test("SignInAttempts: the third failure (of three allowed) locks the key out for the lockout, by the clock given; a success forgets failures")
    func attempts() {
        let now = SharedBox(ContinuousClock.now)
        var attempts = SignInAttempts(maxFailures: 3, lockout: .seconds(30), now: { now.value })
        attempts.failed("ada")
        attempts.succeeded("ada")
        for _ in 0..<2 { attempts.failed("ada") }
        #expect(attempts.lockout(of: "ada") == nil)
        attempts.failed("ada")
        #expect(attempts.lockout(of: "ada") == .seconds(30))
        #expect(attempts.lockout(of: "bob") == nil)
        now.mutate { $0 = $0.advanced(by: .seconds(31)) }
        #expect(attempts.lockout(of: "ada") == nil)
    }
}
