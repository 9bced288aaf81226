import Foundation
import StatehouseTesting
import Testing
@testable import StatehouseProtocol
@testable import StatehouseViews

/// Issue 57.5: a change inside `withAnimation` animates in the browser; the answer says how,
/// and the fragments stay what they were.
@MainActor
@Suite struct MotionTests {
    struct Toggler: View {
        @State var isOn = false
        @State var other = 0
        var body: some View {
            Text(isOn ? "on" : "off").accessibilityIdentifier("state")
                .scaleEffect(isOn ? 2 : 1)
            Text("\(other)").accessibilityIdentifier("other")
            Button("Animated") { withAnimation(.easeInOut(duration: 0.5).delay(0.1)) { isOn.toggle() } }
            Button("Plain") { isOn.toggle() }
            Button("Not animated") { withAnimation(nil) { isOn.toggle() } }
            Button("Both") {
                withAnimation(.linear) { other += 1 }
                withAnimation(nil) { isOn.toggle() }
            }
            Button("Forever") { withAnimation(.linear(duration: 1).repeatForever()) { isOn.toggle() } }
        }
    }

    @Test("State written inside withAnimation makes the answer animated, with that animation; a plain write or withAnimation(nil) does not")
    func answerCarriesTheAnimation() throws {
        let page = try ViewTest(Toggler())
        #expect(page.lastAnimation == nil)
        try page.button("Animated").click()
        #expect(page.lastAnimation == .easeInOut(duration: 0.5).delay(0.1))
        #expect(page.text("state") == "on")
        #expect(page.lastFragments.map(\.target) == ["state"], "the fragments are what they were without the animation")
        try page.button("Plain").click()
        #expect(page.lastAnimation == nil)
        try page.button("Not animated").click()
        #expect(page.lastAnimation == nil)
        try page.button("Both").click()
        #expect(page.lastAnimation == .linear, "withAnimation(nil) does not take back an animation of the same event")
    }

    @Test("The answer's sh-animate action comes before its fragments, as the Web Animations API takes an animation")
    func animateAction() throws {
        #expect(TurboStream.animate(.easeInOut(duration: 0.5).delay(0.1))
                == #"<turbo-stream action="sh-animate" target="sh-root" duration="500" easing="ease-in-out" delay="100" iterations="1" direction="normal"></turbo-stream>"#)
        #expect(TurboStream.animate(.linear(duration: 1).speed(2).repeatForever())
                == #"<turbo-stream action="sh-animate" target="sh-root" duration="500" easing="linear" delay="0" iterations="infinite" direction="alternate"></turbo-stream>"#)
        #expect(TurboStream.animate(.easeIn.repeatCount(3, autoreverses: false)).contains(#"iterations="3" direction="normal""#))
    }

    @Test("A spring is its damped motion sampled as a CSS linear() easing: a bouncy one overshoots, a critically damped one does not")
    func springCurve() {
        func points(_ animation: Animation) -> [Double] {
            let inner = animation.easing.dropFirst("linear(".count).dropLast()
            return inner.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        }
        let bouncy = points(.spring(response: 0.5, dampingFraction: 0.5))
        #expect(bouncy.count == 25)
        #expect(bouncy.first == 0)
        #expect(bouncy.max()! > 1.1, "it overshoots")
        #expect(abs(bouncy.last! - 1) < 0.01, "and settles")
        let smooth = points(.smooth)
        #expect(smooth.max()! <= 1.0001)
        #expect(zip(smooth, smooth.dropFirst()).allSatisfy { $0 <= $1 }, "no overshoot: it only rises")
        #expect(Animation.spring(duration: 0.5, bounce: 0.3) == .bouncy)
        let overdamped = points(.spring(response: 0.5, dampingFraction: 2))
        #expect(overdamped.last == 1, "it ends at 1")
        #expect(zip(overdamped, overdamped.dropFirst()).allSatisfy { $0 <= $1 } && overdamped.max()! <= 1, "an overdamped spring only rises")
        #expect(overdamped[overdamped.count - 2] > 0.97, "and has nearly arrived before its last sample (no jump)")
        #expect(Animation.easeIn(duration: .nan).durationMilliseconds == 0, "no trap on a NaN")
    }

    @Test(".transition writes the style a view comes in from and goes out to; .animation(_:value:) a CSS transition; matchedGeometryEffect a view-transition-name")
    func modifiersWriteTheirAttributes() throws {
        struct Matched: View {
            @Namespace var cards
            @State var flag = false
            var body: some View {
                Text("a").accessibilityIdentifier("a").matchedGeometryEffect(id: "card 1", in: cards)
                Text("b").accessibilityIdentifier("b").matchedGeometryEffect(id: 2, in: cards)
                Button("Flip") { flag.toggle() }
                Text(flag ? "x" : "y").accessibilityIdentifier("c").matchedGeometryEffect(id: "card 1", in: cards)
            }
        }
        let page = try ViewTest(VStack {
            Text("moves").accessibilityIdentifier("moves").transition(.move(edge: .bottom).combined(with: .opacity))
            Text("slides").accessibilityIdentifier("slides").transition(.slide)
            Text("scales").accessibilityIdentifier("scales").transition(.asymmetric(insertion: .scale, removal: .identity))
            Text("eased").accessibilityIdentifier("eased").animation(.linear(duration: 0.2), value: 1)
        })
        #expect(try page.element("moves")[attribute: "data-sh-enter"] == "translate:0 100%;opacity:0")
        #expect(try page.element("moves")[attribute: "data-sh-exit"] == "translate:0 100%;opacity:0")
        #expect(try page.element("slides")[attribute: "data-sh-enter"] == "translate:-100% 0")
        #expect(try page.element("slides")[attribute: "data-sh-exit"] == "translate:100% 0")
        #expect(try page.element("scales")[attribute: "data-sh-enter"] == "scale:0")
        #expect(try page.element("scales")[attribute: "data-sh-exit"] == nil)
        #expect(try page.element("eased")[attribute: "style"] == "transition:all 200ms linear 0ms")

        let matched = try ViewTest(Matched())
        let a = try #require(try matched.element("a")[attribute: "style"])
        let c = try #require(try matched.element("c")[attribute: "style"])
        #expect(a.hasPrefix("view-transition-name:sh-"))
        #expect(a == c, "one id in one namespace: one name")
        #expect(try matched.element("b")[attribute: "style"] != a)
        try matched.button("Flip").click()
        #expect(try matched.element("c")[attribute: "style"] == c, "the namespace is the view's own, kept across evaluations")
        let other = try ViewTest(Matched())
        #expect(try other.element("a")[attribute: "style"] != a, "another view's namespace is another")
    }

    @Test("The page's first document animates nothing, even when a .task's first write is inside withAnimation")
    func firstDocumentIsStill() async throws {
        struct Appearing: View {
            @State var shown = false
            var body: some View {
                Text(shown ? "shown" : "hidden").accessibilityIdentifier("t")
                    .onAppear { withAnimation { shown = true } }
            }
        }
        let page = try ViewTest(Appearing())
        #expect(page.text("t") == "shown")
        #expect(page.lastAnimation == nil)
    }
}
