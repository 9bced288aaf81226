import Foundation
import StatehouseViews

/// What a document is sent with: its headers, and the Content-Security-Policy a route's head
/// may add sources to (`.contentSecurityPolicy(_:allowing:)`).
extension Application {
    /// Sent with every document: no inline script can run, nothing sniffs types.
    static let documentHeaders = documentHeaders(allowing: [:])

    /// The Content-Security-Policy's directives: the server's own files, inline styles (the
    /// modifiers' `style` attributes), images from anywhere over HTTPS (`AsyncImage`).
    private static let policy: [(ContentSecurityDirective?, String, String)] = [
        (nil, "default-src", "'self'"), (.scripts, "script-src", "'self'"), (.styles, "style-src", "'self' 'unsafe-inline'"),
        (.images, "img-src", "'self' data: https:"), (.fonts, "font-src", "'self'"), (.connections, "connect-src", "'self'"),
        (.media, "media-src", "'self'"), (nil, "base-uri", "'none'"), (nil, "form-action", "'self'"), (nil, "frame-ancestors", "'none'"),
    ]

    static func documentHeaders(allowing sources: [ContentSecurityDirective: [String]]) -> HostHeaders {
        let policy = Self.policy.map { directive, name, own in
            ([name, own] + (directive.flatMap { sources[$0] } ?? [])).joined(separator: " ")
        }.joined(separator: "; ")
        return [
            "Content-Type": "text/html; charset=utf-8",
            "Content-Security-Policy": policy,
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "same-origin",
            "Cache-Control": "no-store",
        ]
    }
}
