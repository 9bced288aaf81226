import Foundation

/// A view that loads and shows an image from a URL: the browser loads it, and the view shows
/// its placeholder until it has, the image once it has, and what the failure phase shows if it
/// could not.
///
/// ```swift
/// AsyncImage(url: URL(string: "https://example.com/cover.jpg")) { phase in
///     switch phase {
///     case .empty: ProgressView()
///     case .success(let image): image.resizable().scaledToFit()
///     case .failure: Image(systemName: "xmark")
///     @unknown default: EmptyView()
///     }
/// }
/// .frame(width: 120, height: 120)
/// ```
///
/// All three phases are in the page (each evaluated once, on the server), and the client shows
/// the one the browser's loading has reached; without JavaScript the image is shown. The
/// documents' Content-Security-Policy allows images from the server and any `https:` origin.
public struct AsyncImage<Content: View>: View {
    let url: URL?
    let phases: (AsyncImagePhase) -> Content

    /// The image when it has loaded, a grey placeholder until then.
    public init(url: URL?, scale: CGFloat = 1) where Content == AsyncImageDefault {
        self.url = url
        phases = { AsyncImageDefault(phase: $0) }
    }

    /// `content` of the image when it has loaded, `placeholder` until then (and if it fails).
    public init<I: View, P: View>(url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping (Image) -> I,
                                  @ViewBuilder placeholder: @escaping () -> P) where Content == AsyncImageContent<I, P> {
        self.url = url
        phases = { phase in
            if let image = phase.image { AsyncImageContent(content: content(image), placeholder: nil) }
            else { AsyncImageContent(content: nil, placeholder: placeholder()) }
        }
    }

    /// What `content` makes of each phase of the loading.
    public init(url: URL?, scale: CGFloat = 1, transaction: Transaction = Transaction(),
                @ViewBuilder content: @escaping (AsyncImagePhase) -> Content) {
        self.url = url
        phases = content
    }

    public var body: some View {
        if let url {
            AsyncImageElement {
                Box("div", [Attribute("data-sh-phase", "empty"), Attribute("hidden", "")]) { phases(.empty) }
                Box("div", [Attribute("data-sh-phase", "success")]) { phases(.success(Image(url: url))) }
                Box("div", [Attribute("data-sh-phase", "failure"), Attribute("hidden", "")]) {
                    phases(.failure(URLError(.cannotLoadFromNetwork)))
                }
            }
        } else {
            // No URL: the failure, as SwiftUI shows it.
            phases(.failure(URLError(.badURL)))
        }
    }
}

/// The phases of an `AsyncImage`'s loading.
public enum AsyncImagePhase {
    case empty
    case success(Image)
    case failure(any Error)

    /// The image, once loaded.
    public var image: Image? {
        if case .success(let image) = self { return image }
        return nil
    }

    /// Why it could not be loaded.
    public var error: (any Error)? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// What `AsyncImage(url:)` shows: the image, or a grey box.
public struct AsyncImageDefault: View {
    let phase: AsyncImagePhase
    public var body: some View {
        if let image = phase.image {
            image
        } else {
            Rectangle().fill(Color(white: 0.5, opacity: 0.2))
        }
    }
}

/// What `AsyncImage(url:content:placeholder:)` shows in a phase: its content or its placeholder.
public struct AsyncImageContent<Content: View, Placeholder: View>: View {
    let content: Content?
    let placeholder: Placeholder?
    public var body: some View {
        if let content { content }
        if let placeholder { placeholder }
    }
}

/// The properties of a change (accepted for `AsyncImage`'s signature: the phase changes in the
/// browser).
public struct Transaction: Sendable {
    public var animation: Animation?
    public init() {}
    public init(animation: Animation?) { self.animation = animation }
}

/// The element around an `AsyncImage`'s phases: the client shows the phase its image's loading
/// has reached (`data-sh-async`).
struct AsyncImageElement<Content: View>: ElementView {
    @ViewBuilder let makeContent: () -> Content
    var content: Content { makeContent() }

    func element(in environment: EnvironmentValues) -> ElementSpec {
        ElementSpec("div", [Attribute("class", "sh-async-image"), Attribute("data-sh-async", "")])
    }
}
