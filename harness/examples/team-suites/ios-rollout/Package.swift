// swift-tools-version:6.0
import PackageDescription

// The iOS app's percentage rollout, and the adapter that holds it to the team's rollout-bucket
// suite (../rollout-bucket). In the team's own repository conform is a git dependency; here it is
// the checkout holding this folder.
//
// `name: "conform"` lets `.product(..., package: "conform")` resolve whatever the checkout folder
// is called (SwiftPM names a path dependency after its folder otherwise). CONFORM_PACKAGE_PATH
// points at another checkout of conform, for a copy of this folder outside it.
let conformPath = Context.environment["CONFORM_PACKAGE_PATH"] ?? "../../../.."

let package = Package(
  name: "ios-rollout",
  platforms: [.macOS(.v12), .iOS(.v15)],  // conform's floor (its README, "Platforms")
  products: [
    .library(name: "Rollout", targets: ["Rollout"]),
    .executable(name: "rollout-adapter", targets: ["rollout-adapter"]),
  ],
  dependencies: [
    .package(name: "conform", path: conformPath)  // or .package(url: "<conform's git URL>", from: "0.2.0")
  ],
  targets: [
    // The app's rollout code, free of UIKit: shared with the iOS target.
    .target(name: "Rollout"),
    // The implementation under test that `conform run --impl` starts: the app's code, or with
    // `--port NAME` one of two drifting copies of it, to show the suite catching each.
    .executableTarget(
      name: "rollout-adapter",
      dependencies: [
        "Rollout",
        .product(name: "ConformAdapter", package: "conform"),
        .product(name: "ConformJSON", package: "conform"),
      ]),
  ]
)
