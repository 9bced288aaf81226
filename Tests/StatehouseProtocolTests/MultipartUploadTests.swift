import Foundation
import Testing
@testable import StatehouseProtocol

/// Issue 58.2: a multipart body read as it arrives, files written to disk part by part.
@Suite struct MultipartUploadTests {
    static func body(boundary: String, file: [UInt8], fileName: String = "photo of me.png") -> [UInt8] {
        var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"page\"\r\n\r\nabc\r\n".utf8)
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"_7\"; filename=\"\(fileName)\"\r\nContent-Type: image/png\r\n\r\n".utf8)
        body += file
        body += Array("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"target\"\r\n\r\n_8\r\n--\(boundary)--\r\n".utf8)
        return body
    }

    static let limits = MultipartUpload.Limits(maxRequestBytes: 1 << 20, maxFileBytes: 100_000, maxFieldBytes: 1000)

    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("multipart-tests-\(UUID().uuidString)")
    }

    @Test("Fed in chunks of any size, the same fields and the same file (bytes that look like a boundary's start included)")
    func chunks() throws {
        let boundary = "----WebKitFormBoundary7MA4YWxk"
        let file = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 31) } + Array("\r\n--\(boundary.dropLast())x".utf8) + [13, 10, 45]
        let body = Self.body(boundary: boundary, file: file)
        for size in [1, 7, 70, 4096, body.count] {
            let dir = Self.directory()
            defer { try? FileManager.default.removeItem(at: dir) }
            let upload = try MultipartUpload(contentType: "multipart/form-data; boundary=\(boundary)", directory: dir, limits: Self.limits)
            var start = 0
            while start < body.count {
                let end = min(start + size, body.count)
                try body[start..<end].withUnsafeBytes { try upload.feed($0) }
                start = end
            }
            let (fields, files) = try upload.finish()
            #expect(fields.map(\.name) == ["page", "target"] && fields.map(\.value) == ["abc", "_8"], "chunk size \(size)")
            #expect(files.count == 1)
            #expect(files.first?.name == "photo of me.png" && files.first?.size == file.count && files.first?.contentType == "image/png")
            #expect(try Data(contentsOf: try #require(files.first).url) == Data(file), "chunk size \(size)")
        }
    }

    @Test("A file over the limit is 413 and leaves nothing on disk; no closing boundary is 400; no boundary is 400")
    func refusals() throws {
        let dir = Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = try MultipartUpload(contentType: "multipart/form-data; boundary=b", directory: dir, limits: Self.limits)
        let body = Self.body(boundary: "b", file: Array(repeating: 65, count: 200_000))
        var failure: MultipartUpload.Failure?
        do { try body.withUnsafeBytes { try big.feed($0) } } catch { failure = error as? MultipartUpload.Failure }
        #expect(failure?.status == 413)
        #expect(failure?.message.contains("larger than 100000 bytes") == true)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        #expect(left.isEmpty, "nothing kept: \(left)")

        let cut = try MultipartUpload(contentType: "multipart/form-data; boundary=b", directory: dir, limits: Self.limits)
        let whole = Self.body(boundary: "b", file: [1, 2, 3])
        try whole.dropLast(10).withUnsafeBytes { try cut.feed($0) }
        #expect(throws: MultipartUpload.Failure.self) { try cut.finish() }
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).isEmpty)

        #expect(throws: MultipartUpload.Failure.self) { try MultipartUpload(contentType: "multipart/form-data", directory: dir, limits: Self.limits) }
        #expect(throws: MultipartUpload.Failure.self) { try MultipartUpload(contentType: "application/json", directory: dir, limits: Self.limits) }
    }

    @Test("A browser's file name is a name in one folder")
    func safeNames() {
        #expect(MultipartUpload.safeName("../../etc/passwd") == "passwd")
        #expect(MultipartUpload.safeName("C:\\Users\\me\\cv.pdf") == "cv.pdf")
        #expect(MultipartUpload.safeName(".hidden") == "hidden")
        #expect(MultipartUpload.safeName("a\u{0}b\nc") == "abc")
        #expect(MultipartUpload.safeName("..") == "file")
    }
}
