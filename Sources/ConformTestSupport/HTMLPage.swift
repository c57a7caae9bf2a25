import Foundation

/// Reading a page `conform` rendered, for the HTML report's tests in every tier.
public enum HTMLPage {
  /// Every `<name` or `</name` in the page, in order.
  public static func tags(_ page: String) -> [String] {
    page.regexMatches(#"<(/?[A-Za-z!][A-Za-z0-9]*)"#).map { String($0[1]).lowercased() }
  }

  /// The text of every element `<tag ...>…</tag>` whose opening tag contains `marker`.
  public static func elements(_ page: String, tag: String, containing marker: String) -> [Substring] {
    var found: [Substring] = []
    var rest = page[...]
    while let open = rest.range(of: "<\(tag)") {
      guard let close = rest[open.upperBound...].range(of: "</\(tag)>") else { break }
      let element = rest[open.lowerBound..<close.upperBound]
      let head = element.prefix { $0 != ">" }
      if head.contains(marker) { found.append(element) }
      rest = rest[close.upperBound...]
    }
    return found
  }

  /// `data-count` numbers of the counts cell of run `impl`, suite `suite` ("" for all suites).
  public static func counts(_ page: String, impl: Int, suite: String) -> [String: Int] {
    let marker = "data-impl=\"\(impl)\" data-suite=\"\(suite)\""
    guard let cell = elements(page, tag: "td", containing: marker).first else { return [:] }
    var counts: [String: Int] = [:]
    for match in cell.regexMatches(#"data-count="([A-Za-z]+)">(?:<span[^>]*>[^<]*</span>)?<b>([0-9,]+)</b>"#) {
      counts[String(match[1])] = Int(match[2].replacingOccurrences(of: ",", with: ""))
    }
    return counts
  }
}
