import Logging
import Statehouse
import Testing
@testable import StatehouseProtocol

/// Issue 58.6: the user a host's own authentication finds (a Hummingbird or Vapor middleware,
/// `HostEnvironment.authenticate(as:)`) is the session's `\.signedInUser`, on every page of
/// it, live; another user ends the session. And a route's `onMount` check.
@MainActor
@Suite("Host authentication")
struct HostAuthenticationTests {
    struct Greeting: View {
        @Environment(\.signedInUser) private var user
        @State private var count = 0
        var body: some View {
            Text("Hello, \(user?.name ?? "stranger")").accessibilityIdentifier("greeting")
            Button("Increment") { count += 1 }.accessibilityIdentifier("increment")
        }
    }

    struct Note: View {
        @UserStorage("note") private var note = ""
        var body: some View {
            TextField("Note", text: $note).accessibilityIdentifier("note")
            Text("Note: \(note)").accessibilityIdentifier("shown")
        }
    }

    /// Signs Ann or Bob in on the built-in server's path (`\.signIn`), beside a draft in the
    /// browser's `@AppStorage`.
    struct Switcher: View {
        @Environment(\.signIn) private var signIn
        @AppStorage("draft") private var draft = ""
        var body: some View {
            Text("Draft: \(draft)").accessibilityIdentifier("draft-shown")
            TextField("Draft", text: $draft).accessibilityIdentifier("draft")
            Button("Ann") { signIn(SignedInUser(id: "7", name: "Ann")) }.accessibilityIdentifier("ann")
            Button("Bob") { signIn(SignedInUser(id: "8", name: "Bob")) }.accessibilityIdentifier("bob")
        }
    }

    struct GreetingApp: App {
        var body: some Scene {
            Route("/hello") { Greeting() }
            Route("/switch") { Switcher() }
            Route("/note") { Note() }
            Route("/admin") { Greeting() }
                .onMount { user in
                    guard let user else { return .signIn(at: "/login") }
                    return user.roles.contains("admin") ? .mount : .refuse("administrators only")
                }
        }
    }

    let responder = StatehouseResponder(routes: GreetingApp().body._routes, settings: ProtocolSettings(), logger: Logger(label: "test"))

    func request(_ uri: String, method: String = "GET", cookie: String? = nil, csrf: String? = nil, body: String = "",
                 as user: SignedInUser?? = nil) -> HostRequest {
        var headers: HostHeaders = ["Accept": "text/html"]
        if let cookie { headers.add(name: "Cookie", value: cookie) }
        if let csrf {
            headers.add(name: "X-CSRF-Token", value: csrf)
            headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        }
        var request = HostRequest(method: method, uri: uri, headers: headers, body: Array(body.utf8))
        if let user { request.authenticate(as: user) }
        return request
    }

