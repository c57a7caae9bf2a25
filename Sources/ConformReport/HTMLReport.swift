import ConformFixtures
import ConformJSON
import ConformResults
import ConformSuites

/// The HTML report (`--html FILE`): one self-contained page made from one or more runs, for people
/// triaging drift across codebases.
///
/// The page holds, in order: the verdicts and what the page summarised; the implementations side
/// by side (name, language, version, command, fixtures and their digest, when and how long it
/// ran); with two runs, the drift view (`Drift`: the cases they disagree on, then those both fail
/// the same way, then the cases only one ran); each run's problems, best first, cases that fail
/// the same way grouped behind the first (`RunSummary.problemGroups`), each opening to its note,
/// input, the terminal's field-by-field diff, its expected and actual output, message, stderr and
/// rerun command; then the matrix: suites, then cases as rows, one column per implementation,
/// every status as a symbol and a word, with the counts per suite.
///
/// It is rendered here, whole: the page's script only filters what is there (by status, suite,
/// tag, implementation and free text, kept in the URL fragment) and needs no data of its own, so
/// text from a results file only ever lands in element content and quoted attributes, escaped
/// (`HTMLText`). A Content-Security-Policy allows the page's own script and style by their hash and
/// nothing else: no network, no other script.
///
/// The page is bounded whatever the run (`Limits`): cases that pass everywhere are counted, not
/// listed, past a number per suite; so are cases with a problem past a larger number; groups of
/// problems past a number, ids past a number per group and details past a byte budget are counted
/// too; every value shown is cut at a number of bytes. The page says what it left out. The same
/// runs always give the same bytes: nothing but what the results files hold is shown.
public struct HTMLReport: Sendable {
  /// One run: its summary and the results file it came from.
  public struct Run: Sendable {
    public var summary: RunSummary
    /// The results file, shown on the page and used by the rerun command of a generated run.
    public var path: String?

    public init(summary: RunSummary, path: String?) {
      self.summary = summary
      self.path = path
    }
  }

  /// How much the page lists in full; what is past a limit is counted, and the page says so.
  public struct Limits: Sendable, Equatable {
    /// Rows of cases every run passes, per suite.
    public var passingRowsPerSuite = 500
    /// Rows of cases some run does not pass (fails, errors, skips, …), per suite.
    public var otherRowsPerSuite = 2_000
    /// Groups shown in each list of problems (a run's problems, disagreements, shared failures).
    public var groupsShown = 200
    /// Case ids named in a group of cases that fail the same way.
    public var idsPerGroup = 100
    /// Bytes of one value shown (an input, an expected or actual output, a line of a diff, a
    /// message), in UTF-8 before escaping.
    public var valueBytes = 4_096
    /// Lines of one block (a diff with its messages and stderr).
    public var linesPerBlock = 200
    /// Last lines of stderr shown for a crash.
    public var stderrLines = 40
    /// Bytes of all the problems' details together; past it, the rest are counted.
    public var detailBytes = 2_500_000

    public init() {}

    public static let standard = Limits()
  }

  public var runs: [Run]
  /// The comparison of the two runs, shown first; nil for one run or more than two.
  public var drift: Drift?
  public var limits: Limits
  /// Whether the matrix lists the cases of suites an implementation does not support
  /// (`--show-unsupported`); without it they are only counted, in their suite's row.
  public var showUnsupported: Bool

  public init(runs: [Run], drift: Drift? = nil, limits: Limits = .standard, showUnsupported: Bool = false) {
    self.runs = runs
    self.drift = drift
    self.limits = limits
    self.showUnsupported = showUnsupported
  }

  /// The report of results files read already: each with the known-failures list its run was
  /// given (kept in its header), compared as a drift when there are two.
  public init(files: [ResultsFile], limits: Limits = .standard, showUnsupported: Bool = false) {
    let runs = files.map { Run(summary: RunSummary(file: $0, knownFailures: $0.header.knownFailures), path: $0.path) }
    self.init(
      runs: runs, drift: files.count == 2 ? Drift(files[0], files[1]) : nil, limits: limits, showUnsupported: showUnsupported)
  }

  /// The whole page, UTF-8.
  public func render() -> String {
    var page = HTMLPage(report: self)
    return page.render()
  }
}

/// What a cell of the matrix or a filter shows: a case's status in one run, in the words of the
/// counts (`RunSummary.Counts`), plus `absent` for a run with no record of the case.
enum HTMLStatus: String, CaseIterable, Sendable {
  case pass, fail, errored, flaky, stale, known, skipped, unsupported
  case notRun = "not-run"
  case absent

  init(_ outcome: CaseOutcome?) {
    guard let outcome else {
      self = .absent
      return
    }
    if outcome.isStaleKnownFailure {
      self = .stale
    } else if outcome.knownFailure != nil, outcome.isFailing {
      self = .known
    } else if outcome.isFlaky {
      self = .flaky
    } else {
      switch outcome.status {
      case .pass: self = .pass
      case .fail: self = .fail
      case .errored, .crashed, .timeout, .protocolError: self = .errored
      case .skipped: self = .skipped
      case .unsupported: self = .unsupported
      case .notRun: self = .notRun
      }
    }
  }

  /// Shown beside the word, in the status's colour; every one is in common fonts (DejaVu).
  var symbol: String {
    switch self {
    case .pass: "✓"
    case .fail: "✗"
    case .errored: "⚠"
    case .flaky: "≈"
    case .stale: "!"
    case .known: "✗"
    case .skipped: "↷"
    case .unsupported: "∅"
    case .notRun: "○"
    case .absent: "–"
    }
  }

  /// The filter's label.
  var label: String {
    switch self {
    case .pass: "pass"
    case .fail: "fail"
    case .errored: "errored"
    case .flaky: "flaky"
    case .stale: "stale known failure"
    case .known: "known failure"
    case .skipped: "skipped"
    case .unsupported: "unsupported"
    case .notRun: "not run"
    case .absent: "no record"
    }
  }

  /// The word in a cell: for an errored case, what happened (`crashed`, `timeout`).
  static func word(_ outcome: CaseOutcome?) -> String {
    let status = HTMLStatus(outcome)
    if status == .errored, let outcome { return outcome.status.rawValue }
    return status.label
  }

