/// One numbered decision of a suite's written spec: an entry `### D3. Title` of its
/// `## Decisions` section, with the rule, the reason and the platform idioms that drift from it.
///
/// The spec is the one place decisions are written: the kit reads them from its text, each case
/// of a table lists the ids of those it exercises (from the reference model: `Suite.decisions(for:)`),
/// and reports group failures by them.
public struct Decision: Sendable, Equatable {
  /// `version-compare/D3`: stable across versions; a retired id is never reused.
  public var id: String
  /// 3 for `D3`.
  public var number: Int
  /// The heading's text after `D3. `, one sentence.
  public var title: String

  /// The id of decision `number` of `suite`.
  public static func id(suite: String, number: Int) -> String { "\(suite)/D\(number)" }
}

/// Reads the decision entries of a spec's Markdown.
public enum SpecDecisions {
  /// Every `### D<n>. <title>` heading of `spec`, in order; numbers ascend and are unique.
  ///
  /// - Throws: `SpecDecisions.Error` naming the line of a heading that starts `### D` but is not
  ///   an entry, or whose number does not ascend.
  public static func parse(_ spec: [UInt8], suite: String) throws(Error) -> [Decision] {
    var decisions: [Decision] = []
    for (index, line) in spec.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
      let text = String(decoding: line, as: UTF8.self)
      guard text.hasPrefix("### D") else { continue }
      let rest = text.dropFirst("### D".count)
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty, let number = Int(digits), number > 0, rest.dropFirst(digits.count).hasPrefix(". ") else {
        throw Error(line: index + 1, message: "a heading \"### D…\" must be \"### D<n>. <title>\", n from 1")
      }
      if let last = decisions.last, number <= last.number {
        throw Error(line: index + 1, message: "D\(number) follows D\(last.number): decision numbers ascend and never repeat")
      }
      let title = String(rest.dropFirst(digits.count + 2)).trimmingTrailingSpaces
      guard !title.isEmpty else { throw Error(line: index + 1, message: "D\(number) has no title") }
      decisions.append(Decision(id: Decision.id(suite: suite, number: number), number: number, title: title))
    }
    return decisions
  }

  /// A spec whose decision headings are malformed: the kit's own specs are checked by its tests,
  /// a team's when its suite is loaded.
  public struct Error: Swift.Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var text = Substring(self)
    while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
    return String(text)
  }
}
