import Testing

@testable import ConformBundle
@testable import ConformFixtures

/// The bundle version and the versioning rule `bundle create --previous` enforces.
@Suite struct BundleVersionTests {
  @Test(arguments: ["1.2.3", "0.0.0", "10.20.30", "1.0.0-rc.1", "1.0.0-0.3.7", "1.0.0-x-y.7z.92", "2.0.0--"])
  func parsesVersionsAndPreReleases(_ text: String) throws {
    #expect(try #require(SemanticVersion(text)).description == text)
  }

  @Test(arguments: [
    "1.2", "1.2.3.4", "01.2.3", "v1.2.3", "1..3", "", "1.2.x", "+1.2.3", "1.2.3 ", "1.2.3-", "1.2.3-rc..1",
    "1.2.3-01", "1.2.3-rc_1", "1.2.3-é", "1.2.3+build.5", "1.2.3-rc.1+build",
  ])
  func refusesEverythingElse(_ text: String) {
    #expect(SemanticVersion(text) == nil)
  }

  @Test func ordersAndBumps() {
    let version = SemanticVersion("1.4.2")!
    #expect(version.bumped(.major) == SemanticVersion("2.0.0"))
    #expect(version.bumped(.minor) == SemanticVersion("1.5.0"))
    #expect(version.bumped(.patch) == SemanticVersion("1.4.3"))
    #expect(SemanticVersion("1.10.0")! > SemanticVersion("1.9.9")!)
    #expect(version.step(to: SemanticVersion("2.0.0")!) == .major)
    #expect(version.step(to: SemanticVersion("1.5.7")!) == .minor)
    #expect(version.step(to: SemanticVersion("1.4.9")!) == .patch)
    #expect(version.step(to: SemanticVersion("1.3.9")!) == .none)
  }

  /// semver 2.0.0's own example of precedence, in order.
  @Test func ordersPreReleasesBySemverPrecedence() throws {
    let texts = [
      "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1",
      "1.0.0", "1.0.1-0", "1.0.1", "1.1.0-rc.1", "2.0.0-rc.1",
    ]
    let versions = try texts.map { try #require(SemanticVersion($0)) }
    for (a, b) in zip(versions, versions.dropFirst()) {
      #expect(a < b, "\(a) < \(b)")
      #expect(!(b < a), "\(b) < \(a)")
    }
    #expect(versions.shuffled().sorted() == versions)
  }

  /// From a pre-release, the step counts from the release it leads to.
  @Test(arguments: [
    ("1.4.2", "2.0.0-rc.1", VersionBump.major), ("1.4.2", "1.5.0-rc.1", .minor), ("1.4.2", "1.4.3-rc.1", .patch),
    ("2.0.0-rc.1", "2.0.0-rc.2", .major), ("2.0.0-rc.1", "2.0.0", .major), ("1.2.0-rc.1", "1.2.0", .minor),
    ("1.2.3-rc.1", "1.2.3", .patch), ("1.2.0-rc.1", "2.0.0", .major), ("1.0.0", "1.0.0-rc.1", .none),
  ])
  func stepsFromAndToPreReleases(from: String, to: String, step: VersionBump) {
    #expect(SemanticVersion(from)!.step(to: SemanticVersion(to)!) == step)
  }

  @Test func bumpsAPreReleaseToTheReleaseThatMakesTheBump() {
    #expect(SemanticVersion("2.0.0-rc.1")!.bumped(.major) == SemanticVersion("2.0.0"))
    #expect(SemanticVersion("1.2.0-rc.1")!.bumped(.major) == SemanticVersion("2.0.0"))
    #expect(SemanticVersion("1.2.0-rc.1")!.bumped(.minor) == SemanticVersion("1.2.0"))
    #expect(SemanticVersion("1.2.3-rc.1")!.bumped(.minor) == SemanticVersion("1.3.0"))
    #expect(SemanticVersion("1.2.3-rc.1")!.bumped(.patch) == SemanticVersion("1.2.3"))
  }

  @Test func refusesAPreReleaseAfterItsRelease() {
    #expect(throws: ConformError.usage("bundle create: version 1.0.0-rc.1 is not after the previous bundle's 1.0.0")) {
      try SemanticVersion("1.0.0-rc.1")!.checkRelease(after: SemanticVersion("1.0.0")!, required: .none, reason: nil)
    }
    #expect(
      throws: ConformError.usage(
        "bundle create: 1.2.0-rc.1 → 1.2.0 is a minor step, but a case removed needs a major version: use 2.0.0 "
          + "(see conform bundle diff for every change)")
    ) {
      try SemanticVersion("1.2.0")!.checkRelease(
        after: SemanticVersion("1.2.0-rc.1")!, required: .major, reason: "a case removed")
    }
    #expect(throws: Never.self) {
      try SemanticVersion("2.0.0")!.checkRelease(
        after: SemanticVersion("2.0.0-rc.1")!, required: .major, reason: "a case removed")
    }
  }

  @Test func refusesTooSmallABump() {
    let previous = SemanticVersion("1.4.2")!
    #expect(
      throws: ConformError.usage(
        "bundle create: 1.4.2 → 1.5.0 is a minor step, but timeline: expected output of timeline/seed/x changed needs a major "
          + "version: use 2.0.0 (see conform bundle diff for every change)")
    ) {
      try SemanticVersion("1.5.0")!.checkRelease(
        after: previous, required: .major, reason: "timeline: expected output of timeline/seed/x changed")
    }
    #expect(throws: ConformError.usage("bundle create: version 1.4.2 is not after the previous bundle's 1.4.2")) {
      try previous.checkRelease(after: previous, required: .none, reason: nil)
    }
    #expect(throws: Never.self) {
      try SemanticVersion("2.0.0")!.checkRelease(after: previous, required: .minor, reason: "cases added")
      try SemanticVersion("1.4.3")!.checkRelease(after: previous, required: .patch, reason: "a note")
    }
  }
}
