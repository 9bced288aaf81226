import Foundation
import StatehouseViews

/// The full HTML document of a page: the head names the page and the CSRF token; the body
/// holds the one no-JavaScript form `#sh` (controls join it with `form="sh"`, see
/// `FormMarkup`) and the tree. The form's first button, hidden and with an empty `target`,
/// is the one Enter in a text field "presses" without JavaScript: the server then submits
/// the fields that changed, rather than running whichever button comes first on the page.
@MainActor
enum Document {
    /// `releaseHiddenAfter`: the seconds after which a hidden tab closes its stream (`sh-release-hidden`).
    static func render(_ page: Page, releaseHiddenAfter: Double? = nil) -> [UInt8] {
        // Written piece by piece, the views' HTML too (no string between): the head here, then
        // the tree writes itself after it into the array the document becomes, with room for
        // the end (`LiveTree.render(appendingTo:)`).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        // The page's language (`Accept-Language` among the app's), else the app's source language.
        let language = page.tree.location.language
        bytes.append(contentsOf: "<!doctype html>\n<html lang=\"".utf8)
        HTMLWriter.escape(language?.tag ?? LocalizationCatalog.main.sourceLanguage, into: &bytes)
        if language?.isRightToLeft == true { bytes.append(contentsOf: #"" dir="rtl"#.utf8) }
        bytes.append(contentsOf: """
        "><head><meta charset="utf-8">\
        <meta name="viewport" content="width=device-width, initial-scale=1">\
        <meta name="sh-page" content="
        """.utf8)
        page.id.appendHex(to: &bytes)
        bytes.append(contentsOf: #""><meta name="csrf-token" content=""#.utf8)
        page.session.csrfToken.appendHex(to: &bytes)
        if let seconds = releaseHiddenAfter {
            bytes.append(contentsOf: #""><meta name="sh-release-hidden" content="\#(seconds)"#.utf8)
        }
        // What the views assume of the browser until it says otherwise (`traits` events).
        bytes.append(contentsOf: #""><meta name="sh-traits" content=""#.utf8)
        HTMLWriter.escape(assumedTraits, into: &bytes)
        bytes.append(contentsOf: #""><title>"#.utf8)
        HTMLWriter.escape(language.flatMap { LocalizationCatalog.main.string(page.route.title, language: $0.tag) } ?? page.route.title, into: &bytes)
        bytes.append(contentsOf: """
        </title><link rel="stylesheet" href="\(Wire.prefix)style.css"><script src="\(Wire.prefix)client.js" defer></script>
        """.utf8)
        appendHead(page.route.head, to: &bytes)
        bytes.append(contentsOf: """
        </head>
        <body><form id="\(Wire.formID)" method="post" action="\(Wire.eventPath)">\
        <input type="hidden" name="\(Wire.Field.page)" value="
        """.utf8)
        page.id.appendHex(to: &bytes)
        bytes.append(contentsOf: #""><input type="hidden" name="\#(Wire.Field.csrf)" value=""#.utf8)
        page.session.csrfToken.appendHex(to: &bytes)
        bytes.append(contentsOf: """
        "><button type="submit" name="\(Wire.Field.target)" value="" class="sh-implicit" tabindex="-1" aria-hidden="true"></button></form>

        """.utf8)
        page.tree.render(appendingTo: &bytes)
        // The document focuses what the focus states name (`autofocus`): no move is owed, and
        // it shows the views as they are: nothing to animate.
        _ = page.tree.takeFocusMove()
        _ = page.tree.takeAnimation()
        bytes.append(contentsOf: "\n</body></html>\n".utf8)
        return bytes
    }

    /// The app's own entries of a route's `<head>` (`PageHead`): its files by their content URLs.
    private static func appendHead(_ head: PageHead, to bytes: inout [UInt8]) {
        func url(_ reference: PageHead.FileReference) -> String {
            AssetCatalog.main.publicFile(reference.path, bundle: reference.bundle)?.url ?? ""
        }
        for sheet in head.stylesheets {
            bytes.append(contentsOf: #"<link rel="stylesheet" href=""#.utf8)
            HTMLWriter.escape(url(sheet), into: &bytes)
            bytes.append(contentsOf: #"">"#.utf8)
        }
        for script in head.scripts {
            bytes.append(contentsOf: #"<script src=""#.utf8)
            HTMLWriter.escape(url(script), into: &bytes)
            bytes.append(contentsOf: #"" defer></script>"#.utf8)
        }
        if let icon = head.icon {
            bytes.append(contentsOf: #"<link rel="icon" href=""#.utf8)
            HTMLWriter.escape(url(icon), into: &bytes)
            bytes.append(contentsOf: #"">"#.utf8)
        }
        for meta in head.metas {
            bytes.append(contentsOf: #"<meta name=""#.utf8)
            HTMLWriter.escape(meta.name, into: &bytes)
            bytes.append(contentsOf: #"" content=""#.utf8)
            HTMLWriter.escape(meta.content, into: &bytes)
            bytes.append(contentsOf: #"">"#.utf8)
        }
    }

    /// The defaults the client compares itself with: the server's time zone, and the width
    /// below which the horizontal size class is compact.
    static let assumedTraits = "timeZone=\(TimeZone.current.identifier.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        + "&compactBelow=\(UserInterfaceSizeClass.compactBelowWidth)"

    /// A `404` for a URL that names nothing: a small page with the reason and a link to
    /// `home` for a browser (its `Accept` names `text/html`), plain text for anything else.
    static func notFound(_ reason: String, home: String, for request: HostRequest) -> HostResponse {
        let message = "not found: " + reason
        guard !request.wantsFragments else { return .text(404, message) }
        let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">\
        <title>Not found</title><link rel="stylesheet" href="\(Wire.prefix)style.css"></head>
        <body><main class="sh-root"><h1 class="sh-navigation-title">Not found</h1>\
        <p>\(HTMLWriter.escaped(message))</p><p><a class="sh-link" href="\(HTMLWriter.escaped(home))">\(HTMLWriter.escaped(home))</a></p>\
        </main></body></html>

        """
        return HostResponse(status: 404, headers: Application.documentHeaders, body: Array(html.utf8))
    }
}
