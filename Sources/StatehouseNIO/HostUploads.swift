import Foundation
import NIOCore
import StatehouseProtocol

extension StatehousePages {
    /// Why a host's upload is not handed on: the answer to send instead (413, 400, 500).
    public struct UploadRefusal: Error, Sendable {
        public let response: HostResponse
    }

    /// A `POST /_sh/upload` read as its body arrives, for a host that has the body as an async
    /// sequence of buffers (Hummingbird's `request.body`, Vapor's streamed `request.body`): its
    /// files go to the upload directory as they come (`--max-upload-bytes`,
    /// `--max-upload-file-bytes`, `--upload-dir`), never whole in memory, and the request the
    /// protocol gets has its text fields as the body. A refused upload keeps nothing.
    ///
    /// ```swift
    /// if request.uri.path == Wire.uploadPath {
    ///     hostRequest = try await pages.uploadRequest(method: "POST", uri: uri, headers: headers, body: request.body)
    /// }
    /// ```
    public func uploadRequest<Body: AsyncSequence>(method: String, uri: String, headers: HostHeaders, body: Body) async throws(UploadRefusal) -> HostRequest
    where Body.Element == ByteBuffer {
        let upload: MultipartUpload
        do {
            upload = try MultipartUpload(contentType: headers.first("content-type") ?? "", contentLength: headers.first("content-length").flatMap(Int.init),
                                         directory: uploadDirectory, limits: uploadLimits)
        } catch {
            throw UploadRefusal(response: .text(error.status, error.message))
        }
        do {
            for try await buffer in body {
                try buffer.withUnsafeReadableBytes { bytes throws(MultipartUpload.Failure) in try upload.feed(bytes) }
            }
            let (fields, files) = try upload.finish()
            var request = HostRequest(method: method, uri: uri, headers: headers, body: Array(MultipartUpload.formBody(fields).utf8))
            request.uploads = files
            return request
        } catch let failure as MultipartUpload.Failure {
            throw UploadRefusal(response: .text(failure.status, failure.message))
        } catch {
            upload.discard()
            throw UploadRefusal(response: .text(400, "the upload's body could not be read: \(error)"))
        }
    }
}
