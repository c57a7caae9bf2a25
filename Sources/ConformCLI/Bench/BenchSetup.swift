import ConformFixtures
import ConformJSON
import ConformPlatform
import ConformResults
import Foundation

/// The programs the bench runs and the files it feeds them, all in one temporary folder.
///
/// Nothing is built but two small C programs (`cc -O2`): the binaries are read from the folder
/// holding `conform` (so `swift build -c release` comes first), the Kotlin reference from
/// `harness/kotlin/build/` (`harness/kotlin/build.sh`).
struct BenchSetup {
  /// The folder holding `conform` and `swift-reference`.
  let binaries: String
  let conform: String
  let swiftReference: String?
  /// `harness/kotlin/bin/kotlin-reference`, when its jar is built.
  let kotlinReference: String?
  /// The package's root (where `harness/bench/` is), when found.
  let root: String?
  let temp: String
  /// Built from `harness/bench/null-impl.c`: answers each case with its expected output, from
  /// a table, in canonical form; with a second argument, after burning CPU on it.
  let nullImplementation: String?
  /// Built from `harness/bench/raw-echo.c`: copies bytes, understands nothing.
  let rawEcho: String?
  /// The built-in tables written out (`conform generate`), for the C implementations to answer from.
  let fixtures: String
  /// Why a program is missing, for the rows that need it.
  let missing: [String: String]

  /// - Parameter fixtures: the generator options of the fixtures folder the C programs answer
  ///   from (the published ones, but for the test suite's tiny bench).
  static func prepare(fixtures options: GeneratorOptions = .published) throws(ConformError) -> BenchSetup {
    let executable = URL(fileURLWithPath: Host.executablePath ?? CommandLine.arguments[0])
    let binaries = executable.deletingLastPathComponent().path
    var missing: [String: String] = [:]
    let reference = FileIO.join(binaries, "swift-reference")
    let swiftReference = FileManager.default.isExecutableFile(atPath: reference) ? reference : nil
    if swiftReference == nil { missing["swift-reference"] = "no \(reference): run swift build -c release" }

    let root = findRoot([FileManager.default.currentDirectoryPath, binaries])
    var kotlinReference: String?
    if let root, FileManager.default.fileExists(atPath: FileIO.join(root, "harness/kotlin/build/kotlin-reference.jar")) {
      kotlinReference = FileIO.join(root, "harness/kotlin/bin/kotlin-reference")
    } else {
      missing["kotlin-reference"] = "harness/kotlin/build/kotlin-reference.jar is missing: run harness/kotlin/build.sh"
    }

    // The team suite's model is the Python program `conform suite init` writes.
    let python = try? BenchProcess.run(["python3", "-c", "pass"], stderr: "/dev/null")
    if python?.succeeded != true { missing["python3"] = "python3 is not on PATH (the team suite's model is a Python program)" }

    var template = Array("/tmp/conform-bench-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw .file(path: "/tmp", message: "cannot make a temporary folder: \(String(cString: strerror(errno)))")
    }
    let temp = String(cString: made)

    func compile(_ source: String?, _ name: String) -> String? {
      guard let root, let source else {
        missing[name] = "the package's source was not found (run conform bench from the package's folder)"
        return nil
      }
      let output = FileIO.join(temp, name)
      let run = try? BenchProcess.run(
        ["cc", "-O2", "-o", output, FileIO.join(root, source)], stderr: FileIO.join(temp, "cc-\(name).txt"))
      guard let run, run.succeeded else {
        missing[name] = "cc -O2 \(source) failed: \(run?.stderr ?? "is cc installed?")"
        return nil
      }
      return output
    }
    let nullImplementation = compile("harness/bench/null-impl.c", "null-impl")
    let rawEcho = compile("harness/bench/raw-echo.c", "raw-echo")
    let fixtures = FileIO.join(temp, "fixtures")
    _ = try FixtureGenerator.write(options: options, to: fixtures)
    return BenchSetup(
      binaries: binaries, conform: executable.path, swiftReference: swiftReference, kotlinReference: kotlinReference,
      root: root, temp: temp, nullImplementation: nullImplementation, rawEcho: rawEcho, fixtures: fixtures,
      missing: missing)
  }

