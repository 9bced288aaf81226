import StatehouseViews

/// `GET /_sh/stream`: a page's stream of the changes the server makes on its own.
extension Application {
    /// The changes the server makes on its own, as turbo-stream HTML: server-sent events, or
    /// messages over a WebSocket when the request asks to upgrade and the host can.
    func stream(_ request: HostRequest) -> HostResponse {
        let asksForSocket = request.headers.values("upgrade").contains { $0.utf8.containsIgnoringASCIICase("websocket".utf8) }
        // A WebSocket is outside the browser's same-origin policy (any site's script may open
        // one, with the browser's cookies): its Origin must be this server's.
        if asksForSocket, !request.comesFromSameOrigin(request.headers.first("origin") ?? "") {
            return .text(403, "a WebSocket must come from a page of this origin (Origin \(quoted(request.headers.first("origin") ?? "(none)")))")
        }
        switch ownedPage(request) {
        case .failure(let refusal): return refusal.response
        case .success(let page):
            if asksForSocket {
                guard request.upgradesToWebSocket else {
                    return .text(501, "this host serves a page's stream as server-sent events only (no WebSocket)")
                }
                let stream = EventStream(framing: .messages)
                page.add(stream)
                return HostResponse(status: 200, stream: stream)
            }
            let stream = EventStream()
            // A comment first, whatever the host: the stream opens at once (a host that sends
            // the head with the first bytes, as Vapor does, sends it now; a client or a proxy
            // sees the stream open before the page's first change, which may be a while).
            stream.write(EventStream.heartbeat)
            page.add(stream)
            return HostResponse(status: 200, headers: ["Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store",
                                                       "X-Accel-Buffering": "no"], stream: stream)
        }
    }
}
