import Statehouse

/// The timer screen: each attendee speaks in turn; the ring fills as they finish.
struct MeetingView: View {
    @Binding var meeting: Meeting
    @StateObject private var meetingTimer = MeetingTimer()
    private let ticks = Timer.publish(every: 1, on: .main, in: .common).autoconnect()

    var body: some View {
        ZStack {
            RoundedRectangle(cornerRadius: 16.0)
                .fill(meeting.theme.mainColor)
            VStack {
                MeetingHeaderView(secondsElapsed: meetingTimer.secondsElapsed, secondsRemaining: meetingTimer.secondsRemaining, theme: meeting.theme)
                MeetingTimerView(speakers: meetingTimer.speakers, theme: meeting.theme)
                MeetingFooterView(speakers: meetingTimer.speakers, skipAction: meetingTimer.skipSpeaker)
            }
        }
        .padding()
        .foregroundColor(meeting.theme.accentColor)
        .onAppear {
            startMeeting()
        }
        .onDisappear {
            endMeeting()
        }
        .onReceive(ticks) { _ in
            meetingTimer.tick()
        }
        .navigationBarTitleDisplayMode(.inline)
    }

    private func startMeeting() {
        meetingTimer.reset(lengthInMinutes: meeting.lengthInMinutes, attendees: meeting.attendees)
    }

    private func endMeeting() {
        let newHistory = History(attendees: meeting.attendees)
        meeting.history.insert(newHistory, at: 0)
    }
}

@MainActor
final class MeetingTimer: ObservableObject {
    struct Speaker: Identifiable {
        let name: String
        var isCompleted: Bool
        let id = UUID()
    }

    @Published var activeSpeaker = ""
    @Published var secondsElapsed = 0
    @Published var secondsRemaining = 0
    private(set) var speakers: [Speaker] = []
    private(set) var lengthInMinutes = 0
    private var speakerIndex = 0
    private var secondsElapsedForSpeaker = 0

    private var lengthInSeconds: Int { lengthInMinutes * 60 }
    private var secondsPerSpeaker: Int { max(1, lengthInSeconds / max(speakers.count, 1)) }

    func reset(lengthInMinutes: Int, attendees: [Meeting.Attendee]) {
        self.lengthInMinutes = lengthInMinutes
        speakers = attendees.isEmpty ? [Speaker(name: "Speaker 1", isCompleted: false)] : attendees.map { Speaker(name: $0.name, isCompleted: false) }
        secondsRemaining = lengthInSeconds
        secondsElapsed = 0
        speakerIndex = 0
        secondsElapsedForSpeaker = 0
        activeSpeaker = speakers[0].name
    }

    func tick() {
        guard secondsRemaining > 0 else { return }
        secondsElapsed += 1
        secondsRemaining -= 1
        secondsElapsedForSpeaker += 1
        if secondsElapsedForSpeaker >= secondsPerSpeaker { skipSpeaker() }
    }

    func skipSpeaker() {
        guard speakerIndex < speakers.count else { return }
        speakers[speakerIndex].isCompleted = true
        secondsElapsedForSpeaker = 0
        speakerIndex += 1
        if speakerIndex < speakers.count {
            activeSpeaker = speakers[speakerIndex].name
        } else {
            activeSpeaker = ""
        }
        objectWillChange.send()
    }
}

struct MeetingHeaderView: View {
    let secondsElapsed: Int
    let secondsRemaining: Int
    let theme: Theme

    private var totalSeconds: Int { secondsElapsed + secondsRemaining }
    private var progress: Double {
        guard totalSeconds > 0 else { return 1 }
        return Double(secondsElapsed) / Double(totalSeconds)
    }
    private var minutesRemaining: Int { secondsRemaining / 60 }

