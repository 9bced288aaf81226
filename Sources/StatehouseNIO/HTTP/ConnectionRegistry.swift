import NIOConcurrencyHelpers
import NIOCore

/// The open connections of one server: counted against the cap, and told to finish when the
/// server stops.
final class ConnectionRegistry: Sendable {
    private struct State {
        /// Each connection's pipeline (one word, where the channel existential would be five),
        /// and the client address it counts against (nil: not counted, a proxy's).
        var channels: [ObjectIdentifier: (pipeline: ChannelPipeline, client: String?)] = [:]
        /// Connections open per client address.
        var perClient: [String: Int] = [:]
        /// Who waits for the last connection to close.
        var drainWaiters: [CheckedContinuation<Void, Never>] = []
        /// The server is stopping: a connection admitted now is told so at once.
        var isQuiescing = false
    }

    /// What `admit` decided.
    enum Admission {
        /// Over the connection limit: not added.
        case full
        /// Over the client's own limit: not added.
        case clientFull
        /// Over the connection limit, within the few kept for health checks: added, for one
        /// request to `/_sh/health` (any other is refused).
        case healthOnly
        case open
        /// Added while the server stops (it accepted the connection just before it stopped
        /// accepting): the connection must finish at once, as `quiesceAll` told the others.
        case quiescing
    }

    private let state = NIOLockedValueBox(State())

    var count: Int { state.withLockedValue { $0.channels.count } }

    /// Connections admitted over the limit for a health check, at most.
    static let healthReserve = 16

    /// Adds `channel`, unless `limit` connections are already open (up to `healthReserve`
    /// more are added for a health check), or `clientLimit` of `client`'s (nil: a connection
    /// not held to a client's limit).
    func admit(_ channel: any Channel, limit: Int, client: String? = nil, clientLimit: Int = .max) -> Admission {
        state.withLockedValue { state in
            guard state.channels.count < limit + Self.healthReserve else { return .full }
            let overLimit = state.channels.count >= limit
            if let client {
                let open = state.perClient[client, default: 0]
                guard open < clientLimit else { return .clientFull }
                state.perClient[client] = open + 1
            }
            state.channels[ObjectIdentifier(channel)] = (channel.pipeline, client)
            if state.isQuiescing { return .quiescing }
            return overLimit ? .healthOnly : .open
        }
    }

    func remove(_ channel: any Channel) {
        let waiters: [CheckedContinuation<Void, Never>] = state.withLockedValue { state in
            if let client = state.channels.removeValue(forKey: ObjectIdentifier(channel))?.client {
                let open = state.perClient[client, default: 1] - 1
                state.perClient[client] = open == 0 ? nil : open
            }
            guard state.channels.isEmpty else { return [] }
            defer { state.drainWaiters = [] }
            return state.drainWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Wakes whoever waits in `drained()`, connections open or not (a deadline passed).
    func releaseDrainWaiters() {
        let waiters = state.withLockedValue { state in
            defer { state.drainWaiters = [] }
            return state.drainWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once no connection is open (at once if none is), or `releaseDrainWaiters()`.
    func drained() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isEmpty = state.withLockedValue { state in
                if state.channels.isEmpty { return true }
                state.drainWaiters.append(continuation)
                return false
            }
            if isEmpty { continuation.resume() }
        }
    }

    /// Asks every connection to close once the request it is reading or answering is done.
    func quiesceAll() {
        state.withLockedValue { $0.isQuiescing = true }
        send(.quiesce)
    }

    /// Tells every connection the time has moved on, every `interval`: one timer for the
    /// server rather than one per connection (an idle connection then holds no timer at all).
    func startTicking(on loop: any EventLoop, every interval: TimeAmount) -> RepeatedTask {
        loop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { [weak self] _ in self?.send(.tick) }
    }

    private func send(_ event: ConnectionEvent) {
        let all = state.withLockedValue { $0.channels.values.map(\.pipeline) }
        for pipeline in all { pipeline.fireUserInboundEventTriggered(event) }
    }
}

/// What the HTTP handler tells the connection guard (outbound), and what the server tells
/// every connection (inbound).
enum ConnectionEvent: Sendable {
    /// A request has been read whole: its read time is over.
    case requestRead
    /// A response has been written whole: the connection is idle (if kept alive).
    case responseWritten
    /// The server is stopping: finish what is in flight, then close.
    case quiesce
    /// Time to check the connection's deadline.
    case tick
    /// The connection was admitted over the limit: it may ask for `/_sh/health` once.
    case healthOnly
}
