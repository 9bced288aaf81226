import Foundation
import StatehouseTesting
import Testing
@testable import StatehouseViews

/// Issue 58.4: texts looked up in the app's String Catalog in the page's language, values
/// formatted in its locale, the language chosen from the browser's `Accept-Language`. The
/// catalog read is the gallery's (`Sources/StatehouseGallery/Localizable.xcstrings`, a bundle
/// beside the test executable).
@MainActor
@Suite struct LocalizationTests {
    struct Saved: View {
        let count: Int
        var body: some View {
            Text("Autosaved \(count) times").accessibilityIdentifier("saved")
            Text("\(1_234_567)").accessibilityIdentifier("number")
            Text(0.5, format: .percent).accessibilityIdentifier("percent")
            Text("Share: \(0.25, format: .percent)").accessibilityIdentifier("share")
            Button("Increment") {}.accessibilityIdentifier("button")
            TextField("Counter", text: .constant("")).accessibilityIdentifier("field")
            Text(verbatim: "Increment").accessibilityIdentifier("verbatim")
            Text("\(12.3456)").accessibilityIdentifier("double")
        }
    }

    struct Chooser: View {
        @State private var language = "en"
        var body: some View {
            Button("Deutsch") { language = "de" }.accessibilityIdentifier("german")
            Saved(count: 3).environment(\.locale, Locale(identifier: language))
        }
    }

