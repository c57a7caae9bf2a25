import ConformJSON
import ConformPlatform
import Foundation
import Testing

@testable import ConformFixtures

extension SeededGenerator {
  /// A number in `0..<bound` (the kit's generator: the same seed gives the same inputs on every run).
  mutating func below(_ bound: Int) -> Int { Int(below(UInt64(bound))) }

  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  mutating func pick<Element>(_ items: [Element]) -> Element { items[below(items.count)] }
}

/// How many inputs the seeded fuzzers run, and from which seed: `JSON_FUZZ_SCALE` multiplies
/// the counts (harness/json-fuzz/run.sh raises it), `JSON_FUZZ_SEED` changes the inputs.
enum FuzzSettings {
  static let seed = ProcessInfo.processInfo.environment["JSON_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x00C0_FFEE
  static let scale = ProcessInfo.processInfo.environment["JSON_FUZZ_SCALE"].flatMap { Int($0) } ?? 1
}

/// Random JSON values that exercise the edges: every escape, astral and combining scalars, keys
/// that differ only by normalisation, Int64's extremes, numbers that must stay text.
struct JSONValueGenerator {
  var random: SeededGenerator

  /// Scalars chosen for the trouble they cause; the rest are drawn at random.
  static let awkwardScalars: [Unicode.Scalar] = [
    "\"", "\\", "/", "\u{0}", "\u{1}", "\u{8}", "\u{9}", "\u{A}", "\u{C}", "\u{D}", "\u{1F}", "\u{7F}", "\u{80}",
    "é", "e", "\u{301}", "\u{FF61}", "\u{1F600}", "\u{D7FF}", "\u{E000}", "\u{FEFF}", "\u{FFFD}", "\u{FFFF}",
    "\u{2028}", "\u{10000}", "\u{10FFFF}",
  ]

  mutating func value(depth: Int = 0) -> JSONValue {
    let scalarOnly = depth >= 5 || random.chance(depth * 15)
    switch random.below(scalarOnly ? 6 : 8) {
    case 0: return .null
    case 1: return .bool(random.chance(50))
    case 2, 3: return number()
    case 4, 5: return .string(string())
    case 6:
      return .array((0..<random.below(5)).map { _ in value(depth: depth + 1) })
    default:
      var seen: Set<[UInt8]> = []
      var members: [(String, JSONValue)] = []
      for _ in 0..<random.below(6) {
        // Short keys from a small alphabet, so that near-duplicates are common.
        let key =
          random.chance(70) ? String(random.pick(["a", "b", "é", "e\u{301}", "😀", "\u{FF61}", "", "A", "aa", "seq"])) : string()
        if seen.insert(Array(key.utf8)).inserted { members.append((key, value(depth: depth + 1))) }
      }
      return .object(JSONObject(uniqueKeysWithValues: members))
    }
  }

  mutating func number() -> JSONValue {
    switch random.below(8) {
    case 0: return .int(random.pick([0, 1, -1, .max, .min, .max - 1, .min + 1, 999_999_999_999_999_999]))
    case 1, 2: return .int(Int64(bitPattern: random.next()))
    case 3: return .int(Int64(random.below(1000)) - 500)
    case 4: return .number(random.pick(["-0", "-0.0", "1.0", "0.5", "1e3", "1E+3", "2.50e-007", "1e400", "-1.5E-10"]))
    case 5:
      // An integer just outside Int64, or far outside.
      return .number(
        random.pick(["9223372036854775808", "-9223372036854775809", "99999999999999999999"]) + digits(random.below(3)))
    case 6: return .number("\(random.chance(50) ? "-" : "")\(random.below(100)).\(digits(1 + random.below(5)))")
    default: return .number("\(random.below(10))e\(random.pick(["", "+", "-"]))\(random.below(400))")
    }
  }

