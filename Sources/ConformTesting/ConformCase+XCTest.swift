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
    /// The error to throw from an XCTest test for a suite the app does not implement: the test
    /// is reported as skipped, with `notImplementedMessage(suite)`.
    public func xcTestSkip(_ suite: String) -> XCTSkip { XCTSkip(notImplementedMessage(suite)) }
  }
#endif
