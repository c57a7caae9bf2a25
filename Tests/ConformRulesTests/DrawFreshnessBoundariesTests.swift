import ConformJSON
import Testing

@testable import ConformFixtures
@testable import ConformSuites

/// The `domain/` and `pairwise/` families of `draw-freshness` and decision D17.
@Suite struct DrawFreshnessBoundariesTests {
  static let suite = DrawFreshnessSuite()
  static let published = Array(suite.drafts(options: .published))

  static func input(_ name: String) throws -> JSONValue {
    try #require(published.first { $0.name == name }, "no published case \(name)").input
  }

  /// D17: the first field outside the domain names the reason, and the case lists D17 alone.
  @Test(arguments: [
    ("domain/now/minus-1", "now-out-of-range"),
    ("domain/now/year-10000", "now-out-of-range"),
    ("domain/now/int64-min", "now-out-of-range"),
    ("domain/retryAfterSeconds/0", "retry-out-of-range"),
    ("domain/retryAfterSeconds/86401", "retry-out-of-range"),
    ("domain/retryAfterSeconds/2to32+900", "retry-out-of-range"),
    ("domain/cached/round/0", "round-out-of-range"),
    ("domain/fetched/round/2to32+1154", "round-out-of-range"),
    ("domain/cached/number/minus-1", "number-out-of-range"),
    ("domain/fetched/number/2to32+3", "number-out-of-range"),
    ("domain/fetched/bonus/int32-max+1", "number-out-of-range"),
    ("domain/cached/numbers/1001", "too-many-entries"),
    ("domain/fetched/stores/1001", "too-many-entries"),
    ("domain/first/now-before-retry", "now-out-of-range"),
    ("domain/first/retry-before-draws", "retry-out-of-range"),
    ("domain/first/cached-before-fetched", "number-out-of-range"),
    ("domain/first/round-before-numbers", "round-out-of-range"),
    ("domain/ignored-draw-still-checked", "round-out-of-range"),
  ])
  func outsideTheDomainIsTheFirstFieldsReason(name: String, reason: String) throws {
    let input = try Self.input(name)
    #expect(try Self.suite.expected(for: input) == ["error": .string(reason)])
    #expect(try Self.suite.decisions(for: input) == [17])
  }

  /// Just inside every edge the rules decide: no error.
  @Test(arguments: [
    "domain/now/0", "domain/now/year-9999-last-second", "domain/retryAfterSeconds/1", "domain/retryAfterSeconds/86400",
    "domain/cached/round/1", "domain/fetched/round/int32-max", "domain/fetched/number/int32-max", "domain/cached/bonus/int32-max",
    "domain/fetched/numbers/1000", "domain/cached/stores/1000",
  ])
  func justInsideIsDecidedByTheRules(name: String) throws {
    let input = try Self.input(name)
    #expect(try Self.suite.expected(for: input) == DrawFreshness.decide(try DrawFreshnessInput(json: input)))
    #expect(try Self.suite.expected(for: input)["error"] == nil)
  }

  /// Values the spec puts inside the domain on purpose (D3): a number past 45 is a draw without
  /// content, 1000 stores a list.
  @Test func insideValuesAnswerAsTheRulesSay() throws {
    let number = try Self.suite.expected(for: Self.input("domain/fetched/number/int32-max"))
    #expect(number["cache"] == "unchanged" && number["listRound"] == 1153 && number["retry"] == true)
    let stores = try Self.suite.expected(for: Self.input("domain/fetched/stores/1000"))
    #expect(stores["cache"] == "fetched" && stores["listRound"] == 1154 && stores["retry"] == false)
    let retry = try Self.suite.expected(for: Self.input("domain/retryAfterSeconds/86400"))
    #expect(retry["retry"] == true && retry["refreshAt"] == .int(DrawFreshnessSuite.saturday + DrawFreshnessSuite.day + 86_400))
  }

  /// A value of the wrong JSON type cannot be read: still a shape error, not a reason code.
  @Test func aNumberOfTheWrongTypeStillThrows() throws {
    var input = try #require(Self.input("domain/now/0").objectValue)
    input["fetched"] = ["bonus": 8, "numbers": ["3"], "round": 1154, "stores": []]
    #expect(throws: JSONShapeError.self) { try Self.suite.expected(for: .object(input)) }
    #expect(throws: JSONShapeError.self) { try Self.suite.decisions(for: .object(input)) }
  }

  @Test func boundariesAloneAnswerAsTheSpecSays() throws {
    let ordinary = try Self.suite.expected(for: DrawFreshnessSuite.PairwiseFields().input([0, 0, 0, 0, 0, 0]))
    #expect(ordinary["cache"] == "fetched" && ordinary["listRound"] == 1154 && ordinary["retry"] == false)
    // 2^32 s is in 2106: round 1154 is far behind the latest, so the app retries.
    let late = try Self.suite.expected(for: Self.input("pairwise/one/now/2to32"))
    #expect(late["retry"] == true && late["refreshAt"] == .int((1 << 32) + 900))
    // A blank store name is a store (D2): the draw has content.
    let blank = try Self.suite.expected(for: Self.input("pairwise/one/fetched/blank-store"))
    #expect(blank["cache"] == "fetched" && blank["listRound"] == 1154)
    let zeros = try Self.suite.expected(for: Self.input("pairwise/one/fetched/zeros"))
    #expect(zeros["cache"] == "unchanged" && zeros["listRound"] == 1153 && zeros["retry"] == true)
  }

  @Test func thePairwiseFamilyIsEachBoundaryAloneThenTheAllPairsRows() {
    let fields = DrawFreshnessSuite.PairwiseFields()
    let pairwise = Self.published.filter { $0.name.hasPrefix("pairwise/") }
    let alone = fields.counts.reduce(0) { $0 + $1 - 1 }
    #expect(pairwise.filter { $0.name.hasPrefix("pairwise/one/") }.count == alone)
    #expect(pairwise.count == alone + Pairwise.rows(levels: fields.counts).count)
    #expect(Set(pairwise.map(\.name)).count == pairwise.count, "ids are unique")
  }

  /// Issue 29's masking: for every integer field a 32-bit truncation of that field alone changes
  /// the answer of some published case.
  @Test(arguments: [
    ["now"], ["retryAfterSeconds"], ["cached", "round"], ["fetched", "round"], ["cached", "numbers", "[0]"],
    ["fetched", "numbers", "[0]"], ["cached", "bonus"], ["fetched", "bonus"],
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
