import Foundation
import HostedPages
import Hummingbird
import Logging
import Statehouse
import StatehouseHummingbird

/// A Hummingbird app with routes of its own and an authentication middleware, which also
/// serves Statehouse's pages: the middleware runs before a page is created, and the user it
/// found is in the page's environment.
///
///     swift run HummingbirdExample        # http://127.0.0.1:8080/counter (send Authorization: Bearer NAME)
///
/// Statehouse's options come from the environment (`STATEHOUSE_PORT`, `STATEHOUSE_STATE_STORE`,
/// …; see `swift run demo --help`), the host's address and port too.
@main
enum HummingbirdExample {
    static func main() async throws {
        let options = try ServerOptions(arguments: [], environment: ProcessInfo.processInfo.environment)
        let pages = try await StatehousePages.open(HostedPages(), options: options)
        try await application(pages: pages, host: options.host, port: options.port).runService()
    }

    /// The host: `GET /hello` is its own route; every request needs `Authorization: Bearer NAME`.
    static func application(pages: StatehousePages, host: String, port: Int) -> some ApplicationProtocol {
        let router = Router(context: UserContext.self)
        router.add(middleware: BearerAuthenticator())
        router.get("/hello") { _, context in "hello from Hummingbird, \(context.user?.name ?? "?")\n" }
        router.addStatehouse(pages) { _, context in
            var environment = HostEnvironment()
            environment.authenticate(as: context.user)
            return environment
        }
        return Application(router: router, configuration: .init(address: .hostname(host, port: port)),
                           services: [pages], logger: Logger(label: "hummingbird-example"))
    }
}

/// The request context: Hummingbird's basic one, and the user the authenticator found.
struct UserContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var user: SignedInUser?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }
}

/// A stand-in for real authentication (hummingbird-auth's): `Authorization: Bearer NAME`
/// signs NAME in; without it every request is 401.
struct BearerAuthenticator: RouterMiddleware {
    func handle(_ request: Request, context: UserContext,
                next: (Request, UserContext) async throws -> Response) async throws -> Response {
        guard let value = request.headers[.authorization], value.hasPrefix("Bearer "), value.count > 7 else {
            throw HTTPError(.unauthorized, message: "send Authorization: Bearer NAME")
        }
        var context = context
        context.user = SignedInUser(id: String(value.dropFirst(7)), name: String(value.dropFirst(7)))
        return try await next(request, context)
    }
}
