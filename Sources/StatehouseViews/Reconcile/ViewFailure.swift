/// Why a view could not be evaluated. The page that holds it reports the failure (the server
/// answers 500 with this description) instead of crashing the process.
public struct ViewFailure: Error, CustomStringConvertible, Sendable {
    public let description: String

    static func missingEnvironmentObject(_ type: Any.Type) -> ViewFailure {
        ViewFailure(description: "No ObservableObject of type \(type) found. A View.environmentObject(_:) for \(type) may be missing as an ancestor of this view.")
    }

    static func missingEnvironmentValue(_ type: Any.Type) -> ViewFailure {
        ViewFailure(description: "No Observable object of type \(type) found. A View.environment(_:) for \(type) may be missing as an ancestor of this view.")
    }
}
