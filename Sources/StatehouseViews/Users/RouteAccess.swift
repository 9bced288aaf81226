/// What a route's mount check decides for a request (`onMount`): load the page, send the
/// browser to sign in first, or refuse.
///
/// ```swift
/// Route("/admin") { AdminView() }
///     .onMount { user in
///         guard let user else { return .signIn(at: "/signin") }
///         return user.roles.contains("admin") ? .mount : .refuse("administrators only")
///     }
/// ```
public struct MountDecision: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case mount
        case signIn(at: String)
        case refuse(String)
    }

    package let kind: Kind

    /// The page is made and shown.
    public static let mount = MountDecision(kind: .mount)

    /// No page: a browser is sent to the sign-in route at `path` (303, with `?next=` the URL
    /// it asked for, where a sign-in goes on to); a client that does not ask for HTML (curl)
    /// gets 401 saying where to sign in.
    public static func signIn(at path: String) -> MountDecision {
        precondition(PageLocation.isLocalPath(path), "a sign-in route is a path of this server (/signin), not \(path)")
        return MountDecision(kind: .signIn(at: path))
    }

    /// No page: 403 with `reason` (the user is signed in, and may not see this).
    public static func refuse(_ reason: String) -> MountDecision { MountDecision(kind: .refuse(reason)) }
}

extension Scene {
    /// Checks each request for a page of this scene's routes before the page is made (as
    /// LiveView's `on_mount`): `check` gets the session's signed-in user. A page mounted once
    /// stays its session's; signing in or out ends the session's pages, so no page outlives
    /// the user it was checked for.
    public func onMount(_ check: @escaping @MainActor @Sendable (SignedInUser?) -> MountDecision) -> some Scene {
        MountCheckScene(content: self, check: check)
    }

    /// Pages of this scene's routes are for signed-in users: anyone else is sent to sign in
    /// at `signInPath` and back here after it (curl is answered 401).
    ///
    /// ```swift
    /// Group {
    ///     Route("/account") { AccountView() }
    ///     Route("/orders") { OrdersView() }
    /// }
    /// .requiresSignIn(at: "/signin")
    /// ```
    public func requiresSignIn(at signInPath: String = "/signin") -> some Scene {
        let decision = MountDecision.signIn(at: signInPath)
        return onMount { user in user == nil ? decision : .mount }
    }
}

struct MountCheckScene<Content: Scene>: Scene {
    let content: Content
    let check: @MainActor @Sendable (SignedInUser?) -> MountDecision

    var _routes: [RouteDescription] {
        content._routes.map { route in
            var route = route
            route.mountChecks.insert(check, at: 0)  // an outer check first: sign in before a role is asked for
            return route
        }
    }
}

extension RouteDescription {
    /// What the route's checks decide for `user`: the first that does not mount.
    @MainActor
    package func mountDecision(for user: SignedInUser?) -> MountDecision {
        for check in mountChecks {
            let decision = check(user)
            if decision != .mount { return decision }
        }
        return .mount
    }
}
