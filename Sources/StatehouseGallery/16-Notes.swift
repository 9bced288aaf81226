import Statehouse

/// `/notes`: storage with SwiftUI's property wrappers. The draft is `@SceneStorage` (this tab:
/// it survives a reload, and a restart with the durable store); the text size is `@AppStorage`
/// (the session: every page of this browser shows and changes the same one); the draft is also
/// saved when the tab is hidden (`@Environment(\.scenePhase)`). "Copy the draft" reaches the
/// clipboard through the app's browser-side hook (`.clientHook`, `Public/hooks.js`), which says
/// back what it copied. Identifiers: `draft`, `size`, `size-shown`, `draft-shown`,
/// `saved-hidden`, `copy`, `copied`.
enum NotesSeed {
    /// A private view with its own `@State`, kept like any other (the address the runtime puts
    /// in a private type's name is taken out of its identity).
    private struct WordCount: View {
        let text: String
        @State private var isShown = false

        var body: some View {
            Toggle("Count words", isOn: $isShown)
                .accessibilityIdentifier("count-words")
            if isShown {
                Text("Words: \(text.split(whereSeparator: \.isWhitespace).count)")
                    .accessibilityIdentifier("word-count")
            }
        }
    }

    struct NotesView: View {
        @SceneStorage("draft") private var draft = ""
        @AppStorage("textSize") private var textSize = 16
        @Environment(\.scenePhase) private var scenePhase
        /// The draft as last saved when the tab was hidden ("save when inactive").
        @State private var savedDraft = ""
        /// What the clipboard hook last said.
        @State private var copied = ""

        /// The clipboard hook's message.
        struct Copied: Decodable {
            let characters: Int?
            let failure: String?
        }

        var body: some View {
            Form {
                Section("This tab (@SceneStorage)") {
                    TextField("Draft", text: $draft)
                        .accessibilityIdentifier("draft")
                    Text(draft.isEmpty ? "Nothing drafted yet." : "Draft: \(draft)")
                        .accessibilityIdentifier("draft-shown")
                    WordCount(text: draft)
                    Button("Copy the draft") {}
                        .clientHook("Clipboard", value: draft) { (message: Copied) in
                            copied = message.characters.map { "Copied \($0) characters." } ?? "Not copied: \(message.failure ?? "")"
                        }
                        .accessibilityIdentifier("copy")
                    if !copied.isEmpty {
                        Text(copied).accessibilityIdentifier("copied")
                    }
                    Text(savedDraft.isEmpty ? "Not saved while hidden yet." : "Saved when hidden: \(savedDraft)")
                        .accessibilityIdentifier("saved-hidden")
                }
                Section("Every page of this browser (@AppStorage)") {
                    Stepper("Text size", value: $textSize, in: 10...32)
                        .accessibilityIdentifier("size")
                    Text("Text size: \(textSize)")
                        .accessibilityIdentifier("size-shown")
                    Text("Reload, open a second tab, or restart the server: each keeps what it should.")
                        .font(.footnote)
                        .foregroundStyle(.secondary)
                }
            }
            .onChange(of: scenePhase) { _, phase in
                if phase == .background { savedDraft = draft }
            }
        }
    }
}
