import ConformFixtures
import ConformJSON

extension VersionCompareSuite {
  /// The numbers of the spec's decisions (`### D3.` is 3) that decide `input`'s answer, ascending,
  /// never empty.
  ///
  /// Decision n is listed when a port that breaks decision n, in the way its **Drift** paragraph
  /// names, answers `input` differently from the reference: the model is run once with each
  /// decision's drift alone (`VersionComparison.Drift`) and compared with the reference answer.
  /// When no single drift changes the answer, the list is the rule that gave it, by the branch of
  /// the model that returned: D12 (a version has no parts), D10 (the first differing part) or D9
  /// (every part equal). Never read from the case's id, name, tags or note.
  ///
  /// - Throws: `JSONShapeError` naming the field, exactly as `expected(for:)` does, when `input`
  ///   is outside the spec's domain.
  public func decisions(for input: JSONValue) throws -> [Int] {
    let fields = try JSONFields(input)
    try fields.rejectUnknown(["local", "remote"])
    let remote = try fields.string("remote")
    let local = try fields.string("local")
    return Self.decisions(remote: remote, local: local)
  }

  /// The decisions of the pair of versions (see `decisions(for:)`).
  static func decisions(remote: String, local: String) -> [Int] {
    decisions(remote: remote, local: local, skippingDriftsThatCannotMatter: true)
  }

  /// The decisions of the pair of versions; with `skip`, without running the drifts that
  /// `VersionComparison.Drift.canChange` rules out (the same list, fewer model runs:
  /// `VersionCompareDecisionsTests` checks both ways agree).
  static func decisions(remote: String, local: String, skippingDriftsThatCannotMatter skip: Bool) -> [Int] {
    let reference = VersionComparison.isNewer(remote, than: local)
    let branch = VersionComparison.isNewer(remote, than: local, drift: []).branch
    let facts = skip ? VersionComparison.Drift.Facts(remote: remote, local: local, newer: reference, branch: branch) : nil
    let drifted = VersionComparison.Drift.byDecision.compactMap { entry -> Int? in
      if let facts, !entry.drift.canChange(facts) { return nil }
      return VersionComparison.isNewer(remote, than: local, drift: entry.drift).newer == reference ? nil : entry.decision
    }
    if !drifted.isEmpty { return drifted }
    switch branch {
    case .noParts: return [12]
    case .equal: return [9]
    case .firstDifference, .longer, .preRelease: return [10]
    }
  }
}

extension VersionComparison.Drift {
  /// What the gate of `canChange(_:)` reads of a pair of versions and the reference's answer.
  struct Facts {
    var newer: Bool
    var branch: VersionComparison.Branch
    /// A scalar outside ASCII, in either version.
    var nonASCII: Bool
    /// A `+` or `-`, in either version.
    var sign: Bool
    /// A `-`, in either version.
    var dash: Bool
    /// The longest run of ASCII digits, in either version.
    var longestDigitRun: Int
    /// A version that is empty, starts or ends with a dot, or holds two dots in a row.
    var emptyPiece: Bool
    /// The two versions have different numbers of parts.
    var differentPartCounts: Bool

    init(remote: String, local: String, newer: Bool, branch: VersionComparison.Branch) {
      self.newer = newer
      self.branch = branch
      (nonASCII, sign, dash, longestDigitRun, emptyPiece) = (false, false, false, 0, false)
      for version in [remote, local] {
        let bytes = Array(version.utf8)
        emptyPiece =
          emptyPiece || bytes.isEmpty || bytes.first == UInt8(ascii: ".") || bytes.last == UInt8(ascii: ".")
          || zip(bytes, bytes.dropFirst()).contains { $0 == UInt8(ascii: ".") && $1 == UInt8(ascii: ".") }
        var run = 0
        for byte in bytes {
          nonASCII = nonASCII || byte >= 0x80
          sign = sign || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
          dash = dash || byte == UInt8(ascii: "-")
          run = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? run + 1 : 0
          longestDigitRun = max(longestDigitRun, run)
        }
      }
      differentPartCounts = VersionComparison.parts(of: remote).count != VersionComparison.parts(of: local).count
    }
  }

  /// False when this single drift cannot change the reference's answer on the pair `facts`
  /// describes, so `decisions(for:)` need not run it; true when it may.
  func canChange(_ facts: Facts) -> Bool {
    switch self {
    case .emptyPiecesKept: facts.emptyPiece
    // Only non-ASCII scalars are non-ASCII digits or grapheme-extend a dot.
    case .unicodeDigits, .graphemeSplit: facts.nonASCII
    case .int32Parts: facts.longestDigitRun >= 10
    case .exactWideParts: facts.longestDigitRun >= 19
    case .signsRefused: facts.sign
    case .preReleaseOrder: facts.dash
    case .noPadding: facts.branch != .noParts && facts.differentPartCounts
    case .equalIsNewer: facts.branch == .equal
    case .pastSmallerPart: facts.branch == .firstDifference && !facts.newer
    case .noPartsIsZero: facts.branch == .noParts
    default: true
    }
  }
}

extension VersionCompareSuite {
  /// Each decision's drift, named as in `VersionComparison.Drift`.
  static let namedDrifts: [DecisionDrift] = VersionComparison.Drift.byDecision.map {
    DecisionDrift(decision: $0.decision, name: $0.name)
  }

  public var drifts: [DecisionDrift] { Self.namedDrifts }

  /// The answer with `drifts` together (`VersionComparison.Drift`); nil for an input that is not
  /// a pair of versions.
  public func answer(for input: JSONValue, drifting drifts: [DecisionDrift]) -> DriftedAnswer? {
    guard let fields = try? JSONFields(input), let remote = try? fields.string("remote"), let local = try? fields.string("local")
    else { return nil }
    var drift: VersionComparison.Drift = []
    for each in drifts {
      guard let entry = VersionComparison.Drift.byDecision.first(where: { $0.decision == each.decision && $0.name == each.name })
      else { return nil }
      drift.insert(entry.drift)
    }
    return .output(["newer": .bool(VersionComparison.isNewer(remote, than: local, drift: drift).newer)])
  }
}
