import Foundation

/// One match of a regular expression: the whole text and its capture groups.
public struct TextMatch {
  /// The matched text.
  public let whole: Substring
  /// Each capture group's text, nil where the group took no part in the match.
  public let groups: [Substring?]

  /// Capture group `index` (1-based; 0 is the whole match), "" where it took no part.
  public subscript(_ index: Int) -> Substring { index == 0 ? whole : groups[index - 1] ?? "" }
}

/// Regular expressions in the tests, on `NSRegularExpression` (ICU syntax) rather than Swift's
/// `Regex` and its literals, which need macOS 13 and iOS 16: the test targets build at the
/// package's floor (macOS 12, iOS 15) as the libraries do. A pattern the tests write wrongly stops
/// the test run.
extension StringProtocol {
  /// Every match of `pattern`, in order.
  public func regexMatches(_ pattern: String) -> [TextMatch] {
    let text = String(self)
    let expression = try! NSRegularExpression(pattern: pattern)
    return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { result in
      let groups = (1..<Swift.max(result.numberOfRanges, 1)).map { group in
        Range(result.range(at: group), in: text).map { text[$0] }
      }
      return TextMatch(whole: text[Range(result.range, in: text)!], groups: groups)
    }
  }

  /// The first match of `pattern`, or nil.
  public func firstRegexMatch(_ pattern: String) -> TextMatch? { regexMatches(pattern).first }

  /// The text with every match of `pattern` replaced by `replacement`, taken literally.
  public func replacingRegexMatches(_ pattern: String, with replacement: String) -> String {
    let text = String(self)
    let expression = try! NSRegularExpression(pattern: pattern)
    return expression.stringByReplacingMatches(
      in: text, range: NSRange(text.startIndex..., in: text), withTemplate: NSRegularExpression.escapedTemplate(for: replacement))
  }
}
