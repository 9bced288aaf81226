import Foundation
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

/// One loaded document (a browser tab): a live tree owned by one session, and the event
/// streams (`/_sh/stream`) open for it.
@MainActor
final class Page {
    let id: String
    let route: RouteDescription
    let tree: LiveTree
    unowned let session: Session
    private var streams: [ObjectIdentifier: EventStream] = [:]
    private var pushScheduled = false

    init(route: RouteDescription, session: Session) {
        id = Token.make()
        self.route = route
        tree = route.makeTree()
        self.session = session
        tree.onInvalidate = { [weak self] in self?.schedulePush() }
    }

    /// Opens `stream` for this page; what changed while no stream was open goes out at once.
    func add(_ stream: EventStream) {
        let key = ObjectIdentifier(stream)
        streams[key] = stream
        stream.onClose { [weak self] in
            DispatchQueue.main.async { MainActor.assumeIsolated { _ = self?.streams.removeValue(forKey: key) } }
        }
        schedulePush()
    }

    /// Changes the server made on its own (a task after `await`, another thread) are flushed
    /// once the writes that are landing together have landed, and sent to the open streams.
    /// With no stream open they wait for the page's next event response or render.
    private func schedulePush() {
        guard !pushScheduled else { return }
        pushScheduled = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                self.pushScheduled = false
                guard !self.streams.isEmpty, self.tree.hasPendingChanges else { return }
                let actions = self.tree.flush()
                guard !actions.isEmpty else { return }
                let html = actions.turboStream
                for stream in self.streams.values { stream.send(html) }
            }
        }
    }

    /// Ends the page's streams (the page itself is ending).
    func closeStreams() {
        for stream in streams.values { stream.close() }
        streams.removeAll()
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
        page.closeStreams()
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
