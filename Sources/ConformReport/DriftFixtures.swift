import ConformBundle
import ConformFixtures
import ConformJSON
import ConformResults
import Foundation

/// The cases two runs on different fixtures can honestly be compared on: those whose input and
/// expected output are byte-identical (canonical JSON) in both fixture sets.
///
/// A results file keeps a case's input and expected output only when it did not pass, so the
/// fixtures themselves are read: each run's from the source its header names (the built-in
/// tables, a folder or a bundle), else from one of `paths` (`conform diff --fixtures PATH`).
/// A set is taken only when its manifest digest is the one the run's header records, so a case
/// is never compared against tables the run did not use.
public enum DriftFixtures {
  /// The ids of the cases that are the same in both runs' fixtures.
  /// - Throws: `.usage` naming the run whose fixtures are not found, and what to give.
  public static func sameCases(_ a: ResultHeader, _ b: ResultHeader, paths: [String]) throws(ConformError) -> Set<String> {
    var given: [FixtureSet] = []
    for path in paths { given.append(try FixtureSource.load(path, expectDigest: nil).fixtures) }
    let setA = try fixtures(of: "A", a, given: given)
    let setB = try fixtures(of: "B", b, given: given)
    var casesB: [String: FixtureCase] = [:]
    for fixture in setB.cases { casesB[fixture.id] = fixture }
    var same = Set<String>()
    for fixture in setA.cases {
      guard let other = casesB[fixture.id], other.suite == fixture.suite,
        JSONWriter.bytes(other.input) == JSONWriter.bytes(fixture.input),
        JSONWriter.bytes(other.expected) == JSONWriter.bytes(fixture.expected)
      else { continue }
      same.insert(fixture.id)
    }
    return same
  }

  /// The fixture set `header`'s run used: its source's, else one of `given`, matched by manifest digest.
  static func fixtures(of side: String, _ header: ResultHeader, given: [FixtureSet]) throws(ConformError) -> FixtureSet {
    let wanted = header.fixtures.manifestDigest
    if let match = given.first(where: { "sha256:" + $0.manifestDigest == wanted }) { return match }
    let source = header.fixtures.source
    var candidates: [FixtureSet] = []
    if source.hasPrefix("built-in") {
      candidates = Tier.allCases.map { FixtureSet.builtIn(tier: $0) }
    } else if !source.hasPrefix("generated:"), !source.hasPrefix("rerun:"), FileManager.default.fileExists(atPath: source),
      let loaded = try? FixtureSource.load(source, expectDigest: nil)
    {
      candidates = [loaded.fixtures]
    }
    if let match = candidates.first(where: { "sha256:" + $0.manifestDigest == wanted }) { return match }
    throw .usage(
      "diff: --allow-different-fixtures compares the cases' inputs and expected outputs, so it reads each run's fixtures: "
        + "\(side)'s (\(header.fixtures.digestsText), source \(source)) are not there; give them with --fixtures PATH "
        + "(the bundle or the fixtures folder the run used)")
  }
}
