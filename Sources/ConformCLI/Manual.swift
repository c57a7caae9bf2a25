import ConformFixtures

/// One option of a command, declared once: `Arguments` reads no other (and refuses any other a
/// user gives), `--help` lists it, the option tests give it to the command, and the results
/// header records it under `recordedAs`.
public struct Option: Sendable {
  /// `--jobs`.
  public var name: String
  /// The value's placeholder in `--help` (`N`, `FILE`); nil for a flag.
  public var value: String?
  /// What it does; a line break continues the text under the first line.
  public var help: String
  /// The key of the results header's `options` that records it (`conform run`), if any.
  public var recordedAs: String?
  /// Left out of `--help`: for the test suite only (`conform bench --tiny`).
  public var isHidden = false

  public init(_ name: String, _ value: String? = nil, recordedAs: String? = nil, isHidden: Bool = false, _ help: String) {
    self.name = name
    self.value = value
    self.help = help
    self.recordedAs = recordedAs
    self.isHidden = isHidden
  }

  /// A flag: an option without a value.
  public init(_ name: String, recordedAs: String? = nil, isHidden: Bool = false, _ help: String) {
    self.init(name, nil, recordedAs: recordedAs, isHidden: isHidden, help)
  }

  /// `--jobs N`, as `--help` and messages show it.
  public var synopsis: String { value.map { "\(name) \($0)" } ?? name }
}

/// A command's `--help`, from which its options are also read: a title, the usage lines, then
/// prose and option tables in order, then the exit statuses.
public struct Manual: Sendable {
  public enum Block: Sendable {
    /// A paragraph or a section of prose, printed as it is.
    case text(String)
    /// A titled table of options (`IMPLEMENTATION`, `REPORT OPTIONS`).
    case options(String, [Option])
  }

  public var title: String
  public var usage: String
  public var blocks: [Block]
  /// One row per status the command really returns, 130/143 last; a row may hold line breaks.
  public var exitStatuses: [(Int32, String)]

  /// Every option of the command, hidden ones included, in the order `--help` lists them.
  public var options: [Option] {
    blocks.flatMap { block -> [Option] in
      if case .options(_, let options) = block { return options }
      return []
    }
  }

  /// The whole `--help` text.
  public var text: String {
    var parts = [title, "USAGE\n" + Self.indented(usage, by: 2)]
    let width = Self.width(of: options.filter { !$0.isHidden })
    for block in blocks {
      switch block {
      case .text(let text): parts.append(text)
      case .options(let heading, let options):
        parts.append(Self.table(heading, options.filter { !$0.isHidden }, width: width))
      }
    }
    parts.append(ExitStatus.helpSection(exitStatuses))
    return parts.joined(separator: "\n\n")
  }

  /// The widest synopsis that still has its text beside it; a wider one has its text below.
  static let synopsisColumn = 21

  /// The synopsis column's width for `options`: their widest synopsis, at most `synopsisColumn`.
  static func width(of options: [Option]) -> Int { min(options.map(\.synopsis.count).max() ?? 0, synopsisColumn) }

  /// `  --jobs N     text`, the texts aligned in one column (the same in every table of a
  /// manual), continuation lines under them.
  static func table(_ heading: String, _ options: [Option], width: Int? = nil) -> String {
    let width = width ?? Self.width(of: options)
    var lines = [heading]
    for option in options {
      let textLines = option.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let indent = String(repeating: " ", count: width + 5)
      if option.synopsis.count > width {
        lines.append("  " + option.synopsis)
        lines += textLines.map { indent + $0 }
      } else {
        lines.append("  " + option.synopsis.padding(toLength: width + 3, withPad: " ", startingAt: 0) + textLines[0])
        lines += textLines.dropFirst().map { indent + $0 }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// `text` broken into lines of at most `width` characters at spaces, for a help text made
  /// from parts (a word longer than `width` keeps a line to itself).
  static func wrapped(_ text: String, width: Int = 70) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  private static func indented(_ text: String, by count: Int) -> String {
    let pad = String(repeating: " ", count: count)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : pad + $0 }
      .joined(separator: "\n")
  }
}

extension ExitStatus {
  /// A command's EXIT STATUS section: one row per status it really returns, 130/143 last.
  ///
  /// A row's text may hold line breaks; each following line is indented under the first.
  static func helpSection(_ rows: [(Int32, String)]) -> String {
    var lines = ["EXIT STATUS"]
    for (status, text) in rows {
      let parts = text.split(separator: "\n", omittingEmptySubsequences: false)
      lines.append("  " + String(status).padding(toLength: 5, withPad: " ", startingAt: 0) + parts[0])
      lines += parts.dropFirst().map { "       " + $0 }
    }
    return lines.joined(separator: "\n")
  }

  /// The top-level help's summary of every command's statuses.
  static let helpText = """
    EXIT STATUS
      0    success: every case conforms (known failures aside), the runs both pass and agree, a
           bundle verifies
      1    differences: a case does not conform, the runs disagree or both fail a case, a known
           failure now passes, a run checked nothing, a bundle does not verify
      2    could not run: bad usage, unreadable fixtures, results or bundle, an implementation that
           cannot start
      130  interrupted by SIGINT; 143 by SIGTERM, 129 by SIGHUP (conform run keeps the results
           file, marked interrupted; see each command's --help)
    """

  /// The 130/143 row of a command that does not catch SIGINT or SIGTERM.
  static let notCaughtSignals = """
    killed by SIGINT (Ctrl-C); 143 by SIGTERM: not caught, so the command ends at
    once and a shell reports 128 + the signal number
    """
}
