import ConformJSON
import Foundation
import Testing

/// Golden files: a report's exact text kept under `Tests/Golden/`, compared byte for byte.
///
/// Whether a test may (re)write its golden file is chosen by `CONFORM_RECORD`, as in
/// swift-snapshot-testing:
///
/// | `CONFORM_RECORD`       | a missing golden          | a different golden |
/// | ---------------------- | ------------------------- | ------------------ |
/// | unset, `0`, `never`    | fails                     | fails              |
/// | `missing`              | written, and the test fails | fails            |
/// | `1`, `failed`          | written, and the test fails | rewritten, and the test fails |
/// | `all`                  | written, and the test fails | rewritten, and the test fails |
///
/// A recording run always fails, so it can never pass by accident; run the tests again to see
/// them pass. On CI (`CI` set) nothing is ever recorded, whatever `CONFORM_RECORD` says.
///
///     CONFORM_RECORD=1 swift test --filter Report
public enum Golden {
  public enum RecordMode: String, Sendable {
    case never, missing, failed, all
  }

  /// The folder that holds the golden files.
  public static let directory = TestSupport.packageRoot.appendingPathComponent("Tests/Golden")

  /// The mode from the environment; `never` on CI.
  public static func recordMode(environment: [String: String] = ProcessInfo.processInfo.environment) -> RecordMode {
    if let ci = environment["CI"], !ci.isEmpty, ci != "false", ci != "0" { return .never }
    switch environment["CONFORM_RECORD"] ?? "" {
    case "", "0", "never": return .never
    case "1", "failed": return .failed
    case let other: return RecordMode(rawValue: other) ?? .never
    }
  }

  /// Checks `actual` against the golden file `name` (a path under `Tests/Golden/`), recording it
  /// when the mode allows; every mismatch or recording is an issue at the caller's location.
  public static func assertMatches(
    _ actual: String, named name: String, mode: RecordMode = recordMode(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if let problem = check(actual, named: name, mode: mode) {
      Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
  }

  /// nil when `actual` matches the golden file; otherwise what is wrong and what was done.
  public static func check(_ actual: String, named name: String, mode: RecordMode) -> String? {
    let url = directory.appendingPathComponent(name)
    let record = "CONFORM_RECORD=1 swift test"
    guard let data = FileManager.default.contents(atPath: url.path) else {
      guard mode != .never else {
        return "golden file Tests/Golden/\(name) is missing: record it with \(record), then review and commit it"
      }
      write(actual, to: url)
      return "recorded the missing golden file Tests/Golden/\(name): review it, then run the tests again"
    }
    let golden = String(decoding: data, as: UTF8.self)
    if golden.utf8.elementsEqual(actual.utf8) {
      guard mode == .all else { return nil }
      return "re-recorded Tests/Golden/\(name) (CONFORM_RECORD=all): run the tests again without it"
    }
    let difference = lineDiff(golden, actual)
    guard mode == .failed || mode == .all else {
      return
        "output differs from Tests/Golden/\(name) (if the change is intended: \(record), then review the diff):\n\(difference)"
    }
    write(actual, to: url)
    return "re-recorded Tests/Golden/\(name), which differed:\n\(difference)\nreview it, then run the tests again"
  }

  /// The golden against the actual text, line by line, as JSONDiff shows arrays.
  static func lineDiff(_ golden: String, _ actual: String) -> String {
    let lines = { (text: String) in
      JSONValue.array(text.split(separator: "\n", omittingEmptySubsequences: false).map { .string(String($0)) })
    }
    return JSONDiff.diff(lines(golden), lines(actual), legend: ("golden", "actual")) ?? "(same lines)"
  }

  private static func write(_ text: String, to url: URL) {
    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? Data(text.utf8).write(to: url)
  }
}
