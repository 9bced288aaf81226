import Foundation
import Testing

/// The SwiftUI support table (`Sources/Statehouse/Statehouse.docc/SwiftUISupport.md`) cannot
/// drift from the code: each row names a declaration that a supported or partial API has in
/// `Sources/`, and that an absent one has not.
@Suite("SwiftUI support table")
struct SupportTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift source of the package's modules, as one text.
    static func sources() throws -> String {
        var text = ""
        let sources = root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            if file.pathExtension == "swift" { text += try String(contentsOf: file, encoding: .utf8) }
        }
        return text
    }

    @Test("Every row's declaration is in Sources/ exactly when the row says supported or partial")
    func tableMatchesTheCode() throws {
        let table = try String(contentsOf: Self.root.appendingPathComponent("Sources/Statehouse/Statehouse.docc/SwiftUISupport.md"), encoding: .utf8)
        let code = try Self.sources()
        var rows = 0
        for line in table.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| area") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 4 else { Issue.record("a row of four cells: \(line)"); continue }
            let status = cells[2]
            let declaration = String(cells[3].dropFirst().dropLast())  // inside the backticks
            #expect(["supported", "partial", "absent"].contains(status), "\(line)")
            let found = code.contains(declaration)
            #expect(found == (status != "absent"), "\(cells[1]) is \(status), but `\(declaration)` is \(found ? "" : "not ")in Sources/")
            rows += 1
        }
        #expect(rows >= 50, "the table has its rows (\(rows))")
    }
}
