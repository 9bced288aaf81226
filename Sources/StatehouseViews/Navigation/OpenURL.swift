import Foundation

/// An action that opens a URL: `@Environment(\.openURL)`. Called from a view's action, it sends
/// the browser to the URL once the event is answered (with JavaScript, `location.assign`;
/// without, the form post's answer redirects there): another site, another route of the app, a
/// page to go to after a sign-in. Only `http`, `https`, `mailto` and `tel` URLs, and paths of
/// this server (`/dashboard`), are opened; any other (`javascript:`) is not, and the
/// completion is told `false`.
///
/// ```swift
/// @Environment(\.openURL) private var openURL
///
/// Button("Read the docs") { openURL(URL(string: "https://swift.org/documentation/")!) }
/// Button("Done") { save(); openURL(URL(string: "/orders")!) }
/// ```
///
/// `.environment(\.openURL, OpenURLAction { url in … })` handles the URLs of the views below
/// itself: `.handled` and `.discarded` open nothing, `.systemAction` opens the URL (or another).
public struct OpenURLAction: Sendable {
    /// What a handler did with a URL.
    public struct Result: Sendable {
        enum Kind: Sendable { case handled, discarded, system(URL?) }
        let kind: Kind
        /// The handler took care of it.
        public static let handled = Result(kind: .handled)
        /// The handler would not open it.
        public static let discarded = Result(kind: .discarded)
        /// Opens the URL as the page opens any.
        public static let systemAction = Result(kind: .system(nil))
        /// Opens `url` instead.
        public static func systemAction(_ url: URL) -> Result { Result(kind: .system(url)) }
    }

    let handler: (@MainActor @Sendable (URL) -> Result)?
    /// The page that opens what the handler leaves to the system.
    weak var location: PageLocation?

    /// An action that asks `handler` first.
    public init(handler: @escaping @MainActor @Sendable (URL) -> Result) {
        self.handler = handler
    }

    init(handler: (@MainActor @Sendable (URL) -> Result)?, location: PageLocation?) {
        self.handler = handler
        self.location = location
    }

    /// Opens `url`.
    @MainActor public func callAsFunction(_ url: URL) { callAsFunction(url) { _ in } }

    /// Opens `url`; `completion` is told whether it was (or the handler took it).
    @MainActor public func callAsFunction(_ url: URL, completion: @escaping (Bool) -> Void) {
        var target = url
        if let handler {
            switch handler(url).kind {
            case .handled: return completion(true)
            case .discarded: return completion(false)
            case .system(let other): target = other ?? url
            }
        }
        completion(location?.open(target) ?? false)
    }
}

private struct OpenURLKey: EnvironmentKey {
    static let defaultValue: (@MainActor @Sendable (URL) -> OpenURLAction.Result)? = nil
}

extension EnvironmentValues {
    /// Opens a URL: sends the page's browser there (see `OpenURLAction`).
    public var openURL: OpenURLAction {
        get { OpenURLAction(handler: self[OpenURLKey.self], location: pageLocation) }
        set { self[OpenURLKey.self] = newValue.handler }
    }

    /// The URL the page was loaded with (`.onOpenURL`).
    var pageURL: URL? {
        guard let location = pageLocation else { return nil }
        return MainActor.assumeIsolated { location.loadedURL }
    }
}

extension PageLocation {
    /// Whether `url` may be opened from a page: `http`, `https`, `mailto`, `tel`, or a path of
    /// this server.
    nonisolated static func isOpenable(_ url: URL) -> Bool {
        if let scheme = url.scheme?.lowercased() { return ["http", "https", "mailto", "tel"].contains(scheme) }
        return url.relativeString.hasPrefix("/") && !url.relativeString.hasPrefix("//")
    }

    /// Asks the browser to go to `url` once the event is answered; false if it may not be opened.
    func open(_ url: URL) -> Bool {
        guard Self.isOpenable(url) else { return false }
        pendingOpen = url
        return true
    }

    /// The URL a view asked to open, once.
    public func takeOpenURL() -> URL? {
        defer { pendingOpen = nil }
        return pendingOpen
    }
}

extension View {
    /// Registers a handler for the URL the page was opened with (its path and query: a deep
    /// link, `/bookshelf/dune?q=du`), called when the view first appears on a page.
    public func onOpenURL(perform action: @escaping @MainActor (URL) -> Void) -> some View {
        modifier(OpenURLHandler(action: action))
    }
}

struct OpenURLHandler: ViewModifier {
    let action: @MainActor (URL) -> Void
    @Environment(\.pageURL) private var url

    func body(content: Content) -> some View {
        content.onAppear { if let url { action(url) } }
    }
}
