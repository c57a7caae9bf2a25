import ConformFixtures

/// A Markdown document that never grows past a byte limit.
///
/// GitHub refuses a step summary over 1 MiB, so reports append blocks while they fit, keeping room
/// for the note that says what was left out and where to find it.
struct MarkdownDocument {
  /// GitHub's limit for one step summary: 1 MiB.
  static let gitHubLimit = 1_048_576
  /// What a report aims to stay under by default: the limit, with room to spare.
  static let defaultLimit = 1_000_000
  /// Room kept for the closing note.
  static let reserve = 1_024

  let limit: Int
  private(set) var text = ""
  /// How many optional blocks did not fit.
  private(set) var omitted = 0

  init(limit: Int = defaultLimit) { self.limit = limit }

  /// Appends a block that must be there (a heading, the table, the closing note), cut short if
  /// even it is too big. Only the closing note may use the room kept in reserve.
  mutating func appendRequired(_ block: String, usingReserve: Bool = false) {
    let room = limit - (usingReserve ? 0 : Self.reserve) - text.utf8.count
    guard block.utf8.count > room else {
      text += block
      return
    }
    let cut = "\n\n*(cut short to stay under the size limit)*\n\n"
    guard room >= cut.utf8.count else { return }
    text += Self.prefix(of: block, bytes: room - cut.utf8.count) + cut
  }

  /// Appends a block when it fits, leaving `keeping` bytes free for what must follow it; returns
  /// whether it did. After one block does not fit, none is appended, so nothing is out of order.
  @discardableResult
  mutating func append(_ block: String, keeping: Int = 0) -> Bool {
    guard omitted == 0, text.utf8.count + block.utf8.count + keeping <= limit - Self.reserve else {
      omitted += 1
      return false
    }
    text += block
    return true
  }

  /// The text up to `bytes` UTF-8 bytes, ending after a line break when there is one, never
  /// inside a scalar.
  static func prefix(of text: String, bytes: Int) -> String {
    let scalars = text.unicodeScalars
    var count = 0
    var end = scalars.startIndex
    var afterNewline: String.Index?
    for index in scalars.indices {
      let width = UTF8.width(scalars[index])
      if count + width > bytes { break }
      count += width
      end = scalars.index(after: index)
      if scalars[index] == "\n" { afterNewline = end }
    }
    return String(scalars[..<(afterNewline ?? end)])
  }
}

/// Markdown and HTML escaping for text that came from a results file.
enum MarkdownText {
  /// For HTML elements (`<summary>`, `<code>`): `&`, `<`, `>`, `"` as entities.
  static func html(_ text: String) -> String {
    var result = ""
    for character in VisibleText.escapingControls(text) {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }

  /// For a table cell or a line of prose: Markdown's punctuation backslash-escaped, `|` too.
  static func inline(_ text: String) -> String {
    var result = ""
    for character in VisibleText.escapingControls(text) {
      switch character {
      case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#", "~", "!": result += "\\\(character)"
      case "&": result += "&amp;"
      case "\n": result += " "
      default: result.append(character)
      }
    }
    return result
  }

  /// A fenced code block longer than any run of backticks inside it, so nothing can close it early.
  static func fenced(_ lines: [String], language: String) -> String {
    var longest = 0
    for line in lines {
      var run = 0
      for character in line {
        run = character == "`" ? run + 1 : 0
        longest = max(longest, run)
      }
    }
    let fence = String(repeating: "`", count: max(3, longest + 1))
    return ([fence + language] + lines + [fence]).joined(separator: "\n")
  }
}
