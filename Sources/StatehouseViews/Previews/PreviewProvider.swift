/// A type that produces view previews: SwiftUI's way of showing a view with sample data while
/// you write it. Statehouse serves each one as a live page when the app runs with
/// `--previews` (at `/_previews`), so you see the view, and click it, in a browser.
///
/// ```swift
/// struct CounterView_Previews: PreviewProvider {
///     static var previews: some View {
///         CounterView()
///         CounterView(start: 41).previewDisplayName("Near the answer")
///     }
/// }
/// ```
@MainActor @preconcurrency
public protocol PreviewProvider {
    associatedtype Previews: View
    /// The views to show (several, side by side in Xcode; one after the other on the page).
    @ViewBuilder static var previews: Previews { get }
}

/// How a preview is sized: on the preview page a fixed size becomes the view's frame, and the
/// other layouts leave it as the page lays it out.
///
/// ```swift
/// BadgeView().previewLayout(.fixed(width: 200, height: 80))
/// ```
public enum PreviewLayout: Sendable {
    case device
    case sizeThatFits
    case fixed(width: CGFloat, height: CGFloat)
}

/// A device to preview on (accepted for source compatibility: a browser page has no device).
///
/// ```swift
/// ContentView().previewDevice(PreviewDevice(rawValue: "iPhone 15"))
/// ```
public struct PreviewDevice: RawRepresentable, ExpressibleByStringLiteral, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
}

/// A device orientation for a preview (accepted for source compatibility).
///
/// ```swift
/// ContentView().previewInterfaceOrientation(.landscapeLeft)
/// ```
public enum InterfaceOrientation: Sendable, CaseIterable {
    case portrait, portraitUpsideDown, landscapeLeft, landscapeRight
}

extension View {
    /// Names this preview: on the preview page the name is a caption above it.
    public func previewDisplayName(_ name: String?) -> some View {
        VStack(alignment: .leading) {
            if let name {
                Text(name).font(.caption).foregroundStyle(.secondary)
            }
            self
        }
    }

    /// Sizes this preview: `.fixed(width:height:)` frames it; the other layouts change nothing.
    @ViewBuilder
    public func previewLayout(_ layout: PreviewLayout) -> some View {
        if case .fixed(let width, let height) = layout {
            frame(width: width, height: height)
        } else {
            self
        }
    }

    /// Accepted for source compatibility: a browser page has no device.
    public func previewDevice(_ device: PreviewDevice?) -> some View { self }

    /// Accepted for source compatibility: a browser page has no orientation.
    public func previewInterfaceOrientation(_ orientation: InterfaceOrientation) -> some View { self }
}
