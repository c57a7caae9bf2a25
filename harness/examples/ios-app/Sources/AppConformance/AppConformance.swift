import ConformAdapter
import ConformJSON

/// The app's answers to conform's suites: case input → AppLogic call → output JSON.
///
/// The adapter (`conform-adapter`) and the bundle test (`BundleConformanceTests`) both answer
/// through here, so the two can never check different code.
public enum AppConformance {
  /// How one suite is answered. Pure functions stay synchronous, so the adapter needs no task per
  /// case for them.
  enum Handler: Sendable {
    case synchronous(@Sendable (CaseInput) throws -> JSONValue)
    case asynchronous(@Sendable (CaseInput) async throws -> JSONValue)
  }

  /// Every suite this app answers, by name: the one list the adapter and the test read.
  static let handlers: [String: Handler] = [
    "eligibility": .synchronous(EligibilitySuite.answer),
    "version-compare": .synchronous(VersionCompareSuite.answer),
    "timeline": .asynchronous(TimelineSuite.answer),
  ]

  /// The suites this app answers, in code point order.
  public static var suites: [String] { handlers.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }

  /// Answers one case, as the adapter would: the output of a `result`, or a thrown error for an
  /// `error` answer.
  public static func answer(_ input: CaseInput) async throws -> JSONValue {
    switch handlers[input.suite] {
    case .synchronous(let answer): try answer(input)
    case .asynchronous(let answer): try await answer(input)
    case nil: throw UnknownSuite(name: input.suite)
    }
  }

  /// A case of a suite this app does not answer.
  public struct UnknownSuite: Error, CustomStringConvertible {
    public var name: String
    public var description: String { "suite \"\(name)\" is not one of this app's (\(suites.joined(separator: ", ")))" }
  }
}

extension Adapter {
  /// Registers every suite of `AppConformance`.
  public mutating func registerAppSuites() {
    for (suite, handler) in AppConformance.handlers {
      switch handler {
      case .synchronous(let answer): register(suite, answer)
      case .asynchronous(let answer): register(suite, answer)
      }
    }
  }
}
