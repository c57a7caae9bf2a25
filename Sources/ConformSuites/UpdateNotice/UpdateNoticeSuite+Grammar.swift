import ConformFixtures
import ConformJSON

extension UpdateNoticeSuite {
  /// RFC 8259's grammar edge classes, each as D5 lists them, with bodies on both sides of the
  /// line: control characters in strings, leading zeros, `-0`, exponents, huge numbers, every
  /// escape, a byte order mark, trailing commas, comments, `NaN` and `Infinity`, single quotes,
  /// text a lenient reader made of bytes that were not UTF-8 (D23) and unpaired surrogates.
  ///
  /// Most bodies put the class in a field the structs do not read (`description`), so that only the
  /// syntax decides: the dialog shows, or `"not-json"`; a few put it in a field the structs read.
  static var grammarCases: [CaseDraft] {
    var drafts: [CaseDraft] = []
    /// A body whose first result holds `json` as the value of a field the structs do not read.
    func unread(_ json: String) -> UpdateNoticeInput.Lookup { lookup(body([result(extra: #""description":\#(json),"#)])) }
    func add(_ label: String, _ tag: String, _ note: String, _ lookup: UpdateNoticeInput.Lookup) {
      drafts.append(draft("json-grammar/\(label)", ["pitfall", "syntax", tag], note, base(lookup: lookup)))
    }

    // Control characters: U+0000 to U+001F must be escaped inside a string; U+007F need not be.
    let controls: [(String, String)] = [
      ("nul", "\u{0}"), ("start-of-heading", "\u{1}"), ("tab", "\t"), ("line-feed", "\n"), ("carriage-return", "\r"),
      ("escape", "\u{1B}"), ("unit-separator", "\u{1F}"),
    ]
    for (label, character) in controls {
      add(
        "control/raw-\(label)-in-string", "control",
        "a raw \(label) (below U+0020) inside a string is not-json, even in an unread field (e.g. not a lenient reader)",
        unread("\"a\(character)b\""))
    }
    add(
      "control/raw-tab-in-version", "control", "a raw tab inside the version string is not-json, not a version \"1.0.3<tab>\"",
      lookup(body([result(version: "\"1.0.3\t\"")])))
    add(
      "control/raw-line-feed-in-url", "control", "a raw line feed inside trackViewUrl is not-json, not a URL to open",
      lookup(body([result(url: "\"\(storeURL)\n\"")])))
    add(
      "control/raw-delete-in-string", "control", "a raw U+007F (delete) inside a string is allowed: the dialog shows",
      unread("\"a\u{7F}b\""))
    add(
      "control/raw-c1-in-string", "control", "a raw U+0085 inside a string is allowed (only U+0000 to U+001F are not)",
      unread("\"a\u{85}b\""))
    add(
      "control/escaped-controls", "control", "escaped control characters (\\u0000, \\u001f, \\b) are allowed: the dialog shows",
      unread(#""\u0000\u001f\u001F\b""#))

    // Numbers: leading zeros, `-0`, exponents and huge numbers.
    let numbers: [(String, String, Bool, String)] = [
      ("leading-zero", "01", false, "a leading zero (01) is not-json"),
      ("leading-zeros", "007", false, "leading zeros (007) are not-json"),
      ("minus-leading-zero", "-01", false, "-01 is not-json"),
      ("leading-zero-fraction", "00.5", false, "00.5 is not-json"),
      ("zero", "0", true, "0 is a number: the dialog shows"),
      ("zero-fraction", "0.5", true, "0.5 (one zero before the point) is a number: the dialog shows"),
      ("minus-zero", "-0", true, "-0 is a JSON number: the dialog shows"),
      ("minus-zero-fraction", "-0.0", true, "-0.0 is a JSON number: the dialog shows"),
      ("plus-sign", "+1", false, "a leading plus (+1) is not-json"),
      ("bare-fraction", ".5", false, "a fraction without its integer part (.5) is not-json"),
      ("trailing-point", "1.", false, "a point without digits after it (1.) is not-json"),
      ("exponent", "1e5", true, "an exponent (1e5) is a number: the dialog shows"),
      ("exponent-upper-plus", "1E+5", true, "an exponent 1E+5 is a number: the dialog shows"),
      ("exponent-minus", "2.5e-3", true, "an exponent 2.5e-3 is a number: the dialog shows"),
      ("exponent-leading-zeros", "1e007", true, "leading zeros in an exponent (1e007) are allowed: the dialog shows"),
      ("exponent-empty", "1e", false, "an exponent without digits (1e) is not-json"),
      ("exponent-sign-only", "1e+", false, "an exponent with a sign only (1e+) is not-json"),
      ("hexadecimal", "0x1F", false, "a hexadecimal number (0x1F) is not-json"),
      ("huge-exponent", "1e400", true, "1e400 (past a Double) is still a JSON number: the dialog shows, nothing overflows"),
      ("tiny-exponent", "1e-400", true, "1e-400 (below a Double) is still a JSON number: the dialog shows"),
      ("huge-integer", String(repeating: "9", count: 400), true, "a 400-digit integer is a JSON number: the dialog shows"),
      (
        "huge-negative", "-" + String(repeating: "1", count: 40), true,
        "a 40-digit negative integer is a JSON number: the dialog shows"
      ),
    ]
    for (label, number, isJSON, note) in numbers {
      add(
        "number/\(label)", "number", note + (isJSON ? "" : ", even in an unread field (e.g. not a lenient reader)"),
        unread(number))
    }
    add(
      "number/leading-zero-result-count", "number", "resultCount 01 is not-json, not the count 1 (e.g. a lenient reader)",
      lookup(body(count: "01")))
    add(
      "number/leading-zero-track-id", "number", "trackId 01234567890 is not-json, not decode-failed or the id 1234567890",
      lookup(body([result(trackId: "01234567890")])))
    add(
      "number/minus-zero-result-count", "number", "resultCount -0 is JSON but no Int (D8): decode-failed",
      lookup(body(count: "-0")))
    add(
      "number/exponent-result-count", "number", "resultCount 1e0 is JSON but no integer literal (D8): decode-failed",
      lookup(body(count: "1e0")))
    add(
      "number/huge-result-count", "number", "resultCount 1e400 is JSON but no Int (D8): decode-failed, not infinity or a crash",
      lookup(body(count: "1e400")))
    add(
      "number/huge-integer-track-id", "number", "a 400-digit trackId is JSON but past Int64 (D8): decode-failed",
      lookup(body([result(trackId: String(repeating: "9", count: 400))])))

    // Escapes: the eight of RFC 8259 and \uXXXX are read; any other backslash is not-json.
    add(
      "escape/all-escapes", "escape", "every escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u0041) in one string: the dialog shows",
      unread(#""\"\\\/\b\f\n\r\t\u0041""#))
    add(
      "escape/escaped-url", "escape", "\\/ in trackViewUrl reads as /: the dialog opens the unescaped URL",
      lookup(
        body([
          result(url: "\"" + storeURL.split(separator: "/", omittingEmptySubsequences: false).joined(separator: #"\/"#) + "\"")
        ])))
    add(
      "escape/escaped-version-digits", "escape", "\\u0031.0.3 is the version 1.0.3: newer, the dialog shows",
      lookup(body([result(version: #""\u0031.0.3""#)])))
    let badEscapes: [(String, String)] = [
      ("single-quote", #"\'"#), ("bell", #"\a"#), ("vertical-tab", #"\v"#), ("zero", #"\0"#), ("hex", #"\x41"#),
      ("upper-u", #"\U0041"#), ("short-unicode", #"\u04"#), ("non-hex-unicode", #"\u00G1"#), ("escaped-space", #"\ "#),
    ]
    for (label, escape) in badEscapes {
      add(
        "escape/invalid-\(label)", "escape", "\(escape) is no JSON escape: not-json, even in an unread field",
        unread("\"\(escape)\""))
    }
    add(
      "escape/invalid-in-version", "escape", "\\x31.0.3 as the version is not-json, not the version 1.0.3",
      lookup(body([result(version: #""\x31.0.3""#)])))

    // A byte order mark: only inside a string is it a character.
    add("bom/after-value", "bom", "a byte order mark after the value is not-json", lookup(body() + "\u{FEFF}"))
    add(
      "bom/between-tokens", "bom", "a byte order mark between tokens is not-json",
      lookup("{\"resultCount\":1,\u{FEFF}\"results\":[\(result())]}"))
    add("bom/inside-string", "bom", "a U+FEFF inside a string is a character: the dialog shows", unread("\"\u{FEFF}x\""))

    // Trailing, leading and doubled commas.
    add(
      "comma/trailing-in-results", "comma", "a trailing comma in the results array is not-json, not one result",
      lookup(#"{"resultCount":1,"results":[\#(result()),]}"#))
    add(
      "comma/trailing-in-result", "comma", "a trailing comma inside the result object is not-json",
      lookup(body([String(result().dropLast()) + ",}"])))
    add("comma/trailing-in-unread-array", "comma", "a trailing comma in an unread array is not-json", unread("[1,2,]"))
    add("comma/leading-in-array", "comma", "a leading comma in an array is not-json", unread("[,1]"))
    add(
      "comma/doubled-in-object", "comma", "two commas between members are not-json",
      lookup(#"{"resultCount":1,,"results":[\#(result())]}"#))
    add(
      "comma/missing", "comma", "two members without a comma between them are not-json",
      lookup(#"{"resultCount":1 "results":[\#(result())]}"#))

    // Comments of every kind; the same characters inside a string are text.
    add("comment/line-after", "comment", "a // comment after the value is not-json", lookup(body() + " // cached"))
    add(
      "comment/block-between-tokens", "comment", "a /* */ comment between tokens is not-json",
      lookup("{\"resultCount\":/* one */1,\"results\":[\(result())]}"))
    add("comment/hash", "comment", "a # comment before the value is not-json", lookup("# lookup\n" + body()))
    add(
      "comment/inside-string", "comment", "// and /* */ inside a string are text: the dialog shows",
      unread(#""// not /* a */ comment""#))

    // Literals JSON does not have.
    let literals: [(String, String)] = [
      ("nan", "NaN"), ("infinity", "Infinity"), ("minus-infinity", "-Infinity"), ("plus-infinity", "+Infinity"),
      ("undefined", "undefined"), ("capitalized-true", "True"), ("upper-case-null", "NULL"), ("truncated-null", "nul"),
    ]
    for (label, literal) in literals {
      add("literal/\(label)", "literal", "\(literal) is no JSON value: not-json, even in an unread field", unread(literal))
    }
    add(
      "literal/infinity-result-count", "literal", "resultCount Infinity is not-json, not decode-failed",
      lookup(body(count: "Infinity")))

    // Quotes.
    add("quote/single-quoted-value", "quote", "a single-quoted value in an unread field is not-json", unread("'x'"))
    add("quote/single-quoted-key", "quote", "a single-quoted key is not-json", lookup(body([result(extra: "'description':1,")])))
    add("quote/unquoted-key", "quote", "an unquoted key is not-json", lookup(body([result(extra: "description:1,")])))
    add(
      "quote/single-quote-inside-string", "quote", "a single quote inside a double-quoted string is text: the dialog shows",
      unread(#""it's""#))

    // D23: the body is text; what a lenient reader made of bytes that were not UTF-8 is text too.
    add(
      "utf8/replacement-character", "utf8",
      "U+FFFD in a string (what a lenient reader makes of an invalid byte) is a character: the dialog shows (D23)",
      unread("\"caf\u{FFFD}\""))
    add(
      "utf8/replacement-character-before-value", "utf8", "U+FFFD before the value is no white space: not-json (D23)",
      lookup("\u{FFFD}" + body()))
    add(
      "utf8/noncharacter", "utf8", "a raw U+FFFF (a noncharacter, still a scalar) in a string is a character: the dialog shows",
      unread("\"\u{FFFF}\""))

    // Unpaired surrogates in a key (D21 has values).
    add(
      "surrogate/lone-high-in-key", "surrogate", "a lone surrogate escape in a key is not-json",
      lookup(body([result(extra: #""\ud800":1,"#)])))
    add(
      "surrogate/lone-low-in-key", "surrogate", "a lone low surrogate escape in a key is not-json",
      lookup(body([result(extra: #""\udfff":1,"#)])))
    return drafts
  }
}
