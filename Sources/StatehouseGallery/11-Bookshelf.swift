import Statehouse

/// `/bookshelf`: a list that pushes details, each at its own URL (`/bookshelf/dune`), with
/// SwiftUI's own navigation API. The books are App-level `@State`, so two browsers see each
/// other's edits live. The search is kept in the URL (`/bookshelf?q=dune`, `@URLQuery`): a
/// reload, a shared link and Back show the same list.
enum BookshelfSeed {
    struct Book: Identifiable, Hashable {
        /// The book's slug: its segment of the URL.
        var id: String
        var title: String
        var author: String
    }

    static let initialBooks = [
        Book(id: "dune", title: "Dune", author: "Frank Herbert"),
        Book(id: "emma", title: "Emma", author: "Jane Austen"),
        Book(id: "middlemarch", title: "Middlemarch", author: "George Eliot"),
        Book(id: "ulysses", title: "Ulysses", author: "James Joyce"),
    ]

    /// The tabs, as the URL writes them (`/bookshelf?tab=settings`).
    enum Section: String, Codable, Hashable {
        case books, settings
    }

    struct BookshelfView: View {
        @Binding var books: [Book]
        @State private var section = Section.books
        @State private var showsAuthors = false
        @URLQuery("q") private var search = ""

        var body: some View {
            TabView(selection: $section) {
                NavigationStack {
                    List(books.filter { search.isEmpty || $0.title.localizedCaseInsensitiveContains(search) }) { book in
                        NavigationLink(value: book.id) {
                            VStack(alignment: .leading) {
                                Text(book.title)
                                if showsAuthors { Text(book.author).font(.footnote).foregroundStyle(.secondary) }
                            }
                        }
                    }
                    .searchable(text: $search, prompt: "Title")
                    .navigationTitle("Bookshelf")
                    .navigationDestination(for: Book.ID.self) { id in
                        // A slug that names no book renders nothing: the URL is a 404.
                        if books.contains(where: { $0.id == id }) {
                            BookDetailView(books: $books, id: id)
                        }
                    }
                }
                .tabItem { Text("Books") }
                .tag(Section.books)

                Form {
                    Toggle("Show authors", isOn: $showsAuthors)
                }
                .navigationTitle("Settings")
                .tabItem { Text("Settings") }
                .tag(Section.settings)
            }
        }
    }

    struct BookDetailView: View {
        @Binding var books: [Book]
        let id: Book.ID
        @State private var isEditing = false
        @State private var isConfirmingDelete = false
        @Environment(\.dismiss) private var dismiss

        var body: some View {
            let book = books.first { $0.id == id }
            VStack(alignment: .leading, spacing: 12) {
                Text("by \(book?.author ?? "")").foregroundStyle(.secondary)
                Button("Delete", role: .destructive) { isConfirmingDelete = true }
                    .confirmationDialog("Delete \(book?.title ?? "")?", isPresented: $isConfirmingDelete, titleVisibility: .visible) {
                        Button("Delete", role: .destructive) {
                            books.removeAll { $0.id == id }
                            dismiss()  // this screen's dismiss: back to the list
                        }
                    }
            }
            .navigationTitle(book?.title ?? "")
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Button("Edit") { isEditing = true }
                }
            }
            .sheet(isPresented: $isEditing) {
                EditBookSheet(books: $books, id: id)
            }
        }
    }

    /// Edits a copy of the title; Save writes it, Cancel (or Escape) leaves the book alone.
    struct EditBookSheet: View {
        @Binding var books: [Book]
        let id: Book.ID
        @State private var draft = ""
        @Environment(\.dismiss) private var dismiss

        var body: some View {
            Form {
                TextField("Title", text: $draft)
            }
            .onAppear { draft = books.first { $0.id == id }?.title ?? "" }
            HStack {
                Button("Cancel", role: .cancel) { dismiss() }
                Button("Save") {
                    if let index = books.firstIndex(where: { $0.id == id }) { books[index].title = draft }
                    dismiss()
                }
            }
        }
    }
}
