import Foundation
import StatehouseViews

/// `POST /_sh/upload`: a file importer's files, which the host has stored.
extension Application {
    /// `POST /_sh/upload`: the host stored the files; its text fields are an event post whose
    /// target (the Upload button) gets an `upload` event with them. Files of a refused upload
    /// are deleted; the others are the page's until it ends.
    func upload(_ request: HostRequest, _ respond: @escaping @Sendable (HostResponse) -> Void) {
        var page: Page?
        let response = event(request, page: &page)
        if response.status >= 400 || page == nil {
            for file in request.uploads { try? FileManager.default.removeItem(at: file.url.deletingLastPathComponent()) }
        } else {
            page?.uploads += request.uploads.map(\.url)
        }
        respond(response)
    }
}
