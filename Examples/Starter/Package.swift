// swift-tools-version:6.2
import PackageDescription

// A starter app on Statehouse, as your own package would be: it depends on Statehouse as a
// package (here by path; yours by URL:
// `.package(url: "https://github.com/OWNER/statehouse.git", from: "VERSION")`), has its own
// `@main` App, and tests its views with StatehouseTesting, no server needed.
//
//     swift run Starter        # http://127.0.0.1:8080/
//     swift test
let package = Package(
    name: "Starter",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Statehouse", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "Starter", dependencies: [.product(name: "Statehouse", package: "Statehouse")]),
        .testTarget(name: "StarterTests", dependencies: [
            "Starter", .product(name: "StatehouseTesting", package: "Statehouse"),
        ]),
    ]
)
