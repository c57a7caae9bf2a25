import ConformJSON
import ConformPlatform
import Foundation
import Testing

@testable import ConformCLI
@testable import ConformFixtures
@testable import ConformHarness

/// The harness's small parts: ordering, filters, environment, stderr ring, arguments, digests.
@Suite struct HarnessUnitTests {
  @Test func splitMix64IsTheReferenceSequence() {
    var generator = SeededGenerator(seed: 0)
    #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
    #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
  }

  @Test func aSeedAlwaysGivesTheSameShuffleOfTheSameAttempts() {
    let a = SendOrder.attempts(caseCount: 50, repeat: 2, shuffleSeed: 42)
    let b = SendOrder.attempts(caseCount: 50, repeat: 2, shuffleSeed: 42)
    let c = SendOrder.attempts(caseCount: 50, repeat: 2, shuffleSeed: 43)
    let plain = SendOrder.attempts(caseCount: 50, repeat: 2, shuffleSeed: nil)
    #expect(a == b)
    #expect(a != c)
    #expect(Set(a.map { "\($0.caseIndex)/\($0.number)" }) == Set(plain.map { "\($0.caseIndex)/\($0.number)" }))
    #expect(plain.prefix(50).allSatisfy { $0.number == 0 } && plain.suffix(50).allSatisfy { $0.number == 1 })
  }

  @Test func filtersCombineAsDocumented() {
    let fixture = FixtureCase(
      id: "version-compare/seed/a", suite: "version-compare", tags: ["seed", "padding"], note: "", input: nil, expected: nil)
    #expect(CaseFilters().selects(fixture))
    #expect(CaseFilters(suites: [Glob("version-*")]).selects(fixture))
    #expect(CaseFilters(suites: [Glob("eligibility"), Glob("version-compare")]).selects(fixture))
    #expect(!CaseFilters(suites: [Glob("eligibility")]).selects(fixture))
    #expect(CaseFilters(cases: [Glob("version-compare/*")]).selects(fixture))
    #expect(CaseFilters(cases: [Glob("*/seed/?")]).selects(fixture))
    #expect(CaseFilters(tags: ["grid", "padding"]).selects(fixture))
    #expect(!CaseFilters(suites: [Glob("version-compare")], tags: ["grid"]).selects(fixture))
  }

  @Test func theEnvironmentIsFixedAndOnlyTheNeededVariablesPassThrough() throws {
    let parent = ["PATH": "/bin", "HOME": "/root", "SECRET": "x", "TZ": "Asia/Tokyo", "LC_ALL": "de_DE"]
    let fixed = try ImplementationEnvironment(inherit: false, assignments: []).resolve(parent: parent)
    #expect(fixed == ["HOME=/root", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "PATH=/bin", "TZ=UTC"])
    let given = try ImplementationEnvironment(inherit: false, assignments: ["TZ=Europe/Paris", "EMPTY=", "A=b=c"]).resolve(
      parent: parent)
    #expect(given.contains("TZ=Europe/Paris") && given.contains("EMPTY=") && given.contains("A=b=c"))
    let inherited = try ImplementationEnvironment(inherit: true, assignments: ["X=1"]).resolve(parent: parent)
    #expect(inherited == ["HOME=/root", "LC_ALL=de_DE", "PATH=/bin", "SECRET=x", "TZ=Asia/Tokyo", "X=1"])
    #expect(throws: ConformError.self) { try ImplementationEnvironment(inherit: false, assignments: ["=x"]) }
  }

  @Test func theStderrTailKeepsOnlyTheLastBytes() {
    var tail = StderrTail()
    #expect(tail.text == nil)
    let early = Array("early line that will be dropped\n".utf8)
    early.withUnsafeBufferPointer { tail.append($0) }
    let bulk = [UInt8](repeating: UInt8(ascii: "x"), count: 5000) + Array("\nthe end\n".utf8)
    bulk.withUnsafeBufferPointer { tail.append($0) }
    let text = tail.text ?? ""
    #expect(tail.bytes.count == StderrTail.capacity)
    #expect(text.hasSuffix("the end"))
    #expect(!text.contains("early"))
    #expect(text.hasPrefix("[…"))
  }

  @Test func theStderrRingWrapsAcrossAppends() {
    var tail = StderrTail()
    var everything: [UInt8] = []
    for chunk in 0..<7 {
      let bytes = (0..<1500).map { UInt8(ascii: "a") + UInt8((chunk * 7 + $0) % 26) }
      everything += bytes
      bytes.withUnsafeBufferPointer { tail.append($0) }
      #expect(tail.bytes == Array(everything.suffix(StderrTail.capacity)))
    }
    #expect(tail.total == everything.count)
  }

  @Test func optionsAfterDoubleDashBelongToTheImplementation() throws {
    var arguments = Arguments(
      ["--impl", "x", "--timeout", "2", "--", "--timeout", "9", "--suite"], command: "run", options: RunCommand.manual.options)
    let options = try RunOptions.parse(&arguments)
    #expect(options.timeout == 2)
    #expect(options.command == ["x", "--timeout", "9", "--suite"])
    #expect(options.filters.suites.isEmpty)
  }

  @Test func implArgumentsMayLookLikeOptions() throws {
    var arguments = Arguments(
      ["--impl-arg", "--suite", "--impl", "x", "--impl-arg", "-v"], command: "run", options: RunCommand.manual.options)
    let options = try RunOptions.parse(&arguments)
    #expect(options.command == ["x", "--suite", "-v"])
  }

  @Test func digestsAreSha256Hex() throws {
    let hex = String(repeating: "Ab", count: 32)
    #expect(try parseDigest("sha256:\(hex)") == hex.lowercased())
    #expect(throws: ConformError.self) { try parseDigest(hex) }
    #expect(throws: ConformError.self) { try parseDigest("sha256:abc") }
  }

  @Test func defaultResultsFilesAreNamedSafely() {
    #expect(Harness.defaultResultsPath(name: "swift-reference") == "reports/results-swift-reference.jsonl")
    #expect(Harness.defaultResultsPath(name: "kotlin port/1") == "reports/results-kotlin-port-1.jsonl")
    #expect(Harness.defaultResultsPath(name: "../x") == "reports/results-implementation.jsonl")
  }

  @Test func terminationsAreDescribed() {
    #expect(Termination(waitStatus: 3 << 8) == .exited(3))
    #expect(Termination(waitStatus: 11) == .signaled(11))
    #expect(Termination.signaled(9).description == "was killed by signal 9 (SIGKILL)")
  }
}
