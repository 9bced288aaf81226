import Statehouse

// The README's navigation example ("Screens at URLs"), as it stands there.

struct Shelf: View {
    @Binding var books: [Book]              // Book: Identifiable, id "dune", "emma", …
    @State private var isAdding = false

    var body: some View {
        NavigationStack {
            List(books) { book in
                NavigationLink(book.title, value: book.id)     // <a href="/shelf/dune">
            }
            .navigationTitle("Shelf")
            .toolbar { ToolbarItem { Button("Add") { isAdding = true } } }
            .sheet(isPresented: $isAdding) { AddBookForm(books: $books) }
            .navigationDestination(for: Book.ID.self) { id in
                if let book = books.first(where: { $0.id == id }) { BookDetail(book: book) }
            }
        }
    }
}

// What the README's example leaves out, so that it compiles as it stands there.

struct Book: Identifiable {
    var id: String
    var title: String
}

struct BookDetail: View {
    let book: Book
    var body: some View {
        Text(book.title).navigationTitle(book.title)
    }
}

struct AddBookForm: View {
    @Binding var books: [Book]
    @State private var title = ""
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Form { TextField("Title", text: $title) }
        Button("Add") {
            books.append(Book(id: title.lowercased(), title: title))
            dismiss()
        }
    }
}
