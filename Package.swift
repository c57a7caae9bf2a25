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
      ]
    ),
    // The thin command-line front end.
    .executableTarget(name: "conform", dependencies: ["ConformKit"]),
    // What an app team links to speak the harness protocol from Swift.
    .target(name: "ConformAdapter", dependencies: ["ConformJSON"]),
    // Shared assertions, the golden-file helper and the path of the built binaries.
    .target(name: "ConformTestSupport", dependencies: ["ConformKit"]),
    .testTarget(name: "ConformKitTests", dependencies: ["ConformKit", "ConformTestSupport"]),
  ]
)
