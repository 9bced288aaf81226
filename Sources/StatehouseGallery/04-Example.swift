import Statehouse

/// `/example`: the community page's ExampleView. "Change Text" writes `foo`, ExampleView's body
/// runs again and hands ChildView "Banana"; below it, a TextField bound to `$text` and a Text
/// that follows every keystroke.
enum ExampleSeed {
    struct ExampleView: View {
        struct ChildView: View {
            let text: String

            var body: some View {
                Text(text)
            }
        }

        @State var foo: String = "Apple"

        var body: some View {
            VStack {
                ChildView(text: foo)

                Button("Change Text") {
                    foo = "Banana"
                }
            }
        }
    }

    struct TextFieldExampleView: View {
        @State var text: String = "🍌🍌"

        var body: some View {
            Text(text)
            TextField("Placeholder", text: $text)
        }
    }

    /// Both samples on one page.
    struct ExampleRoute: View {
        var body: some View {
            VStack(spacing: 24) {
                ExampleView()
                Divider()
                VStack { TextFieldExampleView() }
            }
        }
    }
}
