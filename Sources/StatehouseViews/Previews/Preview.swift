#if Previews
/// Declares a preview of a view, served live with `--previews` at
/// `/_previews/<module>/<file>.swift:<line>`: write it at file scope, as in SwiftUI.
///
/// ```swift
/// #Preview {
///     CounterView()
/// }
///
/// #Preview("Near the answer", traits: .fixedLayout(width: 200, height: 80)) {
///     CounterView(start: 41)
/// }
///
/// #Preview("Toggled") {
///     @Previewable @State var isOn = true
///     Toggle("Lights", isOn: $isOn)
/// }
/// ```
///
/// The macro needs swift-syntax, which every clean build compiles: the package's `Previews`
/// trait (on by default) brings it; an app that depends on Statehouse with
/// `traits: []` builds faster and has no `#Preview`.
@freestanding(declaration)
public macro Preview(
    _ name: String? = nil,
    @ViewBuilder body: @escaping @MainActor () -> any View
) = #externalMacro(module: "StatehouseMacros", type: "PreviewMacro")

/// Declares a preview of a view with traits (its layout, an orientation): see `#Preview(_:body:)`.
@freestanding(declaration)
public macro Preview(
    _ name: String? = nil,
    traits: PreviewTrait<Preview.ViewTraits>,
    _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
    @ViewBuilder body: @escaping @MainActor () -> any View
) = #externalMacro(module: "StatehouseMacros", type: "PreviewMacro")

/// Marks a variable at the top of a `#Preview` body as the preview's own state
/// (`@Previewable @State var isOn = true`): the preview keeps it as a view keeps its `@State`.
@attached(peer)
public macro Previewable() = #externalMacro(module: "StatehouseMacros", type: "PreviewableMacro")
#endif

/// A type `#Preview` declares: where the preview was written, and how to make it. The catalog
/// finds each conforming type in the binary's metadata (`PreviewCatalog.providers()`).
public protocol PreviewRegistry {
    /// The file the preview is in, as `#fileID` writes it: `"MyApp/ContentView.swift"`.
    static var fileID: String { get }
    /// The line of `#Preview`.
    static var line: Int { get }
    /// The column of `#Preview`.
    static var column: Int { get }
    /// The preview: its name, traits and view.
    static func makePreview() throws -> Preview
}

/// One preview, as `#Preview` writes it: a name, traits and the view.
public struct Preview {
    /// The name given to `#Preview("…")`, if any.
    public let displayName: String?
    let traits: [PreviewTrait<ViewTraits>]
    let body: @MainActor () -> any View

    /// A preview of the view `body` makes.
    public init(_ name: String? = nil, traits: PreviewTrait<ViewTraits>..., @ViewBuilder body: @escaping @MainActor () -> any View) {
        self.displayName = name
        self.traits = traits
        self.body = body
    }

    /// What the traits of a view's preview are about.
    public enum ViewTraits: Sendable {}
}

/// A trait of a preview: `.sizeThatFitsLayout`, `.fixedLayout(width:height:)`, an orientation.
/// On a browser page a fixed layout frames the view; the others change nothing.
public struct PreviewTrait<T>: Sendable {
    let layout: PreviewLayout?

    init(layout: PreviewLayout?) { self.layout = layout }
}

extension PreviewTrait where T == Preview.ViewTraits {
    /// The view as the page lays it out.
    public static var defaultLayout: PreviewTrait { PreviewTrait(layout: .device) }
    /// The view at the size it needs (what a page does anyway).
    public static var sizeThatFitsLayout: PreviewTrait { PreviewTrait(layout: .sizeThatFits) }
    /// The view in a frame of this size.
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait {
        PreviewTrait(layout: .fixed(width: width, height: height))
    }
    /// Accepted for source compatibility: a browser page has no orientation.
    public static var portrait: PreviewTrait { PreviewTrait(layout: nil) }
    /// Accepted for source compatibility: a browser page has no orientation.
    public static var portraitUpsideDown: PreviewTrait { PreviewTrait(layout: nil) }
    /// Accepted for source compatibility: a browser page has no orientation.
    public static var landscapeLeft: PreviewTrait { PreviewTrait(layout: nil) }
    /// Accepted for source compatibility: a browser page has no orientation.
    public static var landscapeRight: PreviewTrait { PreviewTrait(layout: nil) }
}

/// A `#Preview` served as a `PreviewProvider` is: its view, named, framed by its layout trait.
struct RegisteredPreview<Registry: PreviewRegistry>: PreviewProvider {
    static var previews: some View {
        RegisteredPreviewView<Registry>()
    }
}

struct RegisteredPreviewView<Registry: PreviewRegistry>: View {
    var body: some View {
        switch Result(catching: { try Registry.makePreview() }) {
        case .success(let preview):
            let layout = preview.traits.compactMap(\.layout).last ?? .device
            AnyView(preview.body())
                .previewLayout(layout)
                .previewDisplayName(preview.displayName)
        case .failure(let error):
            Text("This preview could not be made: \(String(describing: error))")
        }
    }
}
