import ConformJSON
import Testing

@testable import ConformFixtures

@Suite struct JSONLinesTests {
  /// Each line's number and text, as `forEachLine` gives them.
  func lines(of text: String) -> [(Int, String)] {
    var result: [(Int, String)] = []
    Array(text.utf8).withUnsafeBufferPointer { buffer in
      JSONLines.forEachLine(in: buffer) { number, line in result.append((number, String(decoding: line, as: UTF8.self))) }
    }
    return result
  }

  @Test func splitsOnLineFeeds() {
    let result = lines(of: "{\"a\":1}\n[2]\n")
    #expect(result.map(\.0) == [1, 2])
    #expect(result.map(\.1) == ["{\"a\":1}", "[2]"])
  }

  @Test func keepsTheLastLineWithoutANewline() {
    #expect(lines(of: "1\n2").map(\.1) == ["1", "2"])
  }

  @Test func givesEmptyLinesAndCountsThem() {
    let result = lines(of: "1\n\n3\n")
    #expect(result.map(\.0) == [1, 2, 3])
    #expect(result.map(\.1) == ["1", "", "3"])
  }

  @Test func leavesCarriageReturnsForTheReader() throws {
    let result = lines(of: "{\"a\":1}\r\n")
    #expect(result.map(\.1) == ["{\"a\":1}\r"])
    #expect(try JSONReader.parse(result[0].1) == ["a": 1])
  }

  @Test func emptyTextHasNoLines() {
    #expect(lines(of: "").isEmpty)
  }
}