    func html(_ response: HostResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    func meta(_ name: String, in html: String) throws -> String {
        let start = try #require(html.range(of: #"name="\#(name)" content=""#)).upperBound
        return String(html[start...].prefix { $0 != "\"" })
    }

    @Test("The host's user is every page's \\.signedInUser; a new name or role for the same id reaches the pages; another id ends the session (410) and the next load makes a new one")
    func hostUserFollowsTheSession() async throws {
        let ann = SignedInUser(id: "7", name: "Ann")
        let first = await responder.respond(to: request("/hello", as: ann))
        #expect(html(first).contains(">Hello, Ann<"))
        let cookie = try #require(first.headers.first("set-cookie")?.split(separator: ";").first.map(String.init))
        let page = try meta("sh-page", in: html(first)), csrf = try meta("csrf-token", in: html(first))

        // Renamed by the host: the page shows it (the same session: no new cookie).
        let renamed = SignedInUser(id: "7", name: "Ann Smith")
        let render = await responder.respond(to: request("\(Wire.renderPath)?page=\(page)", cookie: cookie, as: renamed))
        #expect(render.status == 200)
        #expect(html(render).contains(">Hello, Ann Smith<"))

        // Another person on this browser's session: it ends.
        let bob = SignedInUser(id: "8", name: "Bob")
        let click = await responder.respond(to: request(Wire.eventPath, method: "POST", cookie: cookie, csrf: csrf,
                                                        body: "page=\(page)&target=increment", as: bob))
        #expect(click.status == 410)
        #expect(html(click).contains("the signed-in user changed"))
        let again = await responder.respond(to: request("/hello", cookie: cookie, as: bob))
        #expect(html(again).contains(">Hello, Bob<"))
        #expect(again.headers.first("set-cookie") != nil, "a new session")
        responder.endAllPages()
    }

    @Test("@UserStorage per user: Ann's two sessions share a value, Bob's is his own, and a session without a user has its own")
    func userStorage() async throws {
        let ann = SignedInUser(id: "7", name: "Ann"), bob = SignedInUser(id: "8", name: "Bob")
        let first = await responder.respond(to: request("/note", as: ann))
        let cookie = try #require(first.headers.first("set-cookie")?.split(separator: ";").first.map(String.init))
        let page = try meta("sh-page", in: html(first)), csrf = try meta("csrf-token", in: html(first))
        let typed = await responder.respond(to: request(Wire.eventPath, method: "POST", cookie: cookie, csrf: csrf,
                                                        body: "page=\(page)&target=note&type=input&value=milk", as: ann))
        #expect(typed.status == 303, "applied (a form post's answer: Accept is text/html)")
        #expect(html(await responder.respond(to: request("/note", as: ann))).contains(">Note: milk<"), "Ann's other session")
        #expect(html(await responder.respond(to: request("/note", as: bob))).contains(">Note: <"), "Bob's own")
        #expect(html(await responder.respond(to: request("/note", as: .some(nil)))).contains(">Note: <"), "no user's own")
        responder.endAllPages()
    }

    /// Presses `button` on a new `/switch` page of `cookie`'s session (a new session if nil),
    /// after typing `draft` if given, and follows the hand-off: the new session's cookie and its
    /// `/switch` page's HTML.
    func signIn(with button: String, cookie: String?, typing draft: String? = nil) async throws -> (cookie: String, html: String) {
        let document = await responder.respond(to: request("/switch", cookie: cookie))
        let cookie = try #require(cookie ?? document.headers.first("set-cookie")?.split(separator: ";").first.map(String.init))
        let page = try meta("sh-page", in: html(document)), csrf = try meta("csrf-token", in: html(document))
        if let draft {
            let typed = await responder.respond(to: request(Wire.eventPath, method: "POST", cookie: cookie, csrf: csrf,
                                                            body: "page=\(page)&target=draft&type=input&value=\(draft)"))
            #expect(typed.status == 303)
        }
        let pressed = await responder.respond(to: request(Wire.eventPath, method: "POST", cookie: cookie, csrf: csrf, body: "page=\(page)&target=\(button)"))
        let handoff = try #require(pressed.headers.first("location"))
        #expect(handoff.hasPrefix(Wire.sessionPath))
        let handedOff = await responder.respond(to: request(handoff, cookie: cookie))
        let next = try #require(handedOff.headers.first("set-cookie")?.split(separator: ";").first.map(String.init))
        return (next, html(await responder.respond(to: request("/switch", cookie: next))))
    }

    @Test("Signing in keeps the browser's @AppStorage when no one was signed in; another user's sign-in starts afresh")
    func appStorageAtASignIn() async throws {
        let ann = try await signIn(with: "ann", cookie: nil, typing: "notes")
        #expect(ann.html.contains(">Draft: notes<"), "a visitor's draft is theirs once signed in")
        let bob = try await signIn(with: "bob", cookie: ann.cookie)
        #expect(bob.html.contains(">Draft: <"), "Bob does not get Ann's draft")
        responder.endAllPages()
    }

    @Test("A role the host takes away ends the pages whose checks needed it; the session and its other pages go on")
    func roleTakenAway() async throws {
        let root = SignedInUser(id: "2", name: "Root", roles: ["admin"])
        let admin = await responder.respond(to: request("/admin", as: root))
        let cookie = try #require(admin.headers.first("set-cookie")?.split(separator: ";").first.map(String.init))
        let adminPage = try meta("sh-page", in: html(admin))
        let hello = await responder.respond(to: request("/hello", cookie: cookie, as: root))
        let helloPage = try meta("sh-page", in: html(hello))
        var demoted = root
        demoted.roles = []
        let gone = await responder.respond(to: request("\(Wire.renderPath)?page=\(adminPage)", cookie: cookie, as: demoted))
        #expect(gone.status == 410)
        #expect(html(gone).contains("the signed-in user changed"))
        #expect(await responder.respond(to: request("\(Wire.renderPath)?page=\(helloPage)", cookie: cookie, as: demoted)).status == 200)
        responder.endAllPages()
    }

    @Test("onMount: no user is sent to the check's sign-in route, a user without the role is refused 403, an admin gets the page")
    func mountChecks() async throws {
        let signIn = await responder.respond(to: request("/admin"))
        #expect(signIn.status == 303)
        #expect(signIn.headers.first("location") == "/login?next=%2Fadmin")
        let refused = await responder.respond(to: request("/admin", as: SignedInUser(id: "1", name: "Ann")))
        #expect(refused.status == 403)
        #expect(html(refused).contains("administrators only"))
        let admitted = await responder.respond(to: request("/admin", as: SignedInUser(id: "2", name: "Root", roles: ["admin"])))
        #expect(admitted.status == 200)
        #expect(html(admitted).contains(">Hello, Root<"))
        responder.endAllPages()
    }
}
