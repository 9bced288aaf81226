import StatehouseNIO
import StatehouseProtocol
// What a host hands its pages: `environment.authenticate(as: user)`.
@_exported import struct StatehouseProtocol.HostEnvironment
import Vapor

extension RoutesBuilder {
    /// Serves the app's pages here: each of its routes and every path below one (`GET` and
    /// `POST`), and the protocol's `/_sh/` endpoints. Middleware of this builder (a
    /// `grouped(…)` one) runs first, so authentication decides before a page is created;
    /// `environment` says who it found (`authenticate(as:)`: the session's user, live on every
    /// page) and turns the rest into values of a new page's root environment. The
    /// host's own routes stay its own: a constant path component is matched before a route's
    /// `**`. An event's body is read up to `maxBodySize` (Vapor answers 413 beyond).
    ///
    /// ```swift
    /// let pages = try await StatehousePages.open(MyApp(), options: options)
    /// app.lifecycle.use(StatehouseLifecycle(pages))
    /// app.grouped(UserAuthenticator(), User.guardMiddleware()).statehouse(pages) { request in
    ///     var environment = HostEnvironment()
    ///     let user = try request.auth.require(User.self)
    ///     environment.authenticate(as: SignedInUser(id: user.id, name: user.name))
    ///     return environment
    /// }
    /// try await app.execute()
    /// ```
    public func statehouse(
        _ pages: StatehousePages, maxBodySize: ByteCount = "1mb",
        environment: @escaping @Sendable (Request) async throws -> HostEnvironment = { _ in HostEnvironment() }
    ) {
        let responder = pages.responder
        let handler: @Sendable (Request) async throws -> Response = { request in
            var hostRequest = HostRequest(request)
            hostRequest.environment = try await environment(request)
            return Response(await responder.respond(to: hostRequest))
        }
        var paths: [[PathComponent]] = [[.constant(String(Wire.prefix.dropFirst().dropLast())), .catchall]]
        for path in responder.routePaths {
            let components = path.split(separator: "/").map { PathComponent.constant(String($0)) }
            paths.append(components)
            paths.append(components + [.catchall])
        }
        // A file importer's files: streamed to disk as they arrive, never whole in memory.
        on(.POST, "_sh", "upload", body: .stream) { request async throws -> Response in
            var hostRequest: HostRequest
            do {
                hostRequest = try await pages.uploadRequest(method: "POST", uri: request.url.string, headers: HostHeaders(request), body: request.body)
            } catch let refusal as StatehousePages.UploadRefusal {
                return Response(refusal.response)
            }
            hostRequest.environment = try await environment(request)
            return Response(await responder.respond(to: hostRequest))
        }
        for path in paths {
            on(.GET, path, use: handler)
            on(.POST, path, body: .collect(maxSize: maxBodySize), use: handler)
        }
    }
}

/// Ends the pages and closes their durable store when the Vapor application shuts down:
/// `app.lifecycle.use(StatehouseLifecycle(pages))`.
///
/// ```swift
/// let pages = try await StatehousePages.open(MyApp(), options: options)
/// app.lifecycle.use(StatehouseLifecycle(pages))
/// app.statehouse(pages)
/// try await app.execute()
/// ```
public struct StatehouseLifecycle: LifecycleHandler {
    private let pages: StatehousePages

    public init(_ pages: StatehousePages) { self.pages = pages }

    public func shutdownAsync(_ application: Application) async {
        await pages.close()
    }
}

extension HostRequest {
    /// A Vapor request as the protocol reads it (its body as collected).
    init(_ request: Request) {
        let body = request.body.data.map { Array($0.readableBytesView) } ?? []
        self.init(method: request.method.rawValue, uri: request.url.string, headers: HostHeaders(request), body: body)
    }
}

extension HostHeaders {
    /// A Vapor request's headers.
    init(_ request: Request) {
        self.init()
        for (name, value) in request.headers { add(name: name, value: value) }
    }
}

extension Response {
    /// The protocol's answer as a Vapor response; an event stream is written as its events
    /// come, until either side ends it.
    convenience init(_ response: HostResponse) {
        let headers = HTTPHeaders(response.headers.fields.map { ($0.name, $0.value) })
        let body: Body
        if let stream = response.stream {
            body = Body(asyncStream: { writer in
                await stream.pump { bytes in try await writer.writeBuffer(ByteBuffer(bytes: bytes)) }
                try await writer.write(.end)
            })
        } else {
            body = Body(buffer: ByteBuffer(bytes: response.body))
        }
        self.init(status: HTTPResponseStatus(statusCode: response.status), headers: headers, body: body)
    }
}
