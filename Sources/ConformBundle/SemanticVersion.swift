import ConformFixtures

/// A version by semver 2.0.0: `MAJOR.MINOR.PATCH` in plain decimal numbers, with an optional
/// pre-release (`1.0.0-rc.1`), which orders before its release. No build metadata (`+build`):
/// semver orders `1.0.0+a` and `1.0.0+b` alike, so it would give two bundles one version.
public struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var major: Int
  public var minor: Int
  public var patch: Int
  /// The pre-release's dot-separated identifiers (`["rc", "1"]`); empty for a release.
  public var preRelease: [String]

  public init(major: Int, minor: Int, patch: Int, preRelease: [String] = []) {
    self.major = major
    self.minor = minor
    self.patch = patch
    self.preRelease = preRelease
  }

  /// Parses `X.Y.Z` or `X.Y.Z-PRE`; nil for anything else (leading zeros, signs, extra parts,
  /// empty or non-ASCII pre-release identifiers, build metadata).
  public init?(_ text: String) {
    let (core, pre) =
      if let dash = text.firstIndex(of: "-") {
        (text[..<dash], Optional(text[text.index(after: dash)...]))
      } else { (Substring(text), nil) }
    let parts = core.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard Self.isNumber(part), part.count <= 9, let number = Int(part) else { return nil }
      numbers.append(number)
    }
    var identifiers: [String] = []
    if let pre {
      for identifier in pre.split(separator: ".", omittingEmptySubsequences: false) {
        let allowed = identifier.utf8.allSatisfy { byte in
          (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D
        }
        let numeric = identifier.utf8.allSatisfy { (0x30...0x39).contains($0) }
        guard !identifier.isEmpty, allowed, !numeric || (Self.isNumber(identifier) && identifier.count <= 18) else {
          return nil
        }
        identifiers.append(String(identifier))
      }
    }
    self.init(major: numbers[0], minor: numbers[1], patch: numbers[2], preRelease: identifiers)
  }

  /// Digits only, without a leading zero unless it is `0`.
  private static func isNumber(_ text: Substring) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && (text == "0" || !text.hasPrefix("0"))
  }

  public var description: String {
    "\(major).\(minor).\(patch)" + (preRelease.isEmpty ? "" : "-" + preRelease.joined(separator: "."))
  }

  /// Whether this is a pre-release (`1.0.0-rc.1`).
  public var isPreRelease: Bool { !preRelease.isEmpty }

  /// `MAJOR.MINOR.PATCH` without the pre-release: the release this one leads to.
  public var release: SemanticVersion { SemanticVersion(major: major, minor: minor, patch: patch) }

  /// semver's precedence: numbers by value, then a pre-release before its release, then the
  /// identifiers one by one (numeric ones by value and before alphanumeric ones, which compare
  /// in ASCII order), a shorter list first when all before are equal.
  public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
    if (lhs.major, lhs.minor, lhs.patch) != (rhs.major, rhs.minor, rhs.patch) {
      return (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
    if lhs.preRelease.isEmpty || rhs.preRelease.isEmpty { return !lhs.preRelease.isEmpty && rhs.preRelease.isEmpty }
    for (a, b) in zip(lhs.preRelease, rhs.preRelease) where a != b {
      switch (Int(a), Int(b)) {
      case (let x?, let y?): return x < y
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
      }
    }
    return lhs.preRelease.count < rhs.preRelease.count
  }

  /// The smallest release after this one with the given bump; `none` gives this version. From a
  /// pre-release, a bump its release already makes gives that release (`2.0.0-rc.1` bumped by
  /// major, minor or patch is `2.0.0`; `1.2.0-rc.1` by minor or patch is `1.2.0`, by major `2.0.0`).
  public func bumped(_ bump: VersionBump) -> SemanticVersion {
    switch bump {
    case .none: self
    case .patch: isPreRelease ? release : SemanticVersion(major: major, minor: minor, patch: patch + 1)
    case .minor:
      isPreRelease && patch == 0 ? release : SemanticVersion(major: major, minor: minor + 1, patch: 0)
    case .major:
      isPreRelease && minor == 0 && patch == 0 ? release : SemanticVersion(major: major + 1, minor: 0, patch: 0)
    }
  }

  /// The largest bump a later `next` makes from `self`: the largest whose smallest version
  /// (`bumped`) `next`'s release reaches. Between plain versions, which part went up first; a
  /// pre-release counts as the release it leads to (`1.4.2` → `2.0.0-rc.1` is a major step, and
  /// so is `2.0.0-rc.1` → `2.0.0-rc.2`: pre-releases of one version may differ in any way).
  public func step(to next: SemanticVersion) -> VersionBump {
    guard next > self else { return .none }
    for bump in [VersionBump.major, .minor, .patch] where !(next.release < bumped(bump).release) {
      return bump
    }
    return .none
  }
}

extension SemanticVersion {
  /// Enforces the versioning rule: this version comes after `previous` by at least `required`.
  ///
  /// - Parameter reason: the first change that requires the bump, named in the error.
  public func checkRelease(after previous: SemanticVersion, required: VersionBump, reason: String?) throws(ConformError) {
    guard self > previous else {
      throw .usage("bundle create: version \(self) is not after the previous bundle's \(previous)")
    }
    let step = previous.step(to: self)
    guard step >= required else {
      throw .usage(
        "bundle create: \(previous) → \(self) is a \(step) step, but \(reason ?? "the changes") needs a \(required) "
          + "version: use \(previous.bumped(required)) (see conform bundle diff for every change)")
    }
  }
}

/// How much a bundle's version must go up for a change, by the versioning rule:
/// a case removed or its input or expected output changed is major, cases added are minor,
/// notes, tags, spec texts and documents are patch.
public enum VersionBump: Int, Sendable, Comparable, CustomStringConvertible {
  case none, patch, minor, major

  public static func < (lhs: VersionBump, rhs: VersionBump) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String {
    switch self {
    case .none: "none"
    case .patch: "patch"
    case .minor: "minor"
    case .major: "major"
    }
  }
}
