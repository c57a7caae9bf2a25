import ConformJSON
import ConformResults

/// The machine-readable report (`--json FILE`): the summary, then every problem in full.
///
/// Canonical JSON (one line, keys in code point order, `null` where a value is absent), so two
/// reports of the same results are byte-identical. Unlike the terminal, nothing is capped.
extension RunSummary {
  func jsonReport(resultsPath: String?) -> JSONValue {
    let headerJSON = header.json
    let profile = profile
    let problemList: [JSONValue] = problemGroups(profile: profile).flatMap { group in
      group.map { problem -> JSONValue in
        let attempt = problem.representative
        return [
          "id": .string(problem.id), "suite": .string(problem.suite), "kind": .string(problem.problemKind),
          "status": .string(problem.status.rawValue),
          "attempts": .array(problem.attempts.map { .string($0.status.rawValue) }),
          "tags": .array(attempt.tags.map(JSONValue.string)), "input": attempt.input ?? .null,
          "decisions": .array(problem.decisions.map(JSONValue.string)), "cause": JSONValue(profile.causeOfCase[problem.id]),
          "sameWayAs": problem.id == group[0].id ? .null : .string(group[0].id),
          "rerun": .string(rerunCommand(problem, resultsPath: resultsPath)),
          "expected": attempt.expected ?? .null, "actual": attempt.actual ?? .null,
          "actualBytes": attempt.cut.map { .int(Int64($0.bytes)) } ?? .null,
          "diff": JSONValue(problem.outputDiff), "note": JSONValue(attempt.note), "message": JSONValue(attempt.message),
          "stderr": JSONValue(attempt.stderrTail),
          "knownFailure": problem.knownFailure.map { ["line": .int(Int64($0.line)), "reason": JSONValue($0.reason)] } ?? .null,
        ]
      }
    }
    let excused: [JSONValue] = outcomes.filter { $0.knownFailure != nil && $0.isFailing }
      .sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
      .map { outcome in
        [
          "id": .string(outcome.id), "suite": .string(outcome.suite), "kind": .string(outcome.problemKind),
          "line": .int(Int64(outcome.knownFailure!.line)), "reason": JSONValue(outcome.knownFailure!.reason),
        ]
      }
    return [
      "type": "report",
      "conform": .string(header.conformVersion),
      "protocol": .int(header.protocolVersion),
      "results": JSONValue(resultsPath),
      // The results header's own encoding, so the report and the results file never disagree.
      "implementation": headerJSON["implementation"] ?? .null,
      "fixtures": headerJSON["fixtures"] ?? .null,
      "startedAt": .string(header.startedAt),
      "endedAt": JSONValue(footer?.endedAt),
      "ms": JSONValue(footer?.milliseconds),
      "interrupted": JSONValue(footer?.interrupted),
      "restarts": JSONValue(footer?.restarts),
      "restartReasons": footer.map { $0.restartReasons.json } ?? .null,
      "complete": .bool(isComplete),
      "exitStatus": .int(Int64(exitStatus.rawValue)),
      "closingLine": .string(closingLine),
      "counts": counts.json(cases: caseCount + unreachedCount, notRun: notRunCount),
      "suites": .object(
        JSONObject(
          uniqueKeysWithValues: bySuite.map {
            ($0.name, $0.summary.counts.json(cases: $0.summary.caseCount, notRun: $0.summary.notRunCount))
          })),
      "warnings": .array(warnings.map(JSONValue.string)),
      "profile": .array(
        profile.causes.map { cause in
          [
            "decision": .string(cause.decision), "suite": .string(cause.suite), "title": JSONValue(cause.title),
            "cases": .int(Int64(cause.problems.count)), "lead": .string(cause.lead.id), "explained": .bool(cause.isExplained),
            "exercised": .array(cause.exercised.map(JSONValue.string)),
          ]
        }),
      "problems": .array(problemList),
      "knownFailures": .array(excused),
    ]
  }
}

extension RunSummary.Counts {
  /// - Parameter notRun: cases not run, those never reached included (`RunSummary.notRunCount`).
  func json(cases: Int, notRun: Int) -> JSONValue {
    [
      "cases": .int(Int64(cases)), "passed": .int(Int64(passed)), "failed": .int(Int64(failed)),
      "errored": .int(Int64(errored)), "flaky": .int(Int64(flaky)), "skipped": .int(Int64(skipped)),
      "unsupported": .int(Int64(unsupported)), "knownFailures": .int(Int64(known)), "staleKnownFailures": .int(Int64(stale)),
      "notRun": .int(Int64(notRun)),
    ]
  }
}

/// `--json FILE`.
struct JSONReportFormat: ReportFormat {
  let option = "--json"
  let help = """
    write the summary and every problem with its expected and actual
    output, diff, note and message, as canonical JSON
    """
  let needs = ReportNeeds.everyProblem
  let takesSeveralRuns = false

  func render(_ summary: RunSummary, _ context: ReportContext) -> [UInt8] {
    JSONWriter.bytes(summary.jsonReport(resultsPath: context.resultsPath)) + [0x0A]
  }

  let driftReport: DriftReportFormat? = DriftReportFormat(
    help: """
      write every disagreement, every group of cases both fail the same way,
      every one-sided case and each side's partial state as canonical JSON
      """
  ) { drift, _ in JSONWriter.bytes(drift.jsonReport()) + [0x0A] }
}
