import ConformJSON
import Testing

@testable import ConformFixtures
@testable import ConformSuites

/// The `domain/` and `pairwise/` families of `eligibility` and decision D10.
@Suite struct EligibilityBoundariesTests {
  static let suite = EligibilitySuite()
  static let published = Array(suite.drafts(options: .published))

  static func expected(_ name: String) throws -> JSONValue {
    let draft = try #require(published.first { $0.name == name }, "no published case \(name)")
    return try suite.expected(for: draft.input)
  }

  /// D10: each count outside 0...2147483647 answers count-out-of-range, even when forced; 0 and
  /// 2147483647 are inside and get an ordinary answer.
  @Test(arguments: [
    ("domain/winThreshold/minus-1", "count-out-of-range"),
    ("domain/winThreshold/int32-max+1", "count-out-of-range"),
    ("domain/cooldownDays/2to32", "count-out-of-range"),
    ("domain/cooldownDays/int64-min", "count-out-of-range"),
    ("domain/wonCompletionCount/int64-max", "count-out-of-range"),
    ("domain/wonCompletionCount/minus-1/force", "count-out-of-range"),
    ("domain/every-count/2to32", "count-out-of-range"),
  ])
  func outsideTheDomainIsAnError(name: String, reason: String) throws {
    #expect(try Self.expected(name) == ["error": .string(reason)])
    let draft = try #require(Self.published.first { $0.name == name })
    #expect(try Self.suite.decisions(for: draft.input) == [10])
  }

  @Test(arguments: [
    ("domain/winThreshold/0", true),
    ("domain/winThreshold/int32-max", false),
    ("domain/cooldownDays/0", true),
    ("domain/cooldownDays/int32-max", false),
    ("domain/wonCompletionCount/0", false),
    ("domain/wonCompletionCount/int32-max", true),
  ])
  func justInsideIsAnOrdinaryAnswer(name: String, eligible: Bool) throws {
    #expect(try Self.expected(name) == ["eligible": .bool(eligible)])
  }

  /// A count of the wrong JSON type is not outside the domain: it cannot be read at all.
  @Test func aCountOfTheWrongTypeStillThrows() throws {
    var input = try #require(EligibilitySuite.base().objectValue)
    input["wonCompletionCount"] = "5"
    #expect(throws: JSONShapeError.self) { try Self.suite.expected(for: .object(input)) }
    #expect(throws: JSONShapeError.self) { try Self.suite.decisions(for: .object(input)) }
  }

  /// The ordinary values are eligible, so a boundary alone shows in the answer.
  @Test func boundariesAloneAnswerAsTheSpecSays() throws {
    let ordinary = EligibilitySuite.pairwiseTable.input([0, 0, 0, 0, 0, 0, 0, 0])
    #expect(try Self.suite.expected(for: ordinary.json) == ["eligible": true])
    // A day at 2^32: far after the attempt (eligible), a last attempt far in the future (refused).
    #expect(try Self.expected("pairwise/one/todayEpochDay/2to32") == ["eligible": true])
    #expect(try Self.expected("pairwise/one/lastAttemptEpochDay/2to32") == ["eligible": false])
    #expect(try Self.expected("pairwise/one/lastAttemptEpochDay/int64-min") == ["eligible": true])
    #expect(try Self.expected("pairwise/one/todayEpochDay/int64-min") == ["eligible": false])
    // Blank versions are versions: neither equals 1.0.0, so nothing refuses.
    #expect(try Self.expected("pairwise/one/lastPromptedVersion/trailing-space") == ["eligible": true])
    #expect(try Self.expected("pairwise/one/currentVersion/nbsp") == ["eligible": true])
    #expect(try Self.expected("pairwise/one/winThreshold/int32-max") == ["eligible": false])
    #expect(try Self.expected("pairwise/one/cooldownDays/int32-max") == ["eligible": false])
  }

  @Test func thePairwiseFamilyIsEachBoundaryAloneThenTheAllPairsRows() {
    let fields = EligibilitySuite.pairwiseTable
    let pairwise = Self.published.filter { $0.name.hasPrefix("pairwise/") }
    let alone = fields.counts.reduce(0) { $0 + $1 - 1 }
    #expect(alone == 49)
    #expect(pairwise.filter { $0.name.hasPrefix("pairwise/one/") }.count == alone)
    #expect(pairwise.count == alone + Pairwise.rows(levels: fields.counts).count)
    #expect(Set(pairwise.map(\.name)).count == pairwise.count, "ids are unique")
  }

  /// Issue 29's masking: for every integer field a 32-bit truncation of that field alone changes
  /// the answer of some published case, so a port that narrows it is seen.
  @Test(arguments: [
    ["config", "winThreshold"], ["config", "cooldownDays"], ["wonCompletionCount"], ["lastAttemptEpochDay"],
    ["todayEpochDay"],
  ])
  func aTruncationOfEachIntegerFieldChangesAnAnswer(path: [String]) throws {
    var changed: [String] = []
    for draft in Self.published {
      guard let narrowed = JSONTruncation.truncating(draft.input, at: path) else { continue }
      if try Self.suite.expected(for: narrowed) != Self.suite.expected(for: draft.input) { changed.append(draft.name) }
    }
    #expect(!changed.isEmpty, "no case sees \(path) narrowed to 32 bits")
  }
}
