import Foundation
import StatehouseTesting
import Testing
@testable import StatehouseViews

/// Issue 57.3 / 58.3: `Image("name")` from the app's resources — asset catalogs as Xcode lays
/// them out, and plain image files — each served at a URL that names its contents.
@MainActor
@Suite struct AssetCatalogTests {
    /// A resource folder as a SwiftPM bundle holds one: an asset catalog with an image set of
    /// two densities (and a dark variant), a namespaced group, a color set; loose files.
    static func resources() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("assets-\(UUID().uuidString)")
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write("Assets.xcassets/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
        try write("Assets.xcassets/Card.imageset/Contents.json", """
            {"images":[{"filename":"card.png","idiom":"universal","scale":"1x"},
                       {"filename":"card@2x.png","idiom":"universal","scale":"2x"},
                       {"idiom":"universal","scale":"3x"},
                       {"appearances":[{"appearance":"luminosity","value":"dark"}],"filename":"card-dark.png","idiom":"universal","scale":"1x"}],
             "info":{"author":"xcode","version":1}}
            """)
        try write("Assets.xcassets/Card.imageset/card.png", "one")
        try write("Assets.xcassets/Card.imageset/card@2x.png", "two")
        try write("Assets.xcassets/Card.imageset/card-dark.png", "dark")
        try write("Assets.xcassets/Suits/Contents.json", #"{"properties":{"provides-namespace":true}}"#)
        try write("Assets.xcassets/Suits/Heart.imageset/Contents.json", #"{"images":[{"filename":"heart.svg","idiom":"universal"}]}"#)
        try write("Assets.xcassets/Suits/Heart.imageset/heart.svg", "<svg/>")
        try write("Assets.xcassets/Plain/Spade.imageset/Contents.json", #"{"images":[{"filename":"spade 1.png","idiom":"universal"}]}"#)
        try write("Assets.xcassets/Plain/Spade.imageset/spade 1.png", "spade")
        try write("Assets.xcassets/AccentColor.colorset/Contents.json", #"{"colors":[{"idiom":"universal"}]}"#)
        try write("photo.jpg", "photo")
        try write("photo@2x.jpg", "photo2")
        try write("notes.txt", "not an image")
        try write(".hidden.png", "hidden")
        try write(".git/logo.png", "in a dot-folder")
        try write("copy/duplicate.png", "one")
        return root
    }

    @Test("An image set's files by density (not its dark variant), a namespaced group's, a plain group's, loose files with @2x")
    func catalogReadsXcodesLayout() throws {
        let root = try Self.resources()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = AssetCatalog(roots: [root])
        let card = try #require(catalog.image(named: "Card"))
        #expect(card.files.keys.sorted() == [1, 2])
        #expect(card.files[1]?.path == "Assets.xcassets/Card.imageset/card.png")
        #expect(card.files[2]?.path == "Assets.xcassets/Card.imageset/card@2x.png")
        #expect(catalog.image(named: "Suits/Heart")?.files[1]?.path == "Assets.xcassets/Suits/Heart.imageset/heart.svg")
        #expect(catalog.image(named: "Heart") == nil, "a group that provides a namespace names its images")
        #expect(catalog.image(named: "Spade")?.files[1]?.name == "spade-1.png", "a group without one does not; the URL's name is plain")
        #expect(catalog.image(named: "photo")?.files.mapValues(\.path) == [1: "photo.jpg", 2: "photo@2x.jpg"])
        #expect(catalog.image(named: "photo.jpg")?.files[1]?.path == "photo.jpg")
        #expect(catalog.image(named: "AccentColor") == nil)
        #expect(catalog.image(named: "notes") == nil)
        #expect(catalog.image(named: ".hidden") == nil)
        #expect(catalog.image(named: "logo") == nil, "nothing from a dot-folder")
        let copy = try #require(catalog.image(named: "duplicate")?.files[1])
        #expect(copy.path == "copy/duplicate.png")
        let file = try #require(card.files[1])
        #expect(file.hash == AssetCatalog.fnv1a(Data("one".utf8)))
        #expect(file.url == "/_sh/assets/\(file.hash)/card.png")
        #expect(catalog.file(hash: file.hash, name: "card.png") == file)
        #expect(catalog.file(hash: file.hash, name: "other.png") == nil)
        #expect(copy.hash == file.hash, "the same bytes under another name: one hash")
        #expect(catalog.file(hash: copy.hash, name: "duplicate.png") == copy, "each served by its own name")
        #expect(catalog.file(hash: file.hash, name: "card.png") == file)
    }

    @Test("Image(name) is an <img> with a srcset of its densities and its name as alt; decorative has alt=\"\"; resizable fills its frame")
    func imageRendersFromTheMainCatalog() throws {
        // The gallery's Assets.xcassets, copied into its resource bundle beside the test binary.
        let logo = try #require(AssetCatalog.main.image(named: "Logo")?.files[1])
        #expect(logo.name == "logo.svg")
        let page = try ViewTest(VStack {
            Image("Logo").accessibilityIdentifier("named")
            Image(decorative: "Logo").accessibilityIdentifier("decorative")
            Image("Logo", label: Text("Statehouse")).resizable().scaledToFit().frame(width: 48, height: 48).accessibilityIdentifier("sized")
            Image("Nowhere").accessibilityIdentifier("missing")
        })
        let named = try #require(page.elements.first { $0.id == "named" })
        #expect(named.tag == "img")
        #expect(named.attributes.filter { $0.name != "id" }.map { "\($0.name)=\($0.value)" }
                == ["class=sh-image", "src=\(logo.url)", "alt=Logo"])
        #expect(try page.element("decorative")[attribute: "alt"] == "")
        let sized = try page.element("sized")
        #expect(sized[attribute: "class"] == "sh-image sh-resizable")
        #expect(sized[attribute: "alt"] == "Statehouse")
        #expect(sized[attribute: "style"] == "width:48px;height:48px;object-fit:contain")
        let missing = try page.element("missing")
        #expect(missing[attribute: "role"] == "img")
        #expect(missing[attribute: "aria-label"] == "Nowhere")
    }

    @Test("The catalog reads only the resource bundles beside the executable, not the executable's own folder")
    func onlyResourceBundles() {
        let roots = AssetCatalog.resourceRoots()
        #expect(!roots.isEmpty)
        #expect(roots.allSatisfy { ["resources", "bundle"].contains($0.pathExtension) })
    }

    @Test("An image set of several densities offers each in srcset")
    func srcset() throws {
        let root = try Self.resources()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = AssetCatalog(roots: [root])
        let card = try #require(catalog.image(named: "Card"))
        let one = try #require(card.files[1]), two = try #require(card.files[2])
        #expect(Image.srcset(card) == "\(one.url) 1x, \(two.url) 2x")
    }

    @Test("clipShape takes the shapes by their short names: .circle, .capsule, .rect(cornerRadius:)")
    func shapeShortNames() throws {
        let circle = try ViewTest(Text("a").clipShape(.circle)).html
        #expect(circle == (try ViewTest(Text("a").clipShape(Circle())).html))
        #expect(try ViewTest(Text("a").clipShape(.rect(cornerRadius: 8))).html == (try ViewTest(Text("a").clipShape(RoundedRectangle(cornerRadius: 8))).html))
        #expect(try ViewTest(Text("a").clipShape(.capsule)).html == (try ViewTest(Text("a").clipShape(Capsule())).html))
    }

    @Test("Color(name) is the asset catalog's color set: its light color, and its dark appearance's under a dark page (light-dark); components as Xcode writes them; a name the catalog lacks stays a CSS custom property")
    func colorSets() {
        #expect(Color("Brand").css == "light-dark(rgb(91 63 217 / 1),rgb(157 133 255 / 1))")
        #expect(Color("Nowhere").css == "var(--sh-color-Nowhere,var(--sh-accent))")
    }
}
