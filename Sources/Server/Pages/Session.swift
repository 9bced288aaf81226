import Runtime

/// A browser's session (the `sh_session` cookie): its CSRF token and its pages.
@MainActor
final class Session {
    let id: String
    let csrfToken: String
    var pages: [String: Page] = [:]

    init() {
        id = Token.make()
        csrfToken = Token.make()
    }
}

/// One loaded document (a browser tab): a live tree owned by one session.
@MainActor
final class Page {
    let id: String
    let route: RouteDescription
    let tree: LiveTree
    unowned let session: Session

    init(route: RouteDescription, session: Session) {
        id = Token.make()
        self.route = route
        tree = route.makeTree()
        self.session = session
    }
}

/// All sessions and pages of one server. Main actor only.
@MainActor
final class SessionStore {
    private var sessions: [String: Session] = [:]
    private var pages: [String: Page] = [:]

    var sessionCount: Int { sessions.count }
    var pageCount: Int { pages.count }

    func session(_ id: String?) -> Session? { id.flatMap { sessions[$0] } }

    func newSession() -> Session {
        let session = Session()
        sessions[session.id] = session
        return session
    }

    func newPage(_ route: RouteDescription, in session: Session) -> Page {
        let page = Page(route: route, session: session)
        session.pages[page.id] = page
        pages[page.id] = page
        return page
    }

    /// Ends `page`: its tasks are cancelled, `onDisappear` actions run, its state is freed.
    func remove(_ page: Page) {
        pages[page.id] = nil
        page.session.pages[page.id] = nil
        page.tree.close()
    }

    /// The page `id`, if it exists and belongs to `session`.
    func page(_ id: String, of session: Session) -> Page? {
        guard let page = pages[id], page.session === session else { return nil }
        return page
    }
}

/// Unguessable identifiers: 128 bits from the system's cryptographic random source, in hex.
enum Token {
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var hex = ""
        hex.reserveCapacity(32)
        for _ in 0..<2 {
            let word = generator.next() as UInt64
            let digits = String(word, radix: 16)
            hex += String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex
    }

    /// Compares in time independent of where the strings differ.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
