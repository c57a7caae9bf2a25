// swift-tools-version:6.0
import PackageDescription

// The iOS app's shareable logic, its unit tests, and the adapter that holds it to conform's truth
// tables. In a team's own repository conform is a git dependency; here it is this checkout.
//
// `name: "conform"` is what makes `.product(..., package: "conform")` resolve whatever the checkout
// folder is called: SwiftPM names a path dependency after its folder ("conform-main", "a b"), and
// only an explicit name on the dependency overrides that. CONFORM_PACKAGE_PATH points at another
// checkout of conform (CI clones it beside the app: harness/ci/ios.yml).
let conformPath = Context.environment["CONFORM_PACKAGE_PATH"] ?? "../../.."

let package = Package(
  name: "ios-app",
  // conform's floor (its README, "Platforms"); the app's own code asks for no more.
  platforms: [.macOS(.v12), .iOS(.v15)],
  products: [
    .library(name: "AppLogic", targets: ["AppLogic"]),
    .executable(name: "conform-adapter", targets: ["conform-adapter"]),
  ],
  dependencies: [
    .package(name: "conform", path: conformPath)  // or .package(url: "<conform's git URL>", from: "0.2.0")
  ],
  targets: [
    // The app's own review prompt and store version check, free of UIKit, shared with the iOS target.
    .target(name: "AppLogic"),
    // A clock that moves only when told to: the app's tests and the timeline player drive the
    // scheduler's delay with it.
    .target(name: "VirtualTime", dependencies: ["AppLogic"]),
    // Case input → AppLogic call → output JSON, per suite: used by the adapter and the bundle test.
    .target(
      name: "AppConformance",
      dependencies: [
        "AppLogic",
        "VirtualTime",
        .product(name: "ConformAdapter", package: "conform"),
        .product(name: "ConformJSON", package: "conform"),
      ]),
    // The implementation under test that `conform run --impl` starts.
    .executableTarget(
      name: "conform-adapter",
      dependencies: ["AppConformance", .product(name: "ConformAdapter", package: "conform")]),
    // The app's unit tests.
    .testTarget(name: "AppLogicTests", dependencies: ["AppLogic", "VirtualTime"]),
    // Every case of the pinned bundle (CONFORM_FIXTURES, CONFORM_FIXTURES_DIGEST), one test case each.
    .testTarget(
      name: "BundleConformanceTests",
      dependencies: [
        "AppConformance",
        .product(name: "ConformAdapter", package: "conform"),
        .product(name: "ConformJSON", package: "conform"),
        .product(name: "ConformTesting", package: "conform"),
      ]),
  ]
)
