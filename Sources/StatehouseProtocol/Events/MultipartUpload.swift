import Foundation
import StatehouseViews

/// A `multipart/form-data` body read as it arrives: each file part written to its own file in
/// the upload directory as its bytes come (never the whole body in memory), each text part
/// kept (they are the page's form fields, bounded). A host feeds it the body's chunks, then
/// finishes it; on any failure it deletes what it wrote.
///
/// ```swift
/// let upload = try MultipartUpload(contentType: "multipart/form-data; boundary=XyZ", directory: dir, limits: limits)
/// for chunk in body { try upload.feed(chunk) }
/// let (fields, files) = try upload.finish()
/// ```
public final class MultipartUpload {
    /// Why an upload is refused: the status and the reason.
    public struct Failure: Error, Sendable {
        public let status: Int
        public let message: String
    }

    /// The bounds of one upload request.
    public struct Limits: Sendable {
        /// The largest body (413 beyond).
        public var maxRequestBytes: Int
        /// The largest file (413 beyond).
        public var maxFileBytes: Int
        /// The text fields' bytes together (the page's form).
        public var maxFieldBytes: Int
        public var maxFiles = 20

        public init(maxRequestBytes: Int, maxFileBytes: Int, maxFieldBytes: Int) {
            self.maxRequestBytes = maxRequestBytes
            self.maxFileBytes = maxFileBytes
            self.maxFieldBytes = maxFieldBytes
        }
    }

    private enum State { case preamble, headers, body, epilogue }

    private let delimiter: [UInt8]  // CRLF "--" boundary
    private let directory: URL
    private let limits: Limits
    private var state = State.preamble
    private var pending: [UInt8] = []
    private var received = 0
    /// The part being read: a text field's name and bytes, or a file's handle.
    private var fieldName: String?
    private var fieldBytes: [UInt8] = []
    private var file: (handle: FileHandle, url: URL, name: String, type: String, size: Int)?
    private var fieldsSize = 0
    public private(set) var fields: [(name: String, value: String)] = []
    public private(set) var files: [UploadedFile] = []

    /// An upload of a body of `contentType` (`multipart/form-data; boundary=…`) and, if the
    /// request said, `contentLength` bytes (413 at once past the limit), whose files go below
    /// `directory`.
    public init(contentType: String, contentLength: Int? = nil, directory: URL, limits: Limits) throws(Failure) {
        if let contentLength, contentLength > limits.maxRequestBytes {
            throw Failure(status: 413, message: "the upload is larger than \(limits.maxRequestBytes) bytes")
        }
        guard contentType.lowercased().hasPrefix("multipart/form-data"),
              let boundary = Self.boundary(contentType), !boundary.isEmpty, boundary.utf8.count <= 70 else {
            throw Failure(status: 400, message: "an upload is multipart/form-data with a boundary")
        }
        delimiter = Array("\r\n--\(boundary)".utf8)
        // The first delimiter has no CRLF before it: one is supposed.
        pending = [13, 10]
        self.directory = directory
        self.limits = limits
    }

    static func boundary(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            return parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }

