// swift-tools-version:5.9
import PackageDescription

// The app and the one sanctioned cross-module entry: Checkout's interface target.
let package = Package(
    name: "Shop",
    platforms: [.iOS(.v16)],
    targets: [
        .target(name: "CheckoutModuleInterface", path: "Modules/CheckoutModuleInterface"),
        .target(name: "Shop", dependencies: ["CheckoutModuleInterface"], path: "App"),
    ]
)
