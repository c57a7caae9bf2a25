import Testing

@testable import ConformFixtures
@testable import ConformSuites

/// The all-pairs rows the boundary tables are built from.
@Suite struct PairwiseTests {
  /// Every (field, level) pair missing from `rows`, counted independently of the generator.
  static func missingPairs(_ rows: [[Int]], levels: [Int]) -> [String] {
    var missing: [String] = []
    for a in levels.indices {
      for b in levels.indices where b > a {
        for i in 0..<levels[a] {
          for j in 0..<levels[b] where !rows.contains(where: { $0[a] == i && $0[b] == j }) {
            missing.append("field \(a) level \(i) with field \(b) level \(j)")
          }
        }
      }
    }
    return missing
  }

  @Test(arguments: [[2, 2], [3, 3, 3], [5, 2, 7, 1, 3], [12, 4, 9, 6, 2, 11, 3], [2, 2, 2, 2, 2, 2, 2, 2, 2, 2]])
  func everyPairOfLevelsMeetsInSomeRow(levels: [Int]) {
    let rows = Pairwise.rows(levels: levels)
    #expect(Self.missingPairs(rows, levels: levels) == [])
    #expect(rows.allSatisfy { row in row.count == levels.count && row.indices.allSatisfy { (0..<levels[$0]).contains(row[$0]) } })
    // Never more than the product, and at least the two largest fields' product.
    let sorted = levels.sorted(by: >)
    #expect(rows.count >= sorted[0] * sorted[1])
    #expect(rows.count <= levels.reduce(1, *))
  }

  @Test func farFewerRowsThanTheProductForManyFields() {
    let levels = [10, 10, 10, 10, 10, 10]
    let rows = Pairwise.rows(levels: levels)
    #expect(Self.missingPairs(rows, levels: levels) == [])
    // A full product would be 1,000,000 rows; a greedy all-pairs cover stays near 10 x 10.
    #expect(rows.count < 200, "\(rows.count) rows")
  }

  @Test func theSameLevelsGiveTheSameRows() {
    #expect(Pairwise.rows(levels: [4, 3, 5, 2]) == Pairwise.rows(levels: [4, 3, 5, 2]))
    #expect(Pairwise.rows(levels: [3]) == [[0], [1], [2]])
    #expect(Pairwise.rows(levels: []) == [])
    #expect(Pairwise.rows(levels: [3, 0]) == [])
  }
}
