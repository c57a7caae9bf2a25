import ConformArchive
import ConformFixtures
import ConformJSON
import ConformPlatform
import ConformResults
import Foundation

extension HarnessPlan {
  /// A run of a suite's generated cases, streamed as they are made; `header` is the run's
  /// options, to which the header's `generate` is added. A shard's header names the whole
  /// stream (its count and digest are every shard's) and counts the shard's own cases.
  package static func generated(
    suite: any Suite, options: GeneratorOptions, limit: Int?, shard: Shard? = nil, settings: HarnessSettings,
    resultsPath: String?, header: JSONValue
  ) -> HarnessPlan {
    let source = GeneratedCases(suite: suite, options: options, limit: limit, shard: shard)
    let stream = GeneratedStream(suite: suite, options: options, count: source.streamCount)
    var header = header
    if case .object(var object) = header {
      object["generate"] = stream.json
      header = .object(object)
    }
    return HarnessPlan(
      fixtures: Deferred(
        ResultHeader.Fixtures(
          source: stream.source, manifestDigest: stream.digest, generatorVersion: FixtureGenerator.version,
          cases: Int64(source.plannedCount))),
      suites: [suite.name], source: source, catalogue: SuiteList([suite]), settings: settings, resultsPath: resultsPath,
      options: header)
  }

  /// A run of `builtIn`'s tables sent as they are made: the implementation gets its first case
  /// while the rest are generated; the results header waits for the tables' digest.
  package static func streamed(
    builtIn: any SuiteCatalogue, tier: Tier = .full, repeats: Int, limit: Int?, settings: HarnessSettings,
    resultsPath: String?, header: JSONValue
  ) -> HarnessPlan {
    var generator = GeneratorOptions.published(for: builtIn.suites)
    generator.tier = tier
    let tables = GeneratedTables(suites: builtIn.suites, options: generator, keepsCases: false)
    tables.start(threads: max(2, ProcessInfo.processInfo.activeProcessorCount))
    let counts = builtIn.suites.map { $0.tierCaseCount(options: generator) }
    let source = StreamedTables(tables: tables, counts: counts, repeats: repeats, limit: limit)
    let fixtures = Deferred<ResultHeader.Fixtures>()
    let cases = Int64(source.casesPerRound)
    let thread = Thread {
      let manifest = tables.manifest()
      fixtures.resolve(
        ResultHeader.Fixtures(
          source: tier == .full ? "built-in" : "built-in, \(tier.rawValue) tier",
          manifestDigest: "sha256:" + SHA256.hex(manifest.bytes),
          generatorVersion: manifest.generatorVersion, cases: cases,
          decisions: manifest.decisionCounts(of: manifest.suites.map(\.name))))
    }
    thread.name = "conform digest"
    thread.start()
    return HarnessPlan(
      fixtures: fixtures, suites: source.suites, source: source, repeats: repeats, catalogue: builtIn, settings: settings,
      resultsPath: resultsPath, options: header)
  }
}

/// How a generated run names its cases, having no manifest: the suite, the generator's version,
/// the options the suite reads (its parameters and the tier) and the count.
struct GeneratedStream {
  var suite: any Suite
  var options: GeneratorOptions
  var count: Int

  /// The parameters the suite declares, each the one given or its default, in name order.
  private var parameters: [(name: String, value: Int)] {
    options.declared(by: suite).parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// The header's fixtures source: `generated:timeline@depth=8`, the suite's parameters and the
  /// tier when it is not the full one after `@`; `generated:eligibility` for a suite with neither.
  var source: String {
    var parts = parameters.map { "\($0.name)=\($0.value)" }
    if options.tier != .full { parts.append("tier=\(options.tier.rawValue)") }
    return "generated:\(suite.name)" + (parts.isEmpty ? "" : "@" + parts.joined(separator: ","))
  }

  /// The header's `options.generate`: the suite, its parameters by name and the count.
  var json: JSONValue {
    var object: JSONObject = ["suite": .string(suite.name), "count": .int(Int64(count))]
    for parameter in parameters { object[parameter.name] = .int(Int64(parameter.value)) }
    return .object(object)
  }

  /// In place of a manifest's digest: `sha256:` of what makes the cases (the same conform
  /// version, suite, spec version, options the suite reads and count make the same cases).
  var digest: String {
    let identity: JSONValue = [
      "cases": .int(Int64(count)),
      "generator": [
        "name": "conform", "options": options.declared(by: suite).json, "version": .string(FixtureGenerator.version),
      ],
      "suite": ["name": .string(suite.name), "specVersion": .string(suite.specVersion)],
    ]
    return "sha256:" + SHA256.hex(JSONWriter.bytes(identity))
  }
}
