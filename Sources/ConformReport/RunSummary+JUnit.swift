import ConformFixtures
import ConformResults

/// JUnit XML, the format every CI system shows test results from.
///
/// One `<testsuite>` per suite (in code point order), one `<testcase>` per case (by id), with
/// `classname` the suite and `name` the case id. A failing output is a `<failure>` holding the
/// note, the input, the diff and the command that reruns the case; an error, crash, timeout or
/// protocol error is an `<error>`; a skip and a case not run (the run was interrupted) are
/// `<skipped>`, and so is a failure the known-failures list excuses (`known failure: …`); a stale
/// known failure and a flaky case are failures. The cases of a suite the implementation does not
/// support are one `<testcase>` for the suite, `<skipped>` with their count (a `<failure>` when
/// `--require-suite` asked for the suite), not one each: a team adopting some suites gets a short file. Every suite carries
/// the implementation and the fixtures digest as properties, and the spec decisions its failures
/// break (`decisions.broken`); a failure's message names the decision it is put down to.
///
/// A case's `time` is its service time (`CaseResult.microseconds`): with many requests in flight,
/// from when the implementation could start on it (its request written, or its previous answer
/// read, whichever is later) to its answer. The times of a process's cases never overlap, so a
/// suite's cases add up to no more than the time its processes spent on it.
extension RunSummary {
  /// Lines of stderr kept per crash in JUnit.
  static let junitStderrLines = 50

  func junitXML(resultsPath: String? = nil) -> String {
    var suites: [String] = []
    var totals = (tests: 0, failures: 0, errors: 0, skipped: 0)
    var caseMicroseconds: Int64 = 0
    let profile = profile
    let causes = Dictionary(profile.causes.map { ($0.decision, $0) }, uniquingKeysWith: { a, _ in a })
    for (name, summary) in bySuite {
      var cases: [String] = []
      var counts = (failures: 0, errors: 0, skipped: 0)
      var microseconds: Int64 = 0
      let unsupported = summary.outcomes.count { $0.status == .unsupported }
      let outcomes = summary.outcomes.filter { $0.status != .unsupported }
        .sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
      var testCount = outcomes.count
      if unsupported > 0 {
        testCount += 1
        let message =
          "unsupported: the implementation does not support the suite \(name): \(Plural.count(unsupported, "case")) not run"
        var element =
          "    <testcase classname=\"\(XMLText.attribute(name))\" name=\"\(XMLText.attribute(name + " (unsupported suite)"))\" time=\"0.000\">\n      "
        if let glob = requiredGlob(matching: name) {
          counts.failures += 1
          element +=
            "<failure message=\"\(XMLText.attribute("\(message), and --require-suite \(glob) requires it"))\" type=\"required-suite\"/>"
        } else {
          counts.skipped += 1
          element += "<skipped message=\"\(XMLText.attribute(message))\"/>"
        }
        cases.append(element + "\n    </testcase>")
      }
      for outcome in outcomes {
        let time = outcome.attempts.reduce(Int64(0)) { $0 + ($1.microseconds ?? 0) }
        microseconds += time
        var element =
          "    <testcase classname=\"\(XMLText.attribute(name))\" name=\"\(XMLText.attribute(outcome.id))\" time=\"\(JUnitTime.seconds(microseconds: time))\""
        switch junitVerdict(outcome, cause: profile.causeOfCase[outcome.id].flatMap { causes[$0] }) {
        case nil:
          element += "/>"
        case .failure(let type, let message):
          counts.failures += 1
          element +=
            ">\n      " + junitChild("failure", type: type, message: message, body: outcome, resultsPath: resultsPath)
            + "\n    </testcase>"
        case .error(let type, let message):
          counts.errors += 1
          element +=
            ">\n      " + junitChild("error", type: type, message: message, body: outcome, resultsPath: resultsPath)
            + "\n    </testcase>"
        case .skipped(let message):
          counts.skipped += 1
          element += ">\n      <skipped message=\"\(XMLText.attribute(message))\"/>\n    </testcase>"
        }
        cases.append(element)
      }
      caseMicroseconds += microseconds
      totals.tests += testCount
      totals.failures += counts.failures
      totals.errors += counts.errors
      totals.skipped += counts.skipped
      var open =
        "  <testsuite name=\"\(XMLText.attribute(name))\" tests=\"\(testCount)\" failures=\"\(counts.failures)\" errors=\"\(counts.errors)\" skipped=\"\(counts.skipped)\" time=\"\(JUnitTime.seconds(microseconds: microseconds))\""
      if let timestamp = junitTimestamp { open += " timestamp=\"\(timestamp)\"" }
      let broken = profile.broken.filter { $0.suite == name }.map {
        "\($0.decision) (\(Plural.count($0.problems.count, "case")))"
      }
      suites.append(
        ([open + ">", junitProperties(decisions: broken.joined(separator: ", "))] + cases + ["  </testsuite>"]).joined(
          separator: "\n"))
    }
    let time =
      footer.map { JUnitTime.seconds(milliseconds: $0.milliseconds) } ?? JUnitTime.seconds(microseconds: caseMicroseconds)
    let name = XMLText.attribute("conform: \(header.implementation.displayName)")
    let root =
      "<testsuites name=\"\(name)\" tests=\"\(totals.tests)\" failures=\"\(totals.failures)\" errors=\"\(totals.errors)\" skipped=\"\(totals.skipped)\" time=\"\(time)\">"
    return (["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", root] + suites + ["</testsuites>", ""]).joined(separator: "\n")
  }

