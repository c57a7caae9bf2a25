import ConformJSON

/// The reference model of the `version-compare` suite.
public enum VersionComparison {
  /// Whether `remote` is strictly newer than `local` (rules 1 to 4 of the spec).
  public static func isNewer(_ remote: String, than local: String) -> Bool {
    let remoteParts = parts(of: remote)
    let localParts = parts(of: local)
    guard !remoteParts.isEmpty, !localParts.isEmpty else { return false }
    for index in 0..<max(remoteParts.count, localParts.count) {
      let r = index < remoteParts.count ? remoteParts[index] : 0
      let l = index < localParts.count ? localParts[index] : 0
      if r != l { return r > l }
    }
    return false
  }

  /// The numeric parts: split at every U+002E scalar, empty pieces dropped.
  public static func parts(of version: String) -> [Int64] {
    version.utf8.split(separator: UInt8(ascii: ".")).map(part)
  }

  /// An optional sign and ASCII digits within Int64, else 0 (Swift's `Int()` on a 64-bit machine).
  static func part(_ bytes: String.UTF8View.SubSequence) -> Int64 {
    var digits = bytes[...]
    var negative = false
    if let first = digits.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      negative = first == UInt8(ascii: "-")
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty else { return 0 }
    var value: Int64 = 0
    for byte in digits {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return 0 }
      let digit = Int64(byte - UInt8(ascii: "0"))
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      guard !overflow1, !overflow2 else { return 0 }
      value = next
    }
    return value
  }
}

extension VersionComparison {
  /// Ways a port breaks the spec's decisions, one per decision (`### D<n>` of
  /// `version-compare.md`), each as its **Drift** paragraph describes it.
  ///
  /// Used only by `decisions(for:)`, through `isNewer(_:than:drift:)`: the reference
  /// `isNewer(_:than:)` above takes no drift, so the fuzzer's hot path is unchanged.
  struct Drift: OptionSet, Sendable, Hashable {
    let rawValue: UInt16

    /// D1: two parts that are numbers compared as text (`"10" < "9"`, `"01" < "1"`).
    static let textOrder = Drift(rawValue: 1 << 0)
    /// D2: empty pieces kept and read as 0 (Kotlin `split(".")`): `"1..2"` is 1.0.2, `""` is 0.
    static let emptyPiecesKept = Drift(rawValue: 1 << 1)
    /// D3: any Unicode decimal digit (general category Nd) read as its value (Kotlin `toLongOrNull`).
    static let unicodeDigits = Drift(rawValue: 1 << 2)
    /// D4: 32-bit parts: a part outside Int32 is 0 (Kotlin `toIntOrNull`).
    static let int32Parts = Drift(rawValue: 1 << 3)
    /// D5: a part past Int64 read as the exact number it spells (`BigInteger`).
    static let exactWideParts = Drift(rawValue: 1 << 4)
    /// D6: a signed part is 0 (a digits-only parser).
    static let signsRefused = Drift(rawValue: 1 << 5)
    /// D7: split on `Character`s: a `.` a combining mark follows is no separator.
    static let graphemeSplit = Drift(rawValue: 1 << 6)
    /// D8: no zero padding: when the common parts are equal, the longer version wins.
    static let noPadding = Drift(rawValue: 1 << 7)
    /// D9: `>=` in place of `>`: equal versions are newer.
    static let equalIsNewer = Drift(rawValue: 1 << 8)
    /// D10: the loop returns at a greater remote part but goes on past a smaller one.
    static let pastSmallerPart = Drift(rawValue: 1 << 9)
    /// D11: a part read as the number it starts with, after leading white space (`Scanner`, `atoi`).
    static let leadingNumber = Drift(rawValue: 1 << 10)
    /// D12: no guard: a version with no parts is the version 0.
    static let noPartsIsZero = Drift(rawValue: 1 << 11)
    /// D13: semver pre-release order: a `-` after a digit starts a tag, older than no tag.
    static let preReleaseOrder = Drift(rawValue: 1 << 12)

    /// Each decision's number with its drift and the drift's name, ascending.
    static let byDecision: [(decision: Int, name: String, drift: Drift)] = [
      (1, "textOrder", .textOrder), (2, "emptyPiecesKept", .emptyPiecesKept), (3, "unicodeDigits", .unicodeDigits),
      (4, "int32Parts", .int32Parts), (5, "exactWideParts", .exactWideParts), (6, "signsRefused", .signsRefused),
      (7, "graphemeSplit", .graphemeSplit), (8, "noPadding", .noPadding), (9, "equalIsNewer", .equalIsNewer),
      (10, "pastSmallerPart", .pastSmallerPart), (11, "leadingNumber", .leadingNumber), (12, "noPartsIsZero", .noPartsIsZero),
      (13, "preReleaseOrder", .preReleaseOrder),
    ]
  }

  /// The branch of the comparison that gave an answer.
  enum Branch: Sendable, Equatable {
    /// A version had no parts (D12).
    case noParts
    /// Two parts differed (D10).
    case firstDifference
    /// Every part was equal after padding (D9).
    case equal
    /// The common parts were equal and the longer version won (only under `Drift.noPadding`).
    case longer
    /// The parts were equal and the pre-release tags decided (only under `Drift.preReleaseOrder`).
    case preRelease
  }