  /// Whether a case in this status needs a person: it fails the gate.
  var isProblem: Bool { self == .fail || self == .errored || self == .flaky || self == .stale }
}

/// The page being written: the report, the output so far and the budget of details left.
private struct HTMLPage {
  let report: HTMLReport
  var limits: HTMLReport.Limits { report.limits }
  var runs: [HTMLReport.Run] { report.runs }
  /// Every case of every run, in the order the runs first recorded them; without
  /// `showUnsupported`, those some run does not support and none fails are left out.
  let rows: [Row]
  /// The cases left out of `rows` as unsupported, by suite.
  let unsupportedLeftOut: [String: Int]
  /// Each run's problems, grouped (`RunSummary.problemGroups`), worked out once.
  let problemGroups: [[[CaseOutcome]]]
  var out = ""
  var detailBytesLeft: Int
  /// What the page left out, said at its top.
  var leftOut: [String] = []

  init(report: HTMLReport) {
    self.report = report
    var rows = Self.rows(of: report.runs)
    var unsupportedLeftOut: [String: Int] = [:]
    if !report.showUnsupported {
      rows.removeAll { row in
        guard row.isUnsupported else { return false }
        unsupportedLeftOut[row.suite, default: 0] += 1
        return true
      }
    }
    self.rows = rows
    self.unsupportedLeftOut = unsupportedLeftOut
    problemGroups = report.runs.map(\.summary.problemGroups)
    detailBytesLeft = report.limits.detailBytes
  }

  /// `A`, `B`, … when there is more than one run.
  func letter(_ index: Int) -> String {
    runs.count > 1 ? String(UnicodeScalar(UInt8(65 + index % 26))) + (index >= 26 ? String(index / 26) : "") : ""
  }

  /// `A: swift-reference 0.1.0 (swift)`.
  func runTitle(_ index: Int) -> String {
    let label = runs[index].summary.implementationLabel
    return runs.count > 1 ? "\(letter(index)): \(label)" : label
  }

  mutating func render() -> String {
    let body = renderBody()
    let style = HTMLReport.styleSheet
    let script = HTMLReport.script
    let policy =
      "default-src 'none'; style-src '\(HTMLText.cspHash(style))'; script-src '\(HTMLText.cspHash(script))'; "
      + "img-src data:; base-uri 'none'; form-action 'none'"
    var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    page += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">\n"
    page += "<meta name=\"generator\" content=\"conform \(HTMLText.escape(ConformVersion.current))\">\n"
    page += "<title>\(HTMLText.escape(title))</title>\n"
    page += "<style>\(style)</style>\n</head>\n<body>\n"
    page += body
    page += "<script>\(script)</script>\n</body>\n</html>\n"
    return page
  }

  var title: String {
    "conform: " + runs.indices.map { runs[$0].summary.implementationLabel }.joined(separator: " vs ")
  }

  // MARK: The body

  mutating func renderBody() -> String {
    // The sections first, so the top of the page can say what they left out.
    out = ""
    if let drift = report.drift { driftSection(drift) }
    let driftHTML = out
    out = ""
    problemsSection()
    let problemsHTML = out
    out = ""
    matrixSection()
    let matrixHTML = out
    out = ""
    header()
    out += "<main id=\"main\">\n"
    runsSection()
    filters()
    out += driftHTML + problemsHTML + matrixHTML
    out += "<p id=\"f-empty\" class=\"empty\" hidden>No listed case, group or disagreement matches the filter.</p>\n"
    out += "</main>\n"
    out += "<footer><p>Made by conform \(HTMLText.escape(ConformVersion.current)) from "
    out += runs.map { "<code>\(HTMLText.escape($0.path ?? "a live run"))</code>" }.joined(separator: ", ")
    out += ". One file: no network, nothing to install. Filters are kept in the address (after #), so a link "
    out += "shows the same view. Keys: <kbd>/</kbd> searches, <kbd>Esc</kbd> clears the search.</p></footer>\n"
    return out
  }

  mutating func header() {
    out += "<a class=\"skip\" href=\"#matrix\">Skip to the matrix</a>\n<header>\n"
    out += "<h1>\(HTMLText.escape(title))</h1>\n<ul class=\"verdicts\">\n"
    if let drift = report.drift {
      let verdict =
        drift.gateFailure.map { "<span class=\"badge bad\">✗ drift gate fails: \(HTMLText.escape($0))</span>" }
        ?? "<span class=\"badge ok\">✓ both conform and agree</span>"
      out += "<li id=\"drift-verdict\">\(verdict) <span class=\"closing\">\(HTMLText.escape(drift.closingLine))</span></li>\n"
    }
    for index in runs.indices {
      let summary = runs[index].summary
      let verdict: String =
        switch summary.exitStatus {
        case .success: "<span class=\"badge ok\">✓ conforms</span>"
        case .differences: "<span class=\"badge bad\">✗ does not conform</span>"
        default: "<span class=\"badge warn\">⚠ incomplete</span>"
        }
      out += "<li>\(verdict) <strong>\(HTMLText.escape(runTitle(index)))</strong>: "
      out += "<span class=\"closing\" data-impl=\"\(index)\">\(HTMLText.escape(summary.closingLine))</span>"
      if let incomplete = summary.incompleteExplanation { out += " <span class=\"warn\">(\(HTMLText.escape(incomplete)))</span>" }
      for message in summary.missingRequiredSuites { out += " <span class=\"warn\">(\(HTMLText.escape(message)))</span>" }
      out += "</li>\n"
    }
    out += "</ul>\n"
    out += "<p id=\"summarised\">"
    let files = runs.map { run -> String in
      "<code>\(HTMLText.escape(run.path ?? "a live run"))</code> (\(Plural.grouped(Int(clamping: run.summary.header.fixtures.cases), "case")))"
    }
    out += "This page summarises \(runs.count == 1 ? "one results file" : "\(runs.count) results files"): "
    out += files.joined(separator: ", ") + ". "
    out +=
      "Every case is counted in the matrix; cases that pass in every run are listed up to \(limits.passingRowsPerSuite.grouped) per suite, "
      + "the others up to \(limits.otherRowsPerSuite.grouped) per suite; values are cut at \(limits.valueBytes.grouped) bytes."
    out += "</p>\n"
    if !leftOut.isEmpty {
      out += "<ul id=\"left-out\">\n"
      for item in leftOut { out += "<li>\(item)</li>\n" }
      out += "</ul>\n"
    }
    for (index, run) in runs.enumerated() {
      for warning in run.summary.warnings {
        out += "<p class=\"warn\">⚠ \(HTMLText.escape(letter(index).isEmpty ? "" : letter(index) + ": "))"
        out += "\(HTMLText.escape(run.path ?? "")): \(HTMLText.escape(warning))</p>\n"
      }
    }
    for warning in report.drift?.warnings ?? [] where !warning.contains(": line ") && !warning.contains(": no footer") {
      out += "<p class=\"warn\">⚠ \(HTMLText.escape(warning))</p>\n"
    }
    out += "<nav aria-label=\"sections\"><ul>"
    out += "<li><a href=\"#runs\">Implementations</a></li>"
    if report.drift != nil { out += "<li><a href=\"#drift\">Drift</a></li>" }
    out += "<li><a href=\"#problems\">Problems</a></li><li><a href=\"#matrix\">Matrix</a></li></ul></nav>\n"
    out += "</header>\n"
  }

