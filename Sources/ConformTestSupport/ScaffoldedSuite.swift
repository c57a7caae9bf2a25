import ConformJSON
import Foundation
import Testing

/// A team suite as `conform suite init price-discount` scaffolds it, in a fresh folder of its
/// own: what the team-suite tests start from before they change its suite.json or its model.
public struct ScaffoldedSuite: Sendable {
  /// The folder `suite init` ran in (a team's folder of suites).
  public let root: URL
  /// The suite's own folder, `price-discount` in `root`.
  public let folder: URL

  /// The suite's description, `suite.json`.
  public var suiteJSON: URL { folder.appendingPathComponent("suite.json") }
  /// The scaffold's Python model, `model.py`.
  public var model: URL { folder.appendingPathComponent("model.py") }

  /// Runs the built `conform suite init price-discount` in a fresh folder named `label`, with
  /// `--model language` when given (the scaffold's Python model otherwise); a `suite init` that
  /// fails is a failed requirement carrying its stderr.
  public static func make(_ label: String = "team's suites", model language: String? = nil) async throws -> ScaffoldedSuite {
    let root = TestSupport.temporaryDirectory().appendingPathComponent(label)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let made = try await TestSupport.run(
      TestSupport.binary("conform"), ["suite", "init", "price-discount"] + (language.map { ["--model", $0] } ?? []),
      currentDirectory: root)
    try #require(made.status == 0, "conform suite init exited with \(made.status): \(made.stderr)")
    return ScaffoldedSuite(root: root, folder: root.appendingPathComponent("price-discount"))
  }

  /// Rewrites suite.json: `change` edits its top-level object, written back one member a line
  /// so that a line number the kit reports points at one key.
  public func editDescription(_ change: (inout JSONObject) throws -> Void) throws {
    guard case .object(var object) = try JSONReader.parse(Array(try Data(contentsOf: suiteJSON))) else {
      throw TestSupportError("\(suiteJSON.path) is not a JSON object")
    }
    try change(&object)
    let text = JSONWriter.string(.object(object)).replacingOccurrences(of: ",\"", with: ",\n\"")
    try text.write(to: suiteJSON, atomically: true, encoding: .utf8)
  }

  /// Replaces `text` with `replacement` in the model (model.py): a model that does not hold
  /// `text` (the scaffold changed) is an error naming it, rather than an edit that changes nothing.
  public func editModel(replacing text: String, with replacement: String) throws {
    let source = try String(contentsOf: model, encoding: .utf8)
    guard source.contains(text) else {
      throw TestSupportError("\(model.path) does not hold \(String(reflecting: text)): the scaffold changed")
    }
    try source.replacingOccurrences(of: text, with: replacement).write(to: model, atomically: true, encoding: .utf8)
  }

  /// The 1-based line of the suite.json in the suite folder `folder` that first holds `text`:
  /// where an error about that member must point. No line holding it is an error.
  public static func line(holding text: String, inSuiteJSONOf folder: URL) throws -> Int {
    let path = folder.appendingPathComponent("suite.json")
    let lines = try String(contentsOf: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    guard let index = lines.firstIndex(where: { $0.contains(text) }) else {
      throw TestSupportError("\(path.path) has no line holding \(String(reflecting: text))")
    }
    return index + 1
  }

  /// Puts `lines` into the model just before `anchor`, one of its lines.
  public func insertIntoModel(_ lines: String, before anchor: String) throws {
    try editModel(replacing: anchor, with: lines + anchor)
  }
}
