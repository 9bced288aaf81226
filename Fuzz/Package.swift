// swift-tools-version:6.0
import PackageDescription

// libFuzzer harnesses for Statehouse, a package of their own: they are built with
// `-sanitize=fuzzer,address` (scripts/fuzz), which the main package's build is not.
let package = Package(
    name: "StatehouseFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Statehouse", path: "..")],
    targets: [
        // Runs libFuzzer's driver with a harness's function (each harness is its own binary).
        .target(name: "FuzzDriver"),
        // Arbitrary bytes as a request's URI: the path and the query's form decoding.
        .executableTarget(name: "FuzzForm", dependencies: ["FuzzDriver", .product(name: "Statehouse", package: "Statehouse")]),
        // Arbitrary events (target, type, value) against every page of the demo.
        .executableTarget(name: "FuzzEvents", dependencies: [
            "FuzzDriver", .product(name: "Statehouse", package: "Statehouse"),
            .product(name: "StatehouseGallery", package: "Statehouse"),
        ]),
    ]
)
