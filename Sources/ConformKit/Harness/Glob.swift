import Foundation

/// A shell-style pattern for `--suite` and `--case`: `*` matches any run of characters (`/`
/// included), `?` one character, `[...]` a set; everything else matches itself.
struct Glob: Sendable, Equatable, CustomStringConvertible {
  let pattern: String

  init(_ pattern: String) { self.pattern = pattern }

  func matches(_ text: String) -> Bool { fnmatch(pattern, text, 0) == 0 }

  var description: String { pattern }
}
