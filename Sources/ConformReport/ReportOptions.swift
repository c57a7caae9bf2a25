/// The reporting options `conform run` and `conform report` share (declared and parsed once, in
/// ConformCLI).
public struct ReportOptions: Sendable, Equatable {
  /// The files asked for, by their format's option (`--junit`): `ReportFormats.all` declares them.
  public var files: [String: String] = [:]
  /// Problems shown in full on the terminal, in Markdown and as GitHub annotations; the rest are counted.
  public var maxShown: Int
  /// Whether the HTML matrix lists the cases of unsupported suites (`--show-unsupported`).
  public var showUnsupported = false
  /// `--require-suite` patterns: a suite matching one that the run lacks, or that the
  /// implementation does not support, fails the run.
  public var requiredSuites: [String] = []
  /// `--team-model` folders: team suites whose model runs to answer drifts, so that their
  /// failures are filed under a decision, not only shown as exercised.
  public var teamModels: [String] = []

  public static let defaultMaxShown = 50

  /// The formats asked for, in `ReportFormats.all`'s order, each with its file.
  public var requested: [(format: any ReportFormat, path: String)] {
    ReportFormats.all.compactMap { format in files[format.option].map { (format, $0) } }
  }

  /// Where to write JUnit XML, if anywhere (`files["--junit"]`).
  public var junitPath: String? {
    get { files["--junit"] }
    set { files["--junit"] = newValue }
  }
  /// Where to write the JSON report (`files["--json"]`).
  public var jsonPath: String? {
    get { files["--json"] }
    set { files["--json"] = newValue }
  }
  /// Where to write the Markdown summary (`files["--markdown"]`).
  public var markdownPath: String? {
    get { files["--markdown"] }
    set { files["--markdown"] = newValue }
  }
  /// Where to write the HTML report (`files["--html"]`).
  public var htmlPath: String? {
    get { files["--html"] }
    set { files["--html"] = newValue }
  }

  public init(
    junitPath: String? = nil, jsonPath: String? = nil, markdownPath: String? = nil, maxShown: Int = defaultMaxShown,
    htmlPath: String? = nil
  ) {
    self.maxShown = maxShown
    self.htmlPath = htmlPath
    self.junitPath = junitPath
    self.jsonPath = jsonPath
    self.markdownPath = markdownPath
  }
}