    /// Takes the next bytes of the body.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        received += bytes.count
        guard received <= limits.maxRequestBytes else {
            throw fail(413, "the upload is larger than \(limits.maxRequestBytes) bytes")
        }
        pending.append(contentsOf: bytes)
        try advance()
    }

    /// The body has ended: the fields and the files, or why it is not a whole multipart body.
    public func finish() throws(Failure) -> (fields: [(name: String, value: String)], files: [UploadedFile]) {
        try advance()
        guard state == .epilogue else { throw fail(400, "the multipart body ends before its closing boundary") }
        return (fields, files)
    }

    /// Text fields as the form body of an event post.
    public static func formBody(_ fields: [(name: String, value: String)]) -> String {
        FormData.encode(fields.map { ($0.name, $0.value) })
    }

    /// Deletes every file written (a refused upload keeps nothing).
    public func discard() {
        try? file?.handle.close()
        if let url = file?.url { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        file = nil
        for written in files { try? FileManager.default.removeItem(at: written.url.deletingLastPathComponent()) }
        files = []
    }

    private func fail(_ status: Int, _ message: String) -> Failure {
        discard()
        return Failure(status: status, message: message)
    }

    private func advance() throws(Failure) {
        while true {
            switch state {
            case .preamble:
                // Up to the first delimiter, then CRLF (a part) or "--" (no parts).
                guard let at = find(delimiter, in: pending), pending.count >= at + delimiter.count + 2 else {
                    if pending.count > 1024 { throw fail(400, "no boundary at the start of the multipart body") }
                    return
                }
                let after = pending[at + delimiter.count ..< at + delimiter.count + 2]
                pending.removeFirst(at + delimiter.count + 2)
                state = after.elementsEqual([45, 45]) ? .epilogue : .headers
            case .headers:
                guard let end = find([13, 10, 13, 10], in: pending) else {
                    if pending.count > 8192 { throw fail(400, "a part's headers are larger than 8192 bytes") }
                    return
                }
                let text = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeFirst(end + 4)
                try startPart(text)
                state = .body
            case .body:
                if let at = find(delimiter, in: pending) {
                    guard pending.count >= at + delimiter.count + 2 else { return }
                    try write(pending[..<at])
                    let after = pending[at + delimiter.count ..< at + delimiter.count + 2]
                    pending.removeFirst(at + delimiter.count + 2)
                    try endPart()
                    state = after.elementsEqual([45, 45]) ? .epilogue : .headers
                } else {
                    // All but what may be the start of a delimiter split across chunks.
                    let keep = min(pending.count, delimiter.count - 1)
                    try write(pending[..<(pending.count - keep)])
                    pending.removeFirst(pending.count - keep)
                    return
                }
            case .epilogue:
                pending.removeAll()
                return
            }
        }
    }

    private func startPart(_ headers: String) throws(Failure) {
        var name: String?, fileName: String?, type = "application/octet-stream"
        for line in headers.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let header = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            if header == "content-disposition" {
                name = Self.parameter("name", in: value)
                fileName = Self.parameter("filename", in: value)
            } else if header == "content-type" {
                type = String(value.prefix(255))
            }
        }
        guard let name else { throw fail(400, "a part without a name (Content-Disposition: form-data; name=…)") }
        guard let fileName else {
            fieldName = name
            fieldBytes = []
            return
        }
        // A file field left empty sends a part with an empty file name and no bytes.
        if fileName.isEmpty {
            fieldName = nil
            return
        }
        guard files.count < limits.maxFiles else { throw fail(400, "more than \(limits.maxFiles) files in one upload") }
        let folder = directory.appendingPathComponent(Token.random().description, isDirectory: true)
        let url = folder.appendingPathComponent(Self.safeName(fileName))
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw Failure(status: 500, message: "")
            }
            file = (try FileHandle(forWritingTo: url), url, url.lastPathComponent, type, 0)
        } catch {
            throw fail(500, "the upload could not be stored: \(error.localizedDescription)")
        }
    }

    private func write(_ bytes: ArraySlice<UInt8>) throws(Failure) {
        guard !bytes.isEmpty else { return }
        if var current = file {
            current.size += bytes.count
            guard current.size <= limits.maxFileBytes else {
                throw fail(413, "the file \(quoted(current.name)) is larger than \(limits.maxFileBytes) bytes")
            }
            do { try current.handle.write(contentsOf: bytes) } catch { throw fail(500, "the upload could not be stored: \(error.localizedDescription)") }
            file = current
        } else if fieldName != nil {
            fieldsSize += bytes.count
            guard fieldsSize <= limits.maxFieldBytes else { throw fail(413, "the form's fields are larger than \(limits.maxFieldBytes) bytes") }
            fieldBytes.append(contentsOf: bytes)
        }
    }

    private func endPart() throws(Failure) {
        if let current = file {
            try? current.handle.close()
            files.append(UploadedFile(url: current.url, name: current.name, size: current.size, contentType: current.type))
            file = nil
        } else if let name = fieldName {
            fields.append((name, String(decoding: fieldBytes, as: UTF8.self)))
        }
        fieldName = nil
        fieldBytes = []
    }

    /// A parameter of a `Content-Disposition` value (`name="file"`, `filename="a b.png"`).
    static func parameter(_ key: String, in value: String) -> String? {
        for item in value.split(separator: ";").dropFirst() {
            let parts = item.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == key else { continue }
            var text = parts[1].trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
            return text.replacingOccurrences(of: "\\\"", with: "\"")
        }
        return nil
    }

    /// A browser's file name as a name in one folder: its last path component, without control
    /// characters, `/`, `\` or a leading dot; at most 200 bytes; `file` if nothing is left.
    static func safeName(_ name: String) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var safe = String(last.unicodeScalars.filter { $0.value >= 32 && $0.value != 127 }.map(Character.init))
        while safe.hasPrefix(".") { safe.removeFirst() }
        while safe.utf8.count > 200 { safe.removeFirst() }
        return safe.isEmpty ? "file" : safe
    }

    private func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count, let first = needle.first else { return nil }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            guard let at = haystack[index...last].firstIndex(of: first) else { return nil }
            if haystack[at ..< at + needle.count].elementsEqual(needle) { return at }
            index = at + 1
        }
        return nil
    }
}