  mutating func digits(_ count: Int) -> String {
    String((0..<count).map { _ in Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(random.below(10)))) })
  }

  mutating func string() -> String {
    var scalars = String.UnicodeScalarView()
    for _ in 0..<random.below(10) {
      switch random.below(4) {
      case 0: scalars.append(random.pick(Self.awkwardScalars))
      case 1: scalars.append(Unicode.Scalar(UInt8(0x20 + random.below(0x5F))))
      default: scalars.append(randomScalar())
      }
    }
    return String(scalars)
  }

  mutating func randomScalar() -> Unicode.Scalar {
    let limits: [UInt32] = [0x80, 0x800, 0x10000, 0x110000]
    while true {
      if let scalar = Unicode.Scalar(UInt32(random.below(Int(random.pick(limits))))) { return scalar }
    }
  }
}

/// Writes a value as valid but non-canonical JSON: whitespace anywhere, members in any order,
/// scalars escaped at random (short escapes, `\u` in either case, surrogate pairs, `\/`).
struct NoisyWriter {
  var random: SeededGenerator

  mutating func text(_ value: JSONValue) -> [UInt8] {
    var output: [UInt8] = []
    write(value, into: &output)
    space(&output)
    return output
  }

  mutating func space(_ output: inout [UInt8]) {
    while random.chance(20) { output.append(random.pick([0x20, 0x09, 0x0A, 0x0D])) }
  }

