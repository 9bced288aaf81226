import Statehouse

/// `/motion`: changes made inside `withAnimation` animate in the browser. The dot grows and
/// fades (its style, from the old values to the new), the card comes in from the leading
/// edge and goes out again (`.transition`), on a spring.
enum MotionSeed {
    struct MotionView: View {
        @State private var isBig = false
        @State private var showsCard = false

        var body: some View {
            VStack(alignment: .leading, spacing: 24) {
                Circle()
                    .fill(.blue)
                    .frame(width: 60, height: 60)
                    .scaleEffect(isBig ? 2 : 1)
                    .opacity(isBig ? 0.4 : 1)
                    .accessibilityIdentifier("dot")
                Button(isBig ? "Shrink" : "Grow") {
                    withAnimation(.easeInOut(duration: 0.8)) { isBig.toggle() }
                }
                .accessibilityIdentifier("grow")
                Button(showsCard ? "Hide the card" : "Show the card") {
                    withAnimation(.spring(duration: 0.6, bounce: 0.3)) { showsCard.toggle() }
                }
                .accessibilityIdentifier("card-toggle")
                if showsCard {
                    Text("A card that slides in")
                        .padding()
                        .background(.yellow)
                        .transition(.move(edge: .leading).combined(with: .opacity))
                        .accessibilityIdentifier("card")
                }
            }
            .padding()
        }
    }
}
