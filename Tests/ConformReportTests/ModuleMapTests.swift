import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// The module map in the repository (Sources/MODULES.md, written by harness/dev/split-modules.sh)
/// against Package.swift and the sources, and the layering rules the compiler cannot check: only
/// the platform layer calls the C library, and the harness does not use the suites.
@Suite struct ModuleMapTests {
  static let root = TestSupport.packageRoot

  /// One row of the map: the module, its line count, what it depends on.
  struct Row {
    var module: String
    var lines: Int
    var dependencies: Set<String>
  }

  static func rows() throws -> [Row] {
    let text = try String(contentsOf: root.appendingPathComponent("Sources/MODULES.md"), encoding: .utf8)
    return text.regexMatches("(?m)^\\| (Conform\\w+) \\| (\\d+) \\| ([^|]*) \\|").map { match in
      let listed = match[3].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      return Row(
        module: String(match[1]), lines: Int(match[2])!,
        dependencies: Set(listed.filter { $0.hasPrefix("Conform") }))
    }
  }

  /// The dependencies Package.swift gives the target `name`.
  static func packageDependencies(of name: String) throws -> Set<String>? {
    let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    guard let match = text.firstRegexMatch("\\.target\\(\\s*name: \"\(name)\",\\s*dependencies: \\[([^\\]]*)\\]") else {
      return nil
    }
    return Set(match[1].regexMatches("\"(\\w+)\"").map { String($0[1]) })
  }

  /// The Swift files under `folder` (relative to the package), as paths relative to the package.
  static func swiftFiles(under folder: String) -> [String] {
    let base = root.appendingPathComponent(folder)
    let enumerator = FileManager.default.enumerator(atPath: base.path)
    var files: [String] = []
    while let path = enumerator?.nextObject() as? String {
      if path.hasSuffix(".swift") { files.append(folder + "/" + path) }
    }
    return files.sorted()
  }

  static func lineCount(of folder: String) throws -> Int {
    try swiftFiles(under: folder).reduce(0) { total, path in
      total + (try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)).filter { $0 == "\n" }.count
    }
  }

  @Test func everyModuleOfTheMapIsATargetWithTheDependenciesTheMapGives() throws {
    let rows = try Self.rows()
    #expect(rows.count >= 7, "Sources/MODULES.md lists \(rows.count) modules")
    for row in rows {
      let dependencies = try #require(
        try Self.packageDependencies(of: row.module), "\(row.module) is not a target in Package.swift")
      #expect(
        dependencies == row.dependencies,
        "\(row.module): Package.swift \(dependencies.sorted()), MODULES.md \(row.dependencies.sorted())")
    }
  }

  @Test func everyModuleHasAboutTheLineCountTheMapGives() throws {
    for row in try Self.rows() {
      let counted = try Self.lineCount(of: "Sources/\(row.module)")
      #expect(counted > 0, "\(row.module) has no Swift file")
      #expect(
        abs(counted - row.lines) * 10 <= row.lines,
        "\(row.module): \(counted) lines, MODULES.md says \(row.lines): run harness/dev/split-modules.sh --no-build")
    }
  }

  @Test func theUmbrellaReExportsEveryModuleAndHoldsNothingElse() throws {
    let modules = Set(try Self.rows().map(\.module))
    #expect(try Self.packageDependencies(of: "ConformKit") == modules)
    #expect(Self.swiftFiles(under: "Sources/ConformKit") == ["Sources/ConformKit/ConformKit.swift"])
  }

  /// Code lines only: a comment may name `posix_spawn`.
  static func codeLines(of path: String) throws -> [(number: Int, text: Substring)] {
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
      let code = line.trimmingCharacters(in: .whitespaces)
      return code.hasPrefix("//") ? nil : (index + 1, line)
    }
  }

  @Test func onlyThePlatformLayerReachesTheCLibrary() throws {
    var found: [String] = []
    for path in Self.swiftFiles(under: "Sources") where !path.hasPrefix("Sources/ConformPlatform/") {
      for (number, line) in try Self.codeLines(of: path)
      where line.firstRegexMatch("import (Glibc|Darwin|Musl)\\b|canImport\\((Glibc|Darwin|Musl)\\)|/proc/|\\bposix_") != nil {
        found.append("\(path):\(number): \(line.trimmingCharacters(in: .whitespaces))")
      }
    }
    #expect(found.isEmpty, "outside Sources/ConformPlatform:\n\(found.joined(separator: "\n"))")
  }

  @Test func theHarnessDoesNotUseTheSuites() throws {
    let dependencies = try #require(try Self.packageDependencies(of: "ConformHarness"))
    #expect(!dependencies.contains("ConformSuites"))
    let importing = try Self.swiftFiles(under: "Sources/ConformHarness").filter { path in
      try Self.codeLines(of: path).contains { $0.text.hasPrefix("import ConformSuites") }
    }
    #expect(importing.isEmpty, "\(importing)")
  }
}
