/// An image: `Image(systemName:)` renders an inline SVG from a small built-in symbol set, with
/// `role="img"` and an `aria-label` derived from the name ("play.circle" → "Play"), so an
/// image-only button still has a name.
///
/// ```swift
/// Image(systemName: "star.fill")
///     .foregroundStyle(.yellow)
/// ```
public struct Image: View, ElementView, Equatable {
    let systemName: String
    let label: String?

    /// Creates a system symbol image. Built in: play, pause, play.circle, pause.circle, star,
    /// star.fill, heart, heart.fill, checkmark, checkmark.circle, xmark, trash, plus, minus,
    /// and their `.fill` variants where listed; unknown names render an empty square.
    public init(systemName: String) {
        self.systemName = systemName
        label = nil
    }

    init(systemName: String, label: String?) {
        self.systemName = systemName
        self.label = label
    }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        var spec = ElementSpec("svg", [
            Attribute("class", "sh-image"), Attribute("viewBox", "0 0 24 24"), Attribute("role", "img"),
            Attribute("aria-label", label ?? Image.accessibleName(systemName)),
        ])
        spec.trustedHTML = Literal(Symbols.markup(systemName))
        return spec
    }

    /// "play.circle" → "Play", "star.fill" → "Star", "checkmark" → "Checkmark".
    static func accessibleName(_ systemName: String) -> String {
        let first = systemName.split(separator: ".").first.map(String.init) ?? systemName
        return first.prefix(1).uppercased() + first.dropFirst()
    }
}

/// The built-in symbols, drawn on a 24×24 grid.
enum Symbols {
    static func markup(_ name: String) -> StaticString {
        switch name {
        case "play": return #"<path d="M8 5v14l11-7z"/>"#
        case "pause": return #"<path d="M7 5h4v14H7zM13 5h4v14h-4z"/>"#
        case "play.circle": return #"<path fill-rule="evenodd" d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zM10 8v8l6-4z"/>"#
        case "play.circle.fill": return #"<path fill-rule="evenodd" d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zM10 8v8l6-4z"/>"#
        case "pause.circle": return #"<path fill-rule="evenodd" d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zM9 8h2v8H9zM13 8h2v8h-2z"/>"#
        case "pause.circle.fill": return #"<path fill-rule="evenodd" d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zM9 8h2v8H9zM13 8h2v8h-2z"/>"#
        case "star": return #"<path fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round" d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z"/>"#
        case "star.fill": return #"<path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z"/>"#
        case "heart": return #"<path fill="none" stroke="currentColor" stroke-width="1.8" d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"/>"#
        case "heart.fill": return #"<path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"/>"#
        case "checkmark": return #"<path fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" d="M5 12.5l4.5 4.5L19 7"/>"#
        case "checkmark.circle": return #"<path fill-rule="evenodd" d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16z"/><path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" d="M8 12.5l2.8 2.8L16 10"/>"#
        case "xmark": return #"<path fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" d="M6 6l12 12M18 6L6 18"/>"#
        case "trash": return #"<path fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round" d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6"/>"#
        case "plus": return #"<path fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" d="M12 5v14M5 12h14"/>"#
        case "minus": return #"<path fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" d="M5 12h14"/>"#
        default: return #"<rect x="4" y="4" width="16" height="16" rx="3" fill="none" stroke="currentColor" stroke-width="1.5"/>"#
        }
    }
}

/// A standard label: an icon and a title (`SwiftUI.Label`).
///
/// ```swift
/// Label("Favorites", systemImage: "star")
/// ```
///
/// Under `.labelStyle(_:)` (`.iconOnly`, `.titleOnly`, or a `LabelStyle` of your own) it shows
/// what the style makes of its title and icon.
public struct Label<Title: View, Icon: View>: View {
    let title: Title
    let icon: Icon
    @Environment(\.customLabelStyle) private var style

    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    public var body: some View {
        Box("span", [Attribute("class", "sh-label")]) {
            if let style {
                style.makeBody(LabelStyleConfiguration(title: .init(content: AnyView(title)), icon: .init(content: AnyView(icon))))
            } else {
                icon
                title
            }
        }
    }
}

extension Label where Title == Text, Icon == Image {
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name, label: "") })
    }
}
