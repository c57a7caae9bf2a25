import AppLogic
import Testing

@Suite struct StoreVersionCheckTests {
  @Test(arguments: [
    ("2.0.10", "2.0.9", true),  // numeric, not lexicographic
    ("2.0.9", "2.0.10", false),
    ("1.10", "1.9", true),
    ("2.0.0", "2.0", false),  // a missing part is 0
    ("2.0.1", "2.0", true),
    ("1.0.0", "1.0.0", false),  // never newer than itself
    ("1..3", "1.2", true),  // empty pieces dropped: 1.3
    ("2.0-beta", "2.0", false),  // "0-beta" is not a number: 0
    ("", "1.0", false),  // no parts at all
    ("1.0", ".", false),
  ])
  func isNewer(remote: String, local: String, newer: Bool) {
    #expect(StoreVersionCheck.isNewer(remote, than: local) == newer)
  }

  @Test(
    arguments: [
      ("1.2.3", [1, 2, 3]),
      ("1..2.", [1, 2]),
      ("+1.-1.-0.00", [1, -1, 0, 0]),
      ("2147483648", [2_147_483_648]),  // 64-bit parts
      ("9223372036854775808", [0]),  // past Int64.max
      ("\u{663}.\u{FF11}", [0, 0]),  // Arabic-Indic three, fullwidth one: ASCII digits only
      (" 1.1 ", [0, 0]),  // white space is not a digit
      ("1.\u{301}2", [1, 0]),  // a dot then a combining mark still separates
    ] as [(String, [Int64])])
  func parts(version: String, parts: [Int64]) {
    #expect(StoreVersionCheck.parts(of: version) == parts)
  }
}
