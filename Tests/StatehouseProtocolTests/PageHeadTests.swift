import Foundation
import Testing
@testable import StatehouseProtocol
import StatehouseViews

/// Issue 58.3: what a route's head names must be among the app's files, and what it allows
/// beyond the server is in the Content-Security-Policy of its documents only.
@MainActor
@Suite struct PageHeadTests {
    struct Home: View { var body: some View { Text("home") } }

    @Test("Scene modifiers on a Group reach each of its routes; a name that is not a Public file is reported")
    func headOfRoutes() throws {
        let scene = Group {
            Route("/") { Home() }
            Route("/other") { Home() }
        }
        .stylesheet("gallery.css")
        .stylesheet("missing.css")
        .icon("favicon.svg")
        .meta(name: "theme-color", content: "#fff")
        let routes = scene._routes
        #expect(routes.count == 2)
        for route in routes {
            #expect(route.head.stylesheets.map(\.path) == ["gallery.css", "missing.css"])
            #expect(route.head.icon?.path == "favicon.svg")
            #expect(route.head.missingFiles() == ["missing.css"])
        }
        #expect(Route("/bare") { Home() }._routes[0].head == PageHead())
    }

    @Test("A source allowed for fonts is in that route's policy, beside 'self'; the default policy is unchanged")
    func contentSecurityPolicy() throws {
        let route = Route("/") { Home() }.contentSecurityPolicy(.fonts, allowing: "https://fonts.gstatic.com")._routes[0]
        let policy = try #require(Application.documentHeaders(allowing: route.head.allowedSources).first("Content-Security-Policy"))
        #expect(policy.contains("font-src 'self' https://fonts.gstatic.com;"))
        #expect(policy.contains("script-src 'self';"))
        let standard = try #require(Application.documentHeaders.first("Content-Security-Policy"))
        #expect(standard == "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self'; connect-src 'self'; media-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
    }
}