  mutating func write(_ value: JSONValue, into output: inout [UInt8]) {
    space(&output)
    switch value {
    case .string(let text): writeString(text, into: &output)
    case .array(let items):
      output.append(UInt8(ascii: "["))
      for (position, item) in items.enumerated() {
        if position > 0 {
          space(&output)
          output.append(UInt8(ascii: ","))
        }
        write(item, into: &output)
        space(&output)
      }
      if items.isEmpty { space(&output) }
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      output.append(UInt8(ascii: "{"))
      var members = object.members
      for position in members.indices.reversed() { members.swapAt(position, random.below(position + 1)) }
      for (position, member) in members.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        space(&output)
        writeString(member.key, into: &output)
        space(&output)
        output.append(UInt8(ascii: ":"))
        write(member.value, into: &output)
        space(&output)
      }
      if members.isEmpty { space(&output) }
      output.append(UInt8(ascii: "}"))
    default: JSONWriter.write(value, into: &output)
    }
  }

  mutating func writeString(_ text: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for scalar in text.unicodeScalars {
      let short: [Unicode.Scalar: String] = [
        "\"": "\\\"", "\\": "\\\\", "/": "\\/", "\u{8}": "\\b", "\u{C}": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t",
      ]
      let mustEscape = scalar == "\"" || scalar == "\\" || scalar.value < 0x20
      if !mustEscape && random.chance(70) {
        output.append(contentsOf: Array(String(scalar).utf8))
      } else if let escape = short[scalar], random.chance(50) {
        output.append(contentsOf: Array(escape.utf8))
      } else {
        var units: [UInt16] = []
        units.append(contentsOf: String(scalar).utf16)
        for unit in units {
          var hex = String(unit, radix: 16, uppercase: random.chance(50))
          hex = String(repeating: "0", count: 4 - hex.count) + hex
          output.append(contentsOf: Array("\\u\(hex)".utf8))
        }
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}

/// Changes a document the way a fuzzer does: bit flips, awkward bytes and tokens, deletions,
/// duplications, truncations and splices with another document.
struct Mutator {
  var random: SeededGenerator

  static let awkwardBytes: [UInt8] = [
    0x00, 0x09, 0x0A, 0x0D, 0x20, 0x22, 0x2C, 0x2D, 0x2E, 0x30, 0x31, 0x3A, 0x45, 0x5B, 0x5C, 0x5D, 0x65, 0x75,
    0x7B, 0x7D, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
  ]
  static let tokens: [String] = [
    "\\u", "\\ud800", "\\udc00", "\\ud83d\\ude00", "\\", "\"", "{", "}", "[", "]", ",", ":", "-0", "1e999", ".5",
    "true", "null", "\"a\":1", "99999999999999999999", "-9223372036854775809", "\r\n", String(repeating: "[", count: 130),
  ]

  mutating func mutate(_ document: [UInt8], spliceWith other: [UInt8]) -> [UInt8] {
    var bytes = document
    for _ in 0..<(1 + random.below(4)) {
      let position = bytes.isEmpty ? 0 : random.below(bytes.count + 1)
      switch random.below(8) {
      case 0 where !bytes.isEmpty:
        let index = random.below(bytes.count)
        bytes[index] ^= 1 << UInt8(random.below(8))
      case 1 where !bytes.isEmpty:
        bytes[random.below(bytes.count)] = random.pick(Self.awkwardBytes)
      case 2: bytes.insert(random.pick(Self.awkwardBytes), at: position)
      case 3: bytes.insert(contentsOf: Array(random.pick(Self.tokens).utf8), at: position)
      case 4 where !bytes.isEmpty:
        let end = min(bytes.count, position + 1 + random.below(8))
        bytes.removeSubrange(min(position, end)..<end)
      case 5: bytes.removeSubrange(position...)
      case 6 where !bytes.isEmpty:
        let start = random.below(bytes.count)
        let end = min(bytes.count, start + 1 + random.below(16))
        bytes.insert(contentsOf: bytes[start..<end], at: position)
      default:
        let cut = other.isEmpty ? 0 : random.below(other.count + 1)
        bytes = Array(bytes[..<position]) + other[cut...]
      }
    }
    return bytes
  }
}

/// The properties every input must keep, whatever the reader makes of it.
enum RoundTrip {
  /// Accepted input must round-trip: parse → write → parse gives an equal value, and writing that
  /// gives the same bytes again (canonical output is a fixed point). Rejected input must give an
  /// error that points inside the input.
  static func check(_ bytes: [UInt8]) -> (accepted: Bool, failure: String?) {
    let value: JSONValue
    do {
      value = try JSONReader.parse(bytes)
    } catch {
      var lines = 1
      var lastLineLength = 0
      for byte in bytes {
        if byte == 0x0A { lines += 1; lastLineLength = 0 } else { lastLineLength += 1 }
      }
      let inside =
        error.line >= 1 && error.line <= lines && error.column >= 1
        && (error.line < lines || error.column <= lastLineLength + 1)
      return (false, inside ? nil : "error outside the input: \(error)")
    }
    let written = JSONWriter.bytes(value)
    guard let reread = try? JSONReader.parse(written) else { return (true, "canonical output does not parse") }
    guard reread == value else { return (true, "value changed on the way through the writer") }
    guard JSONWriter.bytes(reread) == written else { return (true, "canonical output is not a fixed point") }
    return (true, nil)
  }

  /// Shows an input in a failure message, bytes escaped.
  static func show(_ bytes: [UInt8]) -> String {
    bytes.prefix(200).map { $0 >= 0x20 && $0 < 0x7F ? String(Unicode.Scalar($0)) : "\\x" + String($0, radix: 16) }.joined()
  }
}

@Suite struct JSONFuzzTests {
  @Test func generatedValuesRoundTripAndWriteCanonically() throws {
    var generator = JSONValueGenerator(random: SeededGenerator(seed: FuzzSettings.seed))
    var noisy = NoisyWriter(random: SeededGenerator(seed: FuzzSettings.seed &+ 1))
    let count = 4000 * FuzzSettings.scale
    var bytes = 0
    for _ in 0..<count {
      let value = generator.value()
      let written = JSONWriter.bytes(value)
      bytes += written.count
      let reread = try JSONReader.parse(written)
      try #require(reread == value, "round trip changed \(value)")
      try #require(JSONWriter.bytes(reread) == written, "not canonical: \(value)")
      // The same value written with noise must read back equal, and write back canonical.
      let noise = noisy.text(value)
      let fromNoise = try JSONReader.parse(noise)
      try #require(fromNoise == value, "noisy form read differently: \(RoundTrip.show(noise))")
      try #require(JSONWriter.bytes(fromNoise) == written)
    }
    print("JSON fuzz: \(count) generated values (\(bytes) canonical bytes) and \(count) noisy forms round-tripped")
  }

  @Test func mutatedDocumentsNeverBreakTheReader() throws {
    var generator = JSONValueGenerator(random: SeededGenerator(seed: FuzzSettings.seed &+ 2))
    var noisy = NoisyWriter(random: SeededGenerator(seed: FuzzSettings.seed &+ 3))
    var mutator = Mutator(random: SeededGenerator(seed: FuzzSettings.seed &+ 4))
    var seeds = try JSONCorpus.files().map(\.bytes)
    for _ in 0..<200 {
      let value = generator.value()
      seeds.append(JSONWriter.bytes(value))
      seeds.append(noisy.text(value))
    }
    let count = 40_000 * FuzzSettings.scale
    var accepted = 0
    var slowest: UInt64 = 0  // nanoseconds
    for _ in 0..<count {
      let input = mutator.mutate(mutator.random.pick(seeds), spliceWith: mutator.random.pick(seeds))
      let start = MonotonicClock.now()
      let outcome = RoundTrip.check(input)
      slowest = max(slowest, MonotonicClock.now() - start)
      if let failure = outcome.failure { Issue.record("\(failure): \(RoundTrip.show(input))") }
      if outcome.accepted { accepted += 1 }
    }
    print(
      "JSON fuzz: \(count) mutated documents, \(accepted) accepted and round-tripped, slowest \(Double(slowest) / 1e9) seconds")
    // Linear-time reading: no input of a few hundred bytes may take long, even in a debug build.
    #expect(slowest < 1_000_000_000)
    // The mutations are useful only if some survive and most do not.
    #expect(accepted > count / 50 && accepted < count / 2)
  }

  @Test func acceptedDocumentsAreAcceptedByFoundationToo() throws {
    // A second opinion on what the reader lets through: JSONSerialization is laxer (duplicate keys),
    // so anything the strict reader accepts it must accept too, except numbers it cannot represent.
    var mutator = Mutator(random: SeededGenerator(seed: FuzzSettings.seed &+ 5))
    let seeds = try JSONCorpus.files().filter(\.expectsValid).map(\.bytes)
    var compared = 0
    for _ in 0..<(3000 * FuzzSettings.scale) {
      let input = mutator.mutate(mutator.random.pick(seeds), spliceWith: mutator.random.pick(seeds))
      guard (try? JSONReader.parse(input)) != nil else { continue }
      compared += 1
      do {
        _ = try JSONSerialization.jsonObject(with: Data(input), options: [.fragmentsAllowed])
      } catch {
        if "\(error)".contains("not representable") { continue }
        Issue.record("accepted here, refused by JSONSerialization (\(error)): \(RoundTrip.show(input))")
      }
    }
    print("JSON fuzz: \(compared) accepted mutants also checked against JSONSerialization")
    #expect(compared > 100)
  }

  @Test func utf8ValidationAgreesWithTheStandardLibrary() throws {
    // Random byte strings, heavy in lead and continuation bytes: the reader must accept exactly the
    // well-formed ones (String(validating:) is the reference) and keep their scalars.
    var random = SeededGenerator(seed: FuzzSettings.seed &+ 6)
    // Lead bytes at the edges of the well-formed ranges, each followed by a few continuation-like
    // bytes, also at the edges, so that about half the strings are well-formed.
    let leads: [UInt8] = [
      0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ]
    let trails: [UInt8] = [0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0x41, 0xC0]
    let count = 10_000 * FuzzSettings.scale
    var valid = 0
    for _ in 0..<count {
      var content: [UInt8] = []
      for _ in 0..<(1 + random.below(3)) {
        let lead = random.pick(leads)
        content.append(lead)
        let expectedTrail = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0
        let trail = random.chance(80) ? expectedTrail : random.below(4)
        for _ in 0..<trail { content.append(random.chance(60) ? UInt8(0x80 + random.below(0x40)) : random.pick(trails)) }
      }
      let expected = String(validating: content, as: UTF8.self)
      let parsed = try? JSONReader.parse(quotedBytes(content))
      try #require(parsed == expected.map(JSONValue.string), "bytes \(content.map { String($0, radix: 16) })")
      if expected != nil { valid += 1 }
    }
    print("JSON fuzz: \(count) random byte strings, \(valid) well-formed UTF-8, all judged as the standard library does")
    #expect(valid > count / 10 && valid < count * 9 / 10)
  }
}
