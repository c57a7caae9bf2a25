import ConformJSON
import ConformResults

/// Whether a case is a finding, and how it fails: a shrunk candidate must fail the same way as
/// the case it came from, so the minimal case shows the same bug.
enum FuzzJudge {
  /// How the case fails, nil when it is no finding.
  ///
  /// Against the model (one answer): any status that fails the gate; a wrong answer also names
  /// the output's top-level fields that differ (`fail:eligible`). Differential (two answers): the
  /// two answered differently, named by the side the model takes and both statuses
  /// (`first:pass/fail`); a case either did not run, or skipped, is no finding, nor are two
  /// answers that differ only in members `varies` lets take any of their allowed values.
  static func signature(expected: JSONValue, answers: [FuzzAnswer], varies: OutputVariation = OutputVariation()) -> String? {
    if answers.count == 1 { return modelSignature(expected: expected, answer: answers[0]) }
    let (first, second) = (answers[0], answers[1])
    let ran: Set<CaseStatus> = [.pass, .fail, .errored, .crashed, .timeout, .protocolError]
    guard ran.contains(first.status), ran.contains(second.status) else { return nil }
    let sameOutput =
      first.output == second.output
      || first.output.flatMap { one in second.output.map { varies.sameAnswer(one, $0) } } == true
    guard first.status != second.status || !sameOutput else { return nil }
    return "\(side(first, second).rawValue):\(first.status.rawValue)/\(second.status.rawValue)"
  }

  /// Which implementation the reference model sides with.
  enum Side: String {
    case first, second, neither
  }

  static func side(_ first: FuzzAnswer, _ second: FuzzAnswer) -> Side {
    if first.status == .pass { return .first }
    if second.status == .pass { return .second }
    return .neither
  }

  private static func modelSignature(expected: JSONValue, answer: FuzzAnswer) -> String? {
    guard answer.status.failsGate else { return nil }
    guard answer.status == .fail else { return answer.status.rawValue }
    guard let want = expected.objectValue, let got = answer.output?.objectValue else { return "fail" }
    let keys = Set(want.keys).union(got.keys).filter { want[$0] != got[$0] }.sorted()
    return "fail:" + keys.joined(separator: ",")
  }
}
