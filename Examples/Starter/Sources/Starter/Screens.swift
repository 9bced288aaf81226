import Statehouse

@Observable
final class Chore: Identifiable, Codable {
    let id: Int
    var title: String
    var isDone = false

    init(id: Int, title: String) {
        self.id = id
        self.title = title
    }

    enum CodingKeys: String, CodingKey { case id, _title = "title", _isDone = "isDone" }
}

/// The first screen: the tasks, a field to add one, and a link to each task's screen.
struct TasksView: View {
    @State private var tasks: [Chore] = [Chore(id: 1, title: "Read the README")]
    @State private var newTitle = ""

    var body: some View {
        NavigationStack {
            AccountBar()
            List {
                ForEach(tasks) { task in
                    NavigationLink(value: task.id) {
                        Label(task.title, systemImage: task.isDone ? "checkmark.circle" : "circle")
                    }
                }
                .onDelete { tasks.remove(atOffsets: $0) }
                TextField("New task", text: $newTitle)
                    .onSubmit(add)
                    .accessibilityIdentifier("new-task")
            }
            .navigationTitle("Tasks (\(tasks.filter { !$0.isDone }.count) open)")
            .navigationDestination(for: Int.self) { id in
                if let task = tasks.first(where: { $0.id == id }) {
                    TaskView(task: task)
                }
            }
        }
    }

    private func add() {
        let title = newTitle.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { return }
        tasks.append(Chore(id: (tasks.map(\.id).max() ?? 0) + 1, title: title))
        newTitle = ""
    }
}

/// The second screen: one task, its title editable and its state toggled.
struct TaskView: View {
    @Bindable var task: Chore

    var body: some View {
        Form {
            TextField("Title", text: $task.title)
                .accessibilityIdentifier("title")
            Toggle("Done", isOn: $task.isDone)
                .accessibilityIdentifier("done")
        }
        .navigationTitle(task.title)
    }
}

/// `swift run Starter --previews` serves it at /_previews (an app that depends on Statehouse
/// with `traits: []` has no #Preview, and builds faster).
#Preview("A task") {
    NavigationStack { TaskView(task: Chore(id: 1, title: "Try a preview")) }
}

struct AboutView: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("About").font(.title)
            Text("A starter app on Statehouse: SwiftUI's state model, served over HTTP.")
            Link("Tasks", destination: URL(string: "/")!)
        }
        .padding()
    }
}
