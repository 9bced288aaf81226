import Statehouse

struct MeetingsView: View {
    @Binding var meetings: [Meeting]
    @Environment(\.scenePhase) private var scenePhase
    @State private var isPresentingNewMeetingView = false
    let saveAction: () -> Void

    var body: some View {
        NavigationStack {
            List($meetings) { $meeting in
                NavigationLink(destination: DetailView(meeting: $meeting)) {
                    CardView(meeting: meeting)
                }
                .listRowBackground(meeting.theme.mainColor)
            }
            .navigationTitle("Daily Meetings")
            .toolbar {
                Button(action: {
                    isPresentingNewMeetingView = true
                }) {
                    Image(systemName: "plus")
                }
                .accessibilityLabel("New Meeting")
            }
        }
        .sheet(isPresented: $isPresentingNewMeetingView) {
            NewMeetingSheet(meetings: $meetings, isPresentingNewMeetingView: $isPresentingNewMeetingView)
        }
        .onChange(of: scenePhase) { _, phase in
            if phase == .inactive { saveAction() }
        }
    }
}

struct CardView: View {
    let meeting: Meeting

    var body: some View {
        VStack(alignment: .leading) {
            Text(meeting.title)
                .font(.headline)
                .accessibilityAddTraits(.isHeader)
            Spacer()
            HStack {
                Label("\(meeting.attendees.count)", systemImage: "person.3")
                    .accessibilityLabel("\(meeting.attendees.count) attendees")
                Spacer()
                Label("\(meeting.lengthInMinutes)", systemImage: "clock")
                    .accessibilityLabel("\(meeting.lengthInMinutes) minute meeting")
                    .labelStyle(.trailingIcon)
            }
            .font(.caption)
        }
        .padding()
        .foregroundColor(meeting.theme.accentColor)
    }
}

struct CardView_Previews: PreviewProvider {
    static var meeting = Meeting.sampleData[0]
    static var previews: some View {
        CardView(meeting: meeting)
            .background(meeting.theme.mainColor)
            .previewLayout(.fixed(width: 400, height: 60))
    }
}

struct TrailingIconLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        HStack {
            configuration.title
            configuration.icon
        }
    }
}

extension LabelStyle where Self == TrailingIconLabelStyle {
    static var trailingIcon: Self { Self() }
}

struct NewMeetingSheet: View {
    @State private var newMeeting = Meeting.emptyMeeting
    @Binding var meetings: [Meeting]
    @Binding var isPresentingNewMeetingView: Bool

    var body: some View {
        NavigationStack {
            DetailEditView(meeting: $newMeeting)
                .toolbar {
                    ToolbarItem(placement: .cancellationAction) {
                        Button("Dismiss") {
                            isPresentingNewMeetingView = false
                        }
                    }
                    ToolbarItem(placement: .confirmationAction) {
                        Button("Add") {
                            meetings.append(newMeeting)
                            isPresentingNewMeetingView = false
                        }
                    }
                }
        }
    }
}

struct MeetingsView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationView {
            MeetingsView(meetings: .constant(Meeting.sampleData), saveAction: {})
        }
        .previewInterfaceOrientation(.portrait)
    }
}
