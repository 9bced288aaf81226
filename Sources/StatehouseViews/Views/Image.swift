import Foundation

/// An image: one of the app's own (`Image("Logo")`, from its asset catalog or resources; see
/// `AssetCatalog`) or a system symbol (`Image(systemName:)`, an inline SVG from a small
/// built-in set).
///
/// ```swift
/// Image("Logo")
///     .resizable()
///     .scaledToFit()
///     .frame(width: 120)
/// Image(systemName: "star.fill")
///     .foregroundStyle(.yellow)
/// ```
///
/// An app's image is an `<img>` whose `srcset` offers each pixel density its image set has
/// (1×, 2×, 3×), at its natural size unless `.resizable()`; its accessible name is the image's
/// name, or the label given (`Image(decorative:)` has none). A symbol has `role="img"` and a
/// name derived from the symbol's ("play.circle" → "Play"), so an image-only button still has
/// a name.
public struct Image: View, ElementView, Equatable {
    enum Source: Equatable {
        case system(String)
        case asset(String, bundle: Bundle?)
        /// An `AsyncImage`'s, loaded by the browser.
        case remote(URL)
    }

    let source: Source
    /// The accessible name: nil derives it from the name, "" is decorative.
    let label: String?
    var isResizable = false

    /// Creates a system symbol image. Built in: play, pause, play.circle, pause.circle, star,
    /// star.fill, heart, heart.fill, checkmark, checkmark.circle, xmark, trash, plus, minus,
    /// and their `.fill` variants where listed; unknown names render an empty square.
    public init(systemName: String) {
        source = .system(systemName)
        label = nil
    }

    init(systemName: String, label: String?) {
        source = .system(systemName)
        self.label = label
    }

    /// Creates an image from the app's resources (`AssetCatalog`): its name is its accessible
    /// name. A name the resources do not have shows nothing but that name, to assistive
    /// technology, as SwiftUI shows nothing.
    public init(_ name: String, bundle: Bundle? = nil) {
        source = .asset(name, bundle: bundle)
        label = nil
    }

    /// Creates an image from the app's resources with an accessible name of its own.
    public init(_ name: String, bundle: Bundle? = nil, label: Text) {
        source = .asset(name, bundle: bundle)
        self.label = label.description
    }

    /// An `AsyncImage`'s image: what the browser loads from `url` (named by the view around it).
    init(url: URL) {
        source = .remote(url)
        label = ""
    }

    /// Creates an image from the app's resources that assistive technology skips (`alt=""`).
    public init(decorative name: String, bundle: Bundle? = nil) {
        source = .asset(name, bundle: bundle)
        label = ""
    }

