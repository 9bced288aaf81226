import StatehouseTesting
import Testing
@testable import MeetingsCorpus
@testable import StatehouseViews

/// The corpus (`Tests/Corpus/Meetings`): SwiftUI code as tutorials write it, compiled with
/// nothing changed but the import, driven here as a user would: the list, a meeting's detail,
/// its edit sheet, the timer screen.
@MainActor
@Suite("Corpus: a list-detail-edit app with a timer screen")
struct CorpusTests {
    struct Root: View {
        @State var meetings = Meeting.sampleData
        var body: some View {
            MeetingsView(meetings: $meetings) {}
        }
    }

    @Test("The list shows each meeting's card; a row opens its detail; Edit, a new title, Done: the detail shows it")
    func listDetailEdit() throws {
        let page = try ViewTest(Root())
        #expect(page.html.contains(">Daily Meetings<"))
        for title in ["Design", "App Dev", "Web Dev"] { #expect(page.html.contains(">\(title)</span>")) }
        #expect(page.html.contains("var(--sh-color-yellow,var(--sh-accent))"), "Color(theme.rawValue) is a CSS custom property")
        try page.link("Design 4 attendees 10 minute meeting").click()
        #expect(page.html.contains(">Meeting Info<") && page.html.contains(">Start Meeting</span>"))
        #expect(page.html.contains(">10 minutes</span>"))
        try page.button("Edit").click()
        let sheet = try #require(page.dialogs.first)
        #expect(sheet.text.contains("Meeting Info"))
        let title = try page.textField("Title")
        try title.type("Design review")
        try page.button("Done").click()
        #expect(page.dialogs.isEmpty)
        #expect(page.html.contains(">Design review<"), "the edited meeting is written back through the bindings")
    }

    struct Timer: View {
        @State var meeting = Meeting.sampleData[0]
        var body: some View {
            NavigationStack { MeetingView(meeting: $meeting) }
        }
    }

    @Test("The timer screen: the header's progress style, the speaker ring (strokeBorder with overlays), Next speaker moves on and draws an arc")
    func timerScreen() throws {
        let page = try ViewTest(Timer())
        #expect(page.html.contains(">Cathy</span>") && page.html.contains(">is speaking</span>"))
        #expect(page.html.contains("Speaker 1 of 4"))
        #expect(page.html.contains("<progress"), "ProgressView(configuration) inside the custom style")
        #expect(page.elements.contains { $0.label == "Time remaining" }, "the header is one accessibility element")
        let arcs = { page.elements.filter { $0.tag == "path" }.count }
        #expect(arcs() == 0)
        try page.button("Next speaker").click()
        #expect(page.html.contains("Speaker 2 of 4") && page.html.contains(">Daisy</span>"))
        #expect(arcs() == 1, "the finished speaker's arc, rotated")
        #expect(page.html.contains("transform:rotate(-90deg)"))
    }
}
