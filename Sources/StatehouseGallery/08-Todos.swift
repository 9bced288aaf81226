import Statehouse

/// `/todos`: rows identified by their todo. Each row's own `@State` (Details shown or not)
/// stays with its todo when rows are added above it or deleted around it; each Toggle is bound
/// through `@Bindable` to its todo's `isDone`. The model is `Codable`, so a durable store keeps
/// the list across restarts (with the typed text and each row's Details).
enum TodosSeed {
    @Observable
    final class Todo: Identifiable, Codable {
        let id: Int
        var title: String
        var isDone = false

        // `@Observable` keeps each property under an underscored name: the keys say which to save.
        enum CodingKeys: String, CodingKey {
            case id, _title = "title", _isDone = "isDone"
        }

        init(id: Int, title: String) {
            self.id = id
            self.title = title
        }
    }

    @Observable
    final class TodoList: Codable {
        var items: [Todo] = []
        private var nextID = 1

        enum CodingKeys: String, CodingKey {
            case _items = "items", _nextID = "nextID"
        }

        init() {}

        /// Inserts a todo at the top.
        func add(_ title: String) {
            items.insert(Todo(id: nextID, title: title), at: 0)
            nextID += 1
        }

        func delete(_ todo: Todo) {
            items.removeAll { $0 === todo }
        }
    }

    struct ContentView: View {
        @State private var list = TodoList()
        @State private var newTitle = ""

        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                HStack {
                    TextField("New todo", text: $newTitle)
                        .accessibilityIdentifier("new-todo")
                        .onSubmit(add)
                    // Not `.disabled(newTitle.isEmpty)`: without JavaScript the button would stay
                    // disabled as rendered while someone types; `add` ignores an empty title.
                    Button("Add", action: add)
                        .accessibilityIdentifier("add")
                }
                List {
                    ForEach(list.items) { todo in
                        TodoRow(list: list, todo: todo)
                    }
                }
            }
        }

        private func add() {
            let title = newTitle.trimmingCharacters(in: .whitespaces)
            guard !title.isEmpty else { return }
            list.add(title)
            newTitle = ""
        }
    }

    struct TodoRow: View {
        let list: TodoList
        @Bindable var todo: Todo
        @State private var showsDetails = false

        var body: some View {
            VStack(alignment: .leading, spacing: 4) {
                HStack {
                    Toggle(todo.title, isOn: $todo.isDone)
                        .accessibilityIdentifier("done")
                    Spacer()
                    Button("Details") { showsDetails.toggle() }
                        .accessibilityIdentifier("details")
                    Button("Delete") { list.delete(todo) }
                        .accessibilityIdentifier("delete")
                }
                if showsDetails {
                    Text("Details of \(todo.title)")
                        .font(.footnote)
                        .foregroundStyle(.secondary)
                        .accessibilityIdentifier("details-text")
                }
            }
        }
    }
}
