import Foundation

/// Performs `body`; the views whose state it changes animate in the browser: an answer whose
/// changes came from state written inside `withAnimation` carries the animation, and the
/// client animates what changed (a style's values from the old to the new, views inserted and
/// removed with their `.transition`, `.matchedGeometryEffect` views as one view moving).
///
/// ```swift
/// Button("Details") {
///     withAnimation(.spring(duration: 0.4, bounce: 0.3)) { isExpanded.toggle() }
/// }
/// ```
///
/// Instant without JavaScript and when the person asked for reduced motion
/// (`prefers-reduced-motion`). One animation per answer: when writes inside and outside
/// `withAnimation` change a page in the same event, all its changes animate (SwiftUI animates
/// only the former).
@MainActor
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    let outer = Animation.inProgress
    Animation.inProgress = .some(animation)
    defer { Animation.inProgress = outer }
    return try body()
}

/// Performs `body` animated, then runs `completion` once the animation has run (on the server:
/// after its duration and delay).
@MainActor
public func withAnimation<Result>(_ animation: Animation? = .default, completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
                                  _ body: () throws -> Result, completion: @escaping @MainActor () -> Void) rethrows -> Result {
    let result = try withAnimation(animation, body)
    let milliseconds = animation.map { $0.durationMilliseconds + $0.delayMilliseconds } ?? 0
    Task { @MainActor in
        try? await Task.sleep(for: .milliseconds(milliseconds))
        completion()
    }
    return result
}

/// When an animation's completion runs (both are the end of its duration here).
public struct AnimationCompletionCriteria: Hashable, Sendable {
    let name: String
    public static let logicallyComplete = AnimationCompletionCriteria(name: "logicallyComplete")
    public static let removed = AnimationCompletionCriteria(name: "removed")
}

/// How a change animates: a timing curve (or a spring), a duration, a delay, a speed, repeats.
///
/// ```swift
/// withAnimation(.easeInOut(duration: 0.3)) { isOn.toggle() }
/// withAnimation(.spring(response: 0.4, dampingFraction: 0.6)) { offset = 0 }
/// Circle().scaleEffect(pulse ? 1.2 : 1).animation(.easeInOut.repeatForever(), value: pulse)
/// ```
///
/// In the browser an animation is the Web Animations API's: a CSS easing (`ease-in-out`,
/// `cubic-bezier(…)`, a spring's curve sampled as `linear(…)`), a duration and delay in
/// milliseconds, iterations and a direction.
public struct Animation: Hashable, Sendable {
    /// The CSS easing: `ease-in-out`, `cubic-bezier(…)`, `linear(…)`.
    package let easing: String
    /// Seconds, at speed 1.
    package let duration: Double
    package var delay: Double = 0
    package var speed: Double = 1
    /// How many times it runs: nil for ever.
    package var iterations: Int? = 1
    package var autoreverses = false

    /// The animation written inside `withAnimation` now: `.some(nil)` inside
    /// `withAnimation(nil)` (no animation), nil outside any.
    @MainActor static var inProgress: Animation??

    /// Ease in and out over 0.35 seconds.
    public static let `default` = Animation(easing: "ease-in-out", duration: 0.35)
    public static let linear = Animation(easing: "linear", duration: 0.35)
    public static let easeIn = Animation(easing: "ease-in", duration: 0.35)
    public static let easeOut = Animation(easing: "ease-out", duration: 0.35)
    public static let easeInOut = Animation(easing: "ease-in-out", duration: 0.35)

    public static func linear(duration: TimeInterval) -> Animation { Animation(easing: "linear", duration: duration) }
    public static func easeIn(duration: TimeInterval) -> Animation { Animation(easing: "ease-in", duration: duration) }
    public static func easeOut(duration: TimeInterval) -> Animation { Animation(easing: "ease-out", duration: duration) }
    public static func easeInOut(duration: TimeInterval) -> Animation { Animation(easing: "ease-in-out", duration: duration) }

    /// A cubic Bézier timing curve through (0, 0), the two control points, and (1, 1).
    public static func timingCurve(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: TimeInterval = 0.35) -> Animation {
        Animation(easing: "cubic-bezier(\(css(c0x)), \(css(c0y)), \(css(c1x)), \(css(c1y)))", duration: duration)
    }

    /// SwiftUI's default spring: a response of 0.5 s, a damping fraction of 0.825.
    public static var spring: Animation { spring(response: 0.5, dampingFraction: 0.825) }
    /// A spring with no bounce.
    public static var smooth: Animation { spring(duration: 0.5, bounce: 0) }
    /// A spring with a little bounce.
    public static var snappy: Animation { spring(duration: 0.5, bounce: 0.15) }
    /// A spring with a visible bounce.
    public static var bouncy: Animation { spring(duration: 0.5, bounce: 0.3) }
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation { spring(duration: duration, bounce: extraBounce) }
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation { spring(duration: duration, bounce: 0.15 + extraBounce) }
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation { spring(duration: duration, bounce: 0.3 + extraBounce) }

