import Foundation
import StatehouseViews

/// One loaded document (a browser tab): a live tree owned by one session, and the event
/// streams (`/_sh/stream`) open for it.
@MainActor
final class Page {
    let id: Token
    let route: RouteDescription
    let tree: LiveTree
    unowned let session: Session
    /// When the page last had an event, a render or an open stream (`Uptime.now`).
    var lastUsed: UInt64
    private var streams: [ObjectIdentifier: EventStream] = [:]
    /// When each open stream was opened (a count), to close the oldest over the cap.
    private var streamOrder: [ObjectIdentifier: UInt32] = [:]
    private var opened: UInt32 = 0
    private var pushScheduled = false
    /// Told when a view fails while the page pushes on its own: it ends the page.
    private unowned let store: SessionStore

    /// The `version` of the page's location the client was last told (see `fragments`).
    var locationVersion: Int
    /// The `queryVersion` of the page's location the client was last told.
    var queryVersion: Int
    /// The id (`Wire.Field.event`) of the last event applied, if it had one: a durable store
    /// keeps it with the page's state (under `eventKey`), so that a process that takes the
    /// page up does not apply that event again either.
    var lastEventID: String?
    /// The `lastEventID` the durable store holds.
    var storedEventID: String?
    /// The page's state key under which a durable store keeps `lastEventID` (no view's key
    /// has this form).
    static let eventKey = "_sh.event"

    /// The URL a durable store holds for the page (nil: none written yet).
    var storedURL: String?
    /// When the store was last told the page was used (`Uptime.now`).
    var storedUse: UInt64 = 0
    /// Mounted again from a durable store: until the browser has had the whole page (and ten
    /// seconds more, for events sent before it arrived), a made-up id (`_1`, …) in an event
    /// may be another mount's, and is found by its position (`Uptime.now` deadline; nil: ids
    /// are this mount's).
    var mapsMadeUpIDsUntil: UInt64?

    /// Whether made-up ids in an event are to be found by position now.
    var mapsMadeUpIDs: Bool {
        guard let until = mapsMadeUpIDsUntil else { return false }
        if Uptime.now < until { return true }
        mapsMadeUpIDsUntil = nil
        return false
    }

    /// The browser is being sent the whole page: its ids become this mount's.
    func sendsWholePage() {
        if mapsMadeUpIDsUntil == .max { mapsMadeUpIDsUntil = Uptime.now + 10_000_000_000 }
    }

    init(id: Token = .random(), route: RouteDescription, tree: LiveTree, session: Session, store: SessionStore, now: UInt64) {
        self.id = id
        self.route = route
        self.tree = tree
        locationVersion = tree.location.version
        queryVersion = tree.location.queryVersion
        self.session = session
        self.store = store
        lastUsed = now
        tree.onInvalidate = { [weak self] in self?.schedulePush() }
    }

    /// Whether a stream is open: the document is still there, so the page is in use.
    var isStreaming: Bool { !streams.isEmpty }

    /// Opens `stream` for this page; what changed while no stream was open goes out at once.
    func add(_ stream: EventStream) {
        let key = ObjectIdentifier(stream)
        opened &+= 1
        streams[key] = stream
        streamOrder[key] = opened
        if streams.count > Wire.maxStreamsPerPage, let oldest = streamOrder.min(by: { $0.value < $1.value })?.key {
            streams.removeValue(forKey: oldest)?.close()
            streamOrder[oldest] = nil
        }
        stream.onClose { [weak self] in
            MainActorHop.enqueue {
                guard let self else { return }
                self.streams.removeValue(forKey: key)
                self.streamOrder[key] = nil
                // Idle from the moment the document went away (or its tab, hidden, let go of
                // it): the store hears of this use now, and keeps the page for one and a half
                // idle times from here, for the tab to take it up again.
                self.lastUsed = Uptime.now
                self.storedUse = 0
                self.store.persist(self)
            }
        }
        schedulePush()
    }

    /// Changes the server made on its own (a task after `await`, another thread, App state
    /// written by another session) are flushed once the writes that are landing together have
    /// landed, and sent to the open streams. With no stream open they wait for the page's next
    /// event response or render. A view that fails here ends the page, as in a request.
    private func schedulePush() {
        // With no stream open there is no one to push to (and `add` schedules one).
        guard !pushScheduled, !streams.isEmpty else { return }
        pushScheduled = true
        MainActorHop.enqueue { [weak self] in
            guard let self else { return }
            self.pushScheduled = false
            guard !self.streams.isEmpty, self.tree.hasPendingChanges else { return }
            let changes: [ElementChange]
            do throws(ViewFailure) {
                changes = try self.tree.flush()
            } catch {
                return self.store.onPageFailure(self, error)
            }
            let bytes = self.fragments(changes)
            self.store.persist(self)
            if !bytes.isEmpty { self.push(bytes) }
            // A task signed in or out.
            if let change = self.tree.location.takeAccountChange() { self.store.onAccountChange(self, change) }
        }
    }

    /// Sends `bytes` (fragments, actions) to the page's open streams.
    func push(_ bytes: [UInt8]) {
        for stream in streams.values { stream.send(event: bytes) }
    }

    /// The body of a response of `changes`: if state was written inside `withAnimation`, the
    /// action that animates what follows; their fragments; then, if the page's navigation
    /// moved, the action that moves the browser's URL (`history.pushState` in the client; only
    /// query items changed: `replaceState`), then, if a `@FocusState` was written, the action
    /// that moves focus.
    func fragments(_ changes: [ElementChange]) -> [UInt8] {
        // A restored page's first changes are the whole page (`LiveTree.resendAll`).
        sendsWholePage()
        var bytes: [UInt8] = []
        if let animation = tree.takeAnimation(), !changes.isEmpty { TurboStream.animate(animation, into: &bytes) }
        TurboStream.encode(changes, into: &bytes)
        // Compared by version: nothing is written unless the location moved.
        if tree.location.version != locationVersion {
            (locationVersion, queryVersion) = (tree.location.version, tree.location.queryVersion)
            TurboStream.location(tree.location.path, into: &bytes)
        } else if tree.location.queryVersion != queryVersion {
            queryVersion = tree.location.queryVersion
            TurboStream.location(tree.location.path, replacing: true, into: &bytes)
        }
        if let move = tree.takeFocusMove() { TurboStream.focus(move, into: &bytes) }
        if let url = tree.location.takeOpenURL() { TurboStream.open(url.absoluteString, into: &bytes) }
        return bytes
    }

    /// Files uploaded to the page (`.fileImporter`): deleted when it ends, unless the app moved them.
    var uploads: [URL] = []

    /// Ends the page's streams (the page itself is ending), and deletes its uploads.
    func closeStreams() {
        for url in uploads { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        uploads = []
        for stream in streams.values { stream.close() }
        streams.removeAll()
        streamOrder.removeAll()
    }
}
