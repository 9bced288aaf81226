import StatehouseViews

/// A browser's session (the `sh_session` cookie): its CSRF token and its pages.
@MainActor
final class Session {
    let id: Token
    let csrfToken: Token
    /// At most `maxPagesPerSession` (16): a list is smaller than a table and as quick.
    var pages: [Page] = []
    /// When a request last carried this session's cookie (`Uptime.now`).
    var lastUsed: UInt64
    /// Its neighbours in the store's `Recency` list (the store owns every session in it).
    unowned(unsafe) var lessRecent: Session?
    unowned(unsafe) var moreRecent: Session?

    /// A session with new tokens, or with the ones a durable store kept.
    init(id: Token = .random(), csrfToken: Token = .random(), now: UInt64) {
        self.id = id
        self.csrfToken = csrfToken
        lastUsed = now
    }
}