  /// The answer of a port that breaks one of this suite's decisions, whichever changes the answer
  /// for the pair: the reference's when none of the drifts does, the other one when any does. A
  /// suite that reuses the comparison lists its reuse decision where a version pitfall decides.
  static func isNewerUnderSomeDrift(_ remote: String, than local: String) -> Bool {
    let reference = isNewer(remote, than: local)
    let changed = Drift.byDecision.contains { isNewer(remote, than: local, drift: $0.drift).newer != reference }
    return changed ? !reference : reference
  }

  /// The answer of a port that breaks the decisions in `drift`, and the branch that gave it.
  ///
  /// With no drift, the same answer as `isNewer(_:than:)` (`VersionCompareDecisionsTests` checks it
  /// on every published case and on fuzzed ones); slower, since parts are kept as exact decimal
  /// values and pieces as scalars so that every drift can be expressed.
  static func isNewer(_ remote: String, than local: String, drift: Drift) -> (newer: Bool, branch: Branch) {
    if drift.contains(.preReleaseOrder) {
      let (remoteCore, remoteTag) = DriftedParts.splitTag(remote)
      let (localCore, localTag) = DriftedParts.splitTag(local)
      if remoteTag != nil || localTag != nil {
        let core = isNewer(remoteCore, than: localCore, drift: drift.subtracting(.preReleaseOrder))
        guard core.branch == .equal else { return core }
        switch (remoteTag, localTag) {
        case (nil, _?): return (true, .preRelease)
        case (let r?, let l?): return (DriftedParts.compareTags(r, l) > 0, .preRelease)
        default: return (false, .preRelease)
        }
      }
    }
    let remoteParts = DriftedParts.parts(of: remote, drift: drift)
    let localParts = DriftedParts.parts(of: local, drift: drift)
    if !drift.contains(.noPartsIsZero), remoteParts.isEmpty || localParts.isEmpty { return (false, .noParts) }
    let count =
      drift.contains(.noPadding)
      ? min(remoteParts.count, localParts.count) : max(remoteParts.count, localParts.count)
    var passedSmaller = false
    for index in 0..<count {
      let r = index < remoteParts.count ? remoteParts[index] : .missing
      let l = index < localParts.count ? localParts[index] : .missing
      let order = DriftedParts.compare(r, l, drift: drift)
      if order > 0 { return (true, .firstDifference) }
      if order < 0 {
        guard drift.contains(.pastSmallerPart) else { return (false, .firstDifference) }
        passedSmaller = true
      }
    }
    if passedSmaller { return (false, .firstDifference) }
    if drift.contains(.noPadding), remoteParts.count != localParts.count {
      return (remoteParts.count > localParts.count, .longer)
    }
    return (drift.contains(.equalIsNewer), .equal)
  }
}

extension VersionComparison {
  /// The parts of the drifted model: pieces as scalars, values as exact decimals.
  enum DriftedParts {
    /// A piece between separators and the value it reads as.
    struct Part {
      var text: ArraySlice<Unicode.Scalar>
      var value: WideInteger

      /// The part a shorter version is padded with: the text `0`, the value 0.
      static let missing = Part(text: ["0"], value: .zero)

      /// Whether the piece is ASCII digits read as their value (not a number past 64 bits made 0).
      var isPlainNumber: Bool {
        !text.isEmpty && text.allSatisfy(isASCIIDigit) && (!value.isZero || text.allSatisfy { $0 == "0" })
      }
    }

    /// An integer of any size: a sign and its decimal digits, most significant first, no leading
    /// zero; zero is no digits and not negative.
    struct WideInteger: Equatable {
      var negative: Bool
      var digits: [UInt8]

      static let zero = WideInteger(negative: false, digits: [])

      init(negative: Bool, digits: [UInt8]) {
        let significant = Array(digits.drop { $0 == 0 })
        self.digits = significant
        self.negative = negative && !significant.isEmpty
      }

      var isZero: Bool { digits.isEmpty }

      /// Whether the value fits a signed integer of `bits` bits (32 or 64).
      func fits(bits: Int) -> Bool {
        let maximum: [UInt8] =
          bits == 32 ? [2, 1, 4, 7, 4, 8, 3, 6, 4, 7] : [9, 2, 2, 3, 3, 7, 2, 0, 3, 6, 8, 5, 4, 7, 7, 5, 8, 0, 7]
        var limit = maximum
        if negative { limit[limit.count - 1] += 1 }
        return DriftedParts.compareMagnitudes(digits, limit) <= 0
      }

      /// -1, 0 or 1 as `a` is less than, equal to or greater than `b`.
      static func compare(_ a: WideInteger, _ b: WideInteger) -> Int {
        if a.negative != b.negative { return a.negative ? -1 : 1 }
        let magnitude = DriftedParts.compareMagnitudes(a.digits, b.digits)
        return a.negative ? -magnitude : magnitude
      }
    }

