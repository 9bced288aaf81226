import Foundation
import Statehouse

/// `/signin` and `/account`: signing in done right. `/account` requires a user
/// (`.requiresSignIn`), so a signed-out browser is sent to `/signin` and back after it. The
/// password is checked against its scrypt hash (`PasswordHash`) on the hash's own queue (one
/// at a time, so a flood of attempts costs one core, not every page), and a name is locked for
/// a minute after five failures (`SignInAttempts`). Signing in replaces the session (a new cookie);
/// every page of the old one ends. `/account`'s motto is `@UserStorage`: the user's, on every
/// browser they are signed in to. Identifiers: `name`, `password`, `sign-in`, `message`,
/// `account-name`, `motto`, `motto-shown`, `sign-out`.
enum SignInSeed {
    /// The demo's accounts, with their password hashes and failed attempts.
    actor Accounts {
        static let shared = Accounts()

        /// The demo's one account: ada, password "analytical engine".
        static let demoName = "ada"
        static let demoPassword = "analytical engine"

        enum Outcome: Sendable, Equatable {
            case signedIn(SignedInUser)
            case wrong
            /// Too many failures: try again after this many seconds.
            case locked(seconds: Int)
        }

        private var accounts: [String: (user: SignedInUser, hash: PasswordHash)] = [:]
        private var attempts: SignInAttempts

        init(now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
            attempts = SignInAttempts(maxFailures: 5, lockout: .seconds(60), now: now)
        }

        /// Whether `password` is `name`'s: the user, or why not.
        func check(name: String, password: String) async -> Outcome {
            let name = name.trimmingCharacters(in: .whitespaces).lowercased()
            if let wait = attempts.lockout(of: name) { return .locked(seconds: max(1, Int(wait.components.seconds))) }
            let account = await self.account(named: name)
            // An unknown name is checked against the decoy: it takes as long as a known one.
            if await (account?.hash ?? .decoy).verify(password), let account {
                attempts.succeeded(name)
                return .signedIn(account.user)
            }
            attempts.failed(name)
            return .wrong
        }

        private func account(named name: String) async -> (user: SignedInUser, hash: PasswordHash)? {
            if let account = accounts[name] { return account }
            guard name == Self.demoName else { return nil }
            // Hashed when first asked for, as a sign-up would have.
            let account = (SignedInUser(id: "1", name: "Ada Lovelace", roles: ["member"]), await PasswordHash.hashing(Self.demoPassword))
            accounts[name] = accounts[name] ?? account  // (another check may have made it meanwhile)
            return accounts[name]
        }
    }

    struct SignInView: View {
        @Environment(\.signIn) private var signIn
        @Environment(\.signedInUser) private var user
        @State private var name = ""
        @State private var password = ""
        @State private var message: String?

        var body: some View {
            Form {
                if let user {
                    Text("You are signed in as \(user.name).").accessibilityIdentifier("signed-in-as")
                }
                TextField("Name", text: $name)
                    .accessibilityIdentifier("name")
                SecureField("Password", text: $password)
                    .accessibilityIdentifier("password")
                    .onSubmit(submit)
                Button("Sign in", action: submit)
                    .accessibilityIdentifier("sign-in")
                if let message {
                    Text(message).accessibilityIdentifier("message")
                }
                Text("The demo's account: \(Accounts.demoName), password “\(Accounts.demoPassword)”.")
                    .font(.footnote)
            }
            .navigationTitle("Sign in")
        }

        private func submit() {
            let (name, password) = (name, password)
            signIn {
                switch await Accounts.shared.check(name: name, password: password) {
                case .signedIn(let user):
                    return user
                case .wrong:
                    message = "Wrong name or password."
                case .locked(let seconds):
                    message = "Too many failed attempts: try again in \(seconds) s."
                }
                self.password = ""
                return nil
            }
        }
    }

    struct AccountView: View {
        @Environment(\.signedInUser) private var user
        @Environment(\.signOut) private var signOut
        /// The user's, in every browser they are signed in to (live), kept by the store.
        @UserStorage("motto") private var motto = ""

        var body: some View {
            Form {
                LabeledContent("Name") { Text(user?.name ?? "").accessibilityIdentifier("account-name") }
                LabeledContent("Roles") { Text(user.map { $0.roles.sorted().joined(separator: ", ") } ?? "") }
                TextField("Motto", text: $motto)
                    .accessibilityIdentifier("motto")
                Text(motto.isEmpty ? "No motto yet." : "Motto: \(motto)")
                    .accessibilityIdentifier("motto-shown")
                Button("Sign out") { signOut() }
                    .accessibilityIdentifier("sign-out")
            }
            .navigationTitle("Account")
        }
    }
}
