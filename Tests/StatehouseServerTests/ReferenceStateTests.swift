import Statehouse
import Foundation
import Testing
@testable import StatehouseNIO
@testable import StatehouseProtocol

/// The reference-type state routes, on the wire.
@Suite("Reference-type state over HTTP")
struct ReferenceStateTests {
    @Test("On /book, checking out returns fragments without the title; editing the title returns fragments without the checkout button")
    func bookFragments() async throws {
        try await withPage("/book") { client, page in
            #expect(page.html.contains(">A sample book</span>"))
            let checkout = try #require(page.control("Check out book"))
            let checkedOut = event(client, page, target: checkout)
            #expect(checkedOut.status == 200)
            #expect(checkedOut.body.contains("Return book"))
            #expect(!checkedOut.body.contains("A sample book"))
            let title = try #require(page.control("Title"))
            let edited = event(client, page, target: title, type: "input", value: "Hello <world>")
            #expect(edited.status == 200)
            #expect(edited.body.contains(">Hello &lt;world&gt;</span>"))
            #expect(!edited.body.contains("Return book") && !edited.body.contains("Check out book"))
            #expect(!edited.body.contains("target=\"\(title)\""), "the field is not echoed")
        }
    }

    @Test("On /book/delete the book made in .task is in the first document; Delete book removes the title")
    func deleteBook() async throws {
        try await withPage("/book/delete") { client, page in
            #expect(page.html.contains(">A sample book</span>"), "a .task that does not suspend is applied before the first response")
            let delete = try #require(page.control("Delete book"))
            let reply = event(client, page, target: delete)
            #expect(reply.body.contains(#"action="remove""#))
            #expect(!client.get("/_sh/render?page=\(page.id)").body.contains("A sample book"))
        }
    }

    @Test("On /model the Toggle bound to $model.isEnabled through @EnvironmentObject sets the state object")
    func model() async throws {
        try await withPage("/model") { client, page in
            #expect(page.html.contains(">Some Name</span>"))
            let toggle = try #require(page.control("Enabled"))
            let reply = event(client, page, target: toggle, type: "change", value: "true")
            #expect(reply.status == 200)
            #expect(reply.body.contains(#"aria-checked="true""#))
            #expect(client.get("/_sh/render?page=\(page.id)").body.contains(#"aria-checked="true""#))
        }
    }

    @Test("On /initializable, after typing Maria the first view still says Ravi, the one with .id(name) says Maria")
    func initializable() async throws {
        try await withPage("/initializable") { client, page in
            let field = try #require(page.control("Name"))
            for prefix in ["M", "Ma", "Mar", "Mari", "Maria"] {
                #expect(event(client, page, target: field, type: "input", value: prefix).status == 200)
            }
            let html = client.get("/_sh/render?page=\(page.id)").body
            #expect(html.contains("Name: Ravi"))
            #expect(html.contains("Name: Maria"))
        }
    }

    @Test("On /todos a row's expanded Details stay with its todo when rows are added above it and deleted below it")
    func todos() async throws {
        try await withPage("/todos") { client, page in
            for title in ["one", "two", "three"] {
                #expect(event(client, page, target: "new-todo", type: "input", value: title).status == 200)
                let added = event(client, page, target: "add")
                #expect(added.status == 200)
                #expect(added.body.contains(">\(title)</span>"))
            }
            // Rows are identified by the todo: ids 1, 2, 3 ("three" at the top).
            let expand = event(client, page, target: "details-2")
            #expect(expand.body.contains("Details of two"))
            #expect(event(client, page, target: "new-todo", type: "input", value: "four").status == 200)
            let inserted = event(client, page, target: "add")
            #expect(inserted.body.contains(#"action="prepend""#), "one row inserted, not the list re-sent")
            #expect(!inserted.body.contains("Details of two"))
            #expect(event(client, page, target: "delete-1").body.contains(#"action="remove""#))
            let done = event(client, page, target: "done-2", type: "change", value: "true")
            #expect(done.body.contains(#"aria-checked="true""#))
            let html = client.get("/_sh/render?page=\(page.id)").body
            #expect(html.contains("Details of two"))
            #expect(!html.contains(">one</span>"))
            #expect(event(client, page, target: "delete-1").status == 404, "a deleted row's controls are gone")
        }
    }

    @Test("A missing environment object answers 500 naming the type, logs it, and the server goes on serving")
    func missingEnvironmentObject() async throws {
        try await withServer { port in
            let client = CurlClient(port: port)
            let reply = client.get("/orphan")
            #expect(reply.status == 500)
            #expect(reply.body.contains("DataModel"))
            #expect(reply.body.contains("environmentObject"))
            // After a click mounts the orphan, the event gets 500 and the page is gone.
            let page = try load(client, "/orphan-later")
            let shown = event(client, page, target: "show")
            #expect(shown.status == 500)
            #expect(shown.body.contains("DataModel"))
            #expect(event(client, page, target: "show").status == 410)
            #expect(client.get("/counter").status == 200)
        }
    }
}
