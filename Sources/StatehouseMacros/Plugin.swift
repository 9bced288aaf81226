import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin behind `#Preview` and `@Previewable` (built only with the package's
/// `Previews` trait, on by default).
@main
struct StatehouseMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [PreviewMacro.self, PreviewableMacro.self]
}
