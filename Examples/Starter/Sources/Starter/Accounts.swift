import Statehouse

/// The app's accounts: names, password hashes (scrypt, `PasswordHash`) and failed attempts.
/// Hashing (slow on purpose) is awaited: it runs on `PasswordHash`'s own queue,
/// one at a time, never on the main actor, where every page's views live. In memory here: store the hashes' text (`description`)
/// in your database.
actor Accounts {
    static let shared = Accounts()

    private var users: [String: (user: SignedInUser, hash: PasswordHash)] = [:]
    private var attempts = SignInAttempts(maxFailures: 5, lockout: .seconds(60))

    /// The user `name` signs in as with `password`, or what to tell them.
    func signIn(name: String, password: String) async -> Result<SignedInUser, Refusal> {
        let key = name.lowercased()
        if let wait = attempts.lockout(of: key) { return .failure(Refusal("Too many attempts: try again in \(wait.components.seconds) s.")) }
        // An unknown name is checked against the decoy, so that it takes as long as a known one.
        guard await (users[key]?.hash ?? .decoy).verify(password), let account = users[key] else {
            attempts.failed(key)
            return .failure(Refusal("Wrong name or password."))
        }
        attempts.succeeded(key)
        return .success(account.user)
    }

    /// A new account, signed in.
    func register(name: String, password: String) async -> Result<SignedInUser, Refusal> {
        let key = name.lowercased()
        guard !key.isEmpty, users[key] == nil else { return .failure(Refusal("That name is taken.")) }
        guard password.count >= 8 else { return .failure(Refusal("A password has 8 characters or more.")) }
        let hash = await PasswordHash.hashing(password)
        guard users[key] == nil else { return .failure(Refusal("That name is taken.")) }  // taken meanwhile
        let user = SignedInUser(id: key, name: name)
        users[key] = (user, hash)
        return .success(user)
    }

    struct Refusal: Error, Equatable {
        let message: String
        init(_ message: String) { self.message = message }
    }
}
