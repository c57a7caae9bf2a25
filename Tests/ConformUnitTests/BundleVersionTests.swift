import Testing

@testable import ConformKit

/// The bundle version and the versioning rule `bundle create --previous` enforces.
@Suite struct BundleVersionTests {
  @Test(arguments: ["1.2.3", "0.0.0", "10.20.30"])
  func parsesPlainVersions(_ text: String) throws {
    #expect(try #require(SemanticVersion(text)).description == text)
  }

  @Test(arguments: ["1.2", "1.2.3.4", "01.2.3", "1.2.3-beta", "v1.2.3", "1..3", "", "1.2.x", "+1.2.3", "1.2.3 "])
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
