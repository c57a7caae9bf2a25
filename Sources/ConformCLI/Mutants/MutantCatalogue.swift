import ConformFixtures
import ConformJSON
import ConformPlatform
import Foundation

/// The implementations whose verdicts are known in advance: references that must pass every
/// case, and drifting ports (mutants) that each carry one realistic bug and must be caught.
///
/// A JSON-lines file; `impl` is relative to the catalogue's folder, or starts with `$BIN/` for
/// the folder that holds the running `conform` binary (where `swift build` puts the Swift ones).
/// A line of kind `ports` names a binary that serves many ports (`swift-ports`, `kotlin-port`):
/// it stands for the lines that binary prints when run with `--catalogue`, one per port, each
/// with every field but `impl` (the binary itself). So a port is declared once, beside its code,
/// and only the binary is listed here.
public struct MutantCatalogue: Sendable {
  public struct Entry: Sendable, Equatable {
    public enum Kind: String, Sendable { case reference, mutant }

    public var name: String
    public var kind: Kind
    public var language: String
    /// The bug, in one line (what a port really got wrong).
    public var bug: String
    /// The executable, resolved to a path.
    public var impl: String
    public var args: [String]
    /// Why the entry cannot run, nil when it can: a ports binary that could not list its ports
    /// (not built, or it failed) stands as one entry, so the other entries still run and the
    /// table shows it as not run.
    public var unavailable: String?
  }

  public var entries: [Entry]

  /// The fields of a line of the file.
  static let fileFields = ["args", "bug", "impl", "kind", "language", "name"]
  /// The fields of a line a ports binary prints: `impl` is the binary; `fails`, `passes` and
  /// `carries` (the cases that must catch the port, for its tests) are not read here.
  static let portFields = ["args", "bug", "carries", "fails", "kind", "language", "name", "passes"]

  public static func read(_ path: String, binaryDirectory: String) throws(ConformError) -> MutantCatalogue {
    let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    let bytes = try FileIO.read(path)
    var entries: [Entry] = []
    var lineOfName: [String: Int] = [:]
    for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
      let lineNumber = index + 1
      let fields: JSONFields
      let impl: String
      do {
        fields = try JSONFields(try JSONReader.parse(line))
        let given = try fields.string("impl")
        impl =
          given.hasPrefix("$BIN/")
          ? FileIO.join(binaryDirectory, String(given.dropFirst(5)))
          : given.hasPrefix("/") ? given : FileIO.join(folder.isEmpty ? "." : folder, given)
      } catch let error as JSONSyntaxError {
        throw .syntax(path, error, line: lineNumber)
      } catch {
        throw .file(path: path, line: lineNumber, message: "\(error)")
      }
      let lineEntries: [Entry]
      if fields.object["kind"] == "ports" {
        lineEntries = try portEntries(of: fields, binary: impl, catalogue: path, line: lineNumber)
      } else {
        do {
          lineEntries = [try entry(fields, known: fileFields, impl: impl)]
        } catch {
          throw .file(path: path, line: lineNumber, message: "\(error)")
        }
      }
      for entry in lineEntries {
        if let first = lineOfName[entry.name] {
          throw .file(
            path: path, line: lineNumber, message: "\"\(entry.name)\" is named twice (line \(first) too): names must be unique")
        }
        lineOfName[entry.name] = lineNumber
      }
      entries += lineEntries
    }
    return MutantCatalogue(entries: entries)
  }

  /// An entry from one line's fields, whether the file's or a ports binary's.
  static func entry(_ fields: JSONFields, known: [String], impl: String) throws(JSONShapeError) -> Entry {
    try fields.rejectUnknown(known)
    let kindName = try fields.string("kind")
    guard let kind = Entry.Kind(rawValue: kindName) else {
      throw JSONShapeError(path: "kind", message: "\"\(kindName)\" is neither reference nor mutant")
    }
    let args = fields.object["args"] == nil ? [] : try fields.array("args").compactMap(\.stringValue)
    return Entry(
      name: try fields.string("name"), kind: kind, language: try fields.string("language"), bug: try fields.string("bug"),
      impl: impl, args: args)
  }

  /// The entries a `ports` line stands for: one per line `binary --catalogue` prints, each run as
  /// `binary` with its own `args`.
  static func portEntries(of fields: JSONFields, binary: String, catalogue: String, line: Int) throws(ConformError)
    -> [Entry]
  {
    func failure(_ message: String) -> ConformError {
      .file(path: catalogue, line: line, message: "the ports binary \(binary) \(message)")
    }
    // The line's name tells a reader which binary it is; every port it prints is in its language.
    let name: String
    let language: String
    do {
      try fields.rejectUnknown(["impl", "kind", "language", "name"])
      name = try fields.string("name")
      language = try fields.string("language")
    } catch {
      throw .file(path: catalogue, line: line, message: "\(error)")
    }
    let output: [UInt8]
    do throws(ConformError) {
      output = try catalogueOutput(of: binary, failure: failure)
    } catch {
      // A binary that is not built, or cannot say its ports, costs only its own rows.
      let reason = "its ports could not be listed: \(error.description)"
      return [Entry(name: name, kind: .mutant, language: language, bug: reason, impl: binary, args: [], unavailable: reason)]
    }
    var entries: [Entry] = []
    for (index, printed) in output.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() where !printed.isEmpty {
      let entry: Entry
      do {
        entry = try Self.entry(try JSONFields(try JSONReader.parse(printed)), known: portFields, impl: binary)
      } catch let error as JSONSyntaxError {
        throw failure("printed a bad line \(index + 1) with --catalogue: column \(error.column): \(error.message)")
      } catch {
        throw failure("printed a bad line \(index + 1) with --catalogue: \(error)")
      }
      guard entry.kind == .mutant, entry.language == language else {
        throw failure(
          "printed \(entry.name), a \(entry.language) \(entry.kind.rawValue): each of its lines must be a mutant in the line's language"
        )
      }
      entries.append(entry)
    }
    guard !entries.isEmpty else { throw failure("printed no port with --catalogue") }
    return entries
  }

  /// What `binary --catalogue` prints on stdout (through a temporary file); its stderr goes to
  /// ours, so its own advice (such as kotlin-port's "run harness/kotlin/build.sh first") is shown.
  /// Started with the kit's `Spawn`, which tries a program just written again while it is busy.
  static func catalogueOutput(of binary: String, failure: (String) -> ConformError) throws(ConformError) -> [UInt8] {
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      throw failure("is missing or not executable: build it first (swift build, or harness/kotlin/build.sh)")
    }
    let output = FileIO.join(NSTemporaryDirectory(), "conform-catalogue-\(getpid())-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(atPath: output) }
    let pid: pid_t
    do throws(Spawn.Failure) {
      pid = try Spawn.start(
        [binary, "--catalogue"], environment: ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" },
        files: [
          .open("/dev/null", onto: 0, flags: O_RDONLY, mode: 0),
          .open(output, onto: 1, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600),
        ])
    } catch {
      throw failure("could not start: \(String(cString: strerror(error.code)))")
    }
    guard case .ended(let status) = Spawn.wait(pid) else { throw failure("could not be waited for") }
    let termination = Termination(waitStatus: status)
    guard termination == .exited(0) else { throw failure("--catalogue \(termination)") }
    return try FileIO.read(output)
  }
}
