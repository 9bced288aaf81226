import Statehouse

/// The app: the list of tasks at `/` (a task's screen below it, `/<id>`), and an about page.
@main
struct StarterApp: App {
    var body: some Scene {
        WindowGroup("Tasks") {
            TasksView()
        }
        Route("/about", title: "About") {
            AboutView()
        }
    }
}
