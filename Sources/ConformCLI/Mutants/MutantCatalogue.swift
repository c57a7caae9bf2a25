import ConformKit
import ConformJSON

/// The implementations whose verdicts are known in advance: references that must pass every
/// case, and drifting ports (mutants) that each carry one realistic bug and must be caught.
///
/// A JSON-lines file; `impl` is relative to the catalogue's folder, or starts with `$BIN/` for
/// the folder that holds the running `conform` binary (where `swift build` puts the Swift ones).
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
  }

  public var entries: [Entry]

  public static func read(_ path: String, binaryDirectory: String) throws(ConformError) -> MutantCatalogue {
    let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    let bytes = try FileIO.read(path)
    var entries: [Entry] = []
    for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
      do {
        let fields = try JSONFields(try JSONReader.parse(line))
        try fields.rejectUnknown(["args", "bug", "impl", "kind", "language", "name"])
        let kindName = try fields.string("kind")
        guard let kind = Entry.Kind(rawValue: kindName) else {
          throw JSONShapeError(path: "kind", message: "\"\(kindName)\" is neither reference nor mutant")
        }
        let impl = try fields.string("impl")
        let resolved =
          impl.hasPrefix("$BIN/")
          ? FileIO.join(binaryDirectory, String(impl.dropFirst(5)))
          : impl.hasPrefix("/") ? impl : FileIO.join(folder.isEmpty ? "." : folder, impl)
        let args = fields.object["args"] == nil ? [] : try fields.array("args").compactMap(\.stringValue)
        entries.append(
          Entry(
            name: try fields.string("name"), kind: kind, language: try fields.string("language"), bug: try fields.string("bug"),
            impl: resolved, args: args))
      } catch let error as JSONSyntaxError {
        throw .syntax(path, error, line: index + 1)
      } catch {
        throw .file(path: path, line: index + 1, message: "\(error)")
      }
    }
    return MutantCatalogue(entries: entries)
  }
}
