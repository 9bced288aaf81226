import Foundation
import StatehouseTesting
import Testing
@testable import StatehouseViews

/// Issue 57.7: the environment values apps read of their device, from the browser: the colour
/// scheme, the time zone (and calendar), the size class, the pixel density — live.
@MainActor
@Suite struct BrowserTraitsTests {
    struct Traits: View {
        @Environment(\.colorScheme) var colorScheme
        @Environment(\.timeZone) var timeZone
        @Environment(\.calendar) var calendar
        @Environment(\.displayScale) var displayScale
        var body: some View {
            Text(colorScheme == .dark ? "dark" : "light").accessibilityIdentifier("scheme")
            Text(timeZone.identifier).accessibilityIdentifier("zone")
            Text("\(calendar.component(.hour, from: Date(timeIntervalSince1970: 0)))").accessibilityIdentifier("hour")
            Text("\(displayScale)").accessibilityIdentifier("scale")
            SizeClass()
        }
    }

    struct SizeClass: View {
        @Environment(\.horizontalSizeClass) var sizeClass
        var body: some View { Text(sizeClass == .compact ? "compact" : "regular").accessibilityIdentifier("size") }
    }

    struct Forced: View {
        @Environment(\.colorScheme) var colorScheme
        var body: some View { Text(colorScheme == .dark ? "dark" : "light").accessibilityIdentifier("inner") }
    }

    static func traits(_ value: String) -> Event { Event(target: "sh-root", type: .traits, value: value) }

    @Test("Before the browser says: light, the server's time zone, regular, 1; a report changes them live")
    func reportChangesTheEnvironment() throws {
        let page = try ViewTest(Traits())
        #expect(page.text("scheme") == "light")
        #expect(page.text("zone") == TimeZone.current.identifier)
        #expect(page.text("size") == "regular")
        #expect(page.text("scale") == "1.0")
        try page.send(Self.traits("colorScheme=dark&timeZone=Asia%2FTokyo&width=390&scale=3"))
        #expect(page.text("scheme") == "dark")
        #expect(page.text("zone") == "Asia/Tokyo")
        #expect(page.text("hour") == "9", "the calendar is in the browser's time zone: 1970-01-01T00:00Z is 9:00 in Tokyo")
        #expect(page.text("size") == "compact")
        #expect(page.text("scale") == "3.0")
    }

    @Test("A width within the same size class changes nothing; crossing 700 pixels does")
    func sizeClassChangesOnlyAcrossTheLine() throws {
        let page = try ViewTest(SizeClass())
        try page.send(Self.traits("width=390"))
        #expect(page.text("size") == "compact")
        try page.send(Self.traits("width=420"))
        #expect(page.lastFragments.isEmpty, "the view that reads the size class is not evaluated for another width in its class")
        try page.send(Self.traits("width=1024"))
        #expect(page.text("size") == "regular")
    }

    @Test(".environment(\\.colorScheme, .dark) sets it for the views below, whatever the browser says")
    func environmentOverrides() throws {
        let page = try ViewTest(Forced().environment(\.colorScheme, .dark))
        #expect(page.text("inner") == "dark")
        try page.send(Self.traits("colorScheme=light"))
        #expect(page.text("inner") == "dark")
    }

    @Test("A report that is not one is refused and changes nothing; names a newer client sends, and unknown time zones, are ignored")
    func badReportsAreRefused() throws {
        let page = try ViewTest(Traits())
        for report in ["colorScheme=blue", "timeZone=\(String(repeating: "A", count: 65))", "width=-1", "width=wide", "scale=nan", "scale=100", "colorScheme"] {
            #expect(throws: EventError.self, "\(report)") { try page.send(Self.traits(report)) }
        }
        #expect(page.text("scheme") == "light")
        try page.send(Self.traits("colorScheme=dark&contrast=more&timeZone=Nowhere%2FCity"))
        #expect(page.text("scheme") == "dark", "a zone the server does not know is left out, not the report")
        #expect(page.text("zone") == TimeZone.current.identifier)
    }
}
