import ConformFixtures
import ConformJSON

/// Random `update-notice` inputs over the whole domain, biased toward where ports break: times
/// at the snooze and local-midnight edges, offsets that move the day, statuses around 2xx, and
/// lookup bodies built from the story's shape with wrong types, 32- and 64-bit numbers, byte order
/// marks, trailing text, duplicate keys, comments and truncation, and values of every JSON
/// grammar class D5 lists (`grammarValue(using:)`).
enum UpdateNoticeFuzzer {
  static func input(using generator: inout SeededGenerator) -> JSONValue {
    typedInput(using: &generator).json
  }

  /// The input of `input(using:)` as a value.
  static func typedInput(using generator: inout SeededGenerator) -> UpdateNoticeInput {
    let offset =
      generator.chance(3, in: 4)
      ? generator.pick([0, 32_400, -7_200, 19_800, -36_000, 64_800, -64_800] as [Int64])
      : generator.int64(in: UpdateNoticeInput.offsetRange)
    let now = time(offset: offset, using: &generator)
    let today = UpdateNotice.localDay(now: now, utcOffsetSeconds: offset)
    let all = Int64.min...Int64.max
    var next: Int64?
    switch generator.index(6) {
    case 0, 1: next = nil
    case 2, 3: next = SeededGenerator.clamped(now, plus: generator.int64(in: -2...2), in: all)
    case 4: next = generator.pick([0, .max, .min, -1] as [Int64])
    default: next = generator.int64(in: all)
    }
    var lastDay: Int64?
    switch generator.index(6) {
    case 0, 1: lastDay = nil
    case 2, 3, 4: lastDay = SeededGenerator.clamped(today, plus: generator.int64(in: -2...1), in: all)
    default: lastDay = generator.pick([0, -1, .max, .min] as [Int64])
    }
    let installed =
      generator.chance(2, in: 3)
      ? generator.pick(["1.0.2", "1.0", "2.0.9", "1.9", "", "1.0.3"]) : VersionCompareFuzzer.version(using: &generator)
    var lookup: UpdateNoticeInput.Lookup?
    if !generator.chance(1, in: 10) {
      let status: Int64 =
        generator.chance(3, in: 4)
        ? 200 : generator.pick([100, 199, 201, 204, 299, 300, 304, 404, 500, 503, 599])
      lookup = UpdateNoticeInput.Lookup(status: status, body: body(using: &generator))
    }
    let snooze =
      generator.chance(3, in: 4)
      ? generator.pick([0, 1, 86_400, 259_200, Int64(Int32.max)]) : generator.int64(in: UpdateNoticeInput.snoozeRange)
    return UpdateNoticeInput(
      snoozeSeconds: snooze, now: now, utcOffsetSeconds: offset, nextDisplayAt: next, lastCheckDay: lastDay,
      installedVersion: installed, lookup: lookup, answer: generator.chance(1, in: 2) ? "later" : "update")
  }

  /// Seconds since the epoch: near the suite's launch, near a local midnight, near 1970, or anything.
  static func time(offset: Int64, using generator: inout SeededGenerator) -> Int64 {
    let range = UpdateNoticeInput.nowRange
    switch generator.index(5) {
    case 0, 1: return SeededGenerator.clamped(UpdateNoticeSuite.now, plus: generator.int64(in: -200_000...200_000), in: range)
    case 2:
      let midnight = (UpdateNoticeSuite.today + generator.int64(in: -2...2)) * UpdateNotice.secondsPerDay - offset
      return SeededGenerator.clamped(midnight, plus: generator.int64(in: -2...2), in: range)
    case 3: return generator.int64(in: 0...200_000)
    default: return generator.int64(in: range)
    }
  }

  /// A lookup body: mostly the story's shape with one or two fields varied, then maybe reframed.
  static func body(using generator: inout SeededGenerator) -> String {
    if generator.chance(1, in: 12) {
      return generator.pick(["", "null", "[]", "{}", "2", UpdateNoticeSuite.html, "\u{FEFF}", " ", "{\"resultCount\":1}"])
    }
    var results: [String] = []
    for _ in 0..<generator.pick([0, 1, 1, 1, 1, 2]) { results.append(result(using: &generator)) }
    let count =
      generator.chance(3, in: 4)
      ? "\(results.count)"
      : generator.pick(["0", "-1", "2", "\"1\"", "1.5", "1.0", "null", "9223372036854775808", "01", "-0", "1e0"])
    var text: String
    switch generator.index(8) {
    case 0: text = #"{"results":[\#(results.joined(separator: ","))]}"#
    case 1: text = #"{"resultCount":\#(count)}"#
    case 2: text = #"{"resultCount":\#(count),"results":\#(results.first ?? "null")}"#
    default: text = UpdateNoticeSuite.body(count: count, results)
    }
    if generator.chance(1, in: 4) { text = reframed(text, using: &generator) }
    return text
  }

