import Foundation
import Testing
import StatehouseViews
@testable import MeetingsCorpus

/// Issue 57.2: what Apple's Foundation offers and apps call, but the Linux Foundation lacks,
/// compiles and works with `import Statehouse`.
@Suite struct FoundationShimTests {
    @Test("ListFormatter joins items as a locale does, with an item formatter, and its class method")
    func listFormatter() {
        let formatter = ListFormatter()
        formatter.locale = Locale(identifier: "en_US")
        #expect(formatter.string(from: ["Anna", "Ben", "Cleo"]) == "Anna, Ben, and Cleo")
        #expect(formatter.string(from: ["Anna", "Ben"]) == "Anna and Ben")
        formatter.locale = Locale(identifier: "de_DE")
        #expect(formatter.string(from: ["Anna", "Ben", "Cleo"]) == "Anna, Ben und Cleo")
        let numbers = NumberFormatter()
        numbers.minimumFractionDigits = 1
        formatter.itemFormatter = numbers
        formatter.locale = Locale(identifier: "en_US")
        #expect(formatter.string(from: [1, 2]) == "1.0 and 2.0")
        #expect(formatter.string(from: ["x"]) == nil, "an item its formatter cannot format")
        formatter.itemFormatter = nil
        #expect(formatter.string(for: ["x"]) == "x")
        #expect(formatter.string(for: 3) == nil)
        #expect(ListFormatter.localizedString(byJoining: ["a", "b", "c"]) == ["a", "b", "c"].formatted(.list(type: .and)))
    }

    @Test("RelativeDateTimeFormatter says how far a date is from another, numeric or named, in each units style")
    func relativeDateTimeFormatter() {
        let formatter = RelativeDateTimeFormatter()
        formatter.locale = Locale(identifier: "en_US")
        let reference = Date(timeIntervalSince1970: 1_000_000)
        #expect(formatter.localizedString(for: reference.addingTimeInterval(-3600), relativeTo: reference) == "1 hour ago")
        #expect(formatter.localizedString(for: reference.addingTimeInterval(3 * 86400), relativeTo: reference) == "in 3 days")
        #expect(formatter.localizedString(fromTimeInterval: 300) == "in 5 minutes")
        formatter.dateTimeStyle = .named
        #expect(formatter.localizedString(for: reference.addingTimeInterval(-86400), relativeTo: reference) == "yesterday")
        formatter.dateTimeStyle = .numeric
        formatter.unitsStyle = .short
        #expect(formatter.localizedString(for: reference.addingTimeInterval(-3600), relativeTo: reference) == "1 hr. ago")
        var components = DateComponents()
        components.day = -2
        formatter.unitsStyle = .full
        #expect(formatter.localizedString(from: components) == "2 days ago")
    }
}

/// A file written for Apple's systems imports CoreGraphics for its geometry types: the
/// corpus's `Geometry.swift` does (a test file cannot: with Swift Testing imported too, the
/// compiler looks for Testing's CoreGraphics overlay, which Linux does not ship).
@Suite struct CoreGraphicsImportTests {
    @Test("import CoreGraphics compiles on Linux and brings CGFloat, CGPoint, CGSize, CGRect")
    func geometryTypes() {
        #expect(progressWidth(0.25, of: 200) == 50)
        #expect(scaledBadge(side: 3, by: 2).width == 6)
    }
}
