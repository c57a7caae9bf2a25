// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "conform",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "conform", targets: ["conform"]),
    .library(name: "ConformKit", targets: ["ConformKit"]),
    .library(name: "ConformAdapter", targets: ["ConformAdapter"]),
    .library(name: "ConformJSON", targets: ["ConformJSON"]),
    .executable(name: "swift-reference", targets: ["swift-reference"]),
    .executable(name: "swift-ports", targets: ["swift-ports"]),
  ],
  targets: [
    // The strict JSON layer: exact integers, canonical output, errors with line and column.
    .target(name: "ConformJSON"),
    // Every capability of the kit: suites, generator, protocol, harness, reporter, bundles.
    .target(
      name: "ConformKit",
      dependencies: ["ConformJSON"],
      resources: [
        .embedInCode("Suites/Eligibility/eligibility.md"),
        .embedInCode("Suites/VersionCompare/version-compare.md"),
        .embedInCode("Suites/Timeline/timeline.md"),
        .embedInCode("Suites/DrawFreshness/draw-freshness.md"),
        .embedInCode("Suites/RestartPrompt/restart-prompt.md"),
      ]
    ),
    // The thin command-line front end.
    .executableTarget(name: "conform", dependencies: ["ConformKit"]),
    // What an app team links to speak the harness protocol from Swift.
    .target(name: "ConformAdapter", dependencies: ["ConformJSON"]),
    // The Swift reference implementation of every suite, written as an app would write it.
    .executableTarget(name: "swift-reference", dependencies: ["ConformAdapter"]),
    // Drifting ports: the reference with one realistic bug each, chosen by name.
    .executableTarget(name: "swift-ports", dependencies: ["ConformAdapter"]),
    // Shared assertions, the golden-file helper and the path of the built binaries.
    .target(name: "ConformTestSupport", dependencies: ["ConformKit"]),
    .testTarget(name: "ConformKitTests", dependencies: ["ConformKit", "ConformTestSupport", "ConformAdapter"]),
  ]
)
