/// The seam with the reporter: what `conform run` prints on stdout when a run ends.
///
/// One line per problem (`FAIL <id>: <reason>`), then the closing line, which is always the last
/// line of stdout. The reporter replaces this body with its diff output.
func printRunReport(_ summary: RunSummary) {
  for problem in summary.problems {
    print("FAIL \(problem.id): \(problem.summaryReason)")
  }
  print(summary.closingLine)
}