  /// The implementations side by side: one column each.
  mutating func runsSection() {
    out += "<section id=\"runs\" aria-labelledby=\"runs-title\">\n<h2 id=\"runs-title\">Implementations</h2>\n"
    out += "<table class=\"facts\">\n<thead><tr><th scope=\"col\">implementation</th>"
    for index in runs.indices { out += "<th scope=\"col\" class=\"i\(index)\">\(HTMLText.escape(runTitle(index)))</th>" }
    out += "</tr></thead>\n<tbody>\n"
    func row(_ name: String, _ cell: (RunSummary, String?) -> String) {
      out += "<tr><th scope=\"row\">\(name)</th>"
      for (index, run) in runs.enumerated() { out += "<td class=\"i\(index)\">\(cell(run.summary, run.path))</td>" }
      out += "</tr>\n"
    }
    let dash = "<span class=\"muted\">–</span>"
    row("name") { summary, _ in "<strong>\(HTMLText.escape(summary.header.implementation.displayName))</strong>" }
    row("language") { summary, _ in summary.header.implementation.language.map { HTMLText.escape($0) } ?? dash }
    row("version") { summary, _ in summary.header.implementation.version.map { HTMLText.escape($0) } ?? dash }
    row("command") { summary, _ in
      "<code>\(HTMLText.escape(HTMLText.capped(summary.header.implementation.command.map(ShellWord.quote).joined(separator: " "), limits.valueBytes)))</code>"
    }
    row("fixtures") { summary, _ in
      let fixtures = summary.header.fixtures
      var text = "\(HTMLText.escape(fixtures.source)), \(Plural.grouped(Int(clamping: fixtures.cases), "case"))"
      if let version = fixtures.bundleVersion { text += ", bundle \(HTMLText.escape(version))" }
      return text
    }
    row("fixtures digest") { summary, _ in
      let fixtures = summary.header.fixtures
      var text = ""
      if let bundle = fixtures.bundleDigest {
        text += "bundle archive <code title=\"\(HTMLText.escape(bundle))\">\(HTMLText.escape(ShortDigest.of(bundle)))</code><br>"
      }
      text +=
        "manifest <code title=\"\(HTMLText.escape(fixtures.manifestDigest))\">\(HTMLText.escape(ShortDigest.of(fixtures.manifestDigest)))</code>"
      return text
    }
    row("when run") { summary, _ in
      var text = "started \(HTMLText.escape(summary.header.startedAt))"
      if let footer = summary.footer {
        text += ", \(JUnitTime.seconds(milliseconds: footer.milliseconds)) s"
        if let restarts = footer.restartsText { text += ", \(HTMLText.escape(restarts))" }
        if let signal = footer.interrupted { text += ", <span class=\"warn\">interrupted by \(HTMLText.escape(signal))</span>" }
      } else {
        text += ", <span class=\"warn\">did not finish</span>"
      }
      return text
    }
    row("conform") { summary, _ in "\(HTMLText.escape(summary.header.conformVersion)), protocol \(summary.header.protocolVersion)"
    }
    row("results") { _, path in path.map { "<code>\(HTMLText.escape($0))</code>" } ?? dash }
    out += "</tbody>\n</table>\n</section>\n"
  }

  /// The filter bar: every control a native one, so the keyboard reaches all of them.
  mutating func filters() {
    var statuses = Set<HTMLStatus>()
    var suites = Set<String>()
    var tags = Set<String>()
    for row in rows {
      statuses.formUnion(row.statuses)
      suites.insert(row.suite)
      tags.formUnion(row.tags)
    }
    for run in runs {
      for (suite, unlisted) in run.summary.unlisted where unlisted.cases > 0 { suites.insert(suite) }
    }
    for groups in problemGroups {
      for group in groups { for problem in group { tags.formUnion(problem.familyTags) } }
    }
    out += "<form id=\"filters\" role=\"search\" aria-label=\"filter the cases\">\n"
    out += "<label for=\"f-q\">Search ids and notes</label> "
    out += "<input type=\"search\" id=\"f-q\" name=\"q\" placeholder=\"/ to search, e.g. cancel\" autocomplete=\"off\">\n"
    out += "<fieldset><legend>Status</legend>"
    for status in HTMLStatus.allCases where statuses.contains(status) {
      out +=
        "<label class=\"st st-\(status.rawValue)\"><input type=\"checkbox\" name=\"status\" value=\"\(status.rawValue)\" checked> "
      out += "<span class=\"sym\" aria-hidden=\"true\">\(status.symbol)</span>\(status.label)</label>"
    }
    out += "</fieldset>\n"
    if runs.count > 1 {
      out += "<fieldset><legend>Implementation</legend>"
      for index in runs.indices {
        out +=
          "<label><input type=\"checkbox\" name=\"impl\" value=\"\(index)\" checked> \(HTMLText.escape(runTitle(index)))</label>"
      }
      out += "</fieldset>\n"
    } else {
      out += "<input type=\"checkbox\" name=\"impl\" value=\"0\" checked hidden>"
    }
    out += "<label for=\"f-suite\">Suite</label> <select id=\"f-suite\" name=\"suite\"><option value=\"\">all suites</option>"
    for suite in suites.sorted(by: Self.codePointOrder) {
      out += "<option value=\"\(HTMLText.escape(suite))\">\(HTMLText.escape(suite))</option>"
    }
    out += "</select>\n"
    out += "<label for=\"f-tag\">Tag</label> <select id=\"f-tag\" name=\"tag\"><option value=\"\">all tags</option>"
    for tag in tags.sorted(by: Self.codePointOrder) {
      out += "<option value=\"\(HTMLText.escape(tag))\">\(HTMLText.escape(tag))</option>"
    }
    out += "</select>\n"
    out += "<span class=\"tools\"><button type=\"button\" id=\"f-reset\">Reset</button> "
    out +=
      "<button type=\"button\" id=\"f-expand\">Open all</button> <button type=\"button\" id=\"f-collapse\">Close all</button></span>\n"
    let nouns =
      #"{"drift":["disagreement group","disagreement groups"],"shared":["shared failure group","shared failure groups"],"problem":["problem group","problem groups"],"case":["case row","case rows"]}"#
    out += "<output id=\"f-shown\" aria-live=\"polite\" data-nouns=\"\(HTMLText.escape(nouns))\"></output>\n"
    out += "</form>\n"
  }

