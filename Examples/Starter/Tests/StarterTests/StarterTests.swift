import StatehouseTesting
import Testing
@testable import Starter

/// The starter's screens, driven as a user would, without a server.
@MainActor
struct StarterTests {
    @Test("Add a task with Return, open its screen, rename it and mark it done: the list shows both")
    func addOpenEdit() throws {
        let page = try ViewTest(TasksView())
        #expect(page.html.contains("Tasks (1 open)"))
        try page.submit("Water the plants", in: "new-task")
        #expect(page.html.contains(">Water the plants</span>"))
        #expect(page.html.contains("Tasks (2 open)"))

        try page.link("Water the plants").click()
        #expect(page.html.contains(#"id="title""#), "the task's screen")
        try page.type("Water the herbs", into: "title")
        try page.setToggle("done", to: true)
        try page.navigate(to: "/")
        #expect(page.html.contains(">Water the herbs</span>"))
        #expect(page.html.contains("Tasks (1 open)"))
    }

    @Test("The about page links back to the tasks")
    func about() throws {
        let page = try ViewTest(AboutView())
        #expect(try page.link("Tasks")[attribute: "href"] == "/")
    }
}
