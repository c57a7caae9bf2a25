#if canImport(Testing)
  import ConformJSON
  import Testing

  extension ConformCase: CustomTestStringConvertible {
    /// The id, which names each test case in Swift Testing's output.
    public var testDescription: String { id }
  }

  extension ConformCase {
    /// Records an issue unless `actual` is the expected output; the issue's comment is
    /// `failureMessage(actual:)`: the id, note, input, expected and actual output and their diff.
    public func check(_ actual: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) {
      if let message = failureMessage(actual: actual) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
      }
    }

    /// Checks what `answer` returns; an error it throws is an issue too, naming the case.
    public func check(sourceLocation: SourceLocation = #_sourceLocation, _ answer: () async throws -> JSONValue) async {
      do {
        check(try await answer(), sourceLocation: sourceLocation)
      } catch {
        Issue.record(Comment(rawValue: failureMessage(error: error)), sourceLocation: sourceLocation)
      }
    }
  }

  extension ConformBundle {
    /// Ends the current test as skipped (cancelled), in one line: `suite`'s cases were not run
    /// because the app does not implement it. Never a pass, never a failure.
    public func skip(_ suite: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Never {
      try Test.cancel(Comment(rawValue: notImplementedMessage(suite)), sourceLocation: sourceLocation)
    }

    /// `skip(_:)` on the pinned bundle (`CONFORM_FIXTURES`, `CONFORM_FIXTURES_DIGEST`).
    public static func skip(_ suite: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Never {
      try pinned().skip(suite, sourceLocation: sourceLocation)
    }
  }
#endif
