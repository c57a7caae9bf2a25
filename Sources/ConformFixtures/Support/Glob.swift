import ConformPlatform
import Foundation

/// A shell-style pattern for `--suite` and `--case`: `*` matches any run of characters (`/`
/// included), `?` one character, `[...]` a set; everything else matches itself.
package struct Glob: Sendable, Equatable, CustomStringConvertible {
  package let pattern: String

  package init(_ pattern: String) { self.pattern = pattern }

  package func matches(_ text: String) -> Bool { PathIO.matches(text, pattern: pattern) }

  package var description: String { pattern }
}