  /// The first of `starts` or a folder above it that holds `harness/bench/raw-echo.c`.
  private static func findRoot(_ starts: [String]) -> String? {
    for start in starts {
      var folder = URL(fileURLWithPath: start).standardizedFileURL
      while true {
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("harness/bench/raw-echo.c").path) {
          return folder.path
        }
        let parent = folder.deletingLastPathComponent()
        if parent.path == folder.path { break }
        folder = parent
      }
    }
    return nil
  }

  func path(_ name: String) -> String { FileIO.join(temp, name) }

  /// Removes the temporary folder.
  func cleanUp() { try? FileManager.default.removeItem(atPath: temp) }

  /// A command line for people: the binaries' folder as `$BIN`, the temporary one as `$TMP`.
  func display(_ command: [String]) -> String {
    command.map { argument in
      var text = argument.replacingOccurrences(of: temp, with: "$TMP").replacingOccurrences(of: binaries + "/", with: "$BIN/")
      if let root { text = text.replacingOccurrences(of: root + "/", with: "") }
      return text
    }.joined(separator: " ")
  }
}

/// The requests of a workload, as `conform run` writes them: the hello, then every case of the
/// tables (the first `limit`) `repeats` times, `seq` counting from 1.
struct BenchRequests {
  let cases: [FixtureCase]
  let suites: [String]
  let repeats: Int

  /// - Parameter options: the tables' generator options (the published ones: the built-in tables).
  init(options: GeneratorOptions = .published, limit: Int?, repeats: Int) {
    let set = FixtureSet.generated(options: options, source: "bench")
    var cases = set.cases
    if let limit, limit < cases.count { cases.removeSubrange(limit...) }
    self.cases = cases
    suites = set.manifest.suites.map(\.name).filter { name in cases.contains { $0.suite == name } }
    self.repeats = repeats
  }

  var attempts: Int { cases.count * repeats }

  /// Writes every request, hello first.
  func write(to path: String) throws(ConformError) {
    try FileIO.write(RequestLines.run(cases, suites: suites, repeats: repeats), to: path)
  }

  /// One file per sampled case (the hello and that case), for one process per case: `count`
  /// cases spread evenly over the workload.
  func writeSamples(count: Int, into folder: String) throws(ConformError) -> [String] {
    let step = max(1, cases.count / max(1, count))
    var paths: [String] = []
    for index in stride(from: 0, to: cases.count, by: step).prefix(count) {
      let bytes = RequestLines.run([cases[index]], suites: suites)
      let path = FileIO.join(folder, "case-\(index).jsonl")
      try FileIO.write(bytes, to: path)
      paths.append(path)
    }
    return paths
  }
}

/// The cases a results file's header announces (a shard's own), read from its first line alone.
func benchHeaderCases(resultsFile path: String) -> Int64? {
  guard let bytes = try? FileIO.read(path) else { return nil }
  let end = bytes.firstIndex(of: 0x0A) ?? bytes.count
  guard let record = try? ResultRecord(json: JSONReader.parse(bytes[..<end])), case .header(let header) = record else {
    return nil
  }
  return header.fixtures.cases
}

/// The harness's own time for a run: the results footer's `ms` (from starting the
/// implementation to its last answer), in seconds; nil when the file has no footer.
func benchHarnessSeconds(resultsFile path: String) -> Double? {
  guard let bytes = try? FileIO.read(path) else { return nil }
  var end = bytes.count
  while end > 0, bytes[end - 1] == 0x0A { end -= 1 }
  let start = (bytes[..<end].lastIndex(of: 0x0A) ?? -1) + 1
  guard let footer = try? JSONReader.parse(bytes[start..<end]), footer["type"] == "footer",
    case .int(let milliseconds)? = footer["ms"]
  else { return nil }
  return Double(milliseconds) / 1000
}
