import ConformFixtures

/// A list of case ids expected to fail, each with an optional reason.
///
/// A listed case that fails does not fail the gate; a listed case that passes does (the list is
/// stale), so the list can never silently outlive the bug it excuses.
///
///     # one case id per line; a reason may follow '#'
///     version-compare/pitfall/double-dot  # Kotlin split keeps empty pieces (ANDROID-123)
public struct KnownFailures: Sendable, Equatable {
  public struct Entry: Sendable, Equatable {
    public var id: String
    public var reason: String?
    /// The list's file and the 1-based line in it.
    public var path: String
    public var line: Int

    package init(id: String, reason: String?, path: String, line: Int) {
      self.id = id
      self.reason = reason
      self.path = path
      self.line = line
    }
  }

  public var path: String
  public var entries: [String: Entry]

  public init(path: String, entries: [String: Entry]) {
    self.path = path
    self.entries = entries
  }

  public static func read(_ path: String) throws(ConformError) -> KnownFailures {
    try parse(String(decoding: try FileIO.read(path), as: UTF8.self), path: path)
  }

  public static func parse(_ text: String, path: String) throws(ConformError) -> KnownFailures {
    var entries: [String: Entry] = [:]
    // Split the scalars, not the Characters: "\r\n" is one Character, so a file with CRLF line
    // endings would otherwise be a single line.
    for (index, scalars) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let rawLine = Substring(scalars)
      let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
      let parts = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      let id = parts[0].trimmingCharacters(in: " \t")
      let reason = parts.count > 1 ? parts[1].trimmingCharacters(in: " \t") : nil
      if id.isEmpty { continue }
      guard FixtureCase.isValidID(id), id.contains("/") else {
        throw .file(path: path, line: index + 1, message: "\"\(id)\" is not a case id (one id per line, a reason after '#')")
      }
      if let first = entries[id] {
        throw .file(path: path, line: index + 1, message: "\(id) is listed twice (first on line \(first.line))")
      }
      entries[id] = Entry(id: id, reason: reason.flatMap { $0.isEmpty ? nil : $0 }, path: path, line: index + 1)
    }
    return KnownFailures(path: path, entries: entries)
  }

  /// Fails on an entry that names no case of the fixtures, so a typo cannot hide a failure.
  public func check(against ids: Set<String>) throws(ConformError) {
    for entry in entries.values.sorted(by: { $0.line < $1.line }) where !ids.contains(entry.id) {
      throw .file(
        path: path, line: entry.line,
        message: "\(entry.id) is not a case of these fixtures: remove it, or check the fixtures version")
    }
  }

  /// The file `--write-known-failures` writes: every case that fails the gate, with its status.
  public static func render(_ outcomes: [CaseOutcome]) -> String {
    var text = "# conform known failures: one case id per line, a reason after '#'.\n"
    text += "# A listed case that passes fails the run, so remove it when its bug is fixed.\n"
    for outcome in outcomes where outcome.failsWithoutExcuse || outcome.knownFailure != nil && !outcome.isStaleKnownFailure {
      let reason = outcome.knownFailure?.reason ?? outcome.summaryReason
      text += "\(outcome.id)  # \(reason)\n"
    }
    return text
  }
}

extension Substring {
  package func trimmingCharacters(in set: String) -> String {
    var slice = self[...]
    while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
    while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
    return String(slice)
  }
}
