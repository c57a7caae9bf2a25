import Testing
@testable import ConformFixtures

@testable import ConformSuites

/// The 3-wise rows a team domain's `"size": {"strength": 3}` makes.
@Suite struct ThreeWiseTests {
  /// Every three (field, level)s missing from `rows`, counted independently of the generator.
  static func missingTriples(_ rows: [[Int]], levels: [Int]) -> Int {
    var missing = 0
    for a in levels.indices {
      for b in levels.indices where b > a {
        for c in levels.indices where c > b {
          var seen = Set<[Int]>()
          for row in rows { seen.insert([row[a], row[b], row[c]]) }
          missing += levels[a] * levels[b] * levels[c] - seen.count
        }
      }
    }
    return missing
  }

  @Test(arguments: [[2, 2, 2], [3, 2, 4], [5, 2, 3, 1, 3], [4, 4, 4, 4, 4, 4], [2, 2, 2, 2, 2, 2, 2, 2, 2, 2]])
  func everyThreeLevelsMeetInSomeRow(levels: [Int]) {
    let rows = ThreeWise.rows(levels: levels)
    #expect(Self.missingTriples(rows, levels: levels) == 0)
    #expect(rows.allSatisfy { row in row.count == levels.count && row.indices.allSatisfy { (0..<levels[$0]).contains(row[$0]) } })
    let sorted = levels.sorted(by: >)
    #expect(rows.count >= sorted[0] * sorted[1] * sorted[2])
    #expect(rows.count <= levels.reduce(1, *))
    #expect(ThreeWise.rows(levels: levels) == rows, "the same rows on every call")
  }

  @Test func farFewerRowsThanTheProductForManyFields() {
    let levels = [6, 6, 6, 6, 6, 6, 6, 6]
    let rows = ThreeWise.rows(levels: levels)
    #expect(Self.missingTriples(rows, levels: levels) == 0)
    // A full product would be 1,679,616 rows; a greedy 3-wise cover stays within a few times 6³.
    #expect(rows.count < 1_000, "\(rows.count) rows")
  }

  @Test func fewerThanThreeFieldsGiveEveryCombination() {
    #expect(ThreeWise.rows(levels: [3, 2]).count == 6)
    #expect(ThreeWise.rows(levels: [4]).count == 4)
  }
}
