import ConformJSON

/// Random `restart-prompt` inputs: any start status, then up to tens of steps of every kind, with
/// DOWNLOADED and launches weighted up so that prompts, dismissals and restarts happen.
enum RestartPromptFuzzer {
  static func input(using generator: inout SeededGenerator) -> JSONValue {
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
    return RestartPromptInput(status: start, steps: steps).json
  }
}

extension RestartPromptSuite {
  public func fuzzInput(using generator: inout SeededGenerator) -> JSONValue? {
    RestartPromptFuzzer.input(using: &generator)
  }
}
