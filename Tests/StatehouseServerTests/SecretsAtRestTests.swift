import Foundation
import Statehouse
import Testing
@testable import StatehouseProtocol
import StatehouseSQLite

/// What the durable store's files hold: no secret of a session (its id, its CSRF token) and no
/// text typed into a `SecureField`, as the demo binary ships (the SQLite store, its key beside it).
@Suite("Secrets at rest (the demo binary on a SQLite file)", .serialized)
struct SecretsAtRestTests {
    /// The bytes of the store's database file and its write-ahead log.
    static func storeBytes(_ store: String) -> [UInt8] {
        ["", "-wal"].flatMap { suffix in FileManager.default.contents(atPath: store + suffix).map(Array.init) ?? [] }
    }

    static func holds(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard needle.count <= bytes.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    @Test("A password typed into /signup is in neither the store's files (database and WAL) nor any HTML sent; nor are the session id and the CSRF token, while the name typed beside it is kept")
    func passwordNotAtRest() async throws {
        let password = "Tr0ub4dor-\(UInt32.random(in: 0 ... .max))"
        let name = "Ada-\(UInt32.random(in: 0 ... .max))"
        try await DurableStoreTests.onFreshStore(loading: "/signup") { store, demo, client, page, cookie in
            let session = String(cookie.dropFirst("sh_session=".count))
            #expect(session.count == 32)
            let typedName = event(client, page, target: "name", type: "input", value: name)
            #expect(typedName.status == 200)
            let typed = event(client, page, target: "password", type: "input", value: password)
            #expect(typed.status == 200)
            #expect(typed.body.contains("Password strength"), "the answer re-rendered what reads the password")
            #expect(!typed.body.contains(password))
            let render = client.get("/_sh/render?page=\(page.id)")
            #expect(render.status == 200 && render.body.contains(name) && !render.body.contains(password))
            // An answer leaves after its writes commit: they are in the files now.
            var bytes = Self.storeBytes(store)
            #expect(Self.holds(bytes, name), "the name typed beside it is kept (the files are the store's)")
            for (what, secret) in [("the password", password), ("the session id", session), ("the CSRF token", page.csrf)] {
                #expect(!Self.holds(bytes, secret), "\(what) is in the store's files")
            }
            demo.terminate()
            demo.waitUntilExit()
            bytes = Self.storeBytes(store)
            #expect(Self.holds(bytes, name))
            for secret in [password, session, page.csrf] { #expect(!Self.holds(bytes, secret)) }
        }
    }

    @Test("A copy of the store without its key opens no session; with the key, the same files go on")
    func copiedStoreOpensNoSession() async throws {
        try await DurableStoreTests.onFreshStore(loading: "/counter") { store, demo, client, page, cookie in
            #expect(DurableStoreTests.count(in: event(client, page, target: "increment").body) == 1)
            demo.terminate()
            demo.waitUntilExit()
            let copy = DurableStoreTests.storeFile()
            defer { DurableStoreTests.removeStore(copy) }
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: store + suffix) {
                try FileManager.default.copyItem(atPath: store + suffix, toPath: copy + suffix)
            }
            let (thief, thiefPort) = try DurableStoreTests.start(copy)
            let stolen = DurableStoreTests.post(thiefPort, cookie: cookie, page: page.id, csrf: page.csrf, target: "increment")
            thief.terminate()
            thief.waitUntilExit()
            #expect(stolen.status == 410, "the copy without the key took the session up: \(stolen.status) \(stolen.body.prefix(200))")
            // The same files with their key: the session and its page go on.
            let (owner, port) = try DurableStoreTests.start(store)
            defer { owner.terminate() }
            let reply = DurableStoreTests.post(port, cookie: cookie, page: page.id, csrf: page.csrf, target: "increment")
            #expect(reply.status == 200 && DurableStoreTests.count(in: reply.body) == 2, "\(reply.status)")
        }
    }

    @Test("A SecureField bound to @AppStorage (the session's storage) is kept in memory only: its text is not in the store's files, the user name beside it is")
    func appStoragePasswordNotAtRest() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("statehouse-remember-\(UUID().uuidString).sqlite").path
        defer { DurableStoreTests.removeStore(file) }
        let password = "s3cret-\(UInt32.random(in: 0 ... .max))", user = "Grace-\(UInt32.random(in: 0 ... .max))"
        try await withServer({ $0.stateStore = .sqlite(path: file) }) { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/remember")
            #expect(event(client, page, target: "user", type: "input", value: user).status == 200)
            let typed = event(client, page, target: "password", type: "input", value: password)
            #expect(typed.status == 200 && typed.body.contains(">\(password.count)<"), "\(typed.body)")
        }
        let bytes = Self.storeBytes(file)
        #expect(Self.holds(bytes, user), "the user name is kept")
        #expect(!Self.holds(bytes, password), "the password is in the store's files")
    }

    @Test("An app's own session key (ProtocolSettings.sessionSecret) is the one used, with the default SQLite store too; a store the app opened itself without a key is refused at start")
    @MainActor
    func appSetKey() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("statehouse-appkey-\(UUID().uuidString).sqlite").path
        defer { DurableStoreTests.removeStore(file) }
        let key = try SessionSecret(hex: String(repeating: "5a", count: 32))
        var options = ServerOptions.forTests
        options.secretKeyFile = nil
        options.stateStore = .sqlite(path: file)
        options.settings.sessionSecret = key
        let pages = try await StatehousePages.open(TestApp(), options: options)
        let session = Token.random()
        #expect(pages.responder.application.store.secret.storeID(of: session) == key.storeID(of: session))
        #expect(!FileManager.default.fileExists(atPath: file + ".key"), "no key file made beside the store: the app gave its key")
        await pages.close()

        var own = ServerOptions.forTests
        own.secretKeyFile = nil
        own.settings.stateStore = try await SQLiteStore.open(path: file)
        await #expect(throws: OptionsError.self) { _ = try await StatehousePages.open(TestApp(), options: own) }
        await own.settings.stateStore?.close()
    }

    @Test("A session key file: made with mode 0600 on first start and read again; one others may read (through a link too), or that is not 64 hex digits, is refused")
    func keyFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("statehouse-key-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let made = try SessionSecret.loadOrCreate(at: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let session = Token.random()
        #expect(try SessionSecret.loadOrCreate(at: path).storeID(of: session) == made.storeID(of: session), "the same key")
        #expect(SessionSecret.random().storeID(of: session) != made.storeID(of: session))
        #expect(made.csrfToken(of: session) != made.storeID(of: session) && made.storeID(of: session) != session)
        // A link (mode 0777 itself) to the 0600 file is read; once the file is 0644, neither is.
        let link = path + ".link"
        defer { try? FileManager.default.removeItem(atPath: link) }
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        #expect(try SessionSecret(contentsOfFile: link).storeID(of: session) == made.storeID(of: session))
        chmod(path, 0o644)
        #expect(throws: SessionSecretError.self) { try SessionSecret(contentsOfFile: path) }
        #expect(throws: SessionSecretError.self) { try SessionSecret(contentsOfFile: link) }
        let drafts = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
            .filter { $0.hasPrefix((path as NSString).lastPathComponent + ".") && $0.hasSuffix(".new") }
        #expect(drafts.isEmpty, "no draft key file is left behind")
        #expect(throws: SessionSecretError.self) { try SessionSecret(hex: "abc") }
        #expect(throws: SessionSecretError.self) { try SessionSecret(hex: String(repeating: "g", count: 64)) }
        #expect(throws: Never.self) { try SessionSecret(hex: String(repeating: "0f", count: 32) + "\n") }
    }
}
