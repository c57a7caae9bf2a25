/// The reporting options `conform run` and `conform report` share (declared and parsed once, in
/// ConformCLI).
public struct ReportOptions: Sendable, Equatable {
  /// Where to write JUnit XML, if anywhere.
  public var junitPath: String?
  /// Where to write the JSON report (the summary and every problem with its diff).
  public var jsonPath: String?
  /// Where to write the Markdown summary.
  public var markdownPath: String?
  /// Where to write the HTML report (one self-contained page).
  public var htmlPath: String?
  /// Problems shown in full on the terminal, in Markdown and as GitHub annotations; the rest are counted.
  public var maxShown: Int
  /// Whether the HTML matrix lists the cases of unsupported suites (`--show-unsupported`).
  public var showUnsupported = false
  /// `--require-suite` patterns: a suite matching one that the run lacks, or that the
  /// implementation does not support, fails the run.
  public var requiredSuites: [String] = []

  public static let defaultMaxShown = 50

  public init(
    junitPath: String? = nil, jsonPath: String? = nil, markdownPath: String? = nil, maxShown: Int = defaultMaxShown,
    htmlPath: String? = nil
  ) {
    self.htmlPath = htmlPath
    self.junitPath = junitPath
    self.jsonPath = jsonPath
    self.markdownPath = markdownPath
    self.maxShown = maxShown
  }
}
