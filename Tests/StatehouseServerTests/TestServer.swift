import Statehouse
import Foundation
import Testing
@testable import StatehouseGallery
@testable import StatehouseNIO
@testable import StatehouseProtocol

/// The demo's routes plus a few that only tests need.
struct TestApp: App {
    var body: some Scene {
        DemoApp().body
        Route("/disabled") { DisabledView() }
        Route("/orphan") { OrphanView() }
        Route("/orphan-later") { OrphanLaterView() }
        Route("/orphan-push") { OrphanPushView() }
        Route("/two-fields") { TwoFieldsView() }
        Route("/slow") { SlowView() }
        Route("/unnamed") { UnnamedRowsView() }
        Route("/phase") { PhaseView() }
        Route("/remember") { RememberView() }
    }
}

/// A password field bound to `@AppStorage` (the session's storage), beside a user name there.
struct RememberView: View {
    @AppStorage("remember.user") private var user = ""
    @AppStorage("remember.password") private var password = ""
    var body: some View {
        TextField("User", text: $user).accessibilityIdentifier("user")
        SecureField("Password", text: $password).accessibilityIdentifier("password")
        Text("\(password.count)").accessibilityIdentifier("length")
    }
}

/// Saves (counts, process-wide) when its scene goes to the background, as "save when
/// inactive" code does.
struct PhaseView: View {
    nonisolated(unsafe) static var saves = 0
    @Environment(\.scenePhase) private var scenePhase
    var body: some View {
        Text("phase \(String(describing: scenePhase))").accessibilityIdentifier("phase")
            .onChange(of: scenePhase) { _, phase in if phase == .background { Self.saves += 1 } }
    }
}

/// A button whose action holds the main actor for 0.4 s: a request in flight, and events
/// queuing behind it.
struct SlowView: View {
    @State private var count = 0
    var body: some View {
        Text("slow \(count)").accessibilityIdentifier("count")
        Button("Slow") {
            Thread.sleep(forTimeInterval: 0.4)
            count += 1
        }
        .accessibilityIdentifier("slow")
    }
}

/// A view whose environment object nobody supplied.
struct OrphanView: View {
    var body: some View {
        Text("before")
        ModelSeed.MySubView()
    }
}

/// The same, mounted only after a click.
struct OrphanLaterView: View {
    @State private var shown = false
    var body: some View {
        Button("Show") { shown = true }.accessibilityIdentifier("show")
        if shown { ModelSeed.MySubView() }
    }
}

/// The same, mounted by a `.task` after an `await`: the failure happens during a push.
struct OrphanPushView: View {
    @State private var shown = false
    var body: some View {
        Text("waiting").accessibilityIdentifier("waiting")
        if shown { ModelSeed.MySubView() }
        EmptyView().task {
            try? await Task.sleep(for: .milliseconds(200))
            shown = true
        }
    }
}

/// A form whose second field is disabled: a post that changes both is refused whole.
struct TwoFieldsView: View {
    @State private var first = "one"
    @State private var second = "two"
    var body: some View {
        Text("\(first) \(second)").accessibilityIdentifier("shown")
        TextField("First", text: $first).accessibilityIdentifier("first")
        TextField("Second", text: $second).accessibilityIdentifier("second").disabled(true)
        Button("Save") {}.accessibilityIdentifier("save")
    }
}

struct DisabledView: View {
    @State private var count = 0
    var body: some View {
        VStack {
            Text("\(count)").accessibilityIdentifier("count")
            Button("Locked") { count += 1 }.disabled(true).accessibilityIdentifier("locked")
            Button("Hidden") { count += 1 }.hidden().accessibilityIdentifier("hidden")
        }
    }
}

/// Starts a server on a free loopback port for one test, and stops it afterwards.
///
/// The body's blocking libcurl calls run on `BlockingExecutor`, not on Swift's cooperative
/// pool: a pool whose few threads all wait on the server would starve the server's own tasks
/// (a `.task` resuming after `await` goes through that pool).
func withServer(_ configure: (inout ServerOptions) -> Void = { _ in },
                _ body: @Sendable (Int) async throws -> Void) async throws {
    var options = ServerOptions.forTests
    configure(&options)
    weak var responder: StatehouseResponder?
    weak var store: SessionStore?
    do {
        let server = try await StatehouseServer.start(TestApp(), options: options)
        responder = server.pages.responder
        store = await MainActor.run {
            runningStores[server.port] = server.pages.responder.application.store
            return server.pages.responder.application.store
        }
        do {
            try await withTaskExecutorPreference(BlockingExecutor.shared) { try await body(server.port) }
        } catch {
            await MainActor.run { runningStores[server.port] = nil }
            try await server.shutdown()
            throw error
        }
        await MainActor.run { runningStores[server.port] = nil }
        try await server.shutdown()
    }
    // A stopped server frees its pages, sessions and store (tasks it started may still be
    // finishing their cancellation for a moment).
    for _ in 0..<100 where responder != nil || store != nil { try await Task.sleep(for: .milliseconds(20)) }
    #expect(responder == nil, "the stopped server's responder (and so its pages) is still held")
    #expect(store == nil, "the stopped server's session store is still held")
}

