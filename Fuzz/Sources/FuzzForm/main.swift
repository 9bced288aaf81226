import FuzzDriver
import Statehouse
import StatehouseProtocol

/// The input as a request's URI (invalid UTF-8 repaired, as a host hands it over): the path is
/// split off and the query decoded as a form (the decoder of event bodies). Nothing may trap
/// or touch memory it should not (AddressSanitizer); the path never holds the query.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzForm(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let uri = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let request = HostRequest(method: "GET", uri: uri, headers: ["Cookie": uri, "Accept": uri], body: Array(uri.utf8))
    // Bytes, as HTTP reads a URI: a '?' joined to a combining mark after it is still a '?'.
    let mark = UInt8(ascii: "?")
    precondition(!request.path.utf8.contains(mark), "the path keeps no query")
    precondition(request.query.isEmpty || uri.utf8.contains(mark), "a query only from what follows a '?'")
    return 0
}

runFuzzer(fuzzForm)
