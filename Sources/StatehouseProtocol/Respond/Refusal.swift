import Dispatch

/// Monotonic time in nanoseconds.
enum Uptime {
    static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }
}

/// A request the protocol refuses: the response is one line saying why.
struct Refusal: Error {
    let response: HostResponse
    static func gone(_ message: String) -> Refusal { Refusal(response: .text(410, message)) }
}
