/// A count with its noun, in the plural unless the count is 1: `1 case`, `2 cases`, `0 cases`.
///
/// Every message that prints a count with a noun goes through here, so none says "1 cases".
package enum Plural {
  /// The noun alone, for `count`: `case` or `cases`. `plural` defaults to the singular with `s`.
  package static func noun(_ count: some BinaryInteger, _ singular: String, _ plural: String? = nil) -> String {
    count == 1 ? singular : plural ?? singular + "s"
  }

  /// `1 case`, `19601 cases`.
  package static func count(_ count: some BinaryInteger, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) \(noun(count, singular, plural))"
  }

  /// `1 case`, `19,601 cases`: thousands separated by commas.
  package static func grouped(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count.grouped) \(noun(count, singular, plural))"
  }
}

extension Int {
  /// The number with thousands separated by commas: `19,599`.
  package var grouped: String {
    let digits = String(magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return self < 0 ? "-" + result : result
  }
}
