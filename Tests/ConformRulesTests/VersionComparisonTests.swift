import ConformJSON
import Testing

@testable import ConformFixtures
@testable import ConformSuites

@Suite struct VersionComparisonTests {
  @Test(arguments: [
    ("2.0.10", "2.0.9", true), ("2.0.9", "2.0.10", false), ("2.0", "2.0.0", false), ("2.0.0", "2.0", false),
    ("2.1", "2.0.9", true), ("1.0.0-beta", "1.0.0", false), ("", "1.0", false), ("1.0", "", false),
    ("1..2", "1.1", true), ("1.1", "1..2", false), ("\u{663}", "2", false), ("2147483648", "2147483647", true),
    ("99999999999999999999", "1", false), ("1.+2", "1.1", true), ("1.-1", "1.0", false), ("1.\u{301}2", "1.0.1", false),
    ("1.0.1", "1.\u{301}2", true), ("...", "0", false), ("v2.0", "1.9", false),
  ])
  func namedCases(remote: String, local: String, newer: Bool) {
    #expect(VersionComparison.isNewer(remote, than: local) == newer)
  }

  @Test(arguments: [
    ("1..2", [1, 2] as [Int64]), ("1.2.", [1, 2]), (".5", [5]), ("", []), ("...", []), ("+1.-0.00", [1, 0, 0]),
    ("9223372036854775807", [.max]), ("-9223372036854775808", [.min]), ("9223372036854775808", [0]),
    ("\u{FF11}", [0]), ("1.\u{301}2", [1, 0]), (" 1", [0]), ("+", [0]), ("-", [0]),
  ])
  func parts(version: String, parts: [Int64]) {
    #expect(VersionComparison.parts(of: version) == parts)
  }

  /// The versions the order properties range over: the grid plus every pitfall string.
  static let domain: [String] = {
    let pieces = ["0", "1", "9", "10", "", "a", "-1", "+2", "01", "\u{663}"]
    var versions = pieces
    for a in pieces { for b in pieces { versions.append("\(a).\(b)") } }
    return versions
  }()

  @Test func irreflexive() {
    for version in Self.domain { #expect(!VersionComparison.isNewer(version, than: version), "\(version)") }
  }

  @Test func antisymmetric() {
    for a in Self.domain {
      for b in Self.domain where VersionComparison.isNewer(a, than: b) {
        #expect(!VersionComparison.isNewer(b, than: a), "\(a) vs \(b)")
      }
    }
  }

  @Test func transitive() {
    let domain = Self.domain
    var newer: [[Bool]] = domain.map { a in domain.map { b in VersionComparison.isNewer(a, than: b) } }
    var checked = 0
    for a in domain.indices {
      for b in domain.indices where newer[a][b] {
        for c in domain.indices where newer[b][c] {
          #expect(newer[a][c], "\(domain[a]) > \(domain[b]) > \(domain[c])")
          checked += 1
        }
      }
    }
    newer.removeAll()
    #expect(checked > 10_000)
  }
}
