import ConformFixtures
import ConformJSON

/// Random `restart-prompt` inputs: any start status, then up to tens of steps of every kind, with
/// DOWNLOADED and launches weighted up so that prompts, dismissals and restarts happen.
enum RestartPromptFuzzer {
  static func input(using generator: inout SeededGenerator) -> JSONValue {
    typedInput(using: &generator).json
  }

  /// The input of `input(using:)` as a value.
  static func typedInput(using generator: inout SeededGenerator) -> RestartPromptInput {
    let start = generator.pick(InstallStatus.allCases)
    let count = generator.chance(1, in: 5) ? generator.index(41) : generator.index(13)
    var steps: [RestartPromptStep] = []
    for _ in 0..<count {
      switch generator.index(12) {
      case 0, 1: steps.append(.launch)
      case 2, 3: steps.append(.answer)
      case 4, 5: steps.append(.status(.downloaded))
      case 6: steps.append(.status(generator.pick(InstallStatus.allCases)))
      case 7, 8: steps.append(.dismiss)
      case 9: steps.append(.restart)
      default: steps.append(.kill)
      }
    }
    return RestartPromptInput(status: start, steps: steps)
  }
}

extension RestartPromptFuzzer {
  /// The steps without an argument, which a status report may become.
  static let plainSteps: [RestartPromptStep] = [.launch, .answer, .dismiss, .restart, .kill]

  /// Moves the generic shrinker cannot make, since a status is one of a few names: each step
  /// replaced by a plain step, and a status report taken into the start (the start becomes its
  /// status and the report is dropped or becomes a plain step), so that
  /// `canceled: launch, status downloaded, dismiss` reaches `downloaded: launch, answer, dismiss`.
  static func candidates(of input: JSONValue) -> [JSONValue] {
    guard let timeline = try? RestartPromptInput(json: input) else { return [] }
    var results: [RestartPromptInput] = []
    for (index, step) in timeline.steps.enumerated() {
      for plain in plainSteps where plain != step {
        var changed = timeline
        changed.steps[index] = plain
        results.append(changed)
      }
      guard case .status(let status) = step else { continue }
      var absorbed = timeline
      absorbed.status = status
      absorbed.steps.remove(at: index)
      results.append(absorbed)
      for plain in plainSteps {
        var replaced = timeline
        replaced.status = status
        replaced.steps[index] = plain
        results.append(replaced)
      }
    }
    for status in InstallStatus.allCases where status != timeline.status {
      var changed = timeline
      changed.status = status
      results.append(changed)
    }
    return results.map(\.json)
  }
}

extension RestartPromptSuite {
  public func fuzzInput(using generator: inout SeededGenerator) -> JSONValue? {
    RestartPromptFuzzer.input(using: &generator)
  }

  /// The model run on the input the fuzzer made.
  public func fuzzCase(using generator: inout SeededGenerator) -> (input: JSONValue, expected: JSONValue)? {
    let input = RestartPromptFuzzer.typedInput(using: &generator)
    return (input.json, Self.output(input))
  }

  /// The steps' own moves (see `RestartPromptFuzzer.candidates`), then the generic ones.
  public func shrinkCandidates(of input: JSONValue) -> [JSONValue] {
    RestartPromptFuzzer.candidates(of: input) + JSONShrinker.candidates(of: input) + JSONShrinker.jointCandidates(of: input)
  }
}
