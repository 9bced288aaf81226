import Foundation
import Observation

/// Who is signed in to a session: the app's id for the person, a name to show, and the roles
/// its checks read. Every page of the session sees it as `@Environment(\.signedInUser)`, live:
/// a change reaches every open page.
///
/// ```swift
/// struct AccountBadge: View {
///     @Environment(\.signedInUser) private var user
///     var body: some View {
///         if let user { Text("Signed in as \(user.name)") } else { Link("Sign in", destination: URL(string: "/signin")!) }
///     }
/// }
/// ```
///
/// The built-in server fills it through `\.signIn`; a Hummingbird or Vapor app's own
/// authentication fills it with `HostRequest.authenticate(as:)`. With a durable store it is
/// kept with the session (as JSON: keep what it holds small, and no secret in it).
public struct SignedInUser: Codable, Sendable, Hashable {
    /// The app's stable id for the person (not a name they may change).
    public var id: String
    /// What the pages show.
    public var name: String
    /// What the person may do (`admin`, `editor`): the app's own words.
    public var roles: Set<String>

    public init(id: String, name: String, roles: Set<String> = []) {
        self.id = id
        self.name = name
        self.roles = roles
    }
}

/// The signed-in user of one session, shared by its pages: views reading
/// `\.signedInUser` depend on it, and are evaluated again when it changes.
@MainActor
@Observable
package final class AccountModel {
    package var user: SignedInUser?

    package init(user: SignedInUser? = nil) { self.user = user }
}

/// A sign-in or sign-out a view asked for, done by the host once the event that asked has
/// been applied: the session is replaced by a new one (a new id, its pages ended), and the
/// browser goes to `next`.
package struct AccountChange {
    /// Who signs in (nil: signing out), or how to find out.
    package enum Who {
        case user(SignedInUser?)
        /// An async check (a password hash, off the main actor): nil means it failed, and
        /// nothing changes.
        case checking(@MainActor () async -> SignedInUser?)
    }

    package let who: Who
    /// Where the browser goes after: a path of this server.
    package let next: String
}

/// Signs a person in: `@Environment(\.signIn)`. The session is replaced by a new one (a new
/// cookie, so that an id another party planted or saw before opens nothing), every page of
/// the old one ends, and the browser goes on to the page that sent it to sign in (the `next`
/// query item of this page's URL, a path of this server), else reloads this page, as `user`.
///
/// Checking credentials is the app's. A slow password hash must not run on the main actor,
/// where every page's views live: hand the check as an async closure, which runs after the
/// event has been applied; the event's answer waits for it, the other pages do not.
///
/// ```swift
/// @Environment(\.signIn) private var signIn
///
/// Button("Sign in") {
///     signIn {
///         guard let user = await accounts.check(name: name, password: password) else {
///             failed = true      // shown on this page: nothing else changes
///             return nil
///         }
///         return user
///     }
/// }
/// ```
///
/// Outside a server (a `ViewTest`) it does nothing; set `\.signedInUser` there instead.
public struct SignInAction: Sendable {
    weak var location: PageLocation?

    /// Signs `user` in.
    @MainActor public func callAsFunction(_ user: SignedInUser) {
        location?.requestAccountChange(.user(user))
    }

    /// Signs in whom `check` returns, once it returns (nil: no one, and nothing changes).
    @MainActor public func callAsFunction(_ check: @escaping @MainActor () async -> SignedInUser?) {
        location?.requestAccountChange(.checking(check))
    }
}

/// Signs the session's user out: `@Environment(\.signOut)`. As for a sign-in, the session is
/// replaced by a new one with no user (and none of the old one's `@AppStorage`), every page of
/// the old one ends, and the browser loads this page's URL again (a route that requires a
/// user then sends it to sign in).
///
/// ```swift
/// @Environment(\.signOut) private var signOut
/// Button("Sign out") { signOut() }
/// ```
public struct SignOutAction: Sendable {
    weak var location: PageLocation?

    @MainActor public func callAsFunction() {
        location?.requestAccountChange(.user(nil))
    }
}

private struct SignedInUserKey: EnvironmentKey { static let defaultValue: SignedInUser?? = nil }

extension EnvironmentValues {
    /// The session's signed-in user (nil: no one), live; `.environment(\.signedInUser, …)`
    /// sets it for the views below (a preview, a `ViewTest`).
    public var signedInUser: SignedInUser? {
        get {
            if let set = self[SignedInUserKey.self] { return set }
            guard let location = pageLocation else { return nil }
            return MainActor.assumeIsolated { location.account?.user }
        }
        set { self[SignedInUserKey.self] = .some(newValue) }
    }

    /// Signs a person in (see `SignInAction`).
    public var signIn: SignInAction { SignInAction(location: pageLocation) }

    /// Signs the session's user out (see `SignOutAction`).
    public var signOut: SignOutAction { SignOutAction(location: pageLocation) }
}

extension PageLocation {
    func requestAccountChange(_ who: AccountChange.Who) {
        pendingAccountChange = AccountChange(who: who, next: returnPath)
    }

    /// A sign-in or sign-out a view asked for, once.
    package func takeAccountChange() -> AccountChange? {
        defer { pendingAccountChange = nil }
        return pendingAccountChange
    }

    /// Where a sign-in goes on to: the `next` query item the page was loaded with, if it is a
    /// path of this server, else the page's own URL.
    var returnPath: String {
        if let loadedURL, let items = URLComponents(url: loadedURL, resolvingAgainstBaseURL: false)?.queryItems,
           let next = items.first(where: { $0.name == "next" })?.value, Self.isLocalPath(next) {
            return next
        }
        return path
    }

    /// Whether `path` is a path of this server (`/notes?x=1`): one `/` at the start, not
    /// `//host` nor `/\host` (which browsers read as another site), and no control character.
    package nonisolated static func isLocalPath(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/"), bytes.count <= 2048 else { return false }
        if bytes.count > 1, bytes[1] == UInt8(ascii: "/") || bytes[1] == UInt8(ascii: "\\") { return false }
        return !bytes.contains { $0 < 0x20 || $0 == 0x7f }
    }
}
