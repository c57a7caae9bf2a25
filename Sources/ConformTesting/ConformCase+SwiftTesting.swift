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

  extension Trait where Self == ConditionTrait {
    /// Skips the test, with one line naming the pinned bundle's suites not in `implemented` and
    /// how many cases each has, when there are any: their cases are not run, which is neither a
    /// pass nor a failure. The test runs when the app implements every suite of the bundle, or
    /// when the bundle cannot be opened (its body then reports why).
    ///
    /// (A trait, not `Test.cancel`: Swift Testing 6.3 writes a cancelled test into the
    /// `--xunit-output` file as passed, and a cancelled test case of a parameterized test also on
    /// the console.)
    ///
    /// - Parameter bundle: the bundle; by default the pinned one (`CONFORM_FIXTURES`,
    ///   `CONFORM_FIXTURES_DIGEST`), nil when it cannot be opened.
    public static func skippedForSuites(
      notIn implemented: [String], of bundle: ConformBundle? = try? ConformBundle.pinned(),
      sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
      let message = bundle?.notImplementedMessage(except: implemented)
      return .disabled(if: message != nil, message.map { Comment(rawValue: $0) }, sourceLocation: sourceLocation)
    }
  }
#endif