    /// Sets the image to fill the space it is given (its frame), instead of its natural size:
    /// with `.scaledToFit()` it keeps its aspect ratio inside it, with `.scaledToFill()` it
    /// covers it. (Cap insets and tiling are not drawn: the image stretches.)
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var image = self
        image.isResizable = true
        return image
    }

    /// Accepted for source compatibility: the browser renders the image as it is.
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image { self }

    /// Accepted for source compatibility: the browser chooses how to scale it.
    public func interpolation(_ interpolation: Interpolation) -> Image { self }

    /// Accepted for source compatibility: the browser chooses how to scale it.
    public func antialiased(_ isAntialiased: Bool) -> Image { self }

    /// How a resizable image fills its space (the browser stretches it either way).
    public enum ResizingMode: Sendable, Hashable { case tile, stretch }
    /// How an image is drawn: as it is, or as a template tinted by the foreground style.
    public enum TemplateRenderingMode: Sendable, Hashable { case template, original }
    /// How an image's pixels are interpolated when it is scaled.
    public enum Interpolation: Sendable, Hashable { case none, low, medium, high }
    /// The size of a symbol relative to the text around it (`.imageScale(_:)`).
    public enum Scale: Sendable, Hashable { case small, medium, large }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        switch source {
        case .system(let systemName):
            var spec = ElementSpec("svg", [
                Attribute("class", "sh-image"), Attribute("viewBox", "0 0 24 24"), Attribute("role", "img"),
                Attribute("aria-label", label ?? Image.accessibleName(systemName)),
            ])
            if let scale = environment.imageScale, scale != .medium {
                spec.attributes.append(Attribute("style", "font-size:\(scale == .small ? "0.8em" : "1.3em")"))
            }
            spec.trustedHTML = Literal(Symbols.markup(systemName))
            return spec
        case .remote(let url):
            var spec = ElementSpec("img", [Attribute("class", isResizable ? "sh-image sh-resizable" : "sh-image"),
                                           Attribute("src", url.absoluteString), Attribute("alt", label ?? "")])
            spec.isVoid = true
            return spec
        case .asset(let name, let bundle):
            let alt = label ?? name
            guard let set = AssetCatalog.main.image(named: name, bundle: bundle), let first = set.files.keys.min(),
                  let file = set.files[first] else {
                var missing = ElementSpec("span", [Attribute("class", "sh-image sh-missing")])
                if !alt.isEmpty { missing.attributes += [Attribute("role", "img"), Attribute("aria-label", alt)] }
                return missing
            }
            var spec = ElementSpec("img", [Attribute("class", isResizable ? "sh-image sh-resizable" : "sh-image"),
                                           Attribute("src", file.url)])
            if set.files.count > 1 || first != 1 { spec.attributes.append(Attribute("srcset", Image.srcset(set))) }
            spec.attributes.append(Attribute("alt", alt))
            spec.isVoid = true
            return spec
        }
    }

    /// Each density's URL: `"/_sh/assets/…/card.png 1x, /_sh/assets/…/card@2x.png 2x"`.
    static func srcset(_ set: AssetCatalog.ImageSet) -> String {
        set.files.sorted { $0.key < $1.key }.map { "\($0.value.url) \($0.key)x" }.joined(separator: ", ")
    }

    /// "play.circle" → "Play", "star.fill" → "Star", "checkmark" → "Checkmark".
    static func accessibleName(_ systemName: String) -> String {
        let first = systemName.split(separator: ".").first.map(String.init) ?? systemName
        return first.prefix(1).uppercased() + first.dropFirst()
    }
}

private struct ImageScaleKey: EnvironmentKey {
    static let defaultValue: Image.Scale? = nil
}

extension EnvironmentValues {
    /// The scale of the symbols below (`.imageScale(_:)`); nil is medium.
    public var imageScale: Image.Scale? {
        get { self[ImageScaleKey.self] }
        set { self[ImageScaleKey.self] = newValue }
    }
}

/// How a view fits the space it is given: whole, keeping its aspect ratio (`fit`), or covering
/// it, cut at the edges (`fill`).
public enum ContentMode: Sendable, Hashable, CaseIterable {
    case fit, fill
}

extension View {
    /// Scales the symbols below relative to the text around them.
    public func imageScale(_ scale: Image.Scale) -> some View {
        environment(\.imageScale, scale)
    }

    /// Constrains this view to an aspect ratio (width ÷ height; nil: its own): a resizable
    /// image fits inside the space or fills it (CSS `object-fit`), any view takes the ratio
    /// (CSS `aspect-ratio`).
    ///
    /// ```swift
    /// Image("Landscape").resizable().aspectRatio(contentMode: .fill).frame(height: 120).clipped()
    /// Color.orange.aspectRatio(1, contentMode: .fit)
    /// ```
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        var styles = [Attribute("object-fit", contentMode == .fit ? "contain" : "cover")]
        if let aspectRatio, aspectRatio.isFinite, aspectRatio > 0 { styles.append(Attribute("aspect-ratio", cssNumber(aspectRatio))) }
        return modifier(AttributeModifier(styles: styles))
    }

    /// Constrains this view to the aspect ratio of `aspectRatio` (a size).
    public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> some View {
        self.aspectRatio(aspectRatio.height > 0 ? aspectRatio.width / aspectRatio.height : nil, contentMode: contentMode)
    }

    /// Scales this view to fit the space it is given, keeping its aspect ratio.
    public func scaledToFit() -> some View { aspectRatio(contentMode: .fit) }

    /// Scales this view to fill the space it is given, keeping its aspect ratio.
    public func scaledToFill() -> some View { aspectRatio(contentMode: .fill) }
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
    /// Creates a label with a localized title and a system image.
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(systemName: name, label: "") })
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name, label: "") })
    }
}