    /// The parts of `version` as the drifted port splits and reads them.
    static func parts(of version: String, drift: VersionComparison.Drift) -> [Part] {
      let omitEmpty = !drift.contains(.emptyPiecesKept)
      let pieces: [ArraySlice<Unicode.Scalar>]
      if drift.contains(.graphemeSplit) {
        pieces = version.split(separator: ".", omittingEmptySubsequences: omitEmpty).map { ArraySlice($0.unicodeScalars) }
      } else {
        pieces = Array(version.unicodeScalars).split(separator: ".", omittingEmptySubsequences: omitEmpty)
      }
      return pieces.map { Part(text: $0, value: value(of: $0, drift: drift)) }
    }

    /// What a piece reads as: an optional sign and ASCII digits within Int64, else 0 (the
    /// reference), as each drift changes it.
    static func value(of piece: ArraySlice<Unicode.Scalar>, drift: VersionComparison.Drift) -> WideInteger {
      var rest = piece
      if drift.contains(.leadingNumber) {
        rest = rest.drop { " \t\n\r\u{0B}\u{0C}".unicodeScalars.contains($0) }
        var end = rest.startIndex
        if end < rest.endIndex, rest[end] == "+" || rest[end] == "-" { end += 1 }
        end = rest[end...].firstIndex { !isASCIIDigit($0) } ?? rest.endIndex
        rest = rest[..<end]
      }
      var negative = false
      if let first = rest.first, first == "+" || first == "-" {
        if drift.contains(.signsRefused) { return .zero }
        negative = first == "-"
        rest = rest.dropFirst()
      }
      guard !rest.isEmpty else { return .zero }
      var digits: [UInt8] = []
      for scalar in rest {
        if isASCIIDigit(scalar) {
          digits.append(UInt8(scalar.value - 0x30))
        } else if drift.contains(.unicodeDigits), scalar.properties.numericType == .decimal,
          let digit = scalar.properties.numericValue
        {
          digits.append(UInt8(digit))
        } else {
          return .zero
        }
      }
      let value = WideInteger(negative: negative, digits: digits)
      if drift.contains(.exactWideParts) { return value }
      return value.fits(bits: drift.contains(.int32Parts) ? 32 : 64) ? value : .zero
    }

    /// -1, 0 or 1: the order of two parts, by value, or by text when `drift` compares numbers as text.
    static func compare(_ a: Part, _ b: Part, drift: VersionComparison.Drift) -> Int {
      if drift.contains(.textOrder), a.isPlainNumber, b.isPlainNumber {
        if a.text.elementsEqual(b.text) { return 0 }
        return a.text.lexicographicallyPrecedes(b.text, by: { $0.value < $1.value }) ? -1 : 1
      }
      return WideInteger.compare(a.value, b.value)
    }

    /// The version before a semver pre-release tag and the tag (up to a `+` of build metadata):
    /// the tag starts after the first `-` that follows an ASCII digit; nil when there is none.
    static func splitTag(_ version: String) -> (core: String, tag: ArraySlice<Unicode.Scalar>?) {
      let scalars = Array(version.unicodeScalars)
      guard let dash = scalars.indices.dropFirst().first(where: { scalars[$0] == "-" && isASCIIDigit(scalars[$0 - 1]) })
      else { return (version, nil) }
      let tagEnd = scalars[(dash + 1)...].firstIndex(of: "+") ?? scalars.endIndex
      return (String(String.UnicodeScalarView(scalars[..<dash])), scalars[(dash + 1)..<tagEnd])
    }

    /// -1, 0 or 1: semver's order of two pre-release tags: dot-separated identifiers from the
    /// left, numeric ones by value and below the others, the others by scalar value; when one
    /// list is a prefix of the other, the shorter is lower.
    static func compareTags(_ a: ArraySlice<Unicode.Scalar>, _ b: ArraySlice<Unicode.Scalar>) -> Int {
      let left = a.split(separator: ".", omittingEmptySubsequences: false)
      let right = b.split(separator: ".", omittingEmptySubsequences: false)
      for (x, y) in zip(left, right) {
        let xNumeric = !x.isEmpty && x.allSatisfy(isASCIIDigit)
        let yNumeric = !y.isEmpty && y.allSatisfy(isASCIIDigit)
        let order: Int
        switch (xNumeric, yNumeric) {
        case (true, true):
          order = compareMagnitudes(
            Array(x.map { UInt8($0.value - 0x30) }.drop { $0 == 0 }), Array(y.map { UInt8($0.value - 0x30) }.drop { $0 == 0 }))
        case (true, false): order = -1
        case (false, true): order = 1
        case (false, false):
          order = x.elementsEqual(y) ? 0 : x.lexicographicallyPrecedes(y, by: { $0.value < $1.value }) ? -1 : 1
        }
        if order != 0 { return order }
      }
      return left.count == right.count ? 0 : left.count < right.count ? -1 : 1
    }

    /// -1, 0 or 1: the order of two magnitudes given as decimal digits without leading zeros.
    static func compareMagnitudes(_ a: [UInt8], _ b: [UInt8]) -> Int {
      if a.count != b.count { return a.count < b.count ? -1 : 1 }
      for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
      return 0
    }

    static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }
  }
}