  private enum JUnitVerdict {
    case failure(type: String, message: String)
    case error(type: String, message: String)
    case skipped(message: String)
  }

  /// - Parameter cause: the spec decision the case's failure is put down to, named in its message.
  private func junitVerdict(_ outcome: CaseOutcome, cause: DecisionProfile.Cause?) -> JUnitVerdict? {
    if outcome.isStaleKnownFailure {
      return .failure(type: "stale-known-failure", message: "a known failure that passes now: remove it from the list")
    }
    if let entry = outcome.knownFailure, outcome.isFailing {
      return .skipped(message: "known failure: \(entry.reason ?? outcome.summaryReason)")
    }
    if outcome.isFlaky { return .failure(type: "flaky", message: outcome.summaryReason) }
    switch outcome.status {
    case .pass: return nil
    case .fail:
      guard let cause, cause.isExplained else {
        let exercised = outcome.decisions.isEmpty ? "" : "; exercises " + outcome.decisions.joined(separator: ", ")
        return .failure(type: "fail", message: "the output differs from the expected output" + (cause == nil ? "" : exercised))
      }
      return .failure(type: "fail", message: "breaks \(cause.decision)" + (cause.title.map { ": \($0)" } ?? ""))
    case .errored, .crashed, .timeout, .protocolError:
      return .error(type: outcome.status.rawValue, message: outcome.summaryReason)
    case .notRun: return .skipped(message: outcome.summaryReason)
    case .skipped: return .skipped(message: outcome.summaryReason)
    case .unsupported: return .skipped(message: "unsupported: the implementation does not support the suite \(outcome.suite)")
    }
  }

  private func junitChild(
    _ element: String, type: String, message: String, body outcome: CaseOutcome, resultsPath: String?
  ) -> String {
    let rerun = rerunCommand(outcome, resultsPath: resultsPath)
    let text = outcome.detailLines(stderrLines: Self.junitStderrLines, rerun: rerun).joined(separator: "\n")
    return
      "<\(element) message=\"\(XMLText.attribute(message))\" type=\"\(XMLText.attribute(type))\">\(XMLText.content(text))</\(element)>"
  }

  /// - Parameter decisions: the spec decisions the suite's failures are put down to, with counts.
  private func junitProperties(decisions: String) -> String {
    let implementation = header.implementation
    var properties: [(String, String)] = [("implementation", implementation.displayName)]
    if let language = implementation.language { properties.append(("implementation.language", language)) }
    if let version = implementation.version { properties.append(("implementation.version", version)) }
    properties.append(("implementation.command", implementation.command.joined(separator: " ")))
    properties.append(("fixtures.source", header.fixtures.source))
    properties.append(("fixtures.manifestDigest", header.fixtures.manifestDigest))
    if let digest = header.fixtures.bundleDigest { properties.append(("fixtures.bundleDigest", digest)) }
    if let version = header.fixtures.bundleVersion { properties.append(("fixtures.bundleVersion", version)) }
    properties.append(("conform", header.conformVersion))
    properties.append(("protocol", String(header.protocolVersion)))
    if !decisions.isEmpty { properties.append(("decisions.broken", decisions)) }
    let lines = properties.map { "      <property name=\"\(XMLText.attribute($0))\" value=\"\(XMLText.attribute($1))\"/>" }
    return (["    <properties>"] + lines + ["    </properties>"]).joined(separator: "\n")
  }

  /// The start time without its zone (`2026-11-30T12:00:00`, UTC), as JUnit schemas want it.
  private var junitTimestamp: String? {
    let text = header.startedAt
    guard text.utf8.count == 20, text.hasSuffix("Z") else { return nil }
    return XMLText.attribute(String(text.dropLast()))
  }
}

/// `--junit FILE`.
struct JUnitReportFormat: ReportFormat {
  let option = "--junit"
  let help = """
    write JUnit XML (for CI): a <testsuite> per suite, a <testcase> per
    case, and one skipped <testcase> for a suite the implementation does
    not support, with its count
    """
  let needs = ReportNeeds.everyCase
  let takesSeveralRuns = false

  func render(_ summary: RunSummary, _ context: ReportContext) -> [UInt8] {
    Array(summary.junitXML(resultsPath: context.resultsPath).utf8)
  }
}
