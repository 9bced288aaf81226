import Foundation
import Statehouse

/// `/clock`: a `.task` loop updates a `@State` every second; each tick reaches the page through
/// the server's event stream (`/_sh/stream`), with no request from the page.
enum ClockSeed {
    struct ClockView: View {
        @State private var now = Date()

        var body: some View {
            VStack(spacing: 8) {
                Text(now.formatted(date: .omitted, time: .standard))
                    .font(.largeTitle)
                    .accessibilityIdentifier("time")
                Text("Updated by a .task loop on the server, pushed over /_sh/stream.")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
            .task {
                while !Task.isCancelled {
                    try? await Task.sleep(nanoseconds: 1_000_000_000)
                    now = Date()
                }
            }
        }
    }
}
