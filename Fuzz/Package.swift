// swift-tools-version:6.0
import PackageDescription

/// What a harness against the demo's pages needs: the driver, Statehouse and the demo's views.
let onDemoPages: [Target.Dependency] = [
    "FuzzDriver", .product(name: "Statehouse", package: "Statehouse"),
    .product(name: "StatehouseGallery", package: "Statehouse"),
]

// libFuzzer harnesses for Statehouse, a package of their own: they are built with
// `-sanitize=fuzzer,address` (scripts/fuzz), which the main package's build is not.
let package = Package(
    name: "StatehouseFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Statehouse", path: ".."),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        // Runs libFuzzer's driver with a harness's function (each harness is its own binary).
        .target(name: "FuzzDriver"),
        // Arbitrary bytes as a request's URI: the path and the query's form decoding.
        .executableTarget(name: "FuzzForm", dependencies: ["FuzzDriver", .product(name: "Statehouse", package: "Statehouse")]),
        // Arbitrary events (target, type, value) against every page of the demo.
        .executableTarget(name: "FuzzEvents", dependencies: onDemoPages),
        // Raw bytes into the built-in server's connection handlers and the demo's pages.
        .executableTarget(name: "FuzzHTTP", dependencies: onDemoPages + [
            .product(name: "StatehouseProtocol", package: "Statehouse"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOEmbedded", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Arbitrary URLs below the demo's routes: navigation's path and tab encoding.
        .executableTarget(name: "FuzzNavigation", dependencies: onDemoPages),
        // Arbitrary stored values under the demo pages' state keys: the durable store's decoding.
        .executableTarget(name: "FuzzSnapshots", dependencies: onDemoPages),
    ]
)
