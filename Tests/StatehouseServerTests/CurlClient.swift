import Statehouse
import CCurl
import Foundation

/// A blocking HTTP client over libcurl, one easy handle per client: keep-alive, and a cookie
/// jar of its own (so each client is one browser session).
final class CurlClient: @unchecked Sendable {
    struct Reply {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: String

        func header(_ name: String) -> String? {
            headers.last { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    private let handle: UnsafeMutableRawPointer
    let base: String
    var port: Int { Int(base.split(separator: ":").last!)! }

    init(port: Int) {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        handle = curl_easy_init()
        base = "http://127.0.0.1:\(port)"
        ccurl_setopt_string(handle, CURLOPT_COOKIEFILE, "")  // in-memory cookie engine
        ccurl_setopt_long(handle, CURLOPT_TIMEOUT, 20)
        ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
    }

    deinit { curl_easy_cleanup(handle) }

    private final class Sink {
        var body: [UInt8] = []
        var headerLines: [String] = []
        /// For a stream: stop reading once this holds for what arrived.
        var stopWhen: ((String) -> Bool)?
        var stopped = false
    }

    /// Reads a response that stays open (an event stream) until `condition` holds for the body
    /// received so far, or `seconds` pass.
    func stream(_ path: String, seconds: Int = 10, headers: [String] = [], until condition: @escaping (String) -> Bool) -> Reply {
        ccurl_setopt_long(handle, CURLOPT_TIMEOUT, seconds)
        defer { ccurl_setopt_long(handle, CURLOPT_TIMEOUT, 20) }
        return perform(method: "GET", path: path, body: nil, headers: headers, stopWhen: condition)
    }

    /// The session cookie (`sh_session=…`) this client was last given.
    private(set) var cookie: String?

    func get(_ path: String, headers: [String] = []) -> Reply {
        perform(method: "GET", path: path, body: nil, headers: headers)
    }

    func post(_ path: String, _ body: String, headers: [String] = []) -> Reply {
        perform(method: "POST", path: path, body: Array(body.utf8), headers: headers)
    }

    func perform(method: String, path: String, body: [UInt8]?, headers: [String], stopWhen: ((String) -> Bool)? = nil) -> Reply {
        let sink = Sink()
        sink.stopWhen = stopWhen
        let context = Unmanaged.passUnretained(sink).toOpaque()
        ccurl_setopt_string(handle, CURLOPT_URL, base + path)
        ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)
        ccurl_setopt_long(handle, CURLOPT_NOBODY, 0)
        ccurl_setopt_long(handle, CURLOPT_HTTPGET, method == "GET" ? 1 : 0)
        var list: UnsafeMutablePointer<curl_slist>? = nil
        for header in headers { list = curl_slist_append(list, header) }
        if body != nil, !headers.contains(where: { $0.lowercased().hasPrefix("content-type:") }) {
            list = curl_slist_append(list, "Content-Type: application/x-www-form-urlencoded")
        }
        list = curl_slist_append(list, "Expect:")
        ccurl_setopt_slist(handle, CURLOPT_HTTPHEADER, list)
        ccurl_setopt_write_function(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
            data!.withMemoryRebound(to: UInt8.self, capacity: size * count) {
                sink.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size * count))
            }
            if let stop = sink.stopWhen, stop(String(decoding: sink.body, as: UTF8.self)) {
                sink.stopped = true
                return 0  // abort the transfer: the test has what it waited for
            }
            return size * count
        }
        ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        ccurl_setopt_write_function(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
            let line = data!.withMemoryRebound(to: UInt8.self, capacity: size * count) {
                String(decoding: UnsafeBufferPointer(start: $0, count: size * count), as: UTF8.self)
            }
            sink.headerLines.append(line.trimmingCharacters(in: .whitespacesAndNewlines))
            return size * count
        }
        ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
        let result: CURLcode = body.map { bytes in
            bytes.withUnsafeBufferPointer { buffer in
                ccurl_setopt_long(handle, CURLOPT_POSTFIELDSIZE, buffer.count)
                ccurl_setopt_pointer(handle, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!))
                return curl_easy_perform(handle)
            }
        } ?? curl_easy_perform(handle)
        curl_slist_free_all(list)
        ccurl_setopt_pointer(handle, CURLOPT_POSTFIELDS, nil)
        guard result == CURLE_OK || sink.stopped else {
            return Reply(status: -Int(result.rawValue), headers: [], body: String(cString: curl_easy_strerror(result)))
        }
        var status = 0
        ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var headers: [(String, String)] = []
        for line in sink.headerLines {
            if line.hasPrefix("HTTP/") { headers.removeAll(); continue }
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        if let setCookie = headers.last(where: { $0.0.lowercased() == "set-cookie" })?.1 {
            cookie = setCookie.split(separator: ";").first.map(String.init)
        }
        return Reply(status: status, headers: headers, body: String(decoding: sink.body, as: UTF8.self))
    }

    /// The number of connections libcurl opened so far (1 means keep-alive held).
    var connectionsOpened: Int {
        var count = 0
        ccurl_getinfo_long(handle, CURLINFO_NUM_CONNECTS, &count)
        return count
    }
}

/// A loaded page, as a script sees it: its id, the CSRF token, and the HTML.
struct LoadedPage {
    let id: String
    let csrf: String
    let html: String

    init?(_ html: String) {
        guard let id = html.firstMatch(of: /name="sh-page" content="([^"]+)"/)?.1,
              let csrf = html.firstMatch(of: /name="csrf-token" content="([^"]+)"/)?.1 else { return nil }
        self.id = String(id)
        self.csrf = String(csrf)
        self.html = html
    }

    /// The id of the element whose text (inside a button) or placeholder is `name`.
    func control(_ name: String) -> String? {
        let escaped = NSRegularExpression.escapedPattern(for: name)
        if let match = html.firstMatch(of: try! Regex(#"<button id="([^"]+)"[^>]*>(?:<[^>]+>)*\#(escaped)<"#)) {
            return String(match.output[1].substring!)
        }
        if let match = html.firstMatch(of: try! Regex(#"<input id="([^"]+)"[^>]*placeholder="\#(escaped)""#)) {
            return String(match.output[1].substring!)
        }
        if let match = html.firstMatch(of: try! Regex(#"<label[^>]*><span[^>]*>\#(escaped)</span><button id="([^"]+)""#)) {
            return String(match.output[1].substring!)
        }
        return nil
    }
}
