import ConformTestSupport
import Testing

@testable import ConformFixtures

/// The full tables regenerated: the slow tier, since generating every suite's published table
/// (11 MB) was the old unit tier's slowest step in a debug build.
@Suite struct FixturesRegenerationTests {
  /// The committed fixtures are exactly what this generator produces.
  @Test func committedFixturesMatchTheGenerator() throws {
    let directory = TestSupport.packageRoot.appendingPathComponent("fixtures").path
    for file in FixtureGenerator.generate(options: .published) {
      let committed = try FileIO.read(FileIO.join(directory, file.name))
      #expect(
        committed == file.bytes,
        "fixtures/\(file.name) differs from what the generator produces: run `swift run conform generate` and commit the result")
    }
  }
}