    var body: some View {
        VStack {
            ProgressView(value: progress)
                .progressViewStyle(MeetingProgressViewStyle(theme: theme))
            HStack {
                VStack(alignment: .leading) {
                    Text("Seconds Elapsed")
                        .font(.caption)
                    Label("\(secondsElapsed)", systemImage: "hourglass.tophalf.fill")
                }
                Spacer()
                VStack(alignment: .trailing) {
                    Text("Seconds Remaining")
                        .font(.caption)
                    Label("\(secondsRemaining)", systemImage: "hourglass.bottomhalf.fill")
                        .labelStyle(.trailingIcon)
                }
            }
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel("Time remaining")
        .accessibilityValue("\(minutesRemaining) minutes")
        .padding([.top, .horizontal])
    }
}

struct MeetingProgressViewStyle: ProgressViewStyle {
    var theme: Theme

    func makeBody(configuration: Configuration) -> some View {
        ZStack {
            RoundedRectangle(cornerRadius: 10.0)
                .fill(theme.accentColor)
                .frame(height: 20.0)
            if #available(iOS 16.0, *) {
                ProgressView(configuration)
                    .tint(theme.mainColor)
                    .frame(height: 12.0)
                    .padding(.horizontal)
            } else {
                ProgressView(configuration)
                    .frame(height: 12.0)
                    .padding(.horizontal)
            }
        }
    }
}

struct MeetingTimerView: View {
    let speakers: [MeetingTimer.Speaker]
    let theme: Theme

    private var currentSpeaker: String {
        speakers.first(where: { !$0.isCompleted })?.name ?? "Someone"
    }

    var body: some View {
        Circle()
            .strokeBorder(lineWidth: 24)
            .overlay {
                VStack {
                    Text(currentSpeaker)
                        .font(.title)
                    Text("is speaking")
                }
                .accessibilityElement(children: .combine)
                .foregroundStyle(theme.accentColor)
            }
            .overlay {
                ForEach(speakers) { speaker in
                    if speaker.isCompleted, let index = speakers.firstIndex(where: { $0.id == speaker.id }) {
                        SpeakerArc(speakerIndex: index, totalSpeakers: speakers.count)
                            .rotation(Angle(degrees: -90))
                            .stroke(theme.mainColor, lineWidth: 12)
                    }
                }
            }
            .padding(.horizontal)
    }
}

struct SpeakerArc: Shape {
    let speakerIndex: Int
    let totalSpeakers: Int

    private var degreesPerSpeaker: Double {
        360.0 / Double(totalSpeakers)
    }
    private var startAngle: Angle {
        Angle(degrees: degreesPerSpeaker * Double(speakerIndex) + 1.0)
    }
    private var endAngle: Angle {
        Angle(degrees: startAngle.degrees + degreesPerSpeaker - 1.0)
    }

    func path(in rect: CGRect) -> Path {
        let diameter = min(rect.size.width, rect.size.height) - 24.0
        let radius = diameter / 2.0
        let center = CGPoint(x: rect.midX, y: rect.midY)
        return Path { path in
            path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: false)
        }
    }
}

struct MeetingFooterView: View {
    let speakers: [MeetingTimer.Speaker]
    var skipAction: () -> Void

    private var speakerNumber: Int? {
        guard let index = speakers.firstIndex(where: { !$0.isCompleted }) else { return nil }
        return index + 1
    }
    private var isLastSpeaker: Bool {
        speakers.dropLast().allSatisfy { $0.isCompleted }
    }
    private var speakerText: String {
        guard let speakerNumber = speakerNumber else { return "No more speakers" }
        return "Speaker \(speakerNumber) of \(speakers.count)"
    }

    var body: some View {
        VStack {
            HStack {
                if isLastSpeaker {
                    Text("Last Speaker")
                } else {
                    Text(speakerText)
                }
                Spacer()
                Button(action: skipAction) {
                    Image(systemName: "forward.fill")
                }
                .accessibilityLabel("Next speaker")
            }
        }
        .padding([.bottom, .horizontal])
    }
}
