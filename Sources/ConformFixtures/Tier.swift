import ConformJSON
import ConformPlatform

/// How much of each truth table a fixture set holds.
///
/// `full` is every case the generator makes (the published tables). `smoke` is a small subset
/// chosen by coverage of the reference model, not by the known ports: the named seed cases (and
/// every named case of a team suite), then
/// the fewest cases a greedy cover finds that cover every key of the model the full table covers
/// (see `Suite.coverageKeys(of:)`) and every spec decision its cases list. Its strength is
/// measured by `conform mutants`, never tuned to it.
public enum Tier: String, Sendable, CaseIterable {
  case full, smoke

  /// The names, for usage messages ("full, smoke").
  public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// The smoke tier of one suite: which of its full table's cases it keeps.
enum SmokeTier {
  /// The drafts of `suite`'s smoke tier at `options`' parameters, in table order: the seed cases,
  /// then a greedy set cover of the model's coverage keys over the full table: the case that
  /// covers the most keys not yet covered, the first in table order on a tie, until every key
  /// is covered. Deterministic: the same options give the same cases, so each suite's are picked
  /// once a process (`conform run --tier smoke` counts them, then streams them).
  static func drafts(of suite: any Suite, options: GeneratorOptions) -> [CaseDraft] {
    let key = "\(type(of: suite)) \(suite.name) \(JSONWriter.string(options.json))"
    if let known = picked.withLock({ $0[key] }) { return known }
    let drafts = pick(of: suite, options: options)
    picked.withLock { $0[key] = drafts }
    return drafts
  }

  private static let picked = Locked<[String: [CaseDraft]]>([:])

  private static func pick(of suite: any Suite, options: GeneratorOptions) -> [CaseDraft] {
    var full = options
    full.tier = .full
    var drafts: [CaseDraft] = []
    var keysOfCase: [[Int32]] = []
    var keyIDs: [String: Int32] = [:]
    for draft in suite.drafts(options: full) {
      // Every decision of the spec is covered too: the smoke tier lists each one's cases.
      let fixture = suite.fixture(for: draft)
      let keys = (suite.coverageKeys(of: fixture) + fixture.decisions.map { "decision \($0)" }).map { key in
        if let id = keyIDs[key] { return id }
        let id = Int32(keyIDs.count)
        keyIDs[key] = id
        return id
      }
      drafts.append(draft)
      keysOfCase.append(keys)
    }
    var cover = GreedyCover(keysOfCase: keysOfCase, keyCount: keyIDs.count)
    // The seed cases, and a team suite's named ones (its spec's own tests), are all kept.
    for index in drafts.indices where drafts[index].tags.contains("seed") || drafts[index].tags.contains("named") {
      cover.choose(index)
    }
    cover.chooseUntilCovered()
    return cover.chosen.sorted().map { drafts[$0] }
  }
}

/// A greedy set cover: repeatedly the set with the most elements not yet covered, the lowest
/// index on a tie. Gains only fall as keys get covered, so each set's last known gain is an upper
/// bound: the best bound is recomputed and taken if it still holds (lazy greedy, same result).
struct GreedyCover {
  let keysOfCase: [[Int32]]
  private var covered: [Bool]
  private var bound: [Int]
  private(set) var chosen: [Int] = []

  init(keysOfCase: [[Int32]], keyCount: Int) {
    self.keysOfCase = keysOfCase
    covered = Array(repeating: false, count: keyCount)
    bound = keysOfCase.map { Set($0).count }
  }

  private func gain(_ index: Int) -> Int { Set(keysOfCase[index].filter { !covered[Int($0)] }).count }

  mutating func choose(_ index: Int) {
    guard bound[index] >= 0 else { return }
    chosen.append(index)
    bound[index] = -1
    for key in keysOfCase[index] { covered[Int(key)] = true }
  }

