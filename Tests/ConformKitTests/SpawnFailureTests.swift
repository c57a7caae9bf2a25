import ConformPlatform
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// A bad `--impl` gets one line that says what is wrong and what to do, with one "implementation:".
@Suite struct SpawnFailureTests {
  let directory = TestSupport.temporaryDirectory("conform-spawn")

  /// The folder's path, a file in it made with `mode`, and one with a missing interpreter.
  func prepare() throws -> (notExecutable: String, missingInterpreter: String) {
    let notExecutable = directory.appendingPathComponent("impl.sh").path
    try Data("#!/bin/sh\necho hi\n".utf8).write(to: URL(fileURLWithPath: notExecutable))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: notExecutable)
    let missingInterpreter = directory.appendingPathComponent("orphan.sh").path
    try TestSupport.writeExecutable("#!/no/such/interpreter\n", to: missingInterpreter)
    return (notExecutable, missingInterpreter)
  }

  func run(_ impl: String) async throws -> ProcessOutcome {
    try await TestSupport.run(
      TestSupport.binary("conform"), ["run", "--impl", impl, "--limit", "1"], environment: ["PATH": "/usr/bin:/bin"],
      currentDirectory: directory)
  }

  /// Runs conform with `impl` and returns its stderr after checking it is one line, exit 2.
  func oneLine(_ impl: String) async throws -> String {
    let outcome = try await run(impl)
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    let lines = outcome.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(outcome.stderr)")
    #expect(outcome.stderr.components(separatedBy: "implementation:").count == 2, "\(outcome.stderr)")
    #expect(!outcome.stderr.contains("it wrote nothing on stderr"))
    return outcome.stderr
  }

  @Test func aFolder() async throws {
    #expect(
      try await oneLine(directory.path)
        == "conform: error: implementation: cannot start \(directory.path): it is a folder, not a program; "
        + "--impl takes an executable file\n")
  }

  @Test func aMissingFile() async throws {
    let missing = directory.appendingPathComponent("missing").path
    #expect(
      try await oneLine(missing)
        == "conform: error: implementation: cannot start \(missing): no such file; check the path given to --impl\n")
  }

  @Test func aFileThatIsNotExecutable() async throws {
    let path = try prepare().notExecutable
    #expect(
      try await oneLine(path) == "conform: error: implementation: cannot start \(path): it is not executable; chmod +x \(path)\n")
  }

  @Test func aScriptWhoseInterpreterIsMissing() async throws {
    let path = try prepare().missingInterpreter
    #expect(
      try await oneLine(path)
        == "conform: error: implementation: cannot start \(path): its interpreter (the #! line) or a library it needs "
        + "was not found\n")
  }

  @Test func aBareNameNotInPath() async throws {
    #expect(
      try await oneLine("no-such-conform-impl")
        == "conform: error: implementation: cannot start no-such-conform-impl: no program of that name in PATH; "
        + "give its path, or add its folder to PATH\n")
  }

  @Test func aBareNameOfAFileInTheCurrentFolderSuggestsDotSlash() async throws {
    _ = try prepare()
    #expect(
      try await oneLine("orphan.sh")
        == "conform: error: implementation: cannot start orphan.sh: no program of that name in PATH; "
        + "give its path, ./orphan.sh, for the one in the current folder\n")
  }

  @Test func otherErrorsReadAsLowerCaseText() {
    #expect(SpawnFailure.reason(program: "/x", status: E2BIG) == "argument list too long")
  }
}
