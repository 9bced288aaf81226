import Crypto
import Foundation

/// The key that keeps a session's secrets out of the durable store.
///
/// A session id is a bearer secret: whoever has it is the session. So the store never holds
/// one: it files each session under a keyed hash of its id (HMAC-SHA-256 under this key, cut
/// to 128 bits), and no page's CSRF token is stored at all: each is derived from its session's
/// id under the same key. A copy of the database alone opens no session; with the key too it
/// still names no session id (the hash does not run backwards).
///
/// The key lives outside the database, and every process serving one store uses the same key:
/// `StatehousePages.open` reads it from `--secret-key-file` (or makes a SQLite store's
/// `PATH.key` file, mode 0600, on first start).
///
/// ```swift
/// var settings = ProtocolSettings()
/// settings.stateStore = try await SQLiteStore.open(path: "statehouse.sqlite")
/// settings.sessionSecret = try SessionSecret(contentsOfFile: "/etc/myapp/statehouse.key")
/// ```
public struct SessionSecret: Sendable {
    private let key: SymmetricKey

    /// The number of bytes in a key (and in a key file).
    public static let byteCount = 32

    /// A new random key (memory only: sessions filed under it cannot be found by another
    /// process, nor by this one started again).
    public static func random() -> SessionSecret { SessionSecret(key: SymmetricKey(size: .bits256)) }

    private init(key: SymmetricKey) { self.key = key }

    /// The key held as 64 hexadecimal digits (surrounding white space ignored).
    public init(hex: String) throws {
        let digits = hex.trimmingCharacters(in: .whitespacesAndNewlines)
        guard digits.utf8.count == 2 * Self.byteCount else {
            throw SessionSecretError("a session key is \(2 * Self.byteCount) hexadecimal digits, not \(digits.utf8.count) characters")
        }
        guard let first = Token(digits.prefix(32)), let second = Token(digits.suffix(32)) else {
            throw SessionSecretError("a session key is hexadecimal digits only")
        }
        key = SymmetricKey(data: first.bytes + second.bytes)
    }

    /// The key in the file at `path` (64 hexadecimal digits). Refused if others may read it
    /// (the file itself: a symbolic link to it is followed).
    public init(contentsOfFile path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw SessionSecretError("cannot read the session key file \(path): \(String(cString: strerror(errno)))")
        }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw SessionSecretError("the session key file \(path) is not a regular file")
        }
        let mode = status.st_mode & 0o777
        if mode & 0o077 != 0 {
            throw SessionSecretError("the session key file \(path) may be read by others (mode \(String(mode, radix: 8))): chmod 600 it")
        }
        guard let data = try? file.read(upToCount: 4 * Self.byteCount) else {
            throw SessionSecretError("cannot read the session key file \(path)")
        }
        try self.init(hex: String(decoding: data, as: UTF8.self))
    }

    /// The key in the file at `path`, made there (a new random key, mode 0600) if there is
    /// no file yet. The file appears whole or not at all: written and synced under another
    /// name, then linked to `path` (a file another process made first wins).
    public static func loadOrCreate(at path: String) throws -> SessionSecret {
        if !FileManager.default.fileExists(atPath: path) {
            let made = random()
            let text = made.key.withUnsafeBytes { $0.map { String(format: "%02x", $0) }.joined() } + "\n"
            let draft = "\(path).\(getpid()).\(UInt32.random(in: 0 ... .max)).new"
            let fd = open(draft, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                throw SessionSecretError("cannot create the session key file \(path): \(String(cString: strerror(errno)))")
            }
            defer { unlink(draft) }
            let written = text.utf8CString.withUnsafeBytes { write(fd, $0.baseAddress, $0.count - 1) }
            let synced = fsync(fd) == 0
            close(fd)
            guard written == text.utf8.count, synced else { throw SessionSecretError("cannot write the session key file \(path)") }
            if link(draft, path) == 0 { return made }
            guard errno == EEXIST else {
                throw SessionSecretError("cannot create the session key file \(path): \(String(cString: strerror(errno)))")
            }
        }
        return try SessionSecret(contentsOfFile: path)
    }

    /// What the store files `session` under.
    func storeID(of session: Token) -> Token { derive("statehouse session", session) }

    /// The CSRF token of `session`'s pages.
    func csrfToken(of session: Token) -> Token { derive("statehouse csrf", session) }

    /// The session that replaces `old` at a sign-in or sign-out whose hand-off is `handoff`
    /// (`EXPIRY.NONCE`): only a browser holding `old` finds it from the hand-off's URL, in any
    /// process of the deployment, and no store holds what it takes.
    func handoffSession(from old: Token, handoff: String) -> Token { derive("statehouse handoff " + handoff, old) }

    /// What the store files the `@UserStorage` of the app's user `id` under.
    func storeID(ofUser id: String) -> Token {
        var message = Array("statehouse user".utf8)
        message.append(0)
        message += id.utf8
        return derive(message)
    }

    private func derive(_ purpose: String, _ session: Token) -> Token {
        var message = Array(purpose.utf8)
        message.append(0)
        session.appendHex(to: &message)
        return derive(message)
    }

    private func derive(_ message: [UInt8]) -> Token {
        let code = HMAC<SHA256>.authenticationCode(for: message, using: key)
        return code.withUnsafeBytes { Token(bytes: $0.prefix(16)) }
    }
}

/// A session key that cannot be used, and why.
public struct SessionSecretError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
