import Foundation

/// A container view that defines its content as a function of its own size: it takes the
/// space its parent offers (the width of its container; its height grows with its content),
/// and the browser reports its size, so the content is evaluated again with each new one.
///
/// ```swift
/// GeometryReader { proxy in
///     Rectangle()
///         .fill(.blue)
///         .frame(width: proxy.size.width * progress, height: 8)
/// }
/// ```
///
/// Before the browser has reported (the first document) and without JavaScript the size is
/// `GeometryProxy.assumedSize` (800 × 600). Reports are debounced (100 ms) and only whole
/// pixels that changed are sent; an element whose content keeps changing its size (a loop:
/// content taller than the size it was given) stops being measured, for the rest of the
/// document, after ten reports in two seconds.
public struct GeometryReader<Content: View>: View {
    let content: (GeometryProxy) -> Content
    /// The size the browser last reported (nil: none yet).
    @State private var reported: CGSize?

    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    public var body: some View {
        let proxy = GeometryProxy(size: reported ?? GeometryProxy.assumedSize)
        MeasuredElement(size: $reported) { content(proxy) }
    }
}

/// The size of a `GeometryReader`, and frames in its coordinate spaces.
public struct GeometryProxy: Sendable {
    /// The size of the container view.
    public let size: CGSize

    /// What a reader shows before the browser has measured it, and without JavaScript.
    public static let assumedSize = CGSize(width: 800, height: 600)

    /// The container's safe area insets (none in a browser page).
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }

    /// The container's frame: at the origin of its own space (positions on the page are not
    /// reported).
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        CGRect(origin: .zero, size: size)
    }
}

/// A coordinate space for `GeometryProxy.frame(in:)`.
public enum CoordinateSpace: Hashable, Sendable {
    case global, local
    case named(String)
}

/// A `GeometryReader`'s element: `data-sh-measure` asks the client to report its size as
/// `resize` events (`WIDTHxHEIGHT` in CSS pixels).
struct MeasuredElement<Content: View>: ElementView {
    let size: Binding<CGSize?>
    @ViewBuilder let makeContent: () -> Content
    var content: Content { makeContent() }

    func handler(in environment: EnvironmentValues) -> EventHandler? { .measure(size) }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        ElementSpec("div", [Attribute("class", "sh-geometry"), Attribute("data-sh-measure", "")])
    }

    /// `390x844` → 390 × 844, or why it is no size.
    static func size(_ text: String) -> Result<CGSize, EventError> {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width.isFinite, height.isFinite, (0...100_000).contains(width), (0...100_000).contains(height) else {
            return .failure(.invalidValue("a resize event's value is WIDTHxHEIGHT in CSS pixels (0 to 100000), not \(quoted(text))"))
        }
        return .success(CGSize(width: width, height: height))
    }
}
