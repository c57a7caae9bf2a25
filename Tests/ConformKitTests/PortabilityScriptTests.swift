import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// `harness/portability.sh` passes on this checkout's Sources and names a Linux-only call planted
/// outside Sources/ConformPlatform.
@Suite struct PortabilityScriptTests {
  static let script = TestSupport.packageRoot.appendingPathComponent("harness/portability.sh").path

  @Test func passesOnTheRealSources() async throws {
    let outcome = try await TestSupport.run("/bin/bash", [Self.script])
    #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
    #expect(outcome.stdout.contains("no system-specific call outside Sources/ConformPlatform"))
  }

  @Test func namesAPlantedProcReadAndWhatToUse() async throws {
    let copy = TestSupport.temporaryDirectory("conform portability 'copy'")
    defer { try? FileManager.default.removeItem(at: copy) }
    let sources = copy.appendingPathComponent("Sources")
    try FileManager.default.copyItem(at: TestSupport.packageRoot.appendingPathComponent("Sources"), to: sources)
    let planted = sources.appendingPathComponent("ConformHarness/PeakMemory.swift")
    try Data(
      """
      import Foundation

      // Reads /proc/self/status (this comment line is not a finding).
      func peakMemory() async -> Data? { FileManager.default.contents(atPath: "/proc/self/status") }

      """.utf8
    ).write(to: planted)
    // The same read inside the layer is allowed.
    try Data("let status = \"/proc/self/status\"\n".utf8)
      .write(to: sources.appendingPathComponent("ConformPlatform/Allowed.swift"))

    let outcome = try await TestSupport.run("/bin/bash", [Self.script, sources.path])
    #expect(outcome.status == 1)
    let findings = outcome.stdout.split(separator: "\n")
    #expect(
      findings == [
        "Sources/ConformHarness/PeakMemory.swift:4: error: /proc/ is not portable outside Sources/ConformPlatform:"
          + " use Host.executablePath, Host.peakMemoryKilobytes(of:) or Host.cpuModel (ConformPlatform)"
      ], "\(outcome.stdout)")
    #expect(outcome.stderr.contains("portability: Linux-only or system-specific calls outside Sources/ConformPlatform"))
  }

  @Test(arguments: [
    ("import Glibc", "import ConformPlatform"),
    ("var actions = posix_spawn_file_actions_t()", "Spawn.start"),
    ("_ = Glibc.write(2, pointer, 1)", "SystemIO"),
    ("kill(-pid, SIGKILL)", "Spawn.signalGroup"),
    ("signal(SIGPIPE, SIG_IGN)", "Signals.ignore"),
    ("#if canImport(Darwin)", "Descriptors.identity"),
    ("let seconds = info.st_mtim.tv_sec", "Descriptors.identity"),
  ])
  func catchesEachKindOfCall(line: String, advice: String) async throws {
    let copy = TestSupport.temporaryDirectory("conform-portability")
    defer { try? FileManager.default.removeItem(at: copy) }
    let folder = copy.appendingPathComponent("Sources/Planted")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("\(line)\n".utf8).write(to: folder.appendingPathComponent("Planted.swift"))
    let outcome = try await TestSupport.run("/bin/bash", [Self.script, copy.appendingPathComponent("Sources").path])
    #expect(outcome.status == 1)
    #expect(outcome.stdout.hasPrefix("Sources/Planted/Planted.swift:1: error: "), "\(outcome.stdout)")
    #expect(outcome.stdout.contains(advice), "\(outcome.stdout)")
  }
}
