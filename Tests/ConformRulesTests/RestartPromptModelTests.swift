import ConformJSON
import Testing

@testable import ConformFixtures
@testable import ConformSuites

/// The `restart-prompt` model against the spec's steps, one decision at a time.
@Suite struct RestartPromptModelTests {
  func run(_ start: String, _ steps: [String]) throws -> JSONValue {
    let input = try JSONReader.parse(#"{"start":{"installStatus":"\#(start)"},"steps":[\#(steps.joined(separator: ","))]}"#)
    return try RestartPromptSuite().expected(for: input)
  }

  let launch = #"{"op":"launch"}"#
  let answer = #"{"op":"answer"}"#
  let dismiss = #"{"op":"dismiss"}"#
  let kill = #"{"op":"kill"}"#
  let restart = #"{"op":"restart"}"#
  func status(_ name: String) -> String { #"{"installStatus":"\#(name)","op":"status"}"# }

  @Test func aDownloadFinishedWhileClosedPromptsAtTheNextLaunchsAnswer() throws {
    let output = try run("downloading", [launch, kill, status("downloaded"), launch, answer])
    #expect(output["effects"] == [["effect": "showPrompt", "step": 4]])
    #expect(output["final"] == ["installStatus": "downloaded", "prompt": "visible", "queryPending": false, "running": true])
  }

  @Test func aStatusWhileClosedReachesNobody() throws {
    let output = try run("downloading", [status("downloaded")])
    #expect(output["effects"] == [])
    #expect(output["final"]?["installStatus"] == "downloaded")
    #expect(output["final"]?["running"] == false)
  }

  @Test func theListenerAndTheQueryPromptOnce() throws {
    let output = try run("downloading", [launch, status("downloaded"), answer, status("downloaded")])
    #expect(output["effects"] == [["effect": "showPrompt", "step": 1]])
  }

  @Test func aDismissalLastsForTheSessionOnly() throws {
    let output = try run("downloaded", [launch, answer, dismiss, status("downloaded"), kill, launch, answer])
    #expect(output["effects"] == [["effect": "showPrompt", "step": 1], ["effect": "showPrompt", "step": 6]])
  }

  @Test func anotherStatusHidesThePromptAndForgetsTheDismissal() throws {
    let hidden = try run("downloading", [launch, status("downloaded"), status("failed")])
    #expect(hidden["effects"] == [["effect": "showPrompt", "step": 1], ["effect": "hidePrompt", "step": 2]])
    let again = try run("downloading", [launch, status("downloaded"), dismiss, status("downloading"), status("downloaded")])
    #expect(again["effects"] == [["effect": "showPrompt", "step": 1], ["effect": "showPrompt", "step": 4]])
  }

  @Test func restartInstallsAndEndsTheProcess() throws {
    let output = try run("downloaded", [launch, answer, restart, launch, answer])
    #expect(output["effects"] == [["effect": "showPrompt", "step": 1], ["effect": "completeUpdate", "step": 2]])
    #expect(output["final"] == ["installStatus": "installed", "prompt": "none", "queryPending": false, "running": true])
    let withoutPrompt = try run("downloaded", [launch, restart])
    #expect(withoutPrompt["effects"] == [])
    #expect(withoutPrompt["final"]?["queryPending"] == true)
  }

  /// Inputs that are not `restart-prompt` inputs at all: the model throws, the tables hold none.
  @Test(arguments: [
    #"{"start":{"installStatus":"downloaded"},"steps":[{"op":"status"}]}"#,
    #"{"start":{"installStatus":"downloaded"},"steps":[{"op":"launch","installStatus":"downloaded"}]}"#,
    #"{"start":{"installStatus":"downloaded","running":true},"steps":[]}"#,
    #"{"start":{"installStatus":"downloaded"},"steps":[{"op":1}]}"#,
    #"{"start":{"installStatus":null},"steps":[]}"#,
  ])
  func malformedInputsAreRejected(_ text: String) throws {
    let input = try JSONReader.parse(text)
    #expect(throws: JSONShapeError.self) { try RestartPromptSuite().expected(for: input) }
  }

  /// D13: well-formed inputs outside the domain are answered with the spec's reason, the first
  /// in the order count, start, steps.
  @Test(arguments: [
    (#"{"start":{"installStatus":"DOWNLOADED"},"steps":[]}"#, "unknown-install-status"),
    (#"{"start":{"installStatus":""},"steps":[{"op":"launch"}]}"#, "unknown-install-status"),
    (#"{"start":{"installStatus":"downloaded"},"steps":[{"op":"resume"}]}"#, "unknown-step"),
    (#"{"start":{"installStatus":"downloaded"},"steps":[{"op":"launch"},{"op":"answer"},{"op":"Kill"}]}"#, "unknown-step"),
    (
      #"{"start":{"installStatus":"downloaded"},"steps":[{"installStatus":"cancelled","op":"status"}]}"#,
      "unknown-install-status"
    ),
    (#"{"start":{"installStatus":"done"},"steps":[{"op":"resume"}]}"#, "unknown-install-status"),
    (
      #"{"start":{"installStatus":"downloaded"},"steps":[{"op":"resume"},{"installStatus":"done","op":"status"}]}"#,
      "unknown-step"
    ),
  ])
  func inputsOutsideTheDomainAreAnsweredWithTheirReason(_ text: String, _ reason: String) throws {
    let input = try JSONReader.parse(text)
    #expect(try RestartPromptSuite().expected(for: input) == ["error": .string(reason)])
    #expect(try RestartPromptSuite().decisions(for: input) == [13])
  }

  /// D13's bound: 10,000 steps are played, 10,001 refused before any step is read.
  @Test func theBoundIsTenThousandSteps() throws {
    let inside = RestartPromptInput(status: .downloaded, steps: Array(repeating: .kill, count: 9_998) + [.launch, .answer])
    #expect(try RestartPromptSuite().expected(for: inside.json)["effects"] == [["effect": "showPrompt", "step": 9999]])
    var outside = inside.json.objectValue!
    outside["steps"] = .array(Array(repeating: ["op": "not-a-step"], count: 10_001))
    #expect(try RestartPromptSuite().expected(for: .object(outside)) == ["error": "too-many-steps"])
  }

  /// D12: with the app not running, the prompt is none, whatever the ended process showed.
  @Test func aClosedAppsPromptIsNone() throws {
    for steps in [[], [launch, answer, kill], [launch, answer, dismiss, kill], [launch, answer, restart]] {
      let output = try run("downloaded", steps)
      #expect(output["final"]?["running"] == false)
      #expect(output["final"]?["prompt"] == "none", "\(steps)")
    }
    #expect(try run("downloaded", [launch, answer, dismiss])["final"]?["prompt"] == "dismissed")
    let drifted = RestartPromptSuite.output(
      RestartPromptInput(status: .downloaded, steps: [.launch, .answer, .dismiss, .kill]), drift: .promptOutlivesProcess)
    #expect(drifted["final"]?["prompt"] == "dismissed")
  }

  @Test func theCountIsTheDraftsCount() {
    for depth in 1...4 {
      let options = GeneratorOptions(parameters: ["depth": depth])
      var made = 0
      for _ in RestartPromptSuite().drafts(options: options) { made += 1 }
      #expect(RestartPromptSuite().caseCount(options: options) == made, "depth \(depth)")
    }
  }
}
