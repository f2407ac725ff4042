// swift-tools-version:6.0
// The viperlint build-tool plugin, as a package of its own: it runs the prebuilt viperlint of
// an artifact bundle, so a project that uses it never compiles viperlint or swift-syntax.
// `Scripts/release.sh` writes the published form of this manifest, with the binary target
// pointing at the release's `viperlint.artifactbundle.zip` and its checksum; as checked in,
// it points at a bundle beside it (put one there to try the plugin locally).
import PackageDescription

let package = Package(
    name: "ViperLintPlugins",
    products: [
        .plugin(name: "ViperLintBuildTool", targets: ["ViperLintBuildTool"]),
    ],
    targets: [
        .binaryTarget(name: "viperlint", path: "viperlint.artifactbundle"),
        .plugin(name: "ViperLintBuildTool", capability: .buildTool(), dependencies: ["viperlint"]),
    ]
)
