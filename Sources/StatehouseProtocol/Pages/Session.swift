import Foundation
import StatehouseViews

/// A browser's session (the `sh_session` cookie): its CSRF token, its pages, and its
/// `@AppStorage` values.
@MainActor
final class Session: AppStorageScope {
    /// What the browser holds: the session's one secret.
    let id: Token
    /// Derived from `id` under the server's `SessionSecret`: never stored.
    let csrfToken: Token
    /// What the durable store files the session under (a keyed hash of `id`).
    let storeID: Token
    /// At most `maxPagesPerSession` (16): a list is smaller than a table and as quick.
    var pages: [Page] = []
    /// Who is signed in, read by its pages' views (`\.signedInUser`).
    let account = AccountModel()
    /// A sign-in or sign-out is replacing it (`SessionStore.replace`): not again.
    var isBeingReplaced = false
    /// Its hand-off URL was followed (it was made at a sign-in): not again.
    var isHandedOff = false
    /// When a request last carried this session's cookie (`Uptime.now`).
    var lastUsed: UInt64
    /// Its neighbours in the store's `Recency` list (the store owns every session in it).
    unowned(unsafe) var lessRecent: Session?
    unowned(unsafe) var moreRecent: Session?

    /// A new session, or the one a durable store kept under `secret.storeID(of: id)`.
    init(id: Token = .random(), secret: SessionSecret, now: UInt64) {
        self.id = id
        csrfToken = secret.csrfToken(of: id)
        storeID = secret.storeID(of: id)
        lastUsed = now
    }

    /// The `@SceneStorage` values of pages whose document closed (a reload), by page id, for
    /// the page that replaces each (at most four, the latest).
    private var leftScenes: [(page: String, values: [String: [UInt8]])] = []

    func stashScene(of page: String, _ values: [String: [UInt8]]) {
        guard !values.isEmpty else { return }
        leftScenes.append((page, values))
        if leftScenes.count > 4 { leftScenes.removeFirst() }
    }

    func takeScene(of page: String) -> [String: [UInt8]]? {
        guard let index = leftScenes.firstIndex(where: { $0.page == page }) else { return nil }
        return leftScenes.remove(at: index).values
    }

    /// `@AppStorage` values the durable store kept (until first used); nil without a store.
    var storedValues: [String: [UInt8]]?

    /// The key under which a durable store keeps the signed-in user with the session's
    /// `@AppStorage` values (no app's key has this form).
    static let userKey = "_sh.user"

    /// Takes up what a durable store kept: the `@AppStorage` values, and the signed-in user.
    func take(stored values: [String: [UInt8]]) {
        var values = values
        if let user = values.removeValue(forKey: Self.userKey) {
            account.user = try? JSONDecoder().decode(SignedInUser.self, from: Data(user))
        }
        storedValues = values
    }

    /// The signed-in user's `@UserStorage` values, shared with their other sessions, and what
    /// the store files them under (`SessionStore.attachUserStorage`); nil: no user, or not
    /// attached yet.
    var userStorage: (values: StorageValues, storeID: Token)?
    /// Without a user: the session's own, in memory only.
    private var anonymousUserStorage: StorageValues?

    var userStorageValues: StorageValues? {
        if let userStorage { return userStorage.values }
        if let anonymousUserStorage { return anonymousUserStorage }
        let made = StorageValues(prefix: "")
        anonymousUserStorage = made
        return made
    }

    /// The signed-in user as the store keeps it.
    var storedUser: StateChanges {
        var changes = StateChanges()
        if let user = account.user, let json = try? JSONEncoder().encode(user) {
            changes.upserts = [(Self.userKey, Array(json))]
        } else {
            changes.removals = [Self.userKey]
        }
        return changes
    }
    /// The `@AppStorage` values, once a view used one.
    private(set) var madeAppStorage: StorageValues?

    var appStorageValues: StorageValues {
        if let madeAppStorage { return madeAppStorage }
        let values = StorageValues(snapshots: storedValues.map { StateSnapshots(restoring: $0) }, prefix: "")
        storedValues = nil
        madeAppStorage = values
        return values
    }
}
