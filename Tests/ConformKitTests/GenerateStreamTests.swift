import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformKit

/// Cases made by the generator as a run needs them: the built-in set in one pass, and
/// `conform run --generate` streaming a search straight into the harness.
@Suite struct GenerateStreamTests {
  /// The one-pass built-in set is exactly what writing the tables and loading them gives.
  @Test func theBuiltInSetIsTheGeneratedTablesLoaded() throws {
    let options = GeneratorOptions(timelineDepth: 3)
    let files = FixtureGenerator.generate(options: options)
    let loaded = try FixtureSet(files: files.map { ($0.name, $0.bytes) }, source: "x", pathPrefix: "x/")
    let generated = FixtureSet.generated(options: options, source: "x")
    #expect(generated.manifest == loaded.manifest)
    #expect(generated.manifestDigest == loaded.manifestDigest)
    #expect(generated.manifestDigest == SHA256.hex(files.last!.bytes))
    #expect(generated.cases == loaded.cases)
    #expect(FixtureSet.builtIn().manifest.generatorOptions == GeneratorOptions.published.json)
  }
}
