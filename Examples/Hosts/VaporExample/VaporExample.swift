import HostedPages
import Statehouse
import StatehouseVapor
import Vapor

/// A Vapor app with routes of its own and an authentication middleware, which also serves
/// Statehouse's pages: the middleware runs before a page is created, and the user it found is
/// in the page's environment.
///
///     swift run VaporExample serve        # http://127.0.0.1:8080/counter (send Authorization: Bearer NAME)
///
/// Vapor's command line sets the address (`serve --hostname H --port P`); Statehouse's options
/// come from the environment (`STATEHOUSE_STATE_STORE`, …; see `swift run demo --help`).
@main
enum VaporExample {
    static func main() async throws {
        let app = try await Application.make(.detect())
        let options = try ServerOptions(arguments: [], environment: ProcessInfo.processInfo.environment)
        try await configure(app, pages: StatehousePages.open(HostedPages(), options: options))
        try await app.execute()
        try await app.asyncShutdown()
    }

    /// The host: `GET /hello` is its own route; every request needs `Authorization: Bearer NAME`.
    static func configure(_ app: Application, pages: StatehousePages) {
        app.lifecycle.use(StatehouseLifecycle(pages))
        let signedIn = app.grouped(BearerAuthenticator(), SignedIn.guardMiddleware())
        signedIn.get("hello") { request in "hello from Vapor, \(try request.auth.require(SignedIn.self).user.name)\n" }
        signedIn.statehouse(pages) { request in
            var environment = HostEnvironment()
            environment.authenticate(as: try request.auth.require(SignedIn.self).user)
            return environment
        }
    }
}

/// The signed-in user, as Vapor's authentication keeps it.
struct SignedIn: Authenticatable {
    let user: SignedInUser
}

/// A stand-in for real authentication: `Authorization: Bearer NAME` signs NAME in; the guard
/// answers 401 without it.
struct BearerAuthenticator: AsyncBearerAuthenticator {
    func authenticate(bearer: BearerAuthorization, for request: Request) async throws {
        request.auth.login(SignedIn(user: SignedInUser(id: bearer.token, name: bearer.token)))
    }
}