  mutating func chooseUntilCovered() {
    while true {
      var best = -1
      for index in bound.indices where bound[index] > 0 && (best < 0 || bound[index] > bound[best]) { best = index }
      guard best >= 0 else { return }
      let actual = gain(best)
      if actual == bound[best] {
        choose(best)
      } else {
        bound[best] = actual
      }
    }
  }
}

extension Suite {
  /// The drafts of the tier `options` asks for: every draft, or the smoke tier's.
  public func tierDrafts(options: GeneratorOptions, keeping keep: (@Sendable (Int) -> Bool)? = nil) -> AnySequence<CaseDraft> {
    switch options.tier {
    case .full: return drafts(options: options, keeping: keep)
    case .smoke:
      let smoke = SmokeTier.drafts(of: self, options: options)
      guard let keep else { return AnySequence(smoke) }
      return AnySequence(smoke.enumerated().lazy.filter { keep($0.offset) }.map(\.element))
    }
  }

  /// How many cases `tierDrafts(options:)` makes.
  public func tierCaseCount(options: GeneratorOptions) -> Int {
    switch options.tier {
    case .full: caseCount(options: options)
    case .smoke: SmokeTier.drafts(of: self, options: options).count
    }
  }

  /// The generic coverage keys of a decision table's case, from its input and the model's output:
  ///
  /// - `outcome`: the output with every number replaced by the position of its first equal number
  ///   (which fields agree survives, the values do not): each decision outcome once;
  /// - `boundary`: for each integer of the input, the outcome when it is one more or one less,
  ///   where that changes the outcome: the case sits on that decision's boundary;
  /// - `text`: for each string of the input, which kinds of character it holds and whether it is
  ///   empty, with the outcome: the input domain's classes (non-ASCII digits, marks, spaces);
  /// - `size`: for each integer, whether it fits 32 bits, with the outcome; a string that holds a
  ///   JSON document (a body) has its leaves' `size` and `text` keys too, under its path and `>`.
  public func decisionCoverageKeys(of fixture: FixtureCase) -> [String] {
    let outcome = CoverageShape.outcome(fixture.expected)
    var keys = ["outcome \(outcome)"]
    CoverageShape.domainKeys(of: fixture.input, outcome: outcome, into: &keys)
    CoverageShape.leaves(of: fixture.input) { path, leaf in
      switch leaf {
      case .int(let value):
        for delta: Int64 in [-1, 1] {
          let (moved, overflow) = value.addingReportingOverflow(delta)
          guard !overflow, let other = try? expected(for: CoverageShape.replacing(path, in: fixture.input, with: .int(moved)))
          else { continue }
          let shifted = CoverageShape.outcome(other)
          if shifted != outcome { keys.append("boundary \(path.joined(separator: ".")) \(delta) \(outcome) -> \(shifted)") }
        }
      default: break
      }
    }
    return keys
  }
}

/// The abstractions the coverage keys are made of.
package enum CoverageShape {
  /// The output's JSON with each number replaced by `#n`, n the position of the first equal number.
  static func outcome(_ value: JSONValue) -> String {
    var numbers: [JSONValue] = []
    func abstract(_ value: JSONValue) -> JSONValue {
      switch value {
      case .int, .number:
        if let index = numbers.firstIndex(of: value) { return .string("#\(index)") }
        numbers.append(value)
        return .string("#\(numbers.count - 1)")
      case .array(let items): return .array(items.map(abstract))
      case .object(let object):
        return .object(JSONObject(uniqueKeysWithValues: object.members.map { ($0.key, abstract($0.value)) }))
      default: return value
      }
    }
    return String(decoding: JSONWriter.bytes(abstract(value)), as: UTF8.self)
  }

  /// The `text` and `size` keys of `value`'s leaves, a string holding a JSON object or array
  /// looked into (see `Suite.decisionCoverageKeys(of:)`).
  static func domainKeys(of value: JSONValue, path prefix: [String] = [], outcome: String, into keys: inout [String]) {
    leaves(of: value, path: prefix) { path, leaf in
      let name = path.joined(separator: ".")
      switch leaf {
      case .int(let number):
        keys.append("size \(name) \(Int32(exactly: number) == nil ? "int64" : "int32") \(outcome)")
      case .number:
        keys.append("size \(name) beyond-int64 \(outcome)")
      case .string(let text):
        keys.append("text \(name) \(characterClasses(text)) \(outcome)")
        if let document = try? JSONReader.parse(Array(text.utf8)), document.arrayValue != nil || document.objectValue != nil {
          domainKeys(of: document, path: path + [">"], outcome: outcome, into: &keys)
        }
      default: break
      }
    }
  }

  /// Calls `body` with the path (keys, array positions as numbers) and value of every scalar leaf.
  static func leaves(of value: JSONValue, path: [String] = [], _ body: ([String], JSONValue) -> Void) {
    switch value {
    case .array(let items):
      for (index, item) in items.enumerated() { leaves(of: item, path: path + ["\(index)"], body) }
    case .object(let object):
      for member in object.members { leaves(of: member.value, path: path + [member.key], body) }
    default: body(path, value)
    }
  }

  /// `value` with the leaf at `path` replaced.
  static func replacing(_ path: [String], in value: JSONValue, with leaf: JSONValue) -> JSONValue {
    guard let first = path.first else { return leaf }
    let rest = Array(path.dropFirst())
    switch value {
    case .array(var items):
      guard let index = Int(first), items.indices.contains(index) else { return value }
      items[index] = replacing(rest, in: items[index], with: leaf)
      return .array(items)
    case .object(let object):
      return .object(
        JSONObject(
          uniqueKeysWithValues: object.members.map {
            ($0.key, $0.key == first ? replacing(rest, in: $0.value, with: leaf) : $0.value)
          }))
    default: return value
    }
  }

  /// Which kinds of character `text` holds, as letters in a fixed order: `e` empty, `d` ASCII
  /// digits, `.` dots, `a` ASCII letters, `s` whitespace, `p` other ASCII, `D` other decimal
  /// digits, `m` combining marks, `u` other non-ASCII; `E` an empty piece between dots; `I` a run
  /// of digits past the largest 32-bit integer, `L` past the largest 64-bit one (the integer
  /// boundaries where Kotlin's `Int` and `Long` and Swift's `Int` part).
  package static func characterClasses(_ text: String) -> String {
    if text.isEmpty { return "e" }
    var kinds: Set<Character> = []
    var digitRun: [UInt8] = []
    func endDigitRun() {
      let digits = digitRun.drop { $0 == UInt8(ascii: "0") }
      if Self.exceeds(digits, Int64(Int32.max)) { kinds.insert("I") }
      if Self.exceeds(digits, Int64.max) { kinds.insert("L") }
      digitRun = []
    }
    var previousDot = true
    for scalar in text.unicodeScalars {
      let kind: Character
      switch scalar.value {
      case 0x30...0x39: kind = "d"
      case 0x2E: kind = "."
      case 0x41...0x5A, 0x61...0x7A: kind = "a"
      case 0x09, 0x0A, 0x0D, 0x20: kind = "s"
      case 0..<0x80: kind = "p"
      default:
        switch scalar.properties.generalCategory {
        case .decimalNumber: kind = "D"
        case .nonspacingMark, .spacingMark, .enclosingMark: kind = "m"
        default: kind = scalar.properties.isWhitespace ? "s" : "u"
        }
      }
      kinds.insert(kind)
      if kind == "d" { digitRun.append(UInt8(scalar.value)) } else { endDigitRun() }
      if kind == ".", previousDot { kinds.insert("E") }
      previousDot = kind == "."
    }
    endDigitRun()
    if previousDot { kinds.insert("E") }
    return String("edas.pDmuEIL".filter(kinds.contains))
  }

  /// Whether the decimal digits (no leading zeros) are a number above `limit`.
  private static func exceeds(_ digits: ArraySlice<UInt8>, _ limit: Int64) -> Bool {
    let bound = Array(String(limit).utf8)
    return digits.count != bound.count ? digits.count > bound.count : bound.lexicographicallyPrecedes(digits)
  }
}
