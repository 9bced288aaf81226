import Foundation
import Statehouse

/// `/groceries`: list editing as tutorials write it. `ForEach($items) { $item in }` with a
/// `Toggle` bound to each item, `.onDelete` (a Delete button per row), `.onMove` (Move up and
/// Move down in edit mode), `EditButton` in the toolbar, an add field, formatted text.
enum GroceriesSeed {
    struct Item: Identifiable, Hashable {
        let id: Int
        var name: String
        var isBought = false
    }

    struct GroceriesView: View {
        @State private var items = [Item(id: 1, name: "Milk"), Item(id: 2, name: "Eggs"), Item(id: 3, name: "Bread")]
        @State private var newName = ""
        @State private var nextID = 4

        var body: some View {
            NavigationStack {
                List {
                    ForEach($items) { $item in
                        Toggle(item.name, isOn: $item.isBought)
                    }
                    .onDelete { items.remove(atOffsets: $0) }
                    .onMove { items.move(fromOffsets: $0, toOffset: $1) }
                }
                .accessibilityIdentifier("items")
                HStack {
                    TextField("New item", text: $newName)
                        .onSubmit(add)
                        .accessibilityIdentifier("new-item")
                    Button("Add", action: add).disabled(newName.isEmpty)
                }
                Text("\(items.filter(\.isBought).count) of \(items.count) bought (\(fraction, format: .percent.precision(.fractionLength(0))))")
                    .accessibilityIdentifier("summary")
                    .accessibilityAddTraits(.updatesFrequently)
                    .navigationTitle("Groceries")
                    .toolbar { EditButton() }
            }
        }

        private var fraction: Double {
            items.isEmpty ? 0 : Double(items.filter(\.isBought).count) / Double(items.count)
        }

        private func add() {
            let name = newName.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return }
            items.append(Item(id: nextID, name: name))
            nextID += 1
            newName = ""
        }
    }
}
