/// The spellings of an enumerated string that an app might trim, fold or normalise back to it:
/// white space around it, another letter case, and Unicode compatibility forms. A suite whose
/// spec names a set of strings puts these in its tables, so that a port that trims
/// (`trimmingCharacters(in:)`, Kotlin `trim()`), compares ignoring case (`equals(ignoreCase:)`,
/// `lowercased()`) or normalises (NFKC) before it compares answers differently from one that
/// compares the exact string, as every spec here asks.
public enum EnumeratedForms {
  /// The forms of `value`, each with a label for a case name (`leading-space`, `upper-case`,
  /// `full-width`), in a fixed order; a form equal to `value` itself (the upper case of a value
  /// with no letter) is left out.
  public static func forms(of value: String) -> [(label: String, text: String)] {
    let forms: [(String, String)] = [
      ("leading-space", " " + value), ("trailing-space", value + " "), ("trailing-line-feed", value + "\n"),
      ("surrounding-tabs", "\t" + value + "\t"), ("no-break-space", "\u{A0}" + value),
      ("upper-case", value.uppercased()), ("capitalized", value.prefix(1).uppercased() + value.dropFirst()),
      ("full-width", fullWidth(value)), ("zero-width-space", value + "\u{200B}"),
    ]
    return forms.filter { $0.1 != value }
  }

  /// `text` with each ASCII character from `!` to `~` replaced by its full-width compatibility form
  /// (U+FF01 to U+FF5E), which NFKC folds back.
  static func fullWidth(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          (0x21...0x7E).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0x21 + 0xFF01)! : scalar
        }))
  }
}
