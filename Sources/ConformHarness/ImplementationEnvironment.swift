import ConformFixtures
import Foundation

/// The implementation's environment, fixed so runs reproduce: `TZ=UTC`, `LC_ALL=C.UTF-8`,
/// `LANG=C.UTF-8`, plus the few variables a program needs to start at all (`PATH`, `HOME`,
/// `TMPDIR`, `USER`) passed through, then `--env KEY=VALUE` on top. `--inherit-env` starts from
/// conform's whole environment instead (and sets nothing of its own).
///
/// The C locale's rules with UTF-8 text: under plain `C` a JVM reads file names as ASCII, so the
/// Kotlin reference could not open its own jar in a folder named with an `é`. `C.UTF-8` is in
/// glibc, musl and macOS 15 (the oldest macOS conform builds for).
package struct ImplementationEnvironment: Sendable, Equatable {
  static let fixed: [(String, String)] = [("LANG", "C.UTF-8"), ("LC_ALL", "C.UTF-8"), ("TZ", "UTC")]
  static let passedThrough = ["HOME", "PATH", "TMPDIR", "USER"]

  package var inherit: Bool
  package var overrides: [(key: String, value: String)]

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.inherit == rhs.inherit && lhs.overrides.elementsEqual(rhs.overrides) { $0 == $1 }
  }

  /// Reads `--env` values; an entry without `=` or with an empty key is a usage error.
  package init(inherit: Bool, assignments: [String]) throws(ConformError) {
    self.inherit = inherit
    overrides = []
    for assignment in assignments {
      guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
        throw .usage("--env takes KEY=VALUE, not \"\(assignment)\"")
      }
      overrides.append((String(assignment[..<equals]), String(assignment[assignment.index(after: equals)...])))
    }
  }

  /// `KEY=VALUE` strings, sorted by key.
  package func resolve(parent: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
    var values: [String: String] = [:]
    if inherit {
      values = parent
    } else {
      for key in Self.passedThrough { if let value = parent[key] { values[key] = value } }
      for (key, value) in Self.fixed { values[key] = value }
    }
    for (key, value) in overrides { values[key] = value }
    return values.keys.sorted().map { "\($0)=\(values[$0]!)" }
  }
}
