#if canImport(XCTest)
  import ConformJSON
  import XCTest

  /// Fails the current XCTest test with `fixture.failureMessage(actual:)` (the id, note, input,
  /// expected and actual output and their diff) unless `actual` is the expected output. An error
  /// thrown by `actual` fails it too, naming the case.
  public func XCTAssertConforms(
    _ fixture: ConformCase, _ actual: @autoclosure () throws -> JSONValue, file: StaticString = #filePath, line: UInt = #line
  ) {
    do {
      if let message = fixture.failureMessage(actual: try actual()) { XCTFail(message, file: file, line: line) }
    } catch {
      XCTFail(fixture.failureMessage(error: error), file: file, line: line)
    }
  }

  extension ConformBundle {
    /// Throws `XCTSkip` with one line naming the bundle's suites not in `implemented` and their
    /// case counts (the test is reported as skipped), or returns when the app implements them all.
    public func xcTestSkipSuites(except implemented: [String]) throws {
      if let message = notImplementedMessage(except: implemented) { throw XCTSkip(message) }
    }
  }
#endif
