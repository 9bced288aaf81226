/// Failed sign-in attempts by key (a name, a client's address), and the keys locked out for
/// too many: after `maxFailures` failures a key is refused for `lockout`, whatever the password.
/// A value type: keep it in the actor that checks passwords.
///
/// ```swift
/// var attempts = SignInAttempts()
/// if let wait = attempts.lockout(of: name) { return .locked(wait) }
/// if hash.verify(password) { attempts.succeeded(name) } else { attempts.failed(name) }
/// ```
public struct SignInAttempts: Sendable {
    public let maxFailures: Int
    public let lockout: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private var records: [String: (failures: Int, lockedUntil: ContinuousClock.Instant?)] = [:]

    /// `now`: the clock (a test's own, to move time without waiting).
    public init(maxFailures: Int = 5, lockout: Duration = .seconds(60),
                now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.maxFailures = maxFailures
        self.lockout = lockout
        self.now = now
    }

    /// How long `key` is still locked out, if it is.
    public mutating func lockout(of key: String) -> Duration? {
        guard let until = records[key]?.lockedUntil else { return nil }
        let left = now().duration(to: until)
        if left > .zero { return left }
        records[key] = nil
        return nil
    }

    /// A failed attempt for `key`: the `maxFailures`th locks it out.
    public mutating func failed(_ key: String) {
        var record = records[key] ?? (0, nil)
        record.failures += 1
        if record.failures >= maxFailures { record.lockedUntil = now().advanced(by: lockout) }
        records[key] = record
        // Bounded: a flood of made-up names must not grow memory without end (records of keys
        // not locked out are dropped, down to half; the locked stay).
        if records.count > 100_000 {
            for (other, old) in records where old.lockedUntil == nil { records[other] = nil; if records.count <= 50_000 { break } }
        }
    }

    /// `key` signed in: its failures are forgotten.
    public mutating func succeeded(_ key: String) {
        records[key] = nil
    }
}
