import NIOCore
import NIOHTTP1
import StatehouseProtocol

/// A `POST /_sh/upload` read on a connection: its body goes to a `MultipartUpload` as it
/// arrives (its files to disk), and the request the protocol gets carries the text fields as its
/// body and the files. Each step says why the upload is refused, if it is.
struct UploadReading {
    private let upload: MultipartUpload

    /// Whether `head` is an upload's.
    static func isUpload(_ head: HTTPRequestHead) -> Bool {
        head.method == .POST && head.uri.split(separator: "?").first == Substring(Wire.uploadPath)
    }

    /// Starts reading the upload `head` begins, within `limits`.
    static func start(_ head: HTTPRequestHead, _ limits: HTTPLimits) -> Result<UploadReading, MultipartUpload.Failure> {
        do {
            return .success(UploadReading(upload: try MultipartUpload(contentType: head.headers.first(name: "content-type") ?? "",
                                                                      contentLength: head.headers.first(name: "content-length").flatMap(Int.init),
                                                                      directory: limits.uploadDirectory, limits: limits.upload)))
        } catch {
            return .failure(error)
        }
    }

    /// Takes the next part of the body.
    func feed(_ buffer: ByteBuffer) -> MultipartUpload.Failure? {
        buffer.withUnsafeReadableBytes { bytes in
            do throws(MultipartUpload.Failure) { try upload.feed(bytes) } catch { return error }
            return nil
        }
    }

    /// The body has ended: `request` gets the text fields as its body, and the files.
    func finish(into request: inout HostRequest) -> MultipartUpload.Failure? {
        do throws(MultipartUpload.Failure) {
            let (fields, files) = try upload.finish()
            request.body = Array(MultipartUpload.formBody(fields).utf8)
            request.uploads = files
            return nil
        } catch {
            return error
        }
    }

    /// The connection closed or a new request began: what was written is deleted.
    func discard() { upload.discard() }
}

extension MultipartUpload.Failure {
    var httpStatus: HTTPResponseStatus { HTTPResponseStatus(statusCode: status) }
}