  // MARK: Rows of the matrix

  /// One case across the runs.
  struct Row {
    var id: String
    var suite: String
    /// Per run, nil when the run has no record of the case.
    var outcomes: [CaseOutcome?]
    var statuses: [HTMLStatus]
    var tags: [String]

    /// 0: a run fails it; 1: a run does not pass it otherwise (skipped, not run, no record, a
    /// known failure); 2: every run passes it.
    var rank: Int {
      if statuses.contains(where: \.isProblem) { return 0 }
      return statuses.allSatisfy { $0 == .pass } ? 2 : 1
    }

    /// A run does not support its suite, and no run has a problem with it.
    var isUnsupported: Bool { statuses.contains(.unsupported) && !statuses.contains(where: \.isProblem) }

    /// The outcome that stands for the case when ordering: the first run's that did not pass.
    var representative: CaseOutcome {
      let present = outcomes.compactMap { $0 }
      return present.first { $0.status != .pass } ?? present[0]
    }
  }

  static func rows(of runs: [HTMLReport.Run]) -> [Row] {
    var index: [String: Int] = [:]
    var rows: [Row] = []
    for (position, run) in runs.enumerated() {
      rows.reserveCapacity(rows.count + run.summary.outcomes.count)
      for outcome in run.summary.outcomes {
        if runs.count == 1 {  // ids are unique within a run: no need to look them up
          rows.append(Row(id: outcome.id, suite: outcome.suite, outcomes: [outcome], statuses: [HTMLStatus(outcome)], tags: []))
          continue
        }
        let at: Int
        if let known = index[outcome.id] {
          at = known
        } else {
          at = rows.count
          index[outcome.id] = at
          rows.append(
            Row(
              id: outcome.id, suite: outcome.suite, outcomes: Array(repeating: nil, count: runs.count),
              statuses: Array(repeating: .absent, count: runs.count), tags: []))
        }
        rows[at].outcomes[position] = outcome
        rows[at].statuses[position] = HTMLStatus(outcome)
      }
    }
    for at in rows.indices {
      var tags: [String] = []
      for outcome in rows[at].outcomes.compactMap({ $0 }) {
        for tag in outcome.familyTags where !tags.contains(tag) { tags.append(tag) }
      }
      rows[at].tags = tags
    }
    return rows
  }