/// The session stores of the servers `withServer` runs now, by port (for `idleOut`).
@MainActor private var runningStores: [Int: SessionStore] = [:]

/// Ends page `id` of the test server on `port` as if it had idled out — with `withSession`,
/// every page of its session and the session too: with a durable store they live on there,
/// and a request for one takes it up again. From a test's blocking thread.
func idleOut(_ id: String, withSession: Bool = false, port: Int) {
    DispatchQueue.main.sync {
        MainActor.assumeIsolated {
            guard let store = runningStores[port], let token = Token(id), let page = store.pages[token] else {
                Issue.record("no page \(id) is held on port \(port)")
                return
            }
            page.lastUsed = 0
            if withSession {
                for other in page.session.pages { other.lastUsed = 0 }
                page.session.lastUsed = 0
            }
            store.sweep()
        }
    }
}

/// Starts a server, loads `path` with a new client (one browser session), and runs `body`.
func withPage(_ path: String, _ body: @escaping @Sendable (CurlClient, LoadedPage) throws -> Void) async throws {
    try await withServer { port in
        let client = CurlClient(port: port)
        try body(client, try load(client, path))
    }
}

/// Runs jobs on a concurrent dispatch queue, whose threads may block.
final class BlockingExecutor: TaskExecutor {
    static let shared = BlockingExecutor()
    private let queue = DispatchQueue(label: "blocking-test-client", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// Loads `path` with `client` and returns the page.
func load(_ client: CurlClient, _ path: String) throws -> LoadedPage {
    let reply = client.get(path)
    guard reply.status == 200, let page = LoadedPage(reply.body) else {
        throw TestFailure("GET \(path) gave \(reply.status): \(reply.body.prefix(200))")
    }
    return page
}

/// Posts an event to `page` the way the browser client does.
func event(_ client: CurlClient, _ page: LoadedPage, target: String, type: String? = nil, value: String? = nil,
           csrf: String? = nil, headers: [String] = []) -> CurlClient.Reply {
    var fields = [("page", page.id), ("target", target)]
    if let type { fields.append(("type", type)) }
    if let value { fields.append(("value", value)) }
    return client.post("/_sh/event", FormData.encode(fields), headers: ["X-CSRF-Token: \(csrf ?? page.csrf)"] + headers)
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The demo binary (`.build/debug/demo`) started with `environment` (its `STATEHOUSE_…`
/// options), and the port it listens on; `STATEHOUSE_PORT=0`, a `notice` log level and the
/// memory state store are added unless given.
func startDemo(_ environment: [String: String]) throws -> (process: Process, port: Int) {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let binary = root.appendingPathComponent(".build/debug/demo")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw TestFailure("build the demo first (swift build)") }
    let demo = Process()
    demo.executableURL = binary
    demo.environment = ["STATEHOUSE_PORT": "0", "STATEHOUSE_LOG_LEVEL": "notice", "STATEHOUSE_STATE_STORE": "memory"].merging(environment) { $1 }
    let output = Pipe()
    demo.standardOutput = output
    demo.standardError = output
    try demo.run()
    guard let port = readListeningPort(output.fileHandleForReading) else {
        demo.terminate()
        throw TestFailure("the demo printed no 'listening on' line")
    }
    return (demo, port)
}

/// Reads a server's log until "listening on http://HOST:PORT" (up to 20 s).
func readListeningPort(_ handle: FileHandle) -> Int? {
    var text = ""
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
        let data = handle.availableData
        if data.isEmpty { return nil }
        text += String(decoding: data, as: UTF8.self)
        if let match = text.firstMatch(of: /listening on http:\/\/[^:]+:(\d+)/) { return Int(match.output.1) }
    }
    return nil
}

extension ServerOptions {
    /// A test server's options: any free port, warnings only, pages in memory (the durable
    /// store's own tests choose a file).
    static var forTests: ServerOptions {
        var options = ServerOptions()
        options.port = 0
        options.logLevel = .warning
        options.stateStore = .memory
        // One key for every test server, so that a server started again on a store (or on
        // a store a test wrapped) finds the sessions the one before wrote.
        options.secretKeyFile = testKeyFile
        return options
    }
}

/// The session key file of the test servers (made once, mode 0600).
let testKeyFile: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("statehouse-tests.key").path
    _ = try? SessionSecret.loadOrCreate(at: path)
    return path
}()
