import Dispatch
import StatehouseViews

/// Monotonic time in nanoseconds.
enum Uptime {
    static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }
}

/// A request the protocol refuses: the response is one line saying why.
struct Refusal: Error {
    let response: HostResponse
    static func gone(_ message: String) -> Refusal { Refusal(response: .text(410, message)) }

    init(response: HostResponse) { self.response = response }

    /// A refused event: 404 for no such element, 409 for a disabled one, 400 for a type it does
    /// not take or a value it cannot.
    init(_ error: EventError) {
        switch error {
        case .noSuchElement: response = .text(404, error.description)
        case .disabled: response = .text(409, error.description)
        case .unsupported, .invalidValue: response = .text(400, error.description)
        }
    }
}
