// swift-tools-version:6.2
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "Statehouse",
    platforms: [.macOS(.v15)],
    products: [
        // What apps import: `import Statehouse` brings views, state, `App` and serving.
        .library(name: "Statehouse", targets: ["Statehouse"]),
        // For an app's tests: `import StatehouseTesting`.
        .library(name: "StatehouseTesting", targets: ["StatehouseTesting"]),
        // The durable store for several processes: `PostgresStore.register()`, then
        // `--state-store postgres://…` (a module of its own: apps that do not use it don't build it).
        .library(name: "StatehousePostgres", targets: ["StatehousePostgres"]),
        // For another host (Hummingbird, Vapor): the wire protocol, `StatehouseResponder`.
        .library(name: "StatehouseProtocol", targets: ["StatehouseProtocol"]),
        // Mount an app's pages in a Hummingbird 2 router or a Vapor 4 app (products of their own:
        // apps that use neither don't build them).
        .library(name: "StatehouseHummingbird", targets: ["StatehouseHummingbird"]),
        .library(name: "StatehouseVapor", targets: ["StatehouseVapor"]),
        // The demo's pages, for other hosts and for the fuzzers (Fuzz/).
        .library(name: "StatehouseGallery", targets: ["StatehouseGallery"]),
        .executable(name: "demo", targets: ["Demo"]),
        .executable(name: "bench", targets: ["Bench"]),
        .executable(name: "bench-allocations", targets: ["BenchAllocations"]),
    ],
    traits: [
        // `#Preview` and `@Previewable`: a macro, so every clean build compiles swift-syntax. An
        // app that does without them depends on Statehouse with `traits: []`.
        .trait(name: "Previews", description: "The #Preview macro (builds swift-syntax)"),
        .default(enabledTraits: ["Previews"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
        // Allocation counts for the benchmarks (`bench-allocations` only).
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.6.1"),
        // HMAC-SHA-256: the durable store keeps keyed hashes of session ids, and CSRF tokens
        // are derived from them (`SessionSecret`).
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3" ..< "5.0.0"),
        // The default durable store (its own copy of SQLite: nothing to install).
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        // The durable store for several processes, over TLS beyond loopback (swift-nio-ssl is
        // postgres-nio's own; named here for its configuration).
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        // Metrics (the protocol records them through swift-metrics; the built-in server can
        // expose them for Prometheus).
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // The server as a service among the host's others, started and stopped in order.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // The hosts an app may already run (StatehouseHummingbird, StatehouseVapor).
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        // The `#Preview` macro's plugin (the `Previews` trait only).
        .package(url: "https://github.com/swiftlang/swift-syntax.git", "600.0.0" ..< "604.0.0"),
        // `swift package generate-documentation` (scripts/docs): the DocC catalog and the API.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        // The view system: views, property wrappers, the live tree, invalidation, reconciling,
        // diffing, HTML. Knows no protocol and no networking.
        // Re-exports Observation and OpenCombine, so `@Observable`, `ObservableObject` and
        // `@Published` need no import of their own.
        .target(name: "StatehouseViews", dependencies: [
            .product(name: "OpenCombine", package: "OpenCombine"),
            .target(name: "StatehouseMacros", condition: .when(traits: ["Previews"])),
        ]),
        // `#Preview` and `@Previewable`, expanded at compile time. (Its products are conditional
        // too, so that an app depending on Statehouse with `traits: []` does not even check out
        // swift-syntax.)
        .macro(name: "StatehouseMacros", dependencies: [
            .product(name: "SwiftSyntaxMacros", package: "swift-syntax", condition: .when(traits: ["Previews"])),
            .product(name: "SwiftCompilerPlugin", package: "swift-syntax", condition: .when(traits: ["Previews"])),
        ]),
        // The wire protocol, for any host: paths and fields, event decoding, pages and sessions,
        // the document and its no-JavaScript form, Turbo Stream fragments, event streams,
        // static files. Knows no HTTP server.
        .target(
            name: "StatehouseProtocol",
            dependencies: ["StatehouseViews", .product(name: "Logging", package: "swift-log"),
                           .product(name: "CoreMetrics", package: "swift-metrics"),
                           .product(name: "Crypto", package: "swift-crypto")],
            // The browser client and the default style, compiled into the binary as bytes.
            resources: [.embedInCode("Static/public/client.js"), .embedInCode("Static/public/style.css")]
        ),
        // The durable store in a SQLite file: sessions, pages and views' state outlive the process.
        .target(
            name: "StatehouseSQLite",
            dependencies: [
                "StatehouseViews", "StatehouseProtocol",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The durable store in PostgreSQL: several processes share sessions, pages and App state.
        .target(
            name: "StatehousePostgres",
            dependencies: [
                "StatehouseProtocol",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The built-in host: HTTP/1.1 on SwiftNIO, its limits and options, `App.main()`.
        .target(
            name: "StatehouseNIO",
            dependencies: [
                "StatehouseViews", "StatehouseProtocol", "StatehouseSQLite",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // An app's pages in a Hummingbird 2 router: `router.addStatehouse(pages)`.
        .target(
            name: "StatehouseHummingbird",
            dependencies: [
                "StatehouseNIO", "StatehouseProtocol",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // An app's pages in a Vapor 4 app: `app.statehouse(pages)`.
        .target(name: "StatehouseVapor", dependencies: ["StatehouseNIO", "StatehouseProtocol", .product(name: "Vapor", package: "vapor")]),
        // The one import of an app: re-exports the view system and the NIO host.
        .target(name: "Statehouse", dependencies: [
            "StatehouseViews", "StatehouseNIO", .target(name: "CoreGraphics", condition: .when(platforms: [.linux])),
            // `PasswordHash`: scrypt.
            .product(name: "CryptoExtras", package: "swift-crypto"),
        ]),
        // `import CoreGraphics` in an app's files, on Linux: Foundation's CGFloat, CGPoint, …
        .target(name: "CoreGraphics", path: "Sources/CoreGraphicsShim"),
        // Drive a view in tests with no server: `ViewTest`.
        .target(name: "StatehouseTesting", dependencies: ["StatehouseViews", "StatehouseProtocol"]),
        // The seed examples the demo serves, one file and namespace each.
        // Its images are an asset catalog, as Xcode lays it out (`Image("Logo")`), copied into
        // the resource bundle beside the executable.
        .target(name: "StatehouseGallery", dependencies: ["Statehouse"], resources: [.copy("Assets.xcassets"), .copy("Localizable.xcstrings"), .copy("Public")]),
        // The README's "An app in 20 lines", compiled as it stands there (a test keeps the two equal).
        .executableTarget(name: "ReadmeExample", dependencies: ["Statehouse"], path: "Examples/ReadmeExample"),
        // A corpus of SwiftUI code as tutorials write it (a list-detail-edit app with a timer
        // screen), compiled with nothing changed but the import; StatehouseViewsTests drives it.
        // (Swift 5 language mode, as such apps are written.)
        .executableTarget(name: "MeetingsCorpus", dependencies: ["Statehouse"], path: "Tests/Corpus/Meetings",
                          swiftSettings: [.swiftLanguageMode(.v5)]),
        // Statehouse inside apps people already run: the pages both examples mount, and a
        // Hummingbird app and a Vapor app with their own routes and authentication
        // (`swift run HummingbirdExample`, `swift run VaporExample serve`). Tests/Browser/
        // test_hosts.py runs each binary and drives it over HTTP (not a Swift test target: the
        // sanitizer build of the test bundle would build both frameworks again).
        .target(name: "HostedPages", dependencies: ["Statehouse"], path: "Examples/Hosts/HostedPages"),
        .executableTarget(name: "HummingbirdExample", dependencies: [
            "HostedPages", "Statehouse", "StatehouseHummingbird", .product(name: "Hummingbird", package: "hummingbird"),
        ], path: "Examples/Hosts/HummingbirdExample"),
        .executableTarget(name: "VaporExample", dependencies: [
            "HostedPages", "Statehouse", "StatehouseVapor", .product(name: "Vapor", package: "vapor"),
        ], path: "Examples/Hosts/VaporExample"),
        // `swift run demo`: serves the gallery.
        .executableTarget(name: "Demo", dependencies: ["Statehouse", "StatehouseGallery", "StatehousePostgres"]),
        // `scripts/bench`: the benchmark suite (wrk drives the HTTP figures).
        .executableTarget(
            name: "Bench",
            dependencies: [
                "Statehouse", "StatehouseProtocol", "BenchSupport", "StatehouseLoopback",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What the benchmarks' processes share: the servers they measure (the demo and a bare
        // SwiftNIO server) and the large page.
        .target(
            name: "BenchSupport",
            dependencies: [
                "Statehouse", "StatehouseGallery",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // The allocation counts, in a binary of its own: the interposer replaces malloc for
        // the whole process, so `bench` measures time and memory without it.
        .executableTarget(
            name: "BenchAllocations",
            dependencies: [
                "Statehouse", "StatehouseProtocol", "BenchSupport",
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ]
        ),
        // libcurl for the integration tests' HTTP client (tests only).
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("curl")]),
        .testTarget(name: "StatehouseViewsTests", dependencies: ["Statehouse", "StatehouseTesting", "StatehouseGallery", "MeetingsCorpus"]),
        .testTarget(name: "StatehouseProtocolTests", dependencies: ["Statehouse", "StatehouseProtocol", .product(name: "Logging", package: "swift-log")]),
        // A blocking loopback TCP client for the tests and the benchmarks' set-up.
        .target(name: "StatehouseLoopback"),
        .testTarget(name: "StatehouseServerTests", dependencies: ["Statehouse", "StatehouseProtocol", "StatehouseGallery", "StatehouseSQLite", "StatehousePostgres", "StatehouseTesting", "CCurl", "StatehouseLoopback",
                                                          .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                                                          .product(name: "NIOEmbedded", package: "swift-nio")]),
    ]
)
