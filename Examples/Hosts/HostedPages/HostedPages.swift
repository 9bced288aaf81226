import Statehouse

/// The pages both host examples mount: `/counter`, which greets the user the host's
/// authentication found (a value of the page's environment), and counts clicks.
public struct HostedPages: App {
    public init() {}

    public var body: some Scene {
        Route("/counter", title: "Counter") { GreetingCounter() }
    }
}

/// Who the host signed in: the examples' middleware sets it, a page's views read it.
public struct SignedInUser: Sendable, Equatable {
    public var name: String

    public init(name: String) { self.name = name }
}

private struct SignedInUserKey: EnvironmentKey {
    static let defaultValue: SignedInUser? = nil
}

extension EnvironmentValues {
    /// The user the host's authentication found for the request that created the page.
    public var signedInUser: SignedInUser? {
        get { self[SignedInUserKey.self] }
        set { self[SignedInUserKey.self] = newValue }
    }
}

struct GreetingCounter: View {
    @Environment(\.signedInUser) private var user
    @State private var count = 0

    var body: some View {
        VStack {
            Text("Hello, \(user?.name ?? "stranger")")
                .accessibilityIdentifier("greeting")
            Text("\(count)")
                .accessibilityIdentifier("count")
            Button("Increment") { count += 1 }
                .accessibilityIdentifier("increment")
        }
    }
}
