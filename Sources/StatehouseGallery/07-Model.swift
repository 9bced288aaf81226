import Statehouse

/// `/model`: the StateObject page. MyView owns a DataModel through `@StateObject` and puts it
/// in the environment; MySubView reads it with `@EnvironmentObject` and binds a Toggle to
/// `$model.isEnabled`.
enum ModelSeed {
    class DataModel: ObservableObject {
        @Published var name = "Some Name"
        @Published var isEnabled = false
    }

    struct MyView: View {
        @StateObject private var model = DataModel() // Create the state object.

        var body: some View {
            Text(model.name) // Updates when the data model changes.
            MySubView()
                .environmentObject(model)
        }
    }

    struct MySubView: View {
        @EnvironmentObject var model: DataModel

        var body: some View {
            Toggle("Enabled", isOn: $model.isEnabled)
        }
    }
}

extension ModelSeed.DataModel {
    /// "Suppose the data model from the previous example takes a name input."
    convenience init(name: String) {
        self.init()
        self.name = name
    }
}

/// `/initializable`: a state object initialised from outside data keeps its first value when
/// the input changes; `.id(name)` gives the view a new identity, and so a new object.
enum InitializableSeed {
    typealias DataModel = ModelSeed.DataModel

    struct MyInitializableView: View {
        @StateObject private var model: DataModel

        init(name: String) {
            // SwiftUI ensures that the following initialization uses the
            // closure only once during the lifetime of the view, so
            // later changes to the view's name input have no effect.
            _model = StateObject(wrappedValue: DataModel(name: name))
        }

        var body: some View {
            VStack {
                Text("Name: \(model.name)")
            }
        }
    }

    struct ContentView: View {
        @State var name = "Ravi"

        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                TextField("Name", text: $name)
                MyInitializableView(name: name)
                    .accessibilityIdentifier("kept")
                MyInitializableView(name: name)
                    .id(name) // Binds the identity of the view to the name property.
                    .accessibilityIdentifier("renewed")
            }
        }
    }
}
