// swift-tools-version:5.9
import PackageDescription

// Each VIPER layer is its own Swift module, so a wrong arrow is a wrong `import`.
let package = Package(
    name: "Tasks",
    platforms: [.iOS(.v17), .macOS(.v14)],
    targets: [
        .target(name: "Entity"),
        .target(name: "Gateway", dependencies: ["Entity"]),
        .target(name: "UseCase", dependencies: ["Entity", "Gateway"]),
        .target(name: "View"),
        .target(name: "Presenter", dependencies: ["Entity", "UseCase", "View"]),
        .target(name: "Wireframe", dependencies: ["Entity", "Gateway", "UseCase", "Presenter", "View"]),
    ]
)
