import ConformFixtures
import ConformJSON
import ConformProtocol
import ConformReport
import ConformSuites
import Foundation

/// The bench's rows on a team's suite: `conform generate --suite` on the suite `conform suite
/// init` writes (its model a Python program), grown to many named cases, against its model alone
/// on the same requests. The model, not conform, should set the pace.
extension Bench {
  var teamSuiteFolder: String { setup.path("team-suite") }
  var teamModel: String { FileIO.join(teamSuiteFolder, "model.py") }
  var teamRequestsPath: String { setup.path("team-requests.jsonl") }

  /// Its answers are counted (`wc -l`, to a file), as the Swift reference's between two pipes.
  var teamPipedCommand: [String] {
    ["/bin/sh", "-c", "cat \(ShellWord.quote(teamRequestsPath)) | python3 \(ShellWord.quote(teamModel)) | wc -l"]
  }

  var teamGenerateCommand: [String] {
    [setup.conform, "generate", "--suite", teamSuiteFolder, "--out", setup.path("team-fixtures")]
  }

  /// Writes the suite with `scale.teamCases` named cases (seeded, in the domain, no stated
  /// output) and the requests its model alone reads; the count of cases.
  func writeTeamSuite() throws(ConformError) -> Int {
    try SuiteScaffold.write(name: "price-discount", to: teamSuiteFolder)
    var generator = SeededGenerator(seed: 1)
    var cases: [UInt8] = []
    var requests = HarnessHello(suites: ["price-discount"]).line
    for index in 0..<scale.teamCases {
      let input: JSONValue = [
        "percent": .int(generator.int64(in: -5...105)), "priceCents": .int(generator.int64(in: 0...1_000_000_000)),
      ]
      let name = "bench/\(index)"
      JSONWriter.write(["decisions": ["D1"], "input": input, "name": .string(name)], into: &cases)
      cases.append(0x0A)
      let request: JSONValue = [
        "id": .string("price-discount/\(name)"), "input": input, "seq": .int(Int64(index + 1)), "suite": "price-discount",
        "type": "case",
      ]
      JSONWriter.write(request, into: &requests)
      requests.append(0x0A)
    }
    JSONWriter.write(["decisions": ["D2"], "input": ["percent": 101, "priceCents": 1], "name": "domain/above"], into: &cases)
    cases.append(0x0A)
    try FileIO.write(cases, to: FileIO.join(teamSuiteFolder, "cases.jsonl"))
    try FileIO.write(requests, to: teamRequestsPath)
    return scale.teamCases + 1
  }

  mutating func describeTeamSuite(cases: Int) {
    let count = "\(BenchFormat.number(Double(cases))) named cases"
    figures[BenchRow.teamGenerate.rawValue].command = setup.display(teamGenerateCommand)
    figures[BenchRow.teamGenerate.rawValue].note =
      "\(count) and the domain's, the model answering them all, wall time (start, checks, tables included)"
    figures[BenchRow.teamModelPiped.rawValue].command =
      "cat \(setup.display([teamRequestsPath])) | python3 \(setup.display([teamModel])) | wc -l"
    figures[BenchRow.teamModelPiped.rawValue].note =
      "the same \(count)' requests, its answers counted (the hello and one a case), wall time"
    figures[BenchRow.teamModelAlone.rawValue].command =
      "python3 \(setup.display([teamModel])) < \(setup.display([teamRequestsPath])) > /dev/null"
    figures[BenchRow.teamModelAlone.rawValue].note = "the same \(count)' requests, wall time"
    if let reason = setup.missing["python3"] {
      for row in [BenchRow.teamGenerate, .teamModelPiped, .teamModelAlone] {
        figures[row.rawValue].note = "not measured: \(reason)"
      }
    }
  }

  /// The generation and the model alone, between two pipes and to /dev/null, in one round: the
  /// generation over the piped model is the target's ratio.
  mutating func measureTeamSuite(_ round: Int, cases: Int) {
    guard setup.missing["python3"] == nil else { return }
    progress(round, "a team suite: conform generate --suite and its model alone")
    let generated = run(.teamGenerate, teamGenerateCommand)
    let piped = runCounted(.teamModelPiped, teamPipedCommand, lines: scale.teamCases + 1)
    let alone = run(.teamModelAlone, ["python3", teamModel], stdin: teamRequestsPath)
    let generatedRate = generated.map { Double(cases) / $0.seconds }
    let pipedRate = piped.map { Double(cases) / $0.seconds }
    let aloneRate = alone.map { Double(cases) / $0.seconds }
    record(.teamGenerate, generatedRate)
    record(.teamModelPiped, pipedRate)
    record(.teamModelAlone, aloneRate)
    if let generatedRate, let pipedRate { ratio(.teamGeneration, generatedRate / pipedRate) }
    if let generatedRate, let aloneRate { teamOverAlone.append(generatedRate / aloneRate) }
  }
}