    /// A spring of a perceptual duration and bounce (0: none; up to 1).
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        spring(response: duration, dampingFraction: 1 - min(max(bounce, 0), 0.95))
    }

    /// A spring: `response` is the period of its oscillation in seconds, `dampingFraction`
    /// how quickly it settles (1: no overshoot; less bounces).
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        let (easing, duration) = Spring(response: response, dampingFraction: dampingFraction).curve()
        return Animation(easing: easing, duration: duration)
    }

    /// A quick spring, as a drag's answer uses.
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25) -> Animation {
        spring(response: response, dampingFraction: dampingFraction)
    }

    /// A spring of a stiffness, damping and mass.
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) -> Animation {
        let omega = (stiffness / max(mass, 0.0001)).squareRoot()
        return spring(response: 2 * .pi / omega, dampingFraction: damping / (2 * (stiffness * mass).squareRoot()))
    }

    /// This animation, started `delay` seconds later.
    public func delay(_ delay: TimeInterval) -> Animation {
        var animation = self
        animation.delay += delay
        return animation
    }

    /// This animation, run `speed` times as fast.
    public func speed(_ speed: Double) -> Animation {
        var animation = self
        animation.speed *= speed
        return animation
    }

    /// This animation, run `repeatCount` times (back and forth if it autoreverses).
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        var animation = self
        animation.iterations = max(repeatCount, 1)
        animation.autoreverses = autoreverses
        return animation
    }

    /// This animation, run for as long as the view is shown.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        var animation = self
        animation.iterations = nil
        animation.autoreverses = autoreverses
        return animation
    }

    /// Milliseconds, as the Web Animations API takes them.
    package var durationMilliseconds: Int { Self.milliseconds(duration / max(speed, 0.0001)) }
    package var delayMilliseconds: Int { Self.milliseconds(delay / max(speed, 0.0001)) }

    /// Whole milliseconds of `seconds`, within 0 and an hour (nothing traps on a NaN).
    static func milliseconds(_ seconds: Double) -> Int {
        seconds.isFinite ? Int((min(max(seconds, 0), 3600) * 1000).rounded()) : 0
    }

    /// The CSS `transition` this animation is for the element it is attached to
    /// (`.animation(_:value:)`).
    var cssTransition: String {
        "all \(durationMilliseconds)ms \(easing) \(delayMilliseconds)ms"
    }

    static func css(_ value: Double) -> String { cssNumber(CGFloat(value)) }
}

/// A damped spring's motion from 0 to 1, as a CSS `linear()` easing sampled at 24 points and
/// the time it takes to settle (within 0.1 % of its end).
struct Spring {
    let response: Double
    let dampingFraction: Double

    func curve() -> (easing: String, duration: Double) {
        let omega = 2 * .pi / max(response, 0.01)
        let zeta = max(dampingFraction, 0.01)
        // The slowest decay decides when it settles: the envelope's (under-damped), the slow
        // root's (over-damped), or that of e^(-ωt)(1 + ωt) (critically damped: about 9.2/ω).
        let decay = zeta < 1 ? zeta * omega : zeta > 1 ? omega * (zeta - (zeta * zeta - 1).squareRoot()) : omega * 6.9 / 9.2
        let duration = min(max(-log(0.001) / decay, 0.1), 3)
        let samples = 24
        let points = (0...samples).map { index -> String in
            // It ends where it settles: at 1 (a slow spring cut at 3 s jumps there).
            guard index < samples else { return "1" }
            let t = duration * Double(index) / Double(samples)
            return Animation.css((position(at: t, omega: omega, zeta: zeta) * 1000).rounded() / 1000)
        }
        return ("linear(\(points.joined(separator: ", ")))", duration)
    }

    /// Where the spring is at `t`, starting at rest at 0 and pulled to 1.
    private func position(at t: Double, omega: Double, zeta: Double) -> Double {
        if t <= 0 { return 0 }
        if zeta < 1 {
            let damped = omega * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
        }
        if zeta > 1 {
            // Overdamped: two decaying exponentials, written so that neither overflows.
            let root = omega * (zeta * zeta - 1).squareRoot()
            let slow = -zeta * omega + root, fast = -zeta * omega - root
            return 1 - (fast * exp(slow * t) - slow * exp(fast * t)) / (fast - slow)
        }
        return 1 - exp(-omega * t) * (1 + omega * t)
    }
}

extension View {
    /// Animates this view's own changes (its style: opacity, scale, offset, colour, size) with
    /// `animation`, as a CSS transition on its element; nil removes it.
    ///
    /// ```swift
    /// Circle().scaleEffect(isOn ? 1.5 : 1).animation(.spring, value: isOn)
    /// ```
    ///
    /// Any change of the element's style animates, not only those that follow `value`.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
        modifier(AttributeModifier(styles: animation.map { [Attribute("transition", $0.cssTransition)] } ?? []))
    }

    /// Animates this view's own changes (deprecated in SwiftUI: `animation(_:value:)`).
    public func animation(_ animation: Animation?) -> some View {
        modifier(AttributeModifier(styles: animation.map { [Attribute("transition", $0.cssTransition)] } ?? []))
    }
}
