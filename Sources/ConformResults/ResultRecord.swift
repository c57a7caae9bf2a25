import ConformFixtures
import ConformJSON
import ConformProtocol

/// The first line of a results file: who ran, against which fixtures, with which options.
public struct ResultHeader: Sendable, Equatable {
  public struct Implementation: Sendable, Equatable {
    /// The command line that started it.
    public var command: [String]
    /// From the handshake; nil when it never completed.
    public var name: String?
    public var language: String?
    public var version: String?

    public init(command: [String], name: String? = nil, language: String? = nil, version: String? = nil) {
      self.command = command
      self.name = name
      self.language = language
      self.version = version
    }

    /// The name to show people: the handshake's name, else the command.
    public var displayName: String { name ?? command.joined(separator: " ") }
  }

  public struct Fixtures: Sendable, Equatable {
    /// A folder, a bundle path, or `built-in`.
    public var source: String
    /// `sha256:<hex>` of manifest.json.
    public var manifestDigest: String
    /// `sha256:<hex>` of the bundle archive, when the fixtures came from one.
    public var bundleDigest: String?
    public var bundleVersion: String?
    public var generatorVersion: String
    /// Cases selected for this run (after filters), before repeats.
    public var cases: Int64
    /// Cases per spec decision in the fixtures of the suites run (their manifest's counts):
    /// how reports tell a decision an implementation breaks, whose cases it fails nearly all of,
    /// from one its failing cases merely touch (`DecisionProfile`). Empty when unknown.
    public var decisions: [String: Int64] = [:]
    /// The titles of the decisions of suites this conform does not build in (a team's), by id,
    /// from their specs in the fixtures: reports show them beside the ids. Empty for the
    /// built-in suites, whose titles every conform has.
    public var decisionTitles: [String: String] = [:]

    public init(
      source: String, manifestDigest: String, bundleDigest: String? = nil, bundleVersion: String? = nil,
      generatorVersion: String, cases: Int64, decisions: [String: Int64] = [:], decisionTitles: [String: String] = [:]
    ) {
      self.decisions = decisions
      self.decisionTitles = decisionTitles
      self.source = source
      self.manifestDigest = manifestDigest
      self.bundleDigest = bundleDigest
      self.bundleVersion = bundleVersion
      self.generatorVersion = generatorVersion
      self.cases = cases
    }
  }

  public var conformVersion: String
  public var protocolVersion: Int64
  /// UTC, ISO 8601 (`2026-11-30T12:00:00Z`).
  public var startedAt: String
  public var implementation: Implementation
  public var fixtures: Fixtures
  /// The run's options as given (jobs, repeat, shuffle, timeout, filters), for reproducing it.
  public var options: JSONValue
  /// The known-failures list the run was given, whole, so `conform report` makes the same report
  /// from the results file alone.
  public var knownFailures: KnownFailures?

  public init(
    conformVersion: String = ConformVersion.current, protocolVersion: Int64 = ProtocolVersion.current,
    startedAt: String, implementation: Implementation, fixtures: Fixtures, options: JSONValue,
    knownFailures: KnownFailures? = nil
  ) {
    self.conformVersion = conformVersion
    self.protocolVersion = protocolVersion
    self.startedAt = startedAt
    self.implementation = implementation
    self.fixtures = fixtures
    self.options = options
    self.knownFailures = knownFailures
  }
}

/// One attempt at one case.
public struct CaseResult: Sendable, Equatable {
  public var id: String
  public var suite: String
  public var status: CaseStatus
  /// 0-based repetition (`--repeat N` sends each case N times).
  public var attempt: Int64
  /// The case's service time in microseconds, nil when never answered: from when the
  /// implementation could start on it (its request written, or its previous answer read,
  /// whichever is later) to reading its answer. Several answers read at once: the first gets the
  /// interval, the others 0. A process's case times never overlap, so they add up to at most
  /// the time the process ran.
  public var microseconds: Int64?
  /// The implementation's output, kept for every status but `pass` (where it equals `expected`).
  public var actual: JSONValue?
  /// The fixture's expected output and note, kept for every status but `pass` so reports need no fixtures.
  public var expected: JSONValue?
  public var note: String?
  /// The case's input and tags, kept for every status but `pass`: a generated run's failing
  /// cases can be read, and run again (`conform run --rerun-failed`), from the results alone.
  public var input: JSONValue?
  public var tags: [String]
  /// The spec decisions the case exercises (`FixtureCase.decisions`), kept for every status but
  /// `pass`: reports group failures by them; empty for fixtures that list none.
  public var decisions: [String] = []
  /// The members of the expected output that may take other values (`FixtureCase.varies`), kept
  /// for every status but `pass`: a case run again (`--rerun-failed`) is judged by the same sets,
  /// and two failing answers that differ only in them fail the same way.
  public var varies = OutputVariation()
  /// The reason: a skip reason, an error message, the crash cause, the offending line.
  public var message: String?
  /// The tail of the implementation's stderr, for crashes, timeouts and protocol errors.
  public var stderrTail: String?
  /// Set when `actual` is an excerpt of an output too large to keep for a report (never in a
  /// results file, which has every output whole).
  public var cut: CutOutput?

  public init(
    id: String, suite: String, status: CaseStatus, attempt: Int64 = 0, microseconds: Int64? = nil,
    actual: JSONValue? = nil, expected: JSONValue? = nil, note: String? = nil, input: JSONValue? = nil,
    tags: [String] = [], message: String? = nil, stderrTail: String? = nil
  ) {
    self.id = id
    self.suite = suite
    self.status = status
    self.attempt = attempt
    self.microseconds = microseconds
    self.actual = actual
    self.expected = expected
    self.note = note
    self.input = input
    self.tags = tags
    self.message = message
    self.stderrTail = stderrTail
  }
}

/// The last line of a complete results file.
public struct ResultFooter: Sendable, Equatable {
  public var endedAt: String
  public var milliseconds: Int64
  /// `SIGINT` or `SIGTERM` when the run was stopped by a signal; nil when it ran to the end.
  public var interrupted: String?
  /// How many times the implementation was restarted after a crash, hang or protocol error.
  public var restarts: Int64
  /// Why: how many crashes, hangs, protocol errors and failed starts. Results files written
  /// before conform 0.9 have only the count, and an empty tally here.
  public var restartReasons: RestartTally
  /// Attempts per status.
  public var totals: [CaseStatus: Int64]

  public init(
    endedAt: String, milliseconds: Int64, interrupted: String?, restarts: Int64, restartReasons: RestartTally = RestartTally(),
    totals: [CaseStatus: Int64]
  ) {
    self.endedAt = endedAt
    self.milliseconds = milliseconds
    self.interrupted = interrupted
    self.restarts = restarts
    self.restartReasons = restartReasons
    self.totals = totals
  }

  /// `4 restarts (3 crashes, 1 hang)`; nil when the implementation was never restarted.
  package var restartsText: String? {
    guard restarts > 0 else { return nil }
    let reasons = restartReasons.reasons
    return Plural.count(restarts, "restart") + (reasons.isEmpty ? "" : " (\(reasons))")
  }
}

/// One line of a results file (JSON lines: a header, a case per attempt as it arrives, a footer).
public enum ResultRecord: Sendable, Equatable {
  case header(ResultHeader)
  case result(CaseResult)
  case footer(ResultFooter)
}
