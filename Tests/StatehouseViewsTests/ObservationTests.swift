import Testing
@testable import StatehouseGallery
@testable import StatehouseViews

/// An `@Observable` object stored in `@State` and handed down as a plain reference.
@MainActor
@Suite("Observation")
struct ObservationTests {
    typealias Book = BookSeed.Book

    @Test("BookView updates each time title changes but not when isAvailable changes (checking out re-renders only the button)")
    func checkoutInvalidatesOnlyTheReaderOfIsAvailable() throws {
        let tree = LiveTree(BookSeed.ContentView())
        tree.isLoggingEvaluations = true
        let actions = try click(tree, "Check out book")
        #expect(tree.evaluationLog == ["BookCheckoutView"])
        #expect(actions.count == 1)
        let html = actions.map(\.html).joined()
        #expect(html.contains("Return book"))
        #expect(!html.contains("A sample book"), "the title's view was not invalidated")
    }

    @Test("SwiftUI updates the subview anytime an observable property changes, but only when the subview's body reads it (editing the title leaves the button alone)")
    func titleEditInvalidatesOnlyTheReadersOfTitle() throws {
        let tree = LiveTree(BookSeed.ContentView())
        tree.isLoggingEvaluations = true
        let field = try #require(tree.id(ofControl: "Title"))
        let actions = try tree.send(Event(target: field, type: .input, value: "Hello world"))
        // BookView read the title; TextField's own body read it through the @Bindable binding.
        #expect(tree.evaluationLog == ["BookView", "TextField"])
        let html = actions.map(\.html).joined()
        #expect(html.contains(">Hello world</span>"))
        #expect(!html.contains("Check out book"), "the checkout button was not invalidated")
        #expect(!actions.contains { $0.target == field }, "the field being typed in is not echoed")
    }

    @Test("BookEditorView wraps book with @Bindable and passes TextField a binding to title")
    func bindableBindingWritesTheObject() throws {
        let book = Book()
        let tree = LiveTree(BookSeed.EditingBookView(book: book))
        let field = try #require(tree.id(ofControl: "Title"))
        _ = try tree.send(Event(target: field, type: .input, value: "Dune"))
        #expect(book.title == "Dune")
        #expect(tree.render().contains(#"value="Dune""#))
        // A change made elsewhere reaches the field.
        book.title = "Emma"
        #expect(try tree.flush().contains { $0.html.contains(#"value="Emma""#) })
    }

    @Test("$book.title made again for the same object is the same input: the editor is not re-evaluated")
    func bindableBindingIsAStableInput() throws {
        struct Parent: View {
            let book: Book
            @State var count = 0
            var body: some View {
                Button("Count \(count)") { count += 1 }
                BookSeed.BookEditorView(book: book)
            }
        }
        let tree = LiveTree(Parent(book: Book()))
        tree.isLoggingEvaluations = true
        _ = try click(tree, "Count 0")
        #expect(tree.evaluationLog == ["Parent"])
    }

    @Test("You can store observable objects in State: LibraryView shows the library's name, and follows it")
    func observableInState() throws {
        struct Shelf: View {
            @State private var library = LibrarySeed.Library()
            var body: some View {
                LibrarySeed.LibraryView(library: library)
                Button("Rename") { library.name = "Renamed" }
            }
        }
        let tree = LiveTree(Shelf())
        #expect(tree.render().contains("My library of books"))
        tree.isLoggingEvaluations = true
        let actions = try click(tree, "Rename")
        #expect(tree.evaluationLog == ["LibraryView"], "Shelf never read name")
        #expect(actions.count == 1)
        #expect(actions.first?.html.contains(">Renamed</span>") == true)
    }

    @Test("A Binding to the object stored in State, set to nil from a subview: the title disappears")
    func bindingToTheReference() async throws {
        let tree = LiveTree(DeleteBookSeed.ContentView())
        await tree.yieldToTasks()
        _ = try tree.flush()
        #expect(tree.render().contains("A sample book"), ".task created the book before the first render")
        let actions = try click(tree, "Delete book")
        #expect(!tree.render().contains("A sample book"))
        #expect(actions.contains { if case .remove = $0 { true } else { false } })
    }

    @Test("A body re-evaluated for another reason tracks what it reads now (a property read only in a new branch)")
    func trackingFollowsTheLatestEvaluation() throws {
        struct Details: View {
            let book: Book
            @State private var expanded = false
            var body: some View {
                Button("More") { expanded.toggle() }
                if expanded { Text(book.title) }
            }
        }
        let book = Book()
        let tree = LiveTree(Details(book: book))
        _ = try click(tree, "More")
        book.title = "Changed"
        #expect(try tree.flush().contains { $0.html.contains("Changed") })
        // And a property no body reads any more invalidates nothing.
        _ = try click(tree, "More")
        tree.isLoggingEvaluations = true
        book.title = "Again"
        #expect(try tree.flush().isEmpty)
        #expect(tree.evaluationLog.isEmpty)
    }

    @Test("What a ForEach's content closure reads is tracked too")
    func forEachContentIsTracked() throws {
        struct Titles: View {
            let books: [Book]
            var body: some View {
                ForEach(books.indices, id: \.self) { index in
                    Text(books[index].title)
                }
            }
        }
        let books = [Book(), Book()]
        let tree = LiveTree(Titles(books: books))
        books[1].title = "Second"
        let actions = try tree.flush()
        #expect(actions.count == 1)
        #expect(actions.first?.html.contains("Second") == true)
    }

    @Test("A write from another thread invalidates the reader on the main actor")
    func writeFromAnotherThread() async throws {
        let book = Book()
        let tree = LiveTree(BookSeed.BookView(book: book))
        nonisolated(unsafe) let shared = book
        await Task.detached { shared.title = "From afar" }.value
        await Task.yield()
        #expect(try tree.flush().contains { $0.html.contains("From afar") })
    }
}
