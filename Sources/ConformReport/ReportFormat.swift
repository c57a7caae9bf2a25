import ConformJSON
import ConformResults

/// A file report of a run, declared once: the option that asks for it, what it needs of the run,
/// whether one file holds several runs, and how it is drawn.
///
/// A new format is a type conforming to this, in a file of its own, and one line in
/// `ReportFormats.all`: the report options and their `--help` (ConformCLI), `Reporter`'s writing,
/// `conform run`'s reading the results back for it and `conform report`'s check of several runs
/// all follow from these.
public protocol ReportFormat: Sendable {
  /// The option that asks for it, taking a file name: `--junit`.
  var option: String { get }
  /// What `--help` says of it, in lines of 70 columns at most.
  var help: String { get }
  /// What of the run it shows beyond what the live summary of `conform run` keeps.
  var needs: ReportNeeds { get }
  /// Whether one file can show several runs (`conform report --html FILE A B`).
  var takesSeveralRuns: Bool { get }
  /// The file's bytes for one run.
  func render(_ summary: RunSummary, _ context: ReportContext) -> [UInt8]
  /// What `conform diff` writes under the same option: the drift between two runs; nil (the
  /// default) when `diff` does not take the option.
  var driftReport: DriftReportFormat? { get }
}

extension ReportFormat {
  public var driftReport: DriftReportFormat? { nil }
}

/// A format's report of the drift between two runs, for `conform diff` (`--json FILE`): the
/// option is the format's own.
public struct DriftReportFormat: Sendable {
  /// What `conform diff --help` says of it, in lines of 70 columns at most.
  public var help: String
  /// The file's bytes, with at most `maxShown` cases shown in full where the format cuts.
  public var render: @Sendable (_ drift: Drift, _ maxShown: Int) -> [UInt8]
}

/// What of a run a report shows, beyond the cases the terminal lists.
public enum ReportNeeds: Sendable, Equatable {
  /// What the live summary keeps (the problems shown, the counts).
  case listedCases
  /// Every problem: the results are read back when the live summary left some out.
  case everyProblem
  /// Every case: the results are always read back.
  case everyCase
}

/// What a format is drawn with besides the summary.
public struct ReportContext: Sendable {
  /// The results file the summary came from.
  public var resultsPath: String?
  public var options: ReportOptions

  public init(resultsPath: String?, options: ReportOptions) {
    self.resultsPath = resultsPath
    self.options = options
  }
}

/// Every file report, in the order `--help` lists them and `Reporter` writes them.
public enum ReportFormats {
  public static let all: [any ReportFormat] = [
    JUnitReportFormat(),
    JSONReportFormat(),
    MarkdownReportFormat(),
    HTMLReportFormat(),
  ]

  /// The format `option` asks for.
  public static func named(_ option: String) -> (any ReportFormat)? { all.first { $0.option == option } }
}
