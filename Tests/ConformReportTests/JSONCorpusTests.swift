import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// One file of `Tests/Corpus/json/`: the seeds of the fuzzers and their regression tests.
///
/// The name says what the reader must do with it: `valid-*` files parse and round-trip,
/// `invalid-*` files are refused. Inputs found by the fuzzers join under the same names.
struct CorpusFile: Sendable, CustomTestStringConvertible {
  var name: String
  var bytes: [UInt8]

  var expectsValid: Bool { name.hasPrefix("valid-") }
  var testDescription: String { name }
}

enum JSONCorpus {
  static let directory = TestSupport.packageRoot.appendingPathComponent("Tests/Corpus/json")

  static func files() throws -> [CorpusFile] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted().map { name in
      CorpusFile(name: name, bytes: Array(try Data(contentsOf: directory.appendingPathComponent(name))))
    }
  }

  /// The corpus, or none when it cannot be read (`corpusIsThere` then fails).
  static let all: [CorpusFile] = (try? files()) ?? []
}

@Suite struct JSONCorpusTests {
  @Test func corpusIsThere() {
    #expect(JSONCorpus.all.count >= 40)
    let unnamed = JSONCorpus.all.filter { !$0.name.hasPrefix("valid-") && !$0.name.hasPrefix("invalid-") }
    #expect(unnamed.map(\.name) == [], "every corpus file says whether it is valid-* or invalid-*")
  }

  @Test(arguments: JSONCorpus.all)
  func readsAsItsNameSays(_ file: CorpusFile) {
    let outcome = RoundTrip.check(file.bytes)
    #expect(outcome.accepted == file.expectsValid)
    #expect(outcome.failure == nil)
  }
}
