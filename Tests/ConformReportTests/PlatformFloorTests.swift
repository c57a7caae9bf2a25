import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// The package builds for macOS 12 and iOS 15 (README, "Platforms"), and so do the example iOS
/// app's package and the packages that depend on conform. The compiler here (Linux) checks no
/// Apple availability, so this reads the text instead: the manifests' floors, and no use, in any
/// target or test of either package, of an API that needs more (Synchronization, `Duration` and
/// the clocks, `Regex` and the string methods of _StringProcessing, the newer `URL` calls).
/// Comment lines do not count. Cheap: it reads files and starts no process.
@Suite struct PlatformFloorTests {
  static let floor = ".macOS(.v12), .iOS(.v15)"

  /// What each pattern (ICU syntax) finds, and what it needs.
  static let newer: [(pattern: String, needs: String)] = [
    (
      #"\bimport Synchronization\b|\bMutex<|\bMutex\(|\bAtomic<|\bAtomic\("#,
      "Synchronization (macOS 15, iOS 18): use ConformPlatform's Locked"
    ),
    (
      #"\bDuration\b|\bContinuousClock\b|\bSuspendingClock\b|\bInstantProtocol\b|\bany Clock\b|: Clock\b"#,
      "Clock and Duration (macOS 13, iOS 16)"
    ),
    (
      #"Task\.sleep\(for:|\.sleep\(for: \.|\.sleep\(until:.*tolerance"#,
      "Task.sleep(for:) (macOS 13, iOS 16): Task.sleep(nanoseconds:)"
    ),
    (
      #"(^|[\s(\[=,:])#/|\bRegex\b|\.wholeMatch\(|\.firstMatch\(of:|\.matches\(of:|\.prefixMatch\("#,
      "Regex (macOS 13, iOS 16): TextPattern (NSRegularExpression)"
    ),
    (
      #"\.firstRange\(of:|\.ranges\(of: "|\.trimmingPrefix\(|\.replacing\(#?"|\.split\(separator: "[^"\\]{2,}""#,
      "_StringProcessing's string methods (macOS 13, iOS 16)"
    ),
    (
      #"URL\(filePath:|\.path\(percentEncoded:|\.appending\(path:|\.appending\(component|URL\.(homeDirectory|temporaryDirectory|currentDirectory)\b"#,
      "URL's newer calls (macOS 13, iOS 16)"
    ),
    (#"\.formatted\("#, "FormatStyle (macOS 12 at best): format by hand"),
  ]

  static let root = TestSupport.packageRoot

  /// Every Swift file of both packages, relative to the checkout, this test's own aside.
  static let files: [String] = {
    let folders = ["Sources", "Tests", "harness/examples/ios-app/Sources", "harness/examples/ios-app/Tests"]
    return folders.flatMap { folder -> [String] in
      let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
      let swift = (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
      return swift.map { "\(folder)/\($0)" }
    }.filter { !$0.hasSuffix("/PlatformFloorTests.swift") }.sorted()
  }()

  @Test(arguments: ["Package.swift", "harness/examples/ios-app/Package.swift"])
  func theManifestAsksForTheFloor(_ manifest: String) throws {
    let text = try String(contentsOf: Self.root.appendingPathComponent(manifest), encoding: .utf8)
    let platforms = text.regexMatches(#"\n  platforms: \[([^\]]*)\]"#).map { String($0[1]) }
    #expect(platforms == [Self.floor], "\(manifest): platforms \(platforms), the floor is [\(Self.floor)]")
  }

  @Test func thereAreFilesToRead() {
    #expect(Self.files.count > 300, "\(Self.files.count) Swift files found under \(Self.root.path)")
    #expect(Self.files.contains("Sources/ConformPlatform/Locked.swift"))
  }

  @Test func noCodeNeedsMoreThanTheFloor() throws {
    var found: [String] = []
    for file in Self.files {
      let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if line.drop { $0 == " " }.hasPrefix("//") { continue }
        for rule in Self.newer where line.firstRegexMatch(rule.pattern) != nil {
          found.append("\(file):\(index + 1): \(rule.needs): \(line.trimmingCharacters(in: .whitespaces))")
        }
      }
    }
    #expect(found.isEmpty, "\(found.count) uses of an API newer than macOS 12 / iOS 15:\n\(found.joined(separator: "\n"))")
  }

  @Test func theRulesFindWhatTheyAreFor() {
    let planted = [
      "import Synchronization", "let lock = Mutex(0)", "var delay: Duration = .seconds(2)", "let clock = ContinuousClock()",
      "try await Task.sleep(for: .seconds(1))", "text.matches(of: #/a+/#)", "text.firstRange(of: \"ab\")",
      "URL(filePath: path)", "x.formatted(.number)", "line.split(separator: \"ab\")",
    ]
    for line in planted {
      #expect(Self.newer.contains { line.firstRegexMatch($0.pattern) != nil }, "not found: \(line)")
    }
    let fine = [
      "line.split(separator: \"\\n\")", "text.contains(\"abc\")", "CoverageShape.replacing(path, in: input)",
      "hash.replace(/^#/, \"\")", "\"#/$defs/a\"", "func withoutDuration(_ text: String)",
    ]
    for line in fine {
      #expect(!Self.newer.contains { line.firstRegexMatch($0.pattern) != nil }, "found: \(line)")
    }
  }
}
