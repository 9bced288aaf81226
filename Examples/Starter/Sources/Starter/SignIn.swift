import Statehouse

/// Sign in, or create an account. The check runs in `Accounts`, off the main actor; the
/// session is then replaced by a signed-in one, and the browser goes back to the page that
/// sent it here.
struct SignInView: View {
    @Environment(\.signIn) private var signIn
    @State private var name = ""
    @State private var password = ""
    @State private var message: String?

    var body: some View {
        Form {
            TextField("Name", text: $name)
                .accessibilityIdentifier("name")
            SecureField("Password", text: $password)
                .accessibilityIdentifier("password")
                .onSubmit { submit(creating: false) }
            Button("Sign in") { submit(creating: false) }
                .accessibilityIdentifier("sign-in")
            Button("Create account") { submit(creating: true) }
                .accessibilityIdentifier("create-account")
            if let message {
                Text(message).accessibilityIdentifier("message")
            }
        }
        .navigationTitle("Sign in")
    }

    private func submit(creating: Bool) {
        let (name, password) = (name.trimmingCharacters(in: .whitespaces), password)
        signIn {
            let result = creating ? await Accounts.shared.register(name: name, password: password)
                                  : await Accounts.shared.signIn(name: name, password: password)
            switch result {
            case .success(let user): return user
            case .failure(let refusal):
                message = refusal.message
                self.password = ""
                return nil
            }
        }
    }
}

/// Who is signed in, and a way out.
struct AccountBar: View {
    @Environment(\.signedInUser) private var user
    @Environment(\.signOut) private var signOut

    var body: some View {
        if let user {
            HStack {
                Text("Signed in as \(user.name)").accessibilityIdentifier("signed-in-as")
                Button("Sign out") { signOut() }.accessibilityIdentifier("sign-out")
            }
        }
    }
}
