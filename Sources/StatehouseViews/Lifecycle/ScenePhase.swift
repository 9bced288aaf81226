import Observation

/// An indication of a scene's operational state: a page's browser tab shown (`active`) or
/// hidden (`background`), as `document.visibilityState` says (the client reports each change).
///
/// ```swift
/// @Environment(\.scenePhase) private var scenePhase
/// …
/// .onChange(of: scenePhase) { _, phase in if phase == .background { save() } }
/// ```
///
/// A page whose document is closed goes to `background` before it ends, so "save when
/// inactive" code runs. Without JavaScript a page is always `active`.
public enum ScenePhase: Comparable, Hashable, Sendable {
    /// Not shown (another tab, a minimised window, a closed document).
    case background
    /// Shown, not taking events (not reported by browsers; accepted from clients).
    case inactive
    /// Shown.
    case active

    init?(name: String) {
        switch name {
        case "active", "visible": self = .active
        case "inactive": self = .inactive
        case "background", "hidden": self = .background
        default: return nil
        }
    }
}

/// A page's scene phase, observed: the views that read it are evaluated again when it changes.
@MainActor
@Observable
final class ScenePhaseModel {
    var value = ScenePhase.active
}

extension EnvironmentValues {
    /// The page's operational state: `active` while its browser tab is shown.
    public var scenePhase: ScenePhase {
        guard let location = pageLocation else { return .active }
        return MainActor.assumeIsolated { location.phase.value }
    }
}

extension LiveTree {
    /// The page's document is going away: its views see `scenePhase` become `background`
    /// (their `onChange` runs) before the page ends.
    package func enterBackground() {
        location.phase.value = .background
        _ = try? flush()
    }
}
