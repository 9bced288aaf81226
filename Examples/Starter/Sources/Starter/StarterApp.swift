import Statehouse

/// The app: the list of tasks at `/` (a task's screen below it, `/<id>`) for signed-in users,
/// the sign-in screen, and an about page.
@main
struct StarterApp: App {
    var body: some Scene {
        WindowGroup("Tasks") {
            TasksView()
        }
        .requiresSignIn(at: "/signin")
        Route("/signin", title: "Sign in") {
            SignInView()
        }
        Route("/about", title: "About") {
            AboutView()
        }
    }
}
