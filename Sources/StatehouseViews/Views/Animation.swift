/// Performs `body` and returns its result; the state changes it makes apply at once
/// (animating them with CSS transitions is later work).
@MainActor
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

/// How a change animates. Accepted for source compatibility; changes apply at once.
///
/// ```swift
/// withAnimation(.easeInOut) { isExpanded.toggle() }
/// Text("\(count)").animation(.spring, value: count)
/// ```
public struct Animation: Equatable, Sendable {
    let name: String
    public static let `default` = Animation(name: "default")
    public static let linear = Animation(name: "linear")
    public static let easeIn = Animation(name: "easeIn")
    public static let easeOut = Animation(name: "easeOut")
    public static let easeInOut = Animation(name: "easeInOut")
    public static let spring = Animation(name: "spring")
    public static func linear(duration: Double) -> Animation { Animation(name: "linear") }
    public static func easeIn(duration: Double) -> Animation { Animation(name: "easeIn") }
    public static func easeOut(duration: Double) -> Animation { Animation(name: "easeOut") }
    public static func easeInOut(duration: Double) -> Animation { Animation(name: "easeInOut") }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation { .spring }
}
