import ConformJSON
import Testing

@testable import ConformKit

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

  @Test(arguments: [
    #"{"start":{"installStatus":"DOWNLOADED"},"steps":[]}"#,
    #"{"start":{"installStatus":"downloaded"},"steps":[{"op":"resume"}]}"#,
    #"{"start":{"installStatus":"downloaded"},"steps":[{"op":"status"}]}"#,
    #"{"start":{"installStatus":"downloaded"},"steps":[{"op":"launch","installStatus":"downloaded"}]}"#,
    #"{"start":{"installStatus":"downloaded","running":true},"steps":[]}"#,
  ])
  func inputsOutsideTheDomainAreRejected(_ text: String) throws {
    let input = try JSONReader.parse(text)
    #expect(throws: JSONShapeError.self) { try RestartPromptSuite().expected(for: input) }
  }

  @Test func theCountIsTheDraftsCount() {
    for depth in 1...4 {
      let options = GeneratorOptions(timelineDepth: depth)
      var made = 0
      for _ in RestartPromptSuite().drafts(options: options) { made += 1 }
      #expect(RestartPromptSuite().caseCount(options: options) == made, "depth \(depth)")
    }
  }
}
