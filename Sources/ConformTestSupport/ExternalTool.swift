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

  /// Where the tool was found when it is not looked up on `PATH`; see `init(name:installer:found:)`.
  private let found: String??

  public init(name: String, installer: String) {
    self.name = name
    self.installer = installer
    self.found = nil
  }

  /// A tool that is not looked up on `PATH`: `found` is its path, or nil when it is missing.
  public init(name: String, installer: String, found: String?) {
    self.name = name
    self.installer = installer
    self.found = .some(found)
  }

  /// The tool's full path, or nil when no folder on `PATH` holds an executable of that name, or
  /// when `CONFORM_TEST_HIDE_TOOLS` hides it.
  public var path: String? {
    if Self.hidden.contains(name) || Self.hidden.contains("all") { return nil }
    if let found { return found }
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

  /// Kotlin 2, the compiler conform's Kotlin side builds with: the launcher
  /// `harness/kotlin/bin/kotlinc2`, installed when `kotlinc2 --home` finds the compiler that
  /// `harness/kotlin/install-kotlin.sh` installs (no JVM starts for that).
  public static let kotlin2 = ExternalTool(
    name: "Kotlin 2 (harness/kotlin/bin/kotlinc2)", installer: "harness/kotlin/install-kotlin.sh",
    found: {
      let launcher = TestSupport.packageRoot.appendingPathComponent("harness/kotlin/bin/kotlinc2").path
      return (try? TestSupport.runBlocking("/bin/bash", [launcher, "--home"]))?.status == 0 ? launcher : nil
    }())

  /// Debian's junit5: JUnit 5's console launcher and API jars in /usr/share/java.
  public static let junit5 = ExternalTool(
    name: "junit5 (/usr/share/java/junit-platform-console-standalone.jar)", installer: "apt-get install junit5",
    found: FileManager.default.fileExists(atPath: "/usr/share/java/junit-platform-console-standalone.jar")
      ? "/usr/share/java/junit-platform-console-standalone.jar" : nil)

  /// A JDK's `java`.
  public static let java = ExternalTool(name: "java", installer: "apt-get install default-jdk-headless")
}
