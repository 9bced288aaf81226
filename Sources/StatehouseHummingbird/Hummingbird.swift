import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle
import StatehouseNIO
import StatehouseProtocol
// What a host hands its pages: `environment.authenticate(as: user)`.
@_exported import struct StatehouseProtocol.HostEnvironment

extension RouterMethods {
    /// Serves the app's pages here: each of its routes and every path below one (`GET` and
    /// `POST`), and the protocol's `/_sh/` endpoints. The host's middleware added before (to
    /// the router, or to the group this is called on) runs first, so authentication decides
    /// before a page is created; `environment` says who it found (`authenticate(as:)`: the
    /// session's user, live on every page) and turns the rest into values of a new page's root
    /// environment. The host's own routes stay its own: a path registered with a constant
    /// segment is matched before a route's `/**`.
    ///
    /// ```swift
    /// let pages = try await StatehousePages.open(MyApp(), options: options)
    /// let router = Router(context: AppContext.self)
    /// router.add(middleware: UserAuthenticator())
    /// router.addStatehouse(pages) { request, context in
    ///     var environment = HostEnvironment()
    ///     environment.authenticate(as: context.user.map { SignedInUser(id: $0.id, name: $0.name) })
    ///     return environment
    /// }
    /// let app = Application(router: router, services: [pages])
    /// try await app.runService()
    /// ```
    @discardableResult
    public func addStatehouse(
        _ pages: StatehousePages,
        environment: @escaping @Sendable (Request, Context) async throws -> HostEnvironment = { _, _ in HostEnvironment() }
    ) -> Self {
        let responder = pages.responder
        let handler: @Sendable (Request, Context) async throws -> Response = { request, context in
            var hostRequest: HostRequest
            if request.method == .post, request.uri.path == Wire.uploadPath {
                // A file importer's files: to disk as they arrive, never whole in memory.
                do {
                    hostRequest = try await pages.uploadRequest(method: "POST", uri: request.uri.string, headers: HostHeaders(request),
                                                                body: request.body)
                } catch let refusal as StatehousePages.UploadRefusal {
                    return Response(refusal.response)
                }
            } else {
                hostRequest = try await HostRequest(request, maxBodyBytes: context.maxUploadSize)
            }
            hostRequest.environment = try await environment(request, context)
            return Response(await responder.respond(to: hostRequest))
        }
        var paths = [RouterPath(stringLiteral: String(Wire.prefix.dropLast()) + "/**")]
        for path in responder.routePaths {
            paths.append(RouterPath(stringLiteral: path))
            paths.append(RouterPath(stringLiteral: (path == "/" ? "" : path) + "/**"))
        }
        for path in paths {
            get(path, use: handler)
            post(path, use: handler)
        }
        return self
    }
}

extension HostRequest {
    /// A Hummingbird request as the protocol reads it: its body read up to `maxBodyBytes`
    /// (Hummingbird answers 413 beyond), and `Host` from the request's authority.
    init(_ request: Request, maxBodyBytes: Int) async throws {
        let body = request.method == .post ? try await request.body.collect(upTo: maxBodyBytes) : ByteBuffer()
        self.init(method: request.method.rawValue, uri: request.uri.string, headers: HostHeaders(request), body: Array(body.readableBytesView))
    }
}

extension HostHeaders {
    /// A Hummingbird request's headers, with `Host` from its authority (HTTP types carry HTTP/1's
    /// `Host` as the authority; the origin check reads `Host`).
    init(_ request: Request) {
        self.init()
        for field in request.headers { add(name: field.name.rawName, value: field.value) }
        if let authority = request.head.authority, first("host") == nil { add(name: "Host", value: authority) }
    }
}

extension Response {
    /// The protocol's answer as a Hummingbird response; an event stream is written as its
    /// events come, until either side ends it.
    init(_ response: HostResponse) {
        var fields = HTTPFields()
        for (name, value) in response.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        let body: ResponseBody
        if let stream = response.stream {
            body = ResponseBody { writer in
                // The server's graceful shutdown waits for responses to end: an open stream
                // ends then (the browser reconnects to the next process), instead of holding
                // the shutdown until its client goes.
                await withGracefulShutdownHandler {
                    await stream.pump { bytes in try await writer.write(ByteBuffer(bytes: bytes)) }
                } onGracefulShutdown: {
                    stream.close()
                }
                try await writer.finish(nil)
            }
        } else {
            body = ResponseBody(byteBuffer: ByteBuffer(bytes: response.body))
        }
        self.init(status: HTTPResponse.Status(code: response.status), headers: fields, body: body)
    }
}
