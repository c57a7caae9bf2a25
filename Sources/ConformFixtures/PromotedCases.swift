import ConformJSON

/// The cases `conform fuzz` found and a person promoted into a suite's published table, so a bug
/// found once is caught forever.
///
/// They live in the suite's folder as `<suite>.promoted.jsonl` (embedded in the kit like the
/// spec): one JSON object a line with `name`, `input` and `note` (what it found). Each becomes the
/// case `<suite>/fuzz/<name>`, tagged `fuzz`, after the suite's own cases; its expected output is
/// the reference model's, computed when the table is made, never stored by hand.
public enum PromotedCases {
  /// The drafts of a promoted-cases file, in its order.
  ///
  /// - Throws: `ConformError.file` naming the file, the line and what is wrong: a bad line, a
  ///   name that is not a plain id part, a name used twice, an input outside the suite's domain.
  public static func drafts(of suite: any Suite, bytes: [UInt8]) throws(ConformError) -> [CaseDraft] {
    let path = file(of: suite.name)
    var drafts: [CaseDraft] = []
    var names = Set<String>()
    for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
      let problem: String
      do {
        let fields = try JSONFields(try JSONReader.parse(line))
        try fields.rejectUnknown(["input", "name", "note"])
        let name = try fields.string("name")
        let input = try fields.value("input")
        guard isPlainName(name) else {
          throw JSONShapeError(path: "name", message: "\"\(name)\" is not a plain name (letters, digits, - and _)")
        }
        guard names.insert(name).inserted else { throw JSONShapeError(path: "name", message: "\"\(name)\" is used twice") }
        _ = try suite.expected(for: input)
        drafts.append(CaseDraft("fuzz/\(name)", tags: ["fuzz"], note: try fields.string("note"), input: input))
        continue
      } catch {
        problem = "\(error)"
      }
      throw .file(path: path, line: index + 1, message: problem)
    }
    return drafts
  }

  /// The line that promotes `input` into `suite`'s table, canonical JSON.
  public static func line(name: String, input: JSONValue, note: String) -> String {
    JSONWriter.string(["input": input, "name": .string(name), "note": .string(note)])
  }

  /// Where `suite`'s promoted cases are kept, from the package's root: the suite's folder is its
  /// name in upper camel case (`version-compare` → `VersionCompare`).
  public static func file(of suite: String) -> String {
    let folder = suite.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    return "Sources/ConformSuites/\(folder)/\(suite).promoted.jsonl"
  }

  static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty
      && name.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
      }
  }
}

extension Suite {
  /// The suite's promoted cases (see `PromotedCases`); a file the kit was built with that does not
  /// read is a defect of the build, which `PromotedCasesTests` catches first.
  public var promotedDrafts: [CaseDraft] {
    do {
      return try PromotedCases.drafts(of: self, bytes: promoted)
    } catch {
      preconditionFailure("\(error)")
    }
  }

  /// The suite's own drafts, then its promoted cases.
  package func withPromoted(_ drafts: [CaseDraft]) -> AnySequence<CaseDraft> {
    AnySequence(drafts + promotedDrafts)
  }
}
