/// Why a view could not be evaluated. The page that holds it reports the failure (the server
/// answers 500 with this description) instead of crashing the process.
///
/// ```swift
/// do { changes = try tree.flush() } catch {
///     print("500:", error.description)   // error is a ViewFailure
/// }
/// ```
public struct ViewFailure: Error, CustomStringConvertible, Sendable {
    public let description: String

    static func missingEnvironmentObject(_ type: Any.Type) -> ViewFailure {
        ViewFailure(description: "No ObservableObject of type \(type) found. A View.environmentObject(_:) for \(type) may be missing as an ancestor of this view: "
            + "add .environmentObject(object) with a \(type) to a view above it, e.g. Route(\"/path\") { ContentView().environmentObject(object) }"
            + " (in a test: ViewTest(ContentView().environmentObject(object))).")
    }

    static func missingEnvironmentValue(_ type: Any.Type) -> ViewFailure {
        ViewFailure(description: "No Observable object of type \(type) found. A View.environment(_:) for \(type) may be missing as an ancestor of this view: "
            + "add .environment(object) with a \(type) to a view above it, e.g. Route(\"/path\") { ContentView().environment(object) },"
            + " or declare the property optional (@Environment(\(type).self) var object: \(type)?) if it may be absent.")
    }

    /// An `@EnvironmentObject` or `@Environment(Type.self)` read where no page supplies it:
    /// in an initialiser, or in a view that is not part of a page's tree.
    static func readOutsideBody(_ wrapper: String) -> String {
        "\(wrapper) was read outside a view's body: read it in body (or in an action or task that body sets up), not in the view's "
            + "initialiser; to run a view outside a server (a test, a preview), mount it with ViewTest(view) from StatehouseTesting"
    }
}