  /// One lookup result with each field kept, dropped, nulled or given another type.
  static func result(using generator: inout SeededGenerator) -> String {
    let version =
      generator.chance(2, in: 3)
      ? "\"" + generator.pick(["1.0.3", "1.0.2", "1.0.1", "2.0.10", "1.10", "v1.0.3", "", "1.0.3 ", "2"]) + "\""
      : generator.pick(["", "null", "2", "2.5", "true", "[\"1.0.3\"]", "{}", "\"1\\u002e0\\u002e3\""])
    let trackId =
      generator.chance(1, in: 2)
      ? "1234567890"
      : generator.pick([
        "", "null", "6443798785", "2147483647", "2147483648", "-2147483649", "9223372036854775807", "9223372036854775808",
        "99999999999999999999", "1.0", "1.5", "1e9", "-0", "\"1234567890\"", "true", "01234567890", "1e400", "Infinity",
      ])
    let url =
      generator.chance(3, in: 4)
      ? "\"\(UpdateNoticeSuite.storeURL)\"" : generator.pick(["", "null", "\"\"", "1", "\" \"", "[]"])
    var extra = ""
    switch generator.index(12) {
    case 0: extra = generator.pick([#""price":0.0,"#, #""genres":["Games",1],"#, #""version":"0.0.1","#, #""x":[[[]]],"#])
    case 1, 2: extra = #""description":\#(grammarValue(using: &generator)),"#
    default: break
    }
    return UpdateNoticeSuite.result(version: version, trackId: trackId, url: url, extra: extra)
  }

  /// A JSON value, or a text that is almost one, from one of RFC 8259's grammar edge classes that
  /// D5 lists: a string with a control character or an escape, a number with leading zeros, a sign,
  /// an exponent or hundreds of digits, a literal JSON does not have, a trailing comma, a comment,
  /// single quotes, a byte order mark, U+FFFD, or a surrogate escape; each part is drawn on its own,
  /// so the fuzzer meets the classes in combinations no table holds.
  static func grammarValue(using generator: inout SeededGenerator) -> String {
    switch generator.index(7) {
    case 0:  // a string, with a character or an escape inside
      let inside = generator.pick([
        "\u{0}", "\u{1}", "\t", "\n", "\r", "\u{1B}", "\u{1F}", "\u{7F}", "\u{85}", "\u{FEFF}", "\u{FFFD}", "'", "//", "/*",
        #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#, #"\u0041"#, #"\u0000"#, #"\ud83d\ude00"#,
        #"\'"#, #"\a"#, #"\v"#, #"\0"#, #"\x41"#, #"\U0041"#, #"\u04"#, #"\ud800"#, #"\udc00"#,
      ])
      return "\"a" + inside + "b\""
    case 1, 2:  // a number: sign, integer part, fraction, exponent
      let sign = generator.pick(["", "", "-", "+"])
      let integer = generator.pick(["0", "1", "01", "00", "007", "", String(repeating: "9", count: 1 + generator.index(400))])
      let fraction = generator.pick(["", "", ".5", ".", ".0"])
      let exponent = generator.pick(["", "", "e5", "E+5", "e-3", "e", "e+", "e007", "e400", "e-400"])
      return sign + integer + fraction + exponent
    case 3:
      return generator.pick(["NaN", "Infinity", "-Infinity", "+Infinity", "undefined", "True", "NULL", "nul", "0x1F", "'x'"])
    case 4:
      return generator.pick(["[1,2,]", "[,1]", "[1,,2]", #"{"a":1,}"#, "[1 2]", "[]", #"{"a":[1,2]}"#])
    case 5:
      return generator.pick(["/* c */1", "1 // c", "# c\n1", "1/**/", "\u{FEFF}1", "1\u{FEFF}", "\u{FFFD}", "\u{A0}1"])
    default:
      return generator.pick(["\"x\"", "1", "true", "null", "-0", "1e5", #""caf\#u{FFFD}""#])
    }
  }

  /// The same JSON with a framing problem, or white space around it.
  static func reframed(_ text: String, using generator: inout SeededGenerator) -> String {
    switch generator.index(9) {
    case 0: return "\u{FEFF}" + text
    case 1: return text + generator.pick([" x", "}", "\n{}", " <!-- -->", "\u{0}"])
    case 2: return generator.pick(["/* c */" + text, text + " // c", "# c\n" + text])
    case 3: return generator.pick([" ", "\n", "\r\n\t"]) + text + generator.pick(["", " ", "\n"])
    case 4: return String(text.dropLast(1 + generator.index(3)))
    case 5: return text.replacingOccurrences(of: "\"", with: "'")
    case 6: return text.replacingOccurrences(of: "]}", with: "],}")
    case 7: return text.replacingOccurrences(of: "{\"resultCount\"", with: "{\"resultCount\":0,\"resultCount\"")
    default: return text + text
    }
  }
}

extension String {
  /// Every occurrence of `target` replaced (the standard library's, without Foundation).
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}

extension UpdateNoticeSuite {
  public func fuzzInput(using generator: inout SeededGenerator) -> JSONValue? {
    UpdateNoticeFuzzer.input(using: &generator)
  }

  /// The model run on the input the fuzzer made.
  public func fuzzCase(using generator: inout SeededGenerator) -> (input: JSONValue, expected: JSONValue)? {
    let input = UpdateNoticeFuzzer.typedInput(using: &generator)
    return (input.json, UpdateNotice.output(input))
  }
}
