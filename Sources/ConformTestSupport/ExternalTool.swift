import Foundation
import Testing

/// A program from outside the Swift toolchain that some tests need.
///
/// `swift test` on a fresh machine has only the toolchain; `.ci/run` installs these first
/// (`harness/install-deps.sh`). A test that needs one declares it with
/// `.enabled(if: ExternalTool.xmllint.isInstalled, ExternalTool.xmllint.missing)`, so that where the
/// tool is missing the runner prints the test as skipped, with the reason and the install command.
/// Never `#expect(tool.isInstalled)` or `#require` it in the body: that fails on a fresh machine.
///
/// `CONFORM_TEST_HIDE_TOOLS` makes tools that are installed look missing, to see what a fresh
/// machine sees: `all`, or names separated by commas (`xmllint,kotlinc`). `FreshMachineTests`
/// runs the suites that use a tool that way.
public struct ExternalTool: Sendable {
  /// The command's name, looked up on `PATH`.
  public let name: String
  /// The command that installs it by hand ("apt-get install libxml2-utils").
  public let installer: String

  public init(name: String, installer: String) {
    self.name = name
    self.installer = installer
  }

  /// The tool's full path, or nil when no folder on `PATH` holds an executable of that name, or
  /// when `CONFORM_TEST_HIDE_TOOLS` hides it.
  public var path: String? {
    if Self.hidden.contains(name) || Self.hidden.contains("all") { return nil }
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  public var isInstalled: Bool { path != nil }

  /// Why a test that needs the tool is skipped, and how to run it.
  public var missing: Comment {
    "\(name) is not installed: harness/install-deps.sh or \(installer), then run the tests again"
  }

  /// What `CONFORM_TEST_HIDE_TOOLS` names.
  public static let hidden: Set<String> = Set(
    (ProcessInfo.processInfo.environment[hideVariable] ?? "").split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    })

  /// The environment variable that hides tools.
  public static let hideVariable = "CONFORM_TEST_HIDE_TOOLS"

  /// `xmllint`, which validates JUnit XML against `Tests/Golden/junit.xsd`.
  public static let xmllint = ExternalTool(name: "xmllint", installer: "apt-get install libxml2-utils")
}