    @Test("The gallery's catalog is read: its languages, a string, the source language")
    func catalogIsRead() {
        let catalog = LocalizationCatalog.main
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.languages.isSuperset(of: ["en", "de", "fr", "ar"]))
        #expect(catalog.string("Increment", language: "de") == "Erhöhen")
        #expect(catalog.string("Increment", language: "ja") == nil)
        #expect(LocalizationCatalog.isActive)
    }

    @Test("Without a locale (a script's page, a view test) a text is shown as written")
    func noLocaleAsWritten() throws {
        let page = try ViewTest(Saved(count: 1))
        #expect(page.text("saved") == "Autosaved 1 times")
        #expect(page.text("number") == "1234567")
        #expect(page.text("button") == "Increment")
    }

    @Test("In German: the translation, the plural form the number takes, numbers and format styles in German; a verbatim text is not looked up")
    func german() throws {
        for (count, expected) in [(1, "Einmal automatisch gesichert"), (3, "3-mal automatisch gesichert"), (1_000, "1.000-mal automatisch gesichert")] {
            let page = try ViewTest(Saved(count: count).environment(\.locale, Locale(identifier: "de_DE")))
            #expect(page.text("saved") == expected)
            #expect(page.text("number") == "1.234.567")
            #expect(page.text("percent") == "50\u{A0}%")
            #expect(page.text("share") == "Share: 25\u{A0}%", "no translation: the key, its value formatted in German")
            #expect(page.text("button") == "Erhöhen")
            #expect(page.elements.first { $0.id == "field" }?[attribute: "placeholder"] == "Zähler")
            #expect(page.text("verbatim") == "Increment")
            #expect(page.text("double") == "12,3456", "a Double's own digits, the German separator (not printf's 12,345600)")
        }
        let english = try ViewTest(Saved(count: 1).environment(\.locale, Locale(identifier: "en_US")))
        #expect(english.text("saved") == "Autosaved once", "the source language's own plural forms")
        #expect(english.text("number") == "1,234,567")
        #expect(english.text("double") == "12.3456")
    }

    @Test("A page made with a language shows it; the locale set by state changes the texts below, live")
    func pageLanguageAndLiveChange() throws {
        let location = PageLocation(base: "/")
        location.language = PageLanguage(tag: "fr", region: "CA")
        let page = try ViewTest(Saved(count: 2), location: location)
        #expect(page.text("button") == "Incrémenter")
        #expect(page.text("saved") == "Enregistré automatiquement 2 fois")

        let chooser = try ViewTest(Chooser())
        #expect(chooser.text("button") == "Increment")
        try chooser.click("german")
        #expect(chooser.text("button") == "Erhöhen")
        #expect(chooser.text("saved") == "3-mal automatisch gesichert")
    }

    struct Titled: View {
        @State private var choice = 1
        @State private var date = Date(timeIntervalSince1970: 0)
        @State private var tab = 1
        var body: some View {
            Picker("Counter", selection: $choice) { Text("One").tag(1) }
            DatePicker("Counter", selection: $date, displayedComponents: .date)
            Stepper("Counter", value: $choice)
            DisclosureGroup("Counter") { Text("inside") }
            LabeledContent("Counter") { Text(verbatim: "x") }
            TabView(selection: $tab) { Tab("Counter", value: 1) { Text("first") } }
            Text("body").alert("Counter", isPresented: .constant(true)) { Button("Increment") {} }
        }
    }

    @Test("The titles of Picker, DatePicker, Stepper, DisclosureGroup, LabeledContent, Tab and .alert are looked up too")
    func controlTitles() throws {
        let page = try ViewTest(Titled().environment(\.locale, Locale(identifier: "de")))
        let html = page.html
        #expect(!html.contains("Counter"), "every title translated: \(html)")
        #expect(html.components(separatedBy: "Zähler").count - 1 >= 8)
        #expect(html.contains("Erhöhen"))
        let english = try ViewTest(Titled()).html
        #expect(!english.contains("Zähler"))
    }

    @Test("Accept-Language: the heaviest language the catalog has, with the browser's region; else the source language; none without the header")
    func negotiation() {
        let catalog = LocalizationCatalog.main
        func chosen(_ header: String?) -> String? {
            catalog.pageLanguage(acceptLanguage: header).map { "\($0.tag) \($0.region ?? "-")" }
        }
        #expect(chosen("de-CH,de;q=0.9,en;q=0.5") == "de CH")
        #expect(chosen("ja-JP,fr;q=0.7,de;q=0.8") == "de JP", "by weight, not order; the region of the first range naming one")
        #expect(chosen("ja,zh;q=0.8") == "en -")
        #expect(chosen("DE") == "de -")
        #expect(chosen("de;q=0,fr") == "fr -", "q=0 is not acceptable")
        #expect(chosen("*") == nil)
        #expect(chosen("<script>,de") == "de -")
        #expect(chosen(nil) == nil)
        #expect(chosen(String(repeating: "de,", count: 300)) == nil, "a header past 512 bytes is ignored")
        #expect(catalog.pageLanguage(acceptLanguage: "ar-EG")?.isRightToLeft == true)
        #expect(catalog.pageLanguage(acceptLanguage: "de")?.isRightToLeft == false)
        let austrian = catalog.pageLanguage(acceptLanguage: "de-AT")?.locale
        #expect(austrian?.language.languageCode == "de" && austrian?.region == "AT")
    }

    @Test("CLDR plural categories for whole numbers")
    func pluralCategories() {
        let ru = [1, 2, 5, 11, 21, 22, 112].map { PluralCategory.of(Int64($0), language: "ru") }
        #expect(ru == [.one, .few, .many, .many, .one, .few, .many])
        let ar = [0, 1, 2, 3, 11, 100].map { PluralCategory.of(Int64($0), language: "ar") }
        #expect(ar == [.zero, .one, .two, .few, .many, .other])
        #expect(PluralCategory.of(0, language: "fr") == .one)
        #expect(PluralCategory.of(0, language: "en") == .other)
        #expect(PluralCategory.of(1, language: "ja") == .other)
    }

    @Test("Format strings: positions, %%, precision in the locale, a specifier with no value kept")
    func formatting() {
        let de = Locale(identifier: "de_DE")
        #expect(LocalizedText.format("%2$@ vor %1$@", [.text("A"), .text("B")], locale: de) == "B vor A")
        #expect(LocalizedText.format("%lld %%", [.int(50)], locale: de) == "50 %")
        #expect(LocalizedText.format("%.1f km", [.double(1.25)], locale: de) == "1,2 km")
        #expect(LocalizedText.format("%@ und %@", [.text("x")], locale: de) == "x und %@")
        #expect(LocalizedText.format("%d", [.int(Int64.max)], locale: Locale(identifier: "en_US")) == "9,223,372,036,854,775,807")
        #expect(LocalizedText.format("ends with %", [], locale: de) == "ends with %")
    }
}
