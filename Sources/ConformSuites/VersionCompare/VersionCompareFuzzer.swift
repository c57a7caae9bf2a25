import ConformFixtures
import ConformJSON

/// Random `version-compare` inputs over the whole domain (any two strings), biased toward where
/// ports break: empty pieces and stray dots, signs, white space, letters and suffixes, non-ASCII
/// digits, combining marks after dots, and numbers at the 32- and 64-bit boundaries.
enum VersionCompareFuzzer {
  /// A `{"local": …, "remote": …}` input: unrelated versions, the same one twice, or one and a
  /// near variant (a zero part added, a part changed by one), in either order.
  static func input(using generator: inout SeededGenerator) -> JSONValue {
    let (remote, local) = pair(using: &generator)
    return VersionCompareSuite.input(remote, local)
  }

  /// The two versions of `input(using:)`.
  static func pair(using generator: inout SeededGenerator) -> (remote: String, local: String) {
    let first = version(using: &generator)
    let second: String
    switch generator.index(4) {
    case 0: second = first
    case 1: second = variant(of: first, using: &generator)
    default: second = version(using: &generator)
    }
    let swap = generator.chance(1, in: 2)
    return (swap ? second : first, swap ? first : second)
  }

  /// A version string: one to six pieces between separators, with a prefix or suffix sometimes.
  static func version(using generator: inout SeededGenerator) -> String {
    if generator.chance(1, in: 40) { return generator.pick(["", ".", "..", " ", "\n"]) }
    var text = ""
    if generator.chance(1, in: 16) { text += generator.pick(["v", "V", " ", ".", "\u{FEFF}"]) }
    let count = 1 + generator.index(generator.chance(1, in: 8) ? 12 : 4)
    for position in 0..<count {
      if position > 0 { text += separator(using: &generator) }
      text += piece(using: &generator)
    }
    if generator.chance(1, in: 12) { text += generator.pick([".", "..", ".0", ".00"]) }
    if generator.chance(1, in: 10) {
      text += generator.pick(["-beta", "-rc.1", "+build.5", "-alpha+001", "-SNAPSHOT", " ", "\n", "\r\n", "\t", "\u{A0}"])
    }
    return text
  }

  /// Mostly a dot; sometimes two, or a dot a combining mark follows, or a dot look-alike that is
  /// not a separator.
  static func separator(using generator: inout SeededGenerator) -> String {
    switch generator.index(20) {
    case 0: ".."
    case 1: generator.pick([".\u{301}", ".\u{308}", ".\u{20DD}", ".\u{FE0F}"])
    case 2: generator.pick(["\u{FF0E}", "\u{3002}", "\u{2024}", ",", "-", "_"])
    default: "."
    }
  }

  /// One piece between dots.
  static func piece(using generator: inout SeededGenerator) -> String {
    switch generator.index(20) {
    case 0...8:
      let number = generator.pick([0, 0, 1, 1, 2, 9, 10, 11, 99, 100] as [Int])
      return generator.chance(1, in: 10) ? "0\(number)" : "\(number)"
    case 9, 10: return generator.pick(boundaryNumbers)
    case 11: return digits(count: 1 + generator.index(22), using: &generator)
    case 12:
      return generator.pick(["+", "-", "+1", "-1", "-0", "+0", "--1", "+-1", "-9223372036854775808", "-9223372036854775809"])
    case 13: return generator.pick(["beta", "rc1", "a", "x", "1a", "a1", "0x10", "1e3", "1_000", "IV"])
    case 14:
      // Arabic-Indic, extended Arabic-Indic, fullwidth and Devanagari digits, alone or mixed.
      let zero = generator.pick([0x660, 0x6F0, 0xFF10, 0x966] as [UInt32])
      let digit = String(Character(Unicode.Scalar(zero + UInt32(generator.index(10)))!))
      return generator.pick([digit, "1" + digit, digit + "1"])
    case 15: return generator.pick([" 1", "1 ", "\u{A0}1", "1\t", "\n2", " "])
    case 16: return ""
    case 17: return generator.pick(["\u{301}1", "1\u{301}", "\u{308}", "e\u{301}", "\u{E9}"])
    default: return "\(generator.index(1000))"
    }
  }

  /// Numbers around the 32- and 64-bit limits, and past them.
  static let boundaryNumbers = [
    "2147483647", "2147483648", "4294967295", "4294967296", "9223372036854775806", "9223372036854775807",
    "9223372036854775808", "18446744073709551615", "18446744073709551616", "99999999999999999999",
    "10000000000000000000", "00000000000000000001",
  ]

  /// `count` random ASCII digits.
  static func digits(count: Int, using generator: inout SeededGenerator) -> String {
    String((0..<count).map { _ in Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(generator.index(10)))) })
  }

  /// A version close to `version`: a zero part added or removed, a part appended, a character
  /// dropped or a leading zero added.
  static func variant(of version: String, using generator: inout SeededGenerator) -> String {
    switch generator.index(6) {
    case 0: return version + ".0"
    case 1: return version + ".0.0"
    case 2: return version + "." + "\(generator.index(3))"
    case 3: return String(String.UnicodeScalarView(version.unicodeScalars.dropLast()))
    case 4: return "0" + version
    default: return version.hasSuffix(".0") ? String(version.dropLast(2)) : version + "."
    }
  }
}

extension VersionCompareSuite {
  public func fuzzInput(using generator: inout SeededGenerator) -> JSONValue? {
    VersionCompareFuzzer.input(using: &generator)
  }

  /// The model run on the two versions the fuzzer made.
  public func fuzzCase(using generator: inout SeededGenerator) -> (input: JSONValue, expected: JSONValue)? {
    let (remote, local) = VersionCompareFuzzer.pair(using: &generator)
    return (Self.input(remote, local), Self.output(remote: remote, local: local))
  }
}
