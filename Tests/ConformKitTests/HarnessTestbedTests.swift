import ConformArchive
import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformResults
@testable import ConformSuites

/// What the end-to-end tests share: a small fixtures folder, the test implementations, and a
/// way to run `conform run` against them and read what it wrote.
enum Testbed {
  /// The published tables cut down to every named case (seed, boundary, pitfall, domain...) and a
  /// few of each generated family's (generated once per test process), so that slow test
  /// implementations stay quick.
  static let fixtures: String = {
    let directory = TestSupport.temporaryDirectory("conform-fixtures").path
    let files = FixtureGenerator.generate(options: GeneratorOptions(parameters: ["depth": 1]))
    var bytesByName: [String: [UInt8]] = [:]
    var kept: [String: (cases: Int64, tags: [String: Int64])] = [:]
    for file in files where file.name.hasSuffix(".jsonl") {
      var table: [UInt8] = []
      var many = 0
      var cases: Int64 = 0
      var tags: [String: Int64] = [:]
      for line in file.bytes.split(separator: 0x0A) {
        let fixture = try! FixtureCase(json: try! JSONReader.parse(Array(line)))
        // The generated families: products, step sequences, all-pairs rows, every transition, the
        // domain edges and the carried-over pairs.
        let bulk = [
          "grid", "exhaustive", "pairwise", "transition", "tour", "one-boundary", "domain", "composition", "json-text",
        ].contains(where: fixture.tags.contains)
        if bulk {
          many += 1
          if many > 5 { continue }
        }
        table += line
        table.append(0x0A)
        cases += 1
        for tag in fixture.tags { tags[tag, default: 0] += 1 }
      }
      bytesByName[file.name] = table
      kept[file.name] = (cases, tags)
    }
    let manifestFile = files.first { $0.name == "manifest.json" }!
    var manifest = try! FixtureManifest(json: try! JSONReader.parse(manifestFile.bytes))
    for index in manifest.files.indices {
      let name = manifest.files[index].path
      let bytes = bytesByName[name] ?? files.first { $0.name == name }!.bytes
      bytesByName[name] = bytes
      manifest.files[index].bytes = Int64(bytes.count)
      manifest.files[index].sha256 = SHA256.hex(bytes)
    }
    for index in manifest.suites.indices {
      let table = kept[manifest.suites[index].fixtures]!
      manifest.suites[index].cases = table.cases
      manifest.suites[index].tags = table.tags
    }
    bytesByName["manifest.json"] = manifest.bytes
    for (name, bytes) in bytesByName { try! FileIO.write(bytes, to: FileIO.join(directory, name)) }
    return directory
  }()

  /// The cases of the small fixtures.
  static let cases: [FixtureCase] = try! FixtureSet.load(directory: fixtures).cases

  static func count(suite: String) -> Int { cases.filter { $0.suite == suite }.count }

  static func implementation(_ name: String) -> String {
    TestSupport.packageRoot.appendingPathComponent("Tests/Implementations/\(name)").path
  }

  /// What one `conform run` did.
  struct Run {
    let outcome: ProcessOutcome
    let directory: URL
    let resultsPath: String

    var status: Int32 { outcome.status }
    var stdoutLines: [String] { outcome.stdout.split(separator: "\n").map(String.init) }
    /// The last line of stdout, where the counts are.
    var closingLine: String { stdoutLines.last ?? "" }

    func results() throws -> ResultsFile { try ResultsFile.read(resultsPath) }

    /// The status of each attempt of case `id`, in order.
    func statuses(of id: String) throws -> [CaseStatus] {
      try results().results.filter { $0.id == id }.map(\.status)
    }

    func record(_ id: String, attempt: Int64 = 0) throws -> CaseResult {
      try #require(try results().results.first { $0.id == id && $0.attempt == attempt })
    }
  }

  /// Runs `conform run --impl <implementation> --fixtures <small> --results <temp>` with
  /// `options`, passing the implementation `--fixtures <small>` and `implementationArguments`
  /// after `--`.
  static func run(
    _ implementationName: String, _ options: [String] = [], implementationArguments: [String] = [],
    environment: [String: String] = [:], timeout: Double = 120
  ) async throws -> Run {
    let directory = TestSupport.temporaryDirectory("conform-run")
    let results = directory.appendingPathComponent("results.jsonl").path
    let arguments =
      ["run", "--impl", implementation(implementationName), "--fixtures", fixtures, "--results", results] + options
      + ["--", "--fixtures", fixtures] + implementationArguments
    let outcome = try await TestSupport.run(
      TestSupport.binary("conform"), arguments, environment: environment, currentDirectory: directory, timeout: timeout)
    return Run(outcome: outcome, directory: directory, resultsPath: results)
  }

  /// Checks what every complete results file must be: a header, one record per planned attempt
  /// (each case `repeats` times), a footer whose totals add up to them.
  static func expectComplete(_ file: ResultsFile, cases: Int, repeats: Int = 1, sourceLocation: SourceLocation = #_sourceLocation)
  {
    #expect(file.footer != nil, "no footer", sourceLocation: sourceLocation)
    #expect(file.results.count == cases * repeats, sourceLocation: sourceLocation)
    let distinct = Set(file.results.map { "\($0.id)#\($0.attempt)" })
    #expect(distinct.count == file.results.count, "an attempt recorded twice", sourceLocation: sourceLocation)
    #expect(file.header.fixtures.cases == Int64(cases), sourceLocation: sourceLocation)
    if let footer = file.footer {
      #expect(footer.totals.values.reduce(0, +) == Int64(file.results.count), sourceLocation: sourceLocation)
    }
  }
}

@Suite struct HarnessTestbedTests {
  @Test func theSmallFixturesLoadAndKeepEverySuite() throws {
    let fixtures = try FixtureSet.load(directory: Testbed.fixtures)
    #expect(Set(fixtures.cases.map(\.suite)) == Set(SuiteRegistry.names))
    // Small: a hundred cases a suite at most, so slow test implementations stay quick.
    #expect(fixtures.cases.count < 100 * SuiteRegistry.all.count)
    #expect(fixtures.cases.contains { $0.id == "eligibility/seed/below-threshold" })
  }
}
