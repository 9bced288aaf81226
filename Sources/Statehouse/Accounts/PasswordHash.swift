import CryptoExtras
import Dispatch
import Foundation

/// A password's hash as an app stores it: scrypt (memory-hard, so that guessing costs memory
/// as well as time), a random salt per password, and its parameters in the text, so that a
/// stronger setting later still reads the hashes made before.
///
/// Hashing is slow on purpose (16 MiB of memory per hash at the default cost): await the async forms
/// (`hashing(_:)`, `verify(_:) async`), which run on a queue of their own, never on the main
/// actor, where every page's views live, nor on the threads Swift's tasks share.
///
/// ```swift
/// actor Accounts {
///     private var hashes: [String: PasswordHash] = [:]
///     func register(_ name: String, password: String) async { hashes[name] = await .hashing(password) }
///     func check(_ name: String, password: String) async -> Bool {
///         // An unknown name is checked against a decoy, so that timing tells nothing.
///         await (hashes[name] ?? .decoy).verify(password) && hashes[name] != nil
///     }
/// }
/// let stored = PasswordHash(hashing: "analytical engine").description   // "$scrypt$ln=14,r=8,p=1$…$…"
/// PasswordHash(stored)?.verify("analytical engine")                      // true
/// ```
public struct PasswordHash: Sendable, Hashable, CustomStringConvertible, LosslessStringConvertible {
    /// scrypt's cost: N = 2^`logRounds`, block size `blockSize`, parallelism 1.
    public struct Cost: Sendable, Hashable {
        public var logRounds: Int
        public var blockSize: Int

        public init(logRounds: Int, blockSize: Int = 8) {
            precondition((10...20).contains(logRounds) && (1...16).contains(blockSize), "scrypt cost out of range")
            self.logRounds = logRounds
            self.blockSize = blockSize
        }

        /// N = 2^14, r = 8: 16 MiB per hash (128 × r × N bytes). (OWASP's
        /// recommendation is 2^17, 128 MiB, where a server can spare that per sign-in.)
        public static let standard = Cost(logRounds: 14)
    }

    public let cost: Cost
    private let salt: [UInt8]
    private let hash: [UInt8]

    /// Hashes `password` with a new random salt (slow: see above).
    public init(hashing password: String, cost: Cost = .standard) {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: 0 ... .max, using: &generator) }
        self.init(cost: cost, salt: salt, hash: Self.derive(password, salt: salt, cost: cost))
    }

    private init(cost: Cost, salt: [UInt8], hash: [UInt8]) {
        self.cost = cost
        self.salt = salt
        self.hash = hash
    }

    /// Whether `password` is the one hashed (slow, as hashing; compared in constant time).
    public func verify(_ password: String) -> Bool {
        let candidate = Self.derive(password, salt: salt, cost: cost)
        guard candidate.count == hash.count else { return false }
        var difference: UInt8 = 0
        for index in hash.indices { difference |= candidate[index] ^ hash[index] }
        return difference == 0
    }

    /// Hashes `password` on the hashing queue (see `verify(_:) async`).
    public static func hashing(_ password: String, cost: Cost = .standard) async -> PasswordHash {
        await onHashingQueue { PasswordHash(hashing: password, cost: cost) }
    }

    /// `verify(_:)` on a serial queue of its own: one hash at a time in the process, so a flood
    /// of sign-ins costs at most one core, and the hash's CPU does not hold one of the few
    /// threads Swift's tasks share (a held one delays every other task's work).
    public func verify(_ password: String) async -> Bool {
        await Self.onHashingQueue { self.verify(password) }
    }

    private static let queue = DispatchQueue(label: "statehouse.password-hash")

    private static func onHashingQueue<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in queue.async { continuation.resume(returning: work()) } }
    }

    /// A hash no password matches, to check an unknown name against: a sign-in then takes as
    /// long for a name that does not exist as for one that does.
    public static let decoy = PasswordHash(hashing: UUID().uuidString)

    /// `$scrypt$ln=14,r=8,p=1$SALT$HASH`, salt and hash in unpadded base64.
    public var description: String {
        "$scrypt$ln=\(cost.logRounds),r=\(cost.blockSize),p=1$\(Self.base64(salt))$\(Self.base64(hash))"
    }

    /// Reads a hash as `description` writes it; nil for anything else (another scheme, a cost
    /// out of range).
    public init?(_ stored: String) {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "scrypt" else { return nil }
        var parameters: [Substring: Int] = [:]
        for pair in parts[2].split(separator: ",") {
            let nameValue = pair.split(separator: "=", maxSplits: 1)
            guard nameValue.count == 2, let value = Int(nameValue[1]) else { return nil }
            parameters[nameValue[0]] = value
        }
        guard let logRounds = parameters["ln"], let blockSize = parameters["r"], parameters["p"] == 1,
              (10...20).contains(logRounds), (1...16).contains(blockSize),
              let salt = Self.bytes(base64: parts[3]), salt.count >= 8, let hash = Self.bytes(base64: parts[4]), hash.count == 32 else { return nil }
        self.init(cost: Cost(logRounds: logRounds, blockSize: blockSize), salt: salt, hash: hash)
    }

    private static func derive(_ password: String, salt: [UInt8], cost: Cost) -> [UInt8] {
        // The parameters are checked (`Cost`): scrypt throws for invalid ones only.
        let key = try! KDF.Scrypt.deriveKey(from: Array(password.utf8), salt: salt, outputByteCount: 32,
                                            rounds: 1 << cost.logRounds, blockSize: cost.blockSize, parallelism: 1)
        return key.withUnsafeBytes { Array($0) }
    }

    private static func base64(_ bytes: [UInt8]) -> String {
        String(Data(bytes).base64EncodedString().prefix { $0 != "=" })
    }

    private static func bytes(base64 text: Substring) -> [UInt8]? {
        let padded = String(text) + String(repeating: "=", count: (4 - text.count % 4) % 4)
        return Data(base64Encoded: padded).map(Array.init)
    }
}
