import Foundation
import Testing

/// A program from outside the Swift toolchain that some tests need.
///
/// `swift test` on a fresh machine has only the toolchain; `.ci/run` installs these first
/// (`harness/install-deps.sh`). A test that needs one declares it with
/// `.enabled(if: ExternalTool.xmllint.isInstalled, ExternalTool.xmllint.missing)`, so that where the
/// tool is missing the runner prints the test as skipped, with the reason and the install command.
public struct ExternalTool: Sendable {
  /// The command's name, looked up on `PATH`.
  public let name: String
  /// The command that installs it by hand ("apt-get install libxml2-utils").
  public let installer: String

  public init(name: String, installer: String) {
    self.name = name
    self.installer = installer
  }

  /// The tool's full path, or nil when no folder on `PATH` holds an executable of that name.
  public var path: String? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  public var isInstalled: Bool { path != nil }

  /// Why a test that needs the tool is skipped, and how to run it.
  public var missing: Comment {
    "\(name) is not installed: harness/install-deps.sh or \(installer), then run the tests again"
  }

  /// `xmllint`, which validates JUnit XML against `Tests/Golden/junit.xsd`.
  public static let xmllint = ExternalTool(name: "xmllint", installer: "apt-get install libxml2-utils")
}