  mutating func matrixSection() {
    var bySuite: [String: [Row]] = [:]
    for row in rows { bySuite[row.suite, default: []].append(row) }
    var countsBySuite: [[String: (counts: RunSummary.Counts, cases: Int, notRun: Int)]] = []
    for run in runs {
      var counts: [String: (counts: RunSummary.Counts, cases: Int, notRun: Int)] = [:]
      for (name, summary) in run.summary.bySuite {
        counts[name] = (summary.counts, summary.caseCount, summary.notRunCount)
        if bySuite[name] == nil { bySuite[name] = [] }
      }
      countsBySuite.append(counts)
    }
    out += "<section id=\"matrix\" aria-labelledby=\"matrix-title\">\n<h2 id=\"matrix-title\">Matrix: suites, then cases</h2>\n"
    out += "<p class=\"muted\">One column per implementation. Each suite's first row counts every case of it; "
    out += "the cases under it are the ones listed, those with a problem first, named cases before exhaustive ones.</p>\n"
    out += "<table id=\"matrix-table\">\n<thead><tr><th scope=\"col\">suite / case</th>"
    for index in runs.indices {
      let header = runs[index].summary.header
      out += "<th scope=\"col\" class=\"i\(index)\">\(HTMLText.escape(runTitle(index)))"
      out +=
        "<br><span class=\"muted\">\(HTMLText.escape(runs[index].summary.shortFixturesDigest)) · \(HTMLText.escape(header.startedAt))</span></th>"
    }
    out += "</tr></thead>\n"
    var leftOutPassing = 0
    var leftOutOther = 0
    for suite in bySuite.keys.sorted(by: Self.codePointOrder) {
      let suiteRows = bySuite[suite]!
      out += "<tbody data-suite=\"\(HTMLText.escape(suite))\">\n"
      out +=
        "<tr class=\"suite-row\"><th scope=\"rowgroup\" id=\"suite-\(HTMLText.escape(Self.anchor(suite)))\">\(HTMLText.escape(suite))</th>"
      for index in runs.indices {
        out += "<td class=\"i\(index)\" data-impl=\"\(index)\" data-suite=\"\(HTMLText.escape(suite))\">"
        if let entry = countsBySuite[index][suite] {
          out += countsHTML(entry.counts, cases: entry.cases, notRun: entry.notRun)
        } else {
          out += "<span class=\"muted\">no case of this suite</span>"
        }
        out += "</td>"
      }
      out += "</tr>\n"
      let failing = suiteRows.filter { $0.rank == 0 }
      let notPassing = suiteRows.filter { $0.rank == 1 }
      let passing = suiteRows.filter { $0.rank == 2 }
      let othersCount = failing.count + notPassing.count
      var shownOthers = CaseOutcome.bestFirst(failing, limit: limits.otherRowsPerSuite) { $0.representative }
      shownOthers += CaseOutcome.bestFirst(notPassing, limit: limits.otherRowsPerSuite - shownOthers.count) { $0.representative }
      let shownPassing = CaseOutcome.bestFirst(passing, limit: limits.passingRowsPerSuite) { $0.representative }
      for row in shownOthers { caseRow(row) }
      for row in shownPassing { caseRow(row) }
      let restOthers = othersCount - shownOthers.count
      let restPassing = passing.count - shownPassing.count
      // Cases a live run counted without keeping (`RunSummary.unlisted`): counted above, never listed.
      let unlistedCounted = runs.map { $0.summary.unlisted[suite]?.cases ?? 0 }.max() ?? 0
      let unsupported = unsupportedLeftOut[suite] ?? 0
      if restOthers > 0 || restPassing > 0 || unlistedCounted > 0 || unsupported > 0 {
        var parts: [String] = []
        if unsupported > 0 { parts.append("\(Plural.grouped(unsupported, "unsupported case")) (--show-unsupported lists them)") }
        if restOthers > 0 { parts.append("\(Plural.grouped(restOthers, "case")) with a problem or not passing everywhere") }
        if restPassing > 0 { parts.append("\(Plural.grouped(restPassing, "case")) passing in every run") }
        if unlistedCounted > 0 { parts.append("\(Plural.grouped(unlistedCounted, "case")) the live run kept only as counts") }
        out += "<tr class=\"more\"><td colspan=\"\(runs.count + 1)\">… "
        out += "\(parts.joined(separator: " and ")) counted in the row above, not listed</td></tr>\n"
      }
      leftOutPassing += restPassing
      leftOutOther += restOthers
      out += "</tbody>\n"
    }
    out += "<tbody><tr class=\"total\"><th scope=\"row\">all suites</th>"
    for (index, run) in runs.enumerated() {
      let summary = run.summary
      out += "<td class=\"i\(index)\" data-impl=\"\(index)\" data-suite=\"\">"
      out += countsHTML(summary.counts, cases: summary.caseCount + summary.unreachedCount, notRun: summary.notRunCount)
      out += "</td>"
    }
    out += "</tr></tbody>\n</table>\n</section>\n"
    let unsupported = unsupportedLeftOut.values.reduce(0, +)
    if unsupported > 0 {
      let suites = unsupportedLeftOut.keys.sorted(by: Self.codePointOrder).map(HTMLText.escape).joined(separator: ", ")
      leftOut.append(
        "\(Plural.grouped(unsupported, "case")) of suites an implementation does not support (\(suites)) \(Plural.noun(unsupported, "is", "are")) counted in the matrix, not listed (--show-unsupported lists them)."
      )
    }
    if leftOutPassing > 0 {
      leftOut.append(
        "\(Plural.grouped(leftOutPassing, "case")) passing in every run \(Plural.noun(leftOutPassing, "is", "are")) counted in the matrix, not listed."
      )
    }
    if leftOutOther > 0 {
      leftOut.append(
        "\(Plural.grouped(leftOutOther, "case")) with a problem or not passing everywhere \(Plural.noun(leftOutOther, "is", "are")) counted in the matrix, not listed (more than \(limits.otherRowsPerSuite.grouped) in a suite)."
      )
    }
  }

  /// `✓ 21 passed · ✗ 2 failed`, each number in an element named by its count (`data-count`).
  func countsHTML(_ counts: RunSummary.Counts, cases: Int, notRun: Int) -> String {
    let entries: [(String, HTMLStatus?, Int, String, Bool)] = [
      ("cases", nil, cases, "cases", true),
      ("passed", .pass, counts.passed, "passed", true),
      ("failed", .fail, counts.failed, "failed", true),
      ("errored", .errored, counts.errored, "errored", false),
      ("flaky", .flaky, counts.flaky, "flaky", false),
      ("skipped", .skipped, counts.skipped, "skipped", false),
      ("unsupported", .unsupported, counts.unsupported, "unsupported", false),
      ("knownFailures", .known, counts.known, "known failures", false),
      ("staleKnownFailures", .stale, counts.stale, "stale known failures", false),
      ("notRun", .notRun, notRun, "not run", false),
    ]
    var text = "<span class=\"counts\">"
    for (name, status, number, word, always) in entries where always || number > 0 {
      let symbol = status.map { "<span class=\"sym\" aria-hidden=\"true\">\($0.symbol)</span>" } ?? ""
      let style = status.map { " st st-\($0.rawValue)" } ?? ""
      text += "<span class=\"n\(style)\" data-count=\"\(name)\">\(symbol)<b>\(number.grouped)</b> \(word)</span>"
    }
    return text + "</span>"
  }

  mutating func caseRow(_ row: Row) {
    var notes: [String] = []
    for outcome in row.outcomes.compactMap({ $0 }) {
      if let note = outcome.representative.note, !note.isEmpty, !notes.contains(note) { notes.append(note) }
    }
    out +=
      "<tr class=\"item\" data-kind=\"case\"\(itemAttributes(suite: row.suite, tags: row.tags, statuses: row.statuses, text: [row.id] + notes))>"
    out += "<th scope=\"row\"><code>\(HTMLText.escape(row.id))</code>"
    if let note = notes.first { out += "<br><span class=\"note\">\(HTMLText.escape(HTMLText.capped(note, 300)))</span>" }
    out += "</th>"
    for (index, outcome) in row.outcomes.enumerated() {
      let status = row.statuses[index]
      var title = ""
      if let outcome, let message = outcome.representative.message, !message.isEmpty {
        title = " title=\"\(HTMLText.escape(HTMLText.capped(message, 300)))\""
      }
      out +=
        "<td class=\"i\(index) st st-\(status.rawValue)\"\(title)><span class=\"sym\" aria-hidden=\"true\">\(status.symbol)</span>"
      out += "\(HTMLText.escape(HTMLStatus.word(outcome)))</td>"
    }
    out += "</tr>\n"
  }

