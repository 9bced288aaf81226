import Statehouse

/// `/book`: one `@Observable` Book in `@State`, handed as a plain reference to three views.
/// Each is invalidated only by the properties its own body read: checking out the book
/// re-renders the button, not the title; editing the title (through `@Bindable`) re-renders
/// the title, not the button.
enum BookSeed {
    @Observable
    class Book {
        var title = "A sample book"
        var isAvailable = true
    }

    struct ContentView: View {
        @State private var book = Book()

        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                BookView(book: book)
                BookCheckoutView(book: book)
                BookEditorView(book: book)
            }
        }
    }

    struct BookView: View {
        var book: Book

        var body: some View {
            Text(book.title)
        }
    }

    struct BookCheckoutView: View {
        var book: Book

        var body: some View {
            Button(book.isAvailable ? "Check out book" : "Return book") {
                book.isAvailable.toggle()
            }
        }
    }

    struct BookEditorView: View {
        @Bindable var book: Book

        var body: some View {
            TextField("Title", text: $book.title)
        }
    }

    /// The seed's other BookView, which hands the book on to the editor.
    struct EditingBookView: View {
        let book: Book

        var body: some View {
            BookEditorView(book: book)
        }
    }
}

/// `/book/delete`: `@State private var book: Book?` is created in `.task`; DeleteBookView gets
/// a binding to the reference itself and sets it to nil, and the title disappears.
enum DeleteBookSeed {
    typealias Book = BookSeed.Book

    struct ContentView: View {
        @State private var book: Book?

        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                if let book {
                    Text(book.title)
                }
                DeleteBookView(book: $book)
            }
            .task {
                book = Book()
            }
        }
    }

    struct DeleteBookView: View {
        @Binding var book: Book?

        var body: some View {
            Button("Delete book") {
                book = nil
            }
        }
    }
}
