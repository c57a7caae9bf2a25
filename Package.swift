// swift-tools-version:6.0
import Foundation
import PackageDescription

/// Every suite's written spec (`Sources/ConformKit/Suites/<Suite>/<name>.md`), its description
/// (`<name>.suite.json`: decisions and schemas, a team's `suite.json` format) and promoted cases
/// (`<name>.promoted.jsonl`), embedded in the kit as `PackageResources.<name>_md`,
/// `<name>_suite_json` and `<name>_promoted_jsonl`: a new suite's folder brings them with it, no
/// line here (a file added later needs the manifest read again: SwiftPM caches it by its text).
/// The description is not named `suite.json` as a team's is: SwiftPM refuses two resources of one
/// name in a target.
let suiteSpecs: [Resource] = {
  let suites = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Sources/ConformKit/Suites")
  let folders = (try? FileManager.default.contentsOfDirectory(atPath: suites.path)) ?? []
  return folders.sorted().flatMap { folder -> [Resource] in
    let files = (try? FileManager.default.contentsOfDirectory(atPath: suites.appendingPathComponent(folder).path)) ?? []
    let embedded = files.filter { $0.hasSuffix(".md") || $0.hasSuffix(".suite.json") || $0.hasSuffix(".promoted.jsonl") }
    return embedded.sorted().map { .embedInCode("Suites/\(folder)/\($0)") }
  }
}()

/// harness/PROTOCOL.md and harness/schema/*.json, embedded as `PackageResources.PROTOCOL_md`,
/// `<name>_schema_json`, so that every conform, a release binary far from its checkout too, packs
/// them into the bundles it makes. The rest of harness/ is left out of the target.
let protocolDocuments: (resources: [Resource], exclude: [String]) = {
  let harness = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("harness")
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: harness.path)) ?? []
  let schemas = (try? FileManager.default.contentsOfDirectory(atPath: harness.appendingPathComponent("schema").path)) ?? []
  let resources = ["PROTOCOL.md"] + schemas.filter { $0.hasSuffix(".json") }.sorted().map { "schema/\($0)" }
  let swift = (try? FileManager.default.contentsOfDirectory(atPath: harness.appendingPathComponent("swift").path)) ?? []
  let exclude = entries.filter { !["PROTOCOL.md", "schema", "swift"].contains($0) }.sorted()
    + swift.filter { $0 != "ProtocolDocuments.swift" }.sorted().map { "swift/\($0)" }
  return (resources.map { .embedInCode($0) }, exclude)
}()

let testDependencies: [Target.Dependency] = [
  "ConformKit", "ConformCLI", "ConformTestSupport", "ConformAdapter", "ConformArchive", "ConformPlatform", "ConformProtocol",
]

let package = Package(
  name: "conform",
  // Synchronization (macOS 15, iOS 18) is not used: the libraries a team links build from here up
  // (README, "Platforms"). PlatformFloorTests keeps every target at this floor.
  platforms: [.macOS(.v12), .iOS(.v15)],
  products: [
    .executable(name: "conform", targets: ["conform"]),
    .library(name: "ConformKit", targets: ["ConformKit"]),
    .library(name: "ConformAdapter", targets: ["ConformAdapter"]),
    .library(name: "ConformJSON", targets: ["ConformJSON"]),
    .library(name: "ConformTesting", targets: ["ConformTesting"]),
    .executable(name: "swift-reference", targets: ["swift-reference"]),
    .executable(name: "swift-ports", targets: ["swift-ports"]),
  ],
  targets: [
    // The operating-system layer: spawning, signals, pipes, the executable's path, peak memory,
    // the CPU model and the adapter's raw IO, with a Glibc and a Darwin branch; the only target
    // that imports the C library by name (harness/portability.sh checks).
    .target(name: "ConformPlatform"),
    // The strict JSON layer: exact integers, canonical output, errors with line and column.
    .target(name: "ConformJSON"),
    // gzip, DEFLATE, CRC-32 and ustar, written for untrusted input: the bundles' archive layer,
    // knowing nothing of bundles.
    .target(name: "ConformArchive"),
    // The harness protocol's wire format, shared by the kit and the Swift adapter: each line
    // kind (hello, case, answer, fixture line, results record) laid out once, its fast encoder
    // reporting where its parts land, and the one byte scanner that reads answers back.
    .target(name: "ConformProtocol", dependencies: ["ConformJSON"]),
    // Every capability of the kit: suites, generator, protocol, harness, reporter, bundles;
    // no command line (ConformCLI) and no stderr of its own (the harness reports to a sink).
    // The protocol's documents every bundle carries: harness/PROTOCOL.md and its schemas.
    .target(
      name: "ConformDocuments", path: "harness", exclude: protocolDocuments.exclude, sources: ["swift/ProtocolDocuments.swift"],
      resources: protocolDocuments.resources),
    .target(
      name: "ConformKit",
      dependencies: ["ConformArchive", "ConformDocuments", "ConformJSON", "ConformPlatform", "ConformProtocol"],
      resources: suiteSpecs
    ),
    // The command-line layer: each command's options declared once, parsed, documented in
    // --help and recorded; the bench and mutants commands.
    .target(name: "ConformCLI", dependencies: ["ConformArchive", "ConformKit", "ConformJSON", "ConformPlatform", "ConformProtocol"]),
    // The executable: signals, then ConformCLI.
    .executableTarget(name: "conform", dependencies: ["ConformCLI", "ConformKit", "ConformPlatform"]),
    // What an app team links to speak the harness protocol from Swift.
    .target(name: "ConformAdapter", dependencies: ["ConformJSON", "ConformPlatform", "ConformProtocol"]),
    // What an app team's tests link to check the app against a pinned bundle, case by case, with
    // Swift Testing or XCTest. Foundation, ConformArchive and ConformJSON only, so it builds for
    // iOS, macOS and Linux: no processes, no file descriptors, no ConformKit. It therefore has its
    // own small bundle reader; the kit's streams tables through file descriptors and checks more
    // (tags, canonical form, unlisted files) with ConformKit's errors.
    .target(name: "ConformTesting", dependencies: ["ConformArchive", "ConformJSON"]),
    // The Swift reference implementation of every suite, written as an app would write it.
    .executableTarget(name: "swift-reference", dependencies: ["ConformAdapter"]),
    // Drifting ports: the reference with one realistic bug each, chosen by name.
    .executableTarget(name: "swift-ports", dependencies: ["ConformAdapter", "ConformJSON"]),
    // Shared assertions, the golden-file helper, the path of the built binaries, and sample runs
    // for the reporter's tests in every tier.
    .target(name: "ConformTestSupport", dependencies: ["ConformJSON", "ConformKit", "ConformPlatform"]),
    // The tests come in three tiers, one target each (README, "Tests"): unit tests start no
    // process (the fast tier: `swift test --filter ConformUnitTests`); end-to-end tests run the
    // built binaries on small tables; slow tests build the example apps, replay the README's
    // transcripts, drive a browser, run the bench and every port over the full tables.
    .testTarget(name: "ConformUnitTests", dependencies: testDependencies),
    .testTarget(name: "ConformKitTests", dependencies: testDependencies),
    .testTarget(name: "ConformSlowTests", dependencies: testDependencies),
    .testTarget(name: "ConformArchiveTests", dependencies: ["ConformArchive", "ConformKit", "ConformTestSupport"]),
    // Runs the built conform binary to make real bundles (build it first: `swift build`).
    .testTarget(name: "ConformTestingTests", dependencies: ["ConformTesting", "ConformJSON", "ConformTestSupport"]),
  ]
)
