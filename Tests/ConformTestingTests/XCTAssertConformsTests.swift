#if canImport(XCTest)
  import ConformJSON
  import ConformTesting
  import XCTest

  /// `XCTAssertConforms` from an XCTest test: no failure for the expected output. (corelibs-xctest
  /// has no `XCTExpectFailure`, so its failing path is checked through `failureMessage(actual:)`.)
  final class XCTAssertConformsTests: XCTestCase {
    func testTheExpectedOutputConforms() {
      let fixture = ConformCase(
        id: "version-compare/seed/a", suite: "version-compare", note: "n", input: ["a": "1"], expected: ["newer": true],
        location: "x")
      XCTAssertConforms(fixture, ["newer": true])
      XCTAssertEqual(fixture.failureMessage(actual: ["newer": false])?.hasSuffix("- newer: true\n+ newer: false"), true)
    }
  }
#endif
