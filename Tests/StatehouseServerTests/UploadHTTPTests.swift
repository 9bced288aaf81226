import Foundation
import Statehouse
import Testing
@testable import StatehouseProtocol

/// Issue 58.2: `/upload` over HTTP: a file importer's form posted as multipart/form-data, its
/// file streamed to disk and handed to the view; the refusals.
@Suite struct UploadHTTPTests {
    /// The importer's file field and Upload button, once "Choose a file…" presented it.
    static func present(_ client: CurlClient, _ page: LoadedPage) throws -> (field: String, button: String) {
        let reply = event(client, page, target: "choose")
        let field = try #require(reply.body.firstMatch(of: /<input id="([^"]+)" class="sh-file" type="file"/)?.1)
        let button = try #require(reply.body.firstMatch(of: /<button id="([^"]+)" class="sh-button sh-upload"/)?.1)
        return (String(field), String(button))
    }

    static func multipart(_ page: LoadedPage, csrf: String? = nil, button: String, field: String, fileName: String, bytes: [UInt8],
                          boundary: String = "XyZ123") -> [UInt8] {
        var body: [UInt8] = []
        for (name, value) in [("page", page.id), ("_csrf", csrf ?? page.csrf), ("target", button)] {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"; filename=\"\(fileName)\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
        body += bytes
        body += Array("\r\n--\(boundary)--\r\n".utf8)
        return body
    }

    @Test("A 3 MiB file posted as the browser's form does (no JavaScript): 303 to the page, which shows its name and size")
    func threeMegabytes() async throws {
        try await withPage("/upload") { client, page in
            let (field, button) = try Self.present(client, page)
            let bytes = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            let reply = client.perform(method: "POST", path: "/_sh/upload",
                                       body: Self.multipart(page, button: button, field: field, fileName: "holiday <1>.bin", bytes: bytes),
                                       headers: ["Content-Type: multipart/form-data; boundary=XyZ123", "Accept: text/html"])
            #expect(reply.status == 303, "\(reply.body)")
            let render = client.get("/_sh/render?page=\(page.id)").body
            #expect(render.contains(">holiday &lt;1&gt;.bin</span>"))
            #expect(render.contains(">3145728 bytes</span>"))
            #expect(!render.contains("sh-file-importer"), "the importer is dismissed")
        }
    }

    @Test("Refused uploads keep nothing: over the size limit 413, not multipart 400, no file 400, the wrong CSRF token 403")
    func refusals() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upload-refusals-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withServer({ $0.maxUploadFileBytes = 100_000; $0.uploadDirectory = directory.path }) { port in
            let client = CurlClient(port: port)
            let page = try load(client, "/upload")
            let (field, button) = try Self.present(client, page)
            let multipartHeaders = ["Content-Type: multipart/form-data; boundary=XyZ123", "Accept: text/html"]
            let big = client.perform(method: "POST", path: "/_sh/upload",
                                     body: Self.multipart(page, button: button, field: field, fileName: "big.bin", bytes: Array(repeating: 1, count: 200_000)),
                                     headers: multipartHeaders)
            #expect(big.status == 413)
            #expect(big.body.contains("larger than 100000 bytes"))
            let plain = client.post("/_sh/upload", "page=\(page.id)&target=\(button)", headers: ["Accept: text/html"])
            #expect(plain.status == 400)
            var noFile = Self.multipart(page, button: button, field: field, fileName: "", bytes: [])
            let none = client.perform(method: "POST", path: "/_sh/upload", body: noFile, headers: multipartHeaders)
            #expect(none.status == 400 && none.body.contains("needs a file"))
            noFile = Self.multipart(page, csrf: String(repeating: "0", count: page.csrf.count), button: button,
                                    field: field, fileName: "x.bin", bytes: [1, 2, 3])
            let forged = client.perform(method: "POST", path: "/_sh/upload", body: noFile, headers: multipartHeaders)
            #expect(forged.status == 403)
            let kept = (try? FileManager.default.subpathsOfDirectory(atPath: directory.path)) ?? []
            #expect(kept.isEmpty, "nothing kept: \(kept)")
            #expect(!client.get("/_sh/render?page=\(page.id)").body.contains("uploaded-name"))
        }
    }
}
