import Statehouse
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

    @Test("An account: created with a long enough password, then signed in to; a wrong password and a taken name are refused")
    func accounts() async throws {
        let accounts = Accounts()
        #expect(await accounts.register(name: "Grace", password: "short") == .failure(Accounts.Refusal("A password has 8 characters or more.")))
        let made = try await accounts.register(name: "Grace", password: "compiler1952").get()
        #expect(made.name == "Grace")
        #expect(await accounts.register(name: "grace", password: "another one") == .failure(Accounts.Refusal("That name is taken.")))
        #expect(await accounts.signIn(name: "GRACE", password: "compiler1952") == .success(made))
        #expect(await accounts.signIn(name: "Grace", password: "compiler1953") == .failure(Accounts.Refusal("Wrong name or password.")))
    }

    @Test("The tasks show who is signed in, with a way out")
    func accountBar() throws {
        let page = try ViewTest(TasksView().environment(\.signedInUser, SignedInUser(id: "grace", name: "Grace")))
        #expect(page.html.contains("Signed in as Grace"))
        #expect(page.html.contains(#"id="sign-out""#))
    }

    @Test("The about page links back to the tasks")
    func about() throws {
        let page = try ViewTest(AboutView())
        #expect(try page.link("Tasks")[attribute: "href"] == "/")
    }
}
