import ConformFixtures
import ConformResults

/// GitHub Actions workflow commands: one `::error` line per problem, which GitHub shows on the
/// run's summary page and in the log.
extension RunSummary {
  /// Lines per annotation message; GitHub shows a short message best.
  static let annotationLines = 30

  /// One line per problem (at most `maxShown`), then a notice for the rest.
  func gitHubAnnotations(maxShown: Int, resultsPath: String?) -> [String] {
    let problems = sortedProblems
    var lines = problems.prefix(maxShown).map { problem in
      let title = "conform: \(problem.id) (\(problem.problemKind))"
      let details = problem.detailLines(stderrLines: 10, rerun: rerunCommand(problem, resultsPath: resultsPath))
      let message = VisibleText.capped(details, Self.annotationLines).joined(separator: "\n")
      return
        "::error title=\(GitHubCommand.property(title))::\(GitHubCommand.data(message.isEmpty ? problem.problemKind : message))"
    }
    if problemCount > maxShown {
      lines.append(
        "::notice title=conform::\(GitHubCommand.data("… and \(problemCount - maxShown) more problems: see the job log or the JSON report"))"
      )
    }
    return lines
  }
}

/// Escaping for workflow commands, as GitHub's toolkit does it.
enum GitHubCommand {
  /// A message: `%`, carriage return and newline percent-encoded.
  static func data(_ text: String) -> String { escape(text, inProperty: false) }

  /// A property such as `title`: also `:` and `,`, which end a property.
  static func property(_ text: String) -> String { escape(text, inProperty: true) }

  private static func escape(_ text: String, inProperty: Bool) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      case ":" where inProperty: result += "%3A"
      case "," where inProperty: result += "%2C"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
