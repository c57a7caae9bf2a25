/// A bundle version, `MAJOR.MINOR.PATCH` in plain decimal numbers (no pre-release or build part).
public struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var major: Int
  public var minor: Int
  public var patch: Int

  public init(major: Int, minor: Int, patch: Int) {
    self.major = major
    self.minor = minor
    self.patch = patch
  }

  /// Parses `X.Y.Z`; nil for anything else (leading zeros, signs, extra parts, pre-releases).
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard !part.isEmpty, part.count <= 9, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
        part == "0" || !part.hasPrefix("0"), let number = Int(part)
      else { return nil }
      numbers.append(number)
    }
    self.init(major: numbers[0], minor: numbers[1], patch: numbers[2])
  }

  public var description: String { "\(major).\(minor).\(patch)" }

  public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
    (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
  }

  /// The smallest version after this one with the given bump; `none` gives this version.
  public func bumped(_ bump: VersionBump) -> SemanticVersion {
    switch bump {
    case .none: self
    case .patch: SemanticVersion(major: major, minor: minor, patch: patch + 1)
    case .minor: SemanticVersion(major: major, minor: minor + 1, patch: 0)
    case .major: SemanticVersion(major: major + 1, minor: 0, patch: 0)
    }
  }

  /// The kind of step from `self` to a later `next`: which part went up first.
  public func step(to next: SemanticVersion) -> VersionBump {
    if next.major != major { return next.major > major ? .major : .none }
    if next.minor != minor { return next.minor > minor ? .minor : .none }
    return next.patch > patch ? .patch : .none
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
