import Dispatch
import Foundation
import StatehouseViews
import Synchronization

/// Signing in and out: a session is never given a user. It is replaced by a new one, whose id
/// the browser gets through a hand-off URL (`Wire.sessionPath`), so that an id planted in the
/// browser before, or seen by anyone, opens nothing of the signed-in user's.
extension SessionStore {
    /// How long a hand-off URL may be followed (seconds).
    static let handoffLifetime = 60

    /// Replaces `old` by a new session with `user` signed in (nil: no one): `done` gets the
    /// hand-off URL once the new session is durable (at once without a store), then every page
    /// of `old` ends, here and in a store (and, through it, in the other processes).
    /// A browser with no one signed in keeps its `@AppStorage` values at a sign-in (as does
    /// the same user signing in again); another user's, or a sign-out, starts afresh (the next
    /// person at this computer is someone else). A session already being replaced (a second
    /// click on Sign in) is not replaced again: `done` gets nil.
    func replace(_ old: Session, signingIn user: SignedInUser?, next: String,
                 then done: @escaping @MainActor @Sendable (String?) -> Void) {
        guard !old.isBeingReplaced else { return done(nil) }
        old.isBeingReplaced = true
        let expiry = Int(Date().timeIntervalSince1970) + Self.handoffLifetime
        let handoff = "\(expiry).\(Token.random())"
        let session = Session(id: secret.handoffSession(from: old.id, handoff: handoff), secret: secret, now: Uptime.now)
        session.account.user = user
        // The user's `@UserStorage` first (read from the store if no session here has it).
        attachUserStorage(session) { [weak self] in
            self?.replace(old, by: session, handoff: handoff, next: next, then: done)
        }
    }

    private func replace(_ old: Session, by session: Session, handoff: String, next: String,
                         then done: @escaping @MainActor @Sendable (String?) -> Void) {
        let user = session.account.user
        let sameBrowserUser = user != nil && (old.account.user == nil || old.account.user?.id == user?.id)
        let carried = sameBrowserUser ? old.encodedAppStorage : [:]
        add(session)
        let url = "\(Wire.sessionPath)?" + FormData.encode([("handoff", handoff), ("next", next)])
        let finish: @MainActor @Sendable () -> Void = { [weak self] in
            done(url)
            guard let self, sessions[old.id] === old else { return }
            remove(old, reason: user == nil ? .signedOut : .signedIn)  // (and told to the other processes)
        }
        guard durable != nil else {
            if !carried.isEmpty { session.appStorageValues.take(carried) }
            return finish()
        }
        // Written now, with its user and what it carries over: the browser may follow the
        // hand-off to another process.
        session.storedValues = carried
        unsavedSessions.remove(session.id)
        var values = session.storedUser
        values.upserts += carried.map { (key: $0.key, value: $0.value) }
        let writes: [StoreWrite] = [.session(id: session.storeID.description), .sessionState(session: session.storeID.description, values)]
        send(PageWrites(id: session.id, writes: writes, order: nextOrder(), whole: false), of: nil) {
            MainActorHop.run { finish() }
        }
    }

    /// Gives `session` its user's `@UserStorage` values, then calls `then`: those another
    /// session here holds, else what the durable store kept (an async read), else new ones.
    /// A store that cannot be read gives values in memory only (not written), and is logged.
    func attachUserStorage(_ session: Session, then: @escaping @MainActor @Sendable () -> Void) {
        guard let user = session.account.user else {
            session.userStorage = nil
            return then()
        }
        let id = secret.storeID(ofUser: user.id)
        if let live = userScopes[id]?.values {
            session.userStorage = (live, id)
            return then()
        }
        guard let durable else {
            session.userStorage = (makeUserScope(id, stored: nil), id)
            return then()
        }
        // Once: the store's answer, or the timeout (`storeTimeout`), whichever comes first.
        let waiting = Mutex<(@MainActor @Sendable (Result<[String: [UInt8]], any Error>) -> Void)?>(nil)
        let answer: @Sendable (Result<[String: [UInt8]], any Error>) -> Void = { result in
            guard let take = waiting.withLock({ $0.take() }) else { return }
            MainActorHop.run { take(result) }
        }
        waiting.withLock {
            $0 = { [weak self] result in
                guard let self else { return }
                if let live = userScopes[id]?.values {
                    session.userStorage = (live, id)  // read by another request meanwhile
                } else {
                    switch result {
                    case .success(let stored): session.userStorage = (makeUserScope(id, stored: stored), id)
                    case .failure(let error):
                        logger.error("could not read a user's @UserStorage values (kept in memory only, not written): \(error)")
                        let values = StorageValues(prefix: "")
                        userScopes[id] = WeakStorage(values: values)
                        session.userStorage = (values, id)
                    }
                }
                then()
            }
        }
        let timeout = limits.storeTimeout
        DispatchQueue.main.asyncAfter(deadline: .now() + timeout) { answer(.failure(StoreTimeout(seconds: timeout))) }
        durable.userState(id.description, answer)
    }

    private func makeUserScope(_ id: Token, stored: [String: [UInt8]]?) -> StorageValues {
        userScopes = userScopes.filter { $0.value.values != nil }
        let values = StorageValues(snapshots: stored.map { StateSnapshots(restoring: $0) }, prefix: "")
        userScopes[id] = WeakStorage(values: values)
        return values
    }

    /// The host's authentication names `user` for a request of `session`: the same person
    /// (by id) is kept, their name and roles updated on every page; another person (or none)
    /// ends the session, and the request goes on as one without a session.
    func authenticate(_ session: Session, as user: SignedInUser?) {
        guard session.account.user != user else { return }
        guard session.account.user?.id == user?.id else { return remove(session, reason: .userChanged) }
        session.account.user = user
        // A page its route's checks would not mount for them now (a role taken away) ends.
        for page in session.pages where page.route.mountDecision(for: user) != .mount {
            remove(page, reason: .userChanged, forGood: true)
        }
        guard durable != nil, !unsavedSessions.contains(session.id) else { return }
        send(PageWrites(id: session.id, writes: [.sessionState(session: session.storeID.description, session.storedUser)],
                        order: nextOrder(), whole: false), of: nil)
    }
}

extension Session {
    /// The `@AppStorage` values as a store keeps them.
    var encodedAppStorage: [String: [UInt8]] {
        madeAppStorage?.encodedValues() ?? storedValues ?? [:]
    }
}


/// A durable store read that took longer than `storeTimeout`.
struct StoreTimeout: Error, CustomStringConvertible {
    let seconds: Double
    var description: String { "the state store did not answer within \(seconds.formatted()) s" }
}