  /// The attributes the filter reads: suite, tags, each run's status (`0:fail 1:pass`), and the
  /// text the search looks in.
  func itemAttributes(suite: String, tags: [String], statuses: [HTMLStatus], runs indices: [Int]? = nil, text: [String]) -> String
  {
    let positions = indices ?? Array(statuses.indices)
    let cells = zip(positions, statuses).map { "\($0):\($1.rawValue)" }.joined(separator: " ")
    // Spaces separate tags: a tag holding one would be two filters' worth, so it is written with a no-break space.
    let tagList = tags.map { $0.replacingOccurrences(of: " ", with: "\u{A0}") }.joined(separator: " ")
    var attributes = " data-suite=\"\(HTMLText.escape(suite))\" data-tags=\"\(HTMLText.escape(tagList))\" data-s=\"\(cells)\""
    // A row whose only text is its id leaves it out: the script searches the id it shows.
    if text.count > 1 {
      attributes += " data-q=\"\(HTMLText.escape(HTMLText.capped(text.joined(separator: " "), 2_000)))\""
    }
    return attributes
  }

  // MARK: Problems

  mutating func problemsSection() {
    out += "<section id=\"problems\" aria-labelledby=\"problems-title\">\n<h2 id=\"problems-title\">Problems</h2>\n"
    out += "<p class=\"muted\">Each run's problems, best first (seed cases, then pitfalls and boundaries, then exhaustive ones, "
    out += "the smallest input first); cases that fail the same way are grouped behind the first. Open one for its note, input, "
    out += "diff, output, stderr and the command that runs it again.</p>\n"
    for index in runs.indices { runProblems(index) }
    out += "</section>\n"
  }

  mutating func runProblems(_ index: Int) {
    let summary = runs[index].summary
    let groups = problemGroups[index]
    let count = groups.reduce(summary.unlistedProblems) { $0 + $1.count }
    out += "<h3>\(HTMLText.escape(runTitle(index))): \(Plural.grouped(count, "problem"))"
    if groups.count != count, !groups.isEmpty { out += " in \(Plural.grouped(groups.count, "group"))" }
    out += "</h3>\n"
    if count == 0 {
      out +=
        "<p class=\"ok\">✓ none: every case it ran conforms\(summary.counts.known > 0 ? " (known failures aside)" : "").</p>\n"
      return
    }
    let profile = summary.profile
    if !profile.causes.isEmpty {
      out +=
        "<p class=\"profile-title\"><strong>\(HTMLText.escape("It " + profile.heading))</strong></p>\n<ul class=\"profile\">\n"
      for cause in profile.causes {
        out += "<li><code>\(HTMLText.escape(cause.decision))</code> \(Plural.grouped(cause.problems.count, "case"))"
        if let title = cause.title { out += ": \(HTMLText.escape(title))" }
        if !cause.exercised.isEmpty { out += " (exercised: \(HTMLText.escape(cause.exercised.joined(separator: ", "))))" }
        out += " (best case <code>\(HTMLText.escape(cause.lead.id))</code>)</li>\n"
      }
      out += "</ul>\n"
    }
    var currentSuite: String?
    var shown = 0
    for group in groups {
      guard shown < limits.groupsShown, detailBytesLeft > 0 else { break }
      if group[0].suite != currentSuite {
        if currentSuite != nil { out += "</div>\n" }
        currentSuite = group[0].suite
        out += "<div class=\"block\"><h4>\(HTMLText.escape(group[0].suite))</h4>\n"
      }
      problemGroup(group, run: index)
      shown += 1
    }
    if currentSuite != nil { out += "</div>\n" }
    let rest = groups.count - shown
    let unlisted = summary.unlistedProblems
    if rest > 0 || unlisted > 0 {
      let why =
        shown < min(groups.count, limits.groupsShown)
        ? "to keep the page small" : "(at most \(Plural.count(limits.groupsShown, "group")) a run)"
      var text = ""
      if rest > 0 { text += "\(Plural.grouped(rest, "more group")) of problems not shown \(why)" }
      if unlisted > 0 {
        text += (text.isEmpty ? "" : "; ") + "\(Plural.grouped(unlisted, "problem")) the live run kept only as counts"
      }
      let whereToLook =
        runs[index].path.map { "<code>conform report --json FILE \(HTMLText.escape(ShellWord.quote($0)))</code>" }
        ?? "<code>conform report --json FILE</code>"
      out += "<p class=\"more muted\">… \(text): \(whereToLook) writes every one with its diff.</p>\n"
      leftOut.append("\(HTMLText.escape(runTitle(index))): \(text).")
    }
  }

