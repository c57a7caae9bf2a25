import ConformJSON

/// ANSI styling for terminal text, or none: every method returns its text unchanged when off.
///
/// Whether it is on is decided once, by `Terminal.wantsColor` (a terminal, no `NO_COLOR`, `TERM`
/// not `dumb`), so nothing a file or pipe receives ever holds an escape sequence.
package struct TextStyle: Sendable {
  var isEnabled: Bool

  package init(isEnabled: Bool) { self.isEnabled = isEnabled }

  static let plain = TextStyle(isEnabled: false)

  package func bold(_ text: String) -> String { wrap(text, "1") }
  func dim(_ text: String) -> String { wrap(text, "2") }
  package func red(_ text: String) -> String { wrap(text, "31") }
  package func green(_ text: String) -> String { wrap(text, "32") }
  package func yellow(_ text: String) -> String { wrap(text, "33") }

  /// A diff line coloured by its marker: `-` red, `+` green, collapsed runs dim.
  package func diffLine(_ line: String) -> String {
    if line.hasPrefix("- ") { return red(line) }
    if line.hasPrefix("+ ") { return green(line) }
    if line.hasPrefix("(") { return dim(line) }
    return line.contains("… (") ? dim(line) : line
  }

  private func wrap(_ text: String, _ code: String) -> String {
    isEnabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}

/// Text from a results file made safe to show: what it holds came from the implementation under
/// test, which may write anything (escape sequences, NUL, a carriage return that hides a line).
package enum VisibleText {
  /// `text`'s lines, split at every line break a terminal or a CI log honours: LF, CR, CRLF,
  /// and the Unicode ones (NEL, U+2028, U+2029).
  package static func lines(_ text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
  }

  /// A line of a report as shown: controls escaped, and a line that would read as a GitHub
  /// Actions workflow command (`::error ...`, `::add-mask::`, `::stop-commands::`, even
  /// indented, as the runner reads them) made inert by escaping its first colon. Only conform's
  /// own annotations are commands.
  package static func shown(_ line: String) -> String {
    let escaped = escapingControls(line)
    let body = escaped.drop { $0 == " " || $0 == "\t" }
    guard body.hasPrefix("::") else { return escaped }
    return escaped[..<body.startIndex] + "\\u{3A}" + body.dropFirst()
  }

  /// Control characters other than newline and tab, shown as `\u{1B}`.
  package static func escapingControls(_ text: String) -> String {
    guard containsControl(text) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether `isControl` holds for any scalar, by one pass over the UTF-8 bytes (C1 controls
  /// are 0xC2 followed by 0x80 to 0x9F).
  static func containsControl(_ text: String) -> Bool {
    let scan = { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
      var afterC2 = false
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte < 0x20 && byte != 0x0A && byte != 0x09 || byte == 0x7F || afterC2 && byte < 0xA0 { return true }
        afterC2 = byte == 0xC2
        index += 1
      }
      return false
    }
    return text.utf8.withContiguousStorageIfAvailable(scan) ?? Array(text.utf8).withUnsafeBufferPointer(scan)
  }

  /// `text` with every scalar outside printable ASCII written `\u{301}`, when it holds one a
  /// reader cannot see or tell apart: a combining mark (`"2.\u{301}1"` shows as `"2.́1"`), a
  /// format character (a zero-width space, a byte order mark), a space or line break other than
  /// U+0020, a control; nil when every scalar shows as itself (Korean text, `é`).
  package static func escapedIfUnseen(_ text: String) -> String? {
    text.unicodeScalars.contains(where: isUnseen) ? JSONDiffText.escaped(text) : nil
  }

  private static func isUnseen(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.value >= 0x7F else { return scalar.value < 0x20 || scalar.value == 0x7F }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .spaceSeparator, .lineSeparator,
      .paragraphSeparator, .unassigned, .privateUse, .surrogate:
      return true
    default:
      return scalar.properties.isVariationSelector
    }
  }

  /// C0 and C1 controls and DEL, except newline and tab.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: false
    case 0..<0x20, 0x7F..<0xA0: true
    default: false
    }
  }

  /// The text's lines, each prefixed, for an indented block.
  static func indented(_ text: String, by prefix: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
  }

  /// At most `count` last lines of `text` (a trailing newline does not count as a line), and
  /// whether lines before them were left out; reads only the tail of a long text.
  package static func lastLines(_ text: String, _ count: Int) -> (lines: [Substring], truncated: Bool) {
    var body = text[...]
    if body.utf8.last == 0x0A { body = body.dropLast() }
    guard !body.isEmpty else { return ([], false) }
    guard count > 0 else { return ([], true) }
    var start = body.utf8.endIndex
    var found = 0
    while start > body.utf8.startIndex {
      let before = body.utf8.index(before: start)
      if body.utf8[before] == 0x0A {
        found += 1
        if found == count { break }
      }
      start = before
    }
    return (body[start...].split(omittingEmptySubsequences: false, whereSeparator: \.isNewline), start > body.utf8.startIndex)
  }

  /// At most `count` lines, the rest replaced by one line that says how many were left out.
  package static func capped(_ lines: [String], _ count: Int) -> [String] {
    guard lines.count > count else { return lines }
    return Array(lines.prefix(count)) + ["… (\(lines.count - count) more lines)"]
  }
}
