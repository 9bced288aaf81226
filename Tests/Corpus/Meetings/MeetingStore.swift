import Statehouse

@MainActor
class MeetingStore: ObservableObject {
    @Published var meetings: [Meeting] = []

    private static func fileURL() throws -> URL {
        try FileManager.default.url(for: .documentDirectory, in: .userDomainMask, appropriateFor: nil, create: false)
            .appendingPathComponent("meetings.data")
    }

    func load() async throws {
        let task = Task<[Meeting], Error> {
            let fileURL = try Self.fileURL()
            guard let data = try? Data(contentsOf: fileURL) else {
                return []
            }
            let meetings = try JSONDecoder().decode([Meeting].self, from: data)
            return meetings
        }
        let meetings = try await task.value
        self.meetings = meetings
    }

    func save(meetings: [Meeting]) async throws {
        let task = Task {
            let data = try JSONEncoder().encode(meetings)
            let outfile = try Self.fileURL()
            try data.write(to: outfile)
        }
        _ = try await task.value
    }
}
