// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "viperlint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "viperlint", targets: ["viperlint"]),
        .library(name: "ViperLintCore", targets: ["ViperLintCore"]),
        .plugin(name: "LintArchitecture", targets: ["LintArchitecture"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // SHA-256 and HMAC-SHA-256 for the cache (CryptoKit on Apple platforms): see docs/cache.md.
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // YAML configuration (.viperlint.yml), read into the same located tree as the JSON one.
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
    ],
    targets: [
        // Our declarations of the libclang C API and its run-time loader (Objective-C support).
        .target(name: "CLibclang", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(
            name: "ViperLintCore",
            dependencies: [
                "CLibclang",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(
            name: "viperlint",
            dependencies: [
                "ViperLintCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The fuzz targets (Scripts/fuzz.sh) and their driver; the tests replay saved inputs.
        .target(name: "ViperLintFuzzing", dependencies: ["ViperLintCore"]),
        .executableTarget(name: "viperlint-fuzz", dependencies: ["ViperLintFuzzing"]),
        .plugin(
            name: "LintArchitecture",
            capability: .command(intent: .custom(verb: "lint-architecture",
                                                 description: "Check the package's VIPER architecture with viperlint")),
            dependencies: ["viperlint"]
        ),
        .testTarget(
            name: "ViperLintCoreTests",
            // The executable is a dependency so that the CLI tests find a fresh binary.
            dependencies: ["ViperLintCore", "ViperLintFuzzing", "viperlint"]
        ),
    ]
)
