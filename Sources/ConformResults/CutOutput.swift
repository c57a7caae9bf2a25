import ConformFixtures
import ConformJSON

/// What a report keeps of an output too large to keep whole: its size and hash, the diff made
/// from the whole of it, and (in `CaseResult.actual`) a bounded excerpt.
///
/// A run keeps up to 1,000 problems for its report; an answer may be a 16 MiB line. Kept whole,
/// the problems alone could hold 16 GiB. Cut to `CaseResult.keptOutputLimit`, they hold at most
/// 64 MiB. The results file always has every output whole.
public struct CutOutput: Sendable, Equatable {
  /// The whole output's size in bytes of JSON text, escapes aside.
  public var bytes: Int
  /// The whole output's hash: two cut outputs of one run are the same answer only if these are
  /// equal (`--repeat` tells flaky cases by their outputs).
  public var hash: Int
  /// Expected against the whole output, for a failed case.
  public var diff: String?
}

extension CaseResult {
  /// The most of an output a kept problem holds, in bytes of JSON text (64 KiB).
  public static let keptOutputLimit = 64 << 10

  /// This result as a report keeps it: an output over `keptOutputLimit` is replaced by its first
  /// part, with its size, hash and diff in `cut`. Cheap: the output is measured and hashed, not
  /// encoded.
  package func keptForReport() -> CaseResult {
    guard cut == nil, let actual else { return self }
    let size = JSONSize.bytes(of: actual)
    guard size > Self.keptOutputLimit else { return self }
    var kept = self
    let diff = status == .fail ? expected.flatMap { JSONDiff.diff($0, actual, legend: ("expected", "actual")) } : nil
    kept.cut = CutOutput(bytes: size, hash: actual.hashValue, diff: diff)
    var budget = Self.keptOutputLimit
    kept.actual = actual.excerpt(&budget)
    return kept
  }
}

extension JSONValue {
  /// The value's first `budget` bytes or so, as a value: a long string cut (ending in "…"), long
  /// arrays and objects without their last elements; spends the budget.
  fileprivate func excerpt(_ budget: inout Int) -> JSONValue {
    switch self {
    case .string(let text) where text.utf8.count > budget:
      var used = 0
      let kept = text.unicodeScalars.prefix { scalar in
        used += UTF8.width(scalar)
        return used <= budget
      }
      budget = -1
      return .string(String(String.UnicodeScalarView(kept)) + "…")
    case .array(let elements):
      var kept: [JSONValue] = []
      for element in elements where budget >= 0 { kept.append(element.excerpt(&budget)) }
      return .array(kept)
    case .object(let object):
      var kept: [(String, JSONValue)] = []
      for member in object.members where budget >= 0 {
        budget -= member.key.utf8.count + 3
        kept.append((member.key, member.value.excerpt(&budget)))
      }
      return .object(JSONObject(uniqueKeysWithValues: kept))
    default:
      budget -= JSONSize.bytes(of: self)
      return self
    }
  }
}
