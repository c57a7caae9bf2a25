import ConformArchive
import ConformFixtures
import ConformJSON

/// How a minimal case reads for a person, and as a fixture line to add to a table.
extension FuzzFinding {
  /// `<suite>/fuzz/<the first 12 hex digits of the SHA-256 of the input's canonical JSON>`.
  var id: String { "\(suite)/fuzz/\(SHA256.hex(JSONWriter.bytes(input)).prefix(12))" }

  /// The input's size, in bytes of canonical JSON.
  var bytes: Int { JSONWriter.bytes(input).count }

  /// The fixture line, ready to add: the expected output from the reference model.
  ///
  /// - Parameter names: the implementations' names, in the order of `answers`.
  package func fixture(seed: UInt64, names: [String]) -> FixtureCase {
    FixtureCase(
      id: id, suite: suite, tags: ["fuzz"], note: "found by conform fuzz (seed \(seed)): \(summary(names: names))",
      input: input, expected: expected)
  }

  /// One sentence: what the implementation did, or where the two disagree and whom the model
  /// sides with.
  func summary(names: [String]) -> String {
    if answers.count == 1 { return "\(names[0]) \(Self.describe(answers[0]))" }
    let side: String
    switch FuzzJudge.side(answers[0], answers[1]) {
    case .first: side = "the model sides with \(names[0])"
    case .second: side = "the model sides with \(names[1])"
    case .neither: side = "the model sides with neither"
    }
    return "\(names[0]) \(Self.describe(answers[0])) but \(names[1]) \(Self.describe(answers[1])); \(side)"
  }

  /// `answered {"eligible":false}`, `crashed: the implementation …`.
  static func describe(_ answer: FuzzAnswer) -> String {
    switch answer.status {
    case .pass, .fail: "answered \(answer.output.map(JSONWriter.string) ?? "nothing")"
    default: "\(answer.status.rawValue)" + (answer.message.map { ": \(String($0.prefix(160)))" } ?? "")
    }
  }

  /// The report's lines: a headline, the input, the difference, the replay command, the
  /// fixture line and the line that promotes it into the published table.
  ///
  /// - Parameters:
  ///   - replay: the command that repeats the search up to the first case that shrank here.
  ///   - promotion: the file and the line that promote the case, for a suite whose cases are not
  ///     in conform's source (a team's `cases.jsonl`); nil: the built-in suite's promoted file.
  package func lines(seed: UInt64, names: [String], replay: String, promotion: (file: String, line: String)? = nil) -> [String] {
    let differential = answers.count == 2
    var shrinks =
      count == 1
      ? "the search's only failing case with this cause" : "\(count.grouped) failing cases of the search with this cause"
    if variants > 1 {
      shrinks += " and \(Plural.count(variants - 1, "minimal case")) that fail\(variants == 2 ? "s" : "") the same way (merged)"
    }
    var lines = [
      "\(differential ? "DISAGREE" : "FAIL") \(id)  (\(shrinks); shrunk from the first, \(firstID), \(originalBytes) → \(bytes) bytes)"
    ]
    if let cause { lines.append("  cause: \(cause)" + (causeTitle.map { ": \($0)" } ?? "")) }
    lines.append("  input: \(JSONWriter.string(input))")
    // Combining marks, look-alikes and invisible spaces are where ports break, and unreadable raw.
    let text = JSONWriter.string(input)
    if !text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) {
      lines.append("  input, escaped: \(JSONDiffText.escaped(text))")
    }
    let (left, right, legend) =
      differential
      ? (answers[0].output, answers[1].output, (names[0], names[1])) : (expected, answers[0].output, ("expected", "actual"))
    if let left, let right, let diff = JSONDiff.diff(left, right, legend: legend) {
      lines += diff.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
    }
    if differential {
      lines.append("  \(summary(names: names))")
    } else if answers[0].status != .fail {
      lines.append("  \(Self.describe(answers[0]))")
      lines.append("  expected: \(JSONWriter.string(expected))")
    }
    lines.append("  replay: \(replay)")
    lines.append("  fixture: \(JSONWriter.string(fixture(seed: seed, names: names).json))")
    let promote = promotion ?? (PromotedCases.file(of: suite), promotedLine(seed: seed, names: names))
    lines.append("  promote: add to \(promote.file): \(promote.line)")
    return lines
  }

  /// The line that promotes the case into the suite's published table (`conform generate`).
  package func promotedLine(seed: UInt64, names: [String]) -> String {
    let fixture = fixture(seed: seed, names: names)
    return PromotedCases.line(name: String(fixture.id.dropFirst("\(suite)/fuzz/".count)), input: input, note: fixture.note)
  }
}
