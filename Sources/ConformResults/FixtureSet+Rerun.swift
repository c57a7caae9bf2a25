import ConformFixtures
import ConformJSON

extension FixtureSet {
  /// The cases a run failed, made again from its results file (`conform run --rerun-failed`):
  /// each failing case's input, expected output (with the values its varying members may take),
  /// note and tags, as the results file keeps them for every attempt that did not pass. A
  /// generated run has no fixture file: this is how one of its failures is run again.
  ///
  /// Failing means failing the gate: a wrong output, an error, a crash, a timeout, a protocol
  /// error, or attempts that disagree. Cases skipped, unsupported or not run are left out.
  package static func rerun(of file: ResultsFile) throws(ConformError) -> FixtureSet {
    let summary = RunSummary(file: file)
    var cases: [FixtureCase] = []
    var suites: [String] = []
    for outcome in summary.outcomes where outcome.isFailing {
      let attempt = outcome.representative
      guard let input = attempt.input, let expected = attempt.expected else {
        throw .file(
          path: file.path, line: nil,
          message: "\(outcome.id) has no recorded input (the file was written by an older conform): "
            + "run it again with --case \(outcome.id) and the same fixtures")
      }
      if !suites.contains(outcome.suite) { suites.append(outcome.suite) }
      cases.append(
        FixtureCase(
          id: outcome.id, suite: outcome.suite, tags: attempt.tags, note: attempt.note ?? "", input: input, expected: expected,
          decisions: attempt.decisions, varies: attempt.varies))
    }
    guard !cases.isEmpty else {
      throw .file(path: file.path, line: nil, message: "no case failed in this run: nothing to run again")
    }
    let header = file.header
    let manifest = FixtureManifest(
      generatorVersion: header.fixtures.generatorVersion, generatorOptions: .null, protocolVersion: header.protocolVersion,
      bundleVersion: header.fixtures.bundleVersion, files: [],
      suites: suites.map { name in
        FixtureManifest.SuiteEntry(
          name: name, specVersion: "", fixtures: "", spec: "", cases: Int64(cases.count { $0.suite == name }), tags: [:],
          facts: .null)
      })
    let digest =
      header.fixtures.manifestDigest.hasPrefix("sha256:")
      ? String(header.fixtures.manifestDigest.dropFirst(7)) : header.fixtures.manifestDigest
    // Grouped by suite, as a fixture set's cases are.
    let ordered = suites.flatMap { name in cases.filter { $0.suite == name } }
    return FixtureSet(manifest: manifest, manifestDigest: digest, source: "rerun:\(file.path)", cases: ordered)
  }
}