  mutating func problemGroup(_ group: [CaseOutcome], run index: Int) {
    let first = group[0]
    let attempt = first.representative
    let summary = runs[index].summary
    let status = HTMLStatus(first)
    let listed = Array(group.prefix(limits.idsPerGroup))
    var block = ""
    let text = listed.map(\.id) + [attempt.note ?? ""]
    block +=
      "<details class=\"item problem\" data-kind=\"problem\"\(itemAttributes(suite: first.suite, tags: first.familyTags, statuses: [status], runs: [index], text: text))>\n"
    block += "<summary>\(statusBadge(status, word: first.problemKind)) <code>\(HTMLText.escape(first.id))</code>"
    if group.count > 1 { block += " <strong>and \(Plural.grouped(group.count - 1, "more case")) failing the same way</strong>" }
    if let note = attempt.note, !note.isEmpty {
      block += " <span class=\"note\">\(HTMLText.escape(HTMLText.capped(note, 200)))</span>"
    }
    block += "</summary>\n<div class=\"body\"><dl class=\"detail\">\n"
    if let stale = first.staleExplanation { block += field("known failure", HTMLText.escape(stale)) }
    if let attempts = first.attemptStatuses { block += field("attempts", HTMLText.escape(attempts)) }
    if let note = attempt.note, !note.isEmpty {
      block += field("note", HTMLText.escape(HTMLText.capped(note, limits.valueBytes)))
    }
    if !first.decisions.isEmpty { block += field("decisions", HTMLText.escape(first.decisions.joined(separator: ", "))) }
    if let input = attempt.input { block += field("input", pre(JSONWriter.string(input))) }
    if let escaped = first.escapedInputLine {
      block += field("escaped", pre(String(escaped.dropFirst("input, escaped: ".count))))
    }
    block += field(
      "rerun", "<code class=\"rerun\">\(HTMLText.escape(summary.rerunCommand(first, resultsPath: runs[index].path)))</code>")
    if !first.isStaleKnownFailure {
      if let diff = first.outputDiff {
        block += field("diff", lines(diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)))
      }
      if let expected = attempt.expected { block += field("expected", pre(JSONWriter.string(expected))) }
      if let actual = attempt.actual { block += field("actual", pre(JSONWriter.string(actual))) }
      if let cutNote = first.cutNote { block += field("cut", HTMLText.escape(cutNote)) }
      if let message = attempt.message, !message.isEmpty { block += field("message", pre(message)) }
      if let stderr = attempt.stderrTail, !stderr.isEmpty { block += stderrField(stderr, label: "stderr") }
    }
    if group.count > 1 { block += field("the same way", idList(group.map(\.id))) }
    block += "</dl></div>\n</details>\n"
    spend(block)
  }

  /// A group's ids, at most `idsPerGroup`, then how many more.
  func idList(_ ids: [String]) -> String {
    var text = "<ul class=\"ids\">"
    for id in ids.prefix(limits.idsPerGroup) { text += "<li><code>\(HTMLText.escape(id))</code></li>" }
    text += "</ul>"
    if ids.count > limits.idsPerGroup {
      text +=
        "<p class=\"muted\">… and \(Plural.grouped(ids.count - limits.idsPerGroup, "more case")) (the JSON report lists them all)</p>"
    }
    return text
  }

  mutating func spend(_ block: String) {
    out += block
    detailBytesLeft -= block.utf8.count
  }

  func field(_ name: String, _ html: String) -> String {
    "<dt>\(name)</dt><dd>\(html)</dd>\n"
  }

  /// A value in a `<pre>`, cut at `valueBytes`.
  func pre(_ text: String) -> String {
    "<pre>\(HTMLText.escape(HTMLText.capped(text, limits.valueBytes)))</pre>"
  }

  func stderrField(_ stderr: String, label: String) -> String {
    let (tail, truncated) = VisibleText.lastLines(stderr, limits.stderrLines)
    let name = truncated ? "\(label) (last \(Plural.count(tail.count, "line")))" : label
    return field(HTMLText.escape(name), pre(tail.joined(separator: "\n")))
  }

  /// Diff-style lines in a `<pre>`: `- ` lines marked removed, `+ ` added, collapsed runs muted;
  /// at most `linesPerBlock` lines, each cut at `valueBytes`.
  func lines(_ lines: [String]) -> String {
    var text = "<pre class=\"lines\">"
    for line in VisibleText.capped(lines, limits.linesPerBlock) {
      let kind =
        if line.hasPrefix("- ") { "minus" } else if line.hasPrefix("+ ") {
          "plus"
        } else if line.hasPrefix("(") || line.contains("… (") {
          "same"
        } else {
          "line"
        }
      text += "<span class=\"\(kind)\">\(HTMLText.escape(HTMLText.capped(line, limits.valueBytes)))</span>"
    }
    return text + "</pre>"
  }

  func statusBadge(_ status: HTMLStatus, word: String) -> String {
    "<span class=\"st st-\(status.rawValue)\"><span class=\"sym\" aria-hidden=\"true\">\(status.symbol)</span>\(HTMLText.escape(word))</span>"
  }

  // MARK: Drift

  mutating func driftSection(_ drift: Drift) {
    out +=
      "<section id=\"drift\" aria-labelledby=\"drift-title\">\n<h2 id=\"drift-title\">Drift: \(HTMLText.escape(drift.a.label)) against \(HTMLText.escape(drift.b.label))</h2>\n"
    out += "<p><strong>\(HTMLText.escape(drift.closingLine))</strong>. "
    out +=
      "The same comparison as <code>conform diff \(HTMLText.escape(ShellWord.quote(drift.a.path))) \(HTMLText.escape(ShellWord.quote(drift.b.path)))</code>: "
    out += "first the cases the two disagree on, then the cases both fail the same way.</p>\n"
    for side in drift.partialSides {
      if let message = side.partialMessage {
        out += "<p class=\"warn\">⚠ \(HTMLText.escape(message)) (\(HTMLText.escape(drift.partialVerdict)))</p>\n"
      }
    }
    let groups = drift.disagreementGroups(profile: drift.profile)
    out += "<h3>Disagreements: \(Plural.grouped(drift.disagreements.count, "case"))"
    if groups.count != drift.disagreements.count { out += " in \(Plural.grouped(groups.count, "group"))" }
    out += "</h3>\n"
    if groups.isEmpty { out += "<p class=\"ok\">✓ none: wherever both ran a case, they gave the same answer.</p>\n" }
    var currentSuite: String?
    var shown = 0
    for group in groups {
      guard shown < limits.groupsShown, detailBytesLeft > 0 else { break }
      if group[0].suite != currentSuite {
        if currentSuite != nil { out += "</div>\n" }
        currentSuite = group[0].suite
        out += "<div class=\"block\"><h4>\(HTMLText.escape(group[0].suite))</h4>\n"
      }
      disagreementGroup(group, drift: drift)
      shown += 1
    }
    if currentSuite != nil { out += "</div>\n" }
    noteLeftOut(groups.count - shown, shown: shown, total: groups.count, what: "group", of: "disagreements", drift: drift)

    out += "<h3>Both fail the same way: \(Plural.grouped(drift.bothFail, "case"))"
    if drift.sharedFailures.count != drift.bothFail { out += " in \(Plural.grouped(drift.sharedFailures.count, "group"))" }
    out += "</h3>\n"
    if drift.sharedFailures.isEmpty { out += "<p class=\"ok\">✓ none.</p>\n" }
    currentSuite = nil
    shown = 0
    for group in drift.sharedFailures {
      guard shown < limits.groupsShown, detailBytesLeft > 0 else { break }
      if group.suite != currentSuite {
        if currentSuite != nil { out += "</div>\n" }
        currentSuite = group.suite
        out += "<div class=\"block\"><h4>\(HTMLText.escape(group.suite))</h4>\n"
      }
      sharedFailure(group, drift: drift)
      shown += 1
    }
    if currentSuite != nil { out += "</div>\n" }
    noteLeftOut(
      drift.sharedFailures.count - shown, shown: shown, total: drift.sharedFailures.count, what: "group",
      of: "cases both fail the same way", drift: drift)

    let oneSided = drift.oneSidedGroups
    if !oneSided.isEmpty {
      out +=
        "<h3>Ran by one side only: \(Plural.grouped(drift.oneSided, "case")) (\(HTMLText.escape(drift.partialVerdict)))</h3>\n<ul>\n"
      for group in oneSided { out += "<li>\(HTMLText.escape(group.title)): <code>\(HTMLText.escape(group.ids))</code></li>\n" }
      out += "</ul>\n"
    }
    if drift.neitherRan > 0 {
      out +=
        "<p class=\"muted\">\(Plural.grouped(drift.neitherRan, "case")) ran by neither (both skipped, unsupported or not run).</p>\n"
    }
    out += "</section>\n"
  }

  mutating func noteLeftOut(_ rest: Int, shown: Int, total: Int, what: String, of list: String, drift: Drift) {
    guard rest > 0 else { return }
    let why =
      shown < min(total, limits.groupsShown)
      ? "to keep the page small" : "(at most \(Plural.count(limits.groupsShown, "group")) a list)"
    let text = "\(Plural.grouped(rest, "more \(what)")) of \(list) not shown \(why)"
    out +=
      "<p class=\"more muted\">… \(text): <code>conform diff --json FILE \(HTMLText.escape(ShellWord.quote(drift.a.path))) \(HTMLText.escape(ShellWord.quote(drift.b.path)))</code> writes every one.</p>\n"
    leftOut.append("Drift: \(text).")
  }

  mutating func disagreementGroup(_ group: [Drift.Disagreement], drift: Drift) {
    let first = group[0]
    let statuses = [HTMLStatus(first.a), HTMLStatus(first.b)]
    let attemptA = first.a.representative
    let attemptB = first.b.representative
    let note = attemptA.note ?? attemptB.note
    let listed = group.prefix(limits.idsPerGroup)
    let tags = first.a.familyTags + first.b.familyTags.filter { !first.a.familyTags.contains($0) }
    var block =
      "<details class=\"item drift\" data-kind=\"drift\"\(itemAttributes(suite: first.suite, tags: tags, statuses: statuses, text: listed.map(\.id) + [note ?? ""]))>\n"
    block += "<summary><span class=\"badge bad\">≠ disagree</span> <code>\(HTMLText.escape(first.id))</code>"
    if group.count > 1 { block += " <strong>and \(Plural.grouped(group.count - 1, "more case")) the same way</strong>" }
    block +=
      ": A \(statusBadge(statuses[0], word: HTMLStatus.word(first.a))), B \(statusBadge(statuses[1], word: HTMLStatus.word(first.b)))"
    if let note, !note.isEmpty { block += " <span class=\"note\">\(HTMLText.escape(HTMLText.capped(note, 200)))</span>" }
    block += "</summary>\n<div class=\"body\"><dl class=\"detail\">\n"
    if let input = attemptA.input ?? attemptB.input { block += field("input", pre(JSONWriter.string(input))) }
    block += field("as conform diff shows it", lines(drift.detailLines(first)))
    block += rerunFields(first.a, first.b)
    if group.count > 1 { block += field("the same way", idList(group.map(\.id))) }
    block += "</dl></div>\n</details>\n"
    spend(block)
  }

  mutating func sharedFailure(_ group: Drift.SharedFailure, drift: Drift) {
    let statuses = [HTMLStatus(group.a), HTMLStatus(group.b)]
    let attemptA = group.a.representative
    let attemptB = group.b.representative
    let note = attemptA.note ?? attemptB.note
    let listed = Array(group.ids.prefix(limits.idsPerGroup))
    var block =
      "<details class=\"item shared\" data-kind=\"shared\"\(itemAttributes(suite: group.suite, tags: group.a.familyTags, statuses: statuses, text: listed + [note ?? ""]))>\n"
    block += "<summary><span class=\"badge bad\">✗ both fail</span> <code>\(HTMLText.escape(group.ids[0]))</code>"
    if group.ids.count > 1 { block += " <strong>and \(Plural.grouped(group.ids.count - 1, "more case")) the same way</strong>" }
    block += ": \(statusBadge(statuses[0], word: HTMLStatus.word(group.a))) on both sides"
    if let cause = Drift.causeText(group) { block += ", \(HTMLText.escape(cause))" }
    if let note, !note.isEmpty { block += " <span class=\"note\">\(HTMLText.escape(HTMLText.capped(note, 200)))</span>" }
    block += "</summary>\n<div class=\"body\"><dl class=\"detail\">\n"
    if let input = attemptA.input ?? attemptB.input { block += field("input", pre(JSONWriter.string(input))) }
    block += field("as conform diff shows it", lines(drift.detailLines(group)))
    block += rerunFields(group.a, group.b)
    if group.ids.count > 1 { block += field("the same way", idList(group.ids)) }
    block += "</dl></div>\n</details>\n"
    spend(block)
  }

  /// Each side's rerun command, from its own run's header.
  func rerunFields(_ a: CaseOutcome, _ b: CaseOutcome) -> String {
    var text = ""
    for (index, outcome) in [a, b].enumerated() where index < runs.count {
      let command = runs[index].summary.rerunCommand(outcome, resultsPath: runs[index].path)
      text += field("rerun \(letter(index))", "<code class=\"rerun\">\(HTMLText.escape(command))</code>")
    }
    return text
  }

  // MARK: Helpers

  static func codePointOrder(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

  /// An id attribute's value: letters, digits and `-` kept, anything else `_`.
  static func anchor(_ text: String) -> String {
    String(
      text.unicodeScalars.map { scalar -> Character in
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-": Character(scalar)
        default: "_"
        }
      })
  }
}
