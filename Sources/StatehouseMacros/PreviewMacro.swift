import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `#Preview("Name", traits: …) { body }` at file scope becomes a type conforming to
/// `PreviewRegistry` (as SwiftUI's expansion does), which `PreviewCatalog` finds in the binary's
/// metadata as it finds a `PreviewProvider`:
///
/// ```swift
/// struct $s…PreviewfMu_: StatehouseViews.PreviewRegistry {
///     static let fileID: String = "MyApp/ContentView.swift"
///     static let line: Int = 20
///     static let column: Int = 1
///     static func makePreview() throws -> StatehouseViews.Preview {
///         StatehouseViews.Preview("Name", traits: …) { body }
///     }
/// }
/// ```
///
/// `@Previewable` declarations at the top of the body (`@Previewable @State var on = false`)
/// become stored properties of a view made for the preview, whose `body` is the rest, so that
/// the state lives as a view's state does.
public struct PreviewMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        var arguments = Array(node.arguments)
        let closure: ClosureExprSyntax
        if let trailing = node.trailingClosure {
            closure = trailing
        } else if let last = arguments.last, last.label?.text == "body", let expression = last.expression.as(ClosureExprSyntax.self) {
            closure = expression
            arguments.removeLast()
        } else {
            throw DiagnosticsError(diagnostics: [
                Diagnostic(node: Syntax(node), message: PreviewMessage("#Preview needs its view as a closure: #Preview { ContentView() }")),
            ])
        }
        let passed = LabeledExprListSyntax(arguments.enumerated().map { index, argument in
            argument.with(\.trailingComma, index < arguments.count - 1 ? .commaToken(trailingTrivia: .space) : nil)
        })

        let name = context.makeUniqueName("Preview")
        guard let location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID) else {
            throw DiagnosticsError(diagnostics: [
                Diagnostic(node: Syntax(node), message: PreviewMessage("#Preview has no source location: declare it at file scope")),
            ])
        }

        let (stored, rest) = split(closure.statements)
        let preview: ExprSyntax
        let wrapper: DeclSyntax?
        if stored.isEmpty {
            preview = "StatehouseViews.Preview(\(passed)) \(closure.trimmed)"
            wrapper = nil
        } else {
            preview = "StatehouseViews.Preview(\(passed)) { Content() }"
            wrapper = """
                struct Content: StatehouseViews.View {
                \(raw: stored.map { $0.trimmedDescription }.joined(separator: "\n"))
                    var body: some StatehouseViews.View {
                \(raw: rest.map { $0.trimmedDescription }.joined(separator: "\n"))
                    }
                }
                """
        }
        return [
            """
            struct \(name): StatehouseViews.PreviewRegistry {
                static let fileID: String = \(location.file)
                static let line: Int = \(location.line)
                static let column: Int = \(location.column)
                \(wrapper ?? "")
                static func makePreview() throws -> StatehouseViews.Preview {
                    \(preview)
                }
            }
            """,
        ]
    }

    /// The body's `@Previewable` variables (without the attribute) and the statements after.
    private static func split(_ statements: CodeBlockItemListSyntax) -> (stored: [VariableDeclSyntax], rest: [CodeBlockItemSyntax]) {
        var stored: [VariableDeclSyntax] = []
        var rest: [CodeBlockItemSyntax] = []
        for statement in statements {
            if let variable = statement.item.as(VariableDeclSyntax.self), variable.attributes.contains(where: isPreviewable) {
                stored.append(variable.with(\.attributes, variable.attributes.filter { !isPreviewable($0) }))
            } else {
                rest.append(statement)
            }
        }
        return (stored, rest)
    }

    private static func isPreviewable(_ element: AttributeListSyntax.Element) -> Bool {
        guard case .attribute(let attribute) = element else { return false }
        return attribute.attributeName.trimmedDescription == "Previewable"
    }
}

/// `@Previewable` marks a variable of a `#Preview` body as the preview's state; `#Preview`
/// moves it, so on its own it adds nothing.
public struct PreviewableMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}

struct PreviewMessage: DiagnosticMessage {
    let message: String
    var diagnosticID: MessageID { MessageID(domain: "StatehouseMacros", id: "Preview") }
    var severity: DiagnosticSeverity { .error }
    init(_ message: String) { self.message = message }
}
