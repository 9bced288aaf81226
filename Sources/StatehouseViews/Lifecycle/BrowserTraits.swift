import Foundation
import Observation

/// What the browser says of itself, as a device's traits are in SwiftUI: its colour scheme,
/// its time zone, its width (the size classes follow it) and its pixel density. The client
/// reports them when a page loads and whenever they change (a `traits` event to the root);
/// the views that read them are evaluated again. Before the first report, and without
/// JavaScript, they are the defaults: light, the server's time zone, regular, 1.
@MainActor
@Observable
final class BrowserTraitsModel {
    var colorScheme = ColorScheme.light
    var timeZone: TimeZone?
    /// From the reported width: only a change of class makes the views reading it evaluate again.
    var horizontalSizeClass: UserInterfaceSizeClass?
    var displayScale: CGFloat = 1


    /// Takes a report (`colorScheme=dark&timeZone=Europe%2FBerlin&width=390&scale=3`): the
    /// changes it makes, or why it cannot be taken (it changes nothing then). Names not listed
    /// here are ignored (a newer client's).
    static func changes(from report: String) -> Result<(inout BrowserTraits) -> Void, ReportError> {
        var edits: [(inout BrowserTraits) -> Void] = []
        for pair in report.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let name = parts[0].removingPercentEncoding, let value = parts[1].removingPercentEncoding else {
                return .failure(ReportError("a traits report is name=value pairs joined by &"))
            }
            switch name {
            case "colorScheme":
                guard let scheme = ColorScheme(name: value) else { return .failure(ReportError("colorScheme is light or dark")) }
                edits.append { $0.colorScheme = scheme }
            case "timeZone":
                guard value.utf8.count <= 64 else { return .failure(ReportError("timeZone is a time zone's identifier (Europe/Berlin)")) }
                // A zone newer than the server's time zone data is left out, not the whole report.
                if let zone = TimeZone(identifier: value) { edits.append { $0.timeZone = zone } }
            case "width":
                guard let width = Int(value), (0...100_000).contains(width) else { return .failure(ReportError("width is a number of CSS pixels")) }
                edits.append { $0.horizontalSizeClass = width < UserInterfaceSizeClass.compactBelowWidth ? .compact : .regular }
            case "scale":
                guard let scale = Double(value), scale.isFinite, (0.25...16).contains(scale) else {
                    return .failure(ReportError("scale is the device pixel ratio (1, 2, 3)"))
                }
                edits.append { $0.displayScale = CGFloat(scale) }
            default:
                continue
            }
        }
        return .success { traits in for edit in edits { edit(&traits) } }
    }

    struct ReportError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// The values as one struct, to change together.
    var traits: BrowserTraits {
        get { BrowserTraits(colorScheme: colorScheme, timeZone: timeZone, horizontalSizeClass: horizontalSizeClass, displayScale: displayScale) }
        set {
            // Only what changed is written: a view reading one trait is not evaluated for another.
            if colorScheme != newValue.colorScheme { colorScheme = newValue.colorScheme }
            if timeZone != newValue.timeZone { timeZone = newValue.timeZone }
            if horizontalSizeClass != newValue.horizontalSizeClass { horizontalSizeClass = newValue.horizontalSizeClass }
            if displayScale != newValue.displayScale { displayScale = newValue.displayScale }
        }
    }
}

struct BrowserTraits {
    var colorScheme: ColorScheme
    var timeZone: TimeZone?
    var horizontalSizeClass: UserInterfaceSizeClass?
    var displayScale: CGFloat
}

/// The possible color schemes: the browser's `prefers-color-scheme`.
///
/// ```swift
/// @Environment(\.colorScheme) private var colorScheme
/// …
/// Text("Hello").foregroundStyle(colorScheme == .dark ? .white : .black)
/// ```
public enum ColorScheme: CaseIterable, Hashable, Sendable {
    case light, dark

    init?(name: String) {
        switch name {
        case "light": self = .light
        case "dark": self = .dark
        default: return nil
        }
    }
}

/// A size class: `compact` below 700 CSS pixels of browser width, `regular` from there.
public enum UserInterfaceSizeClass: Hashable, Sendable {
    case compact, regular

    /// The width (CSS pixels) below which the horizontal size class is compact (a phone held
    /// upright).
    package static let compactBelowWidth = 700
}

private struct ColorSchemeKey: EnvironmentKey { static let defaultValue: ColorScheme? = nil }
private struct TimeZoneKey: EnvironmentKey { static let defaultValue: TimeZone? = nil }
private struct HorizontalSizeClassKey: EnvironmentKey { static let defaultValue: UserInterfaceSizeClass?? = nil }
private struct DisplayScaleKey: EnvironmentKey { static let defaultValue: CGFloat? = nil }

extension EnvironmentValues {
    /// The browser's colour scheme (`prefers-color-scheme`), live; `.environment(\.colorScheme,
    /// .dark)` sets it for the views below.
    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self] ?? browser { $0.colorScheme } ?? .light }
        set { self[ColorSchemeKey.self] = newValue }
    }

    /// The browser's time zone (the server's until the browser has said); settable for the
    /// views below.
    public var timeZone: TimeZone {
        get { self[TimeZoneKey.self] ?? browser { $0.timeZone } ?? .current }
        set { self[TimeZoneKey.self] = newValue }
    }

    /// A Gregorian calendar in the browser's time zone.
    public var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// `compact` while the browser is narrower than 700 CSS pixels, else `regular` (also
    /// before the browser has said, and without JavaScript).
    public var horizontalSizeClass: UserInterfaceSizeClass? {
        get {
            if let set = self[HorizontalSizeClassKey.self] { return set }
            return browser { $0.horizontalSizeClass } ?? .regular
        }
        set { self[HorizontalSizeClassKey.self] = .some(newValue) }
    }

    /// `regular`: a browser window is as tall as it is.
    public var verticalSizeClass: UserInterfaceSizeClass? { .regular }

    /// The browser's device pixel ratio (1 until it has said).
    public var displayScale: CGFloat {
        get { self[DisplayScaleKey.self] ?? browser { $0.displayScale } ?? 1 }
        set { self[DisplayScaleKey.self] = newValue }
    }

    /// A value of the page's browser traits, read so that the view depends on it (nil outside
    /// a page).
    private func browser<T: Sendable>(_ read: @MainActor (BrowserTraitsModel) -> T?) -> T? {
        guard let location = pageLocation else { return nil }
        return MainActor.assumeIsolated { read(location.browser) }
    }
}
