import ConformJSON
import Foundation
import Testing

/// The unpacked fixture bundle named by `CONFORM_FIXTURES`, checked against its pin
/// `CONFORM_FIXTURES_DIGEST` before any case is read.
///
/// The pin is `sha256:` and the SHA-256 of the bundle's `manifest.json`, which lists every other
/// file's size and SHA-256: the manifest is checked against the pin, then each suite file against
/// the manifest, then each suite's case count. Values are read with `ConformJSON`, which keeps
/// every number exact (Foundation's `JSONSerialization` would turn 99999999999999999999 into
/// something else without a word).
struct PinnedBundle: Sendable {
  /// The suites, in code point order.
  var suites: [String]
  /// Every case of every suite, in manifest order.
  var cases: [FixtureCase]

  static let folderVariable = "CONFORM_FIXTURES"
  static let digestVariable = "CONFORM_FIXTURES_DIGEST"

  /// Reads and checks the bundle that the environment names.
  static func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws(BundleError) -> PinnedBundle {
    guard let folder = environment[folderVariable], !folder.isEmpty else {
      throw BundleError("\(folderVariable) is not set. \(BundleError.whatToDo)")
    }
    let manifestPath = folder + "/manifest.json"
    guard let manifestBytes = readFile(manifestPath) else {
      throw BundleError("\(folderVariable)=\(folder): \(manifestPath) cannot be read. \(BundleError.whatToDo)")
    }
    guard let pin = environment[digestVariable], !pin.isEmpty else {
      throw BundleError("\(digestVariable) is not set: the bundle in \(folder) has no pin. \(BundleError.whatToDo)")
    }
    let digest = "sha256:" + SHA256.hex(manifestBytes)
    guard digest == pin.lowercased() else {
      throw BundleError(
        "\(manifestPath) is not the pinned one: its digest is \(digest), \(digestVariable) is \(pin). "
          + "Unpack the bundle the pin names, or update the pin on purpose.")
    }
    return try read(folder: folder, manifest: try parse(manifestBytes, "manifest.json"))
  }

  private static func read(folder: String, manifest: JSONValue) throws(BundleError) -> PinnedBundle {
    do {
      let fields = try JSONFields(manifest)
      guard try fields.int("format") == 1 else {
        throw BundleError("\(folder)/manifest.json: format \(try fields.int("format")), this test reads format 1")
      }
      var listed: [String: (bytes: Int64, sha256: String)] = [:]
      for (index, file) in try fields.array("files").enumerated() {
        let file = try JSONFields(file, path: "files[\(index)]")
        listed[try file.string("path")] = (try file.int("bytes"), try file.string("sha256"))
      }
      var cases: [FixtureCase] = []
      var suites: [String] = []
      for (index, suite) in try fields.array("suites").enumerated() {
        let suite = try JSONFields(suite, path: "suites[\(index)]")
        let (name, fixtures, count) = (try suite.string("name"), try suite.string("fixtures"), try suite.int("cases"))
        guard let listing = listed[fixtures] else {
          throw BundleError("\(folder)/\(fixtures): suite \(name)'s cases are not listed in manifest.json's files")
        }
        let bytes = try checkedFile(folder + "/" + fixtures, bytes: listing.bytes, sha256: listing.sha256)
        let suiteCases = try Self.cases(in: bytes, file: fixtures, suite: name)
        guard suiteCases.count == count else {
          throw BundleError("\(folder)/\(fixtures) has \(suiteCases.count) cases, manifest.json says \(count)")
        }
        cases += suiteCases
        suites.append(name)
      }
      return PinnedBundle(suites: suites.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, cases: cases)
    } catch let error as BundleError {
      throw error
    } catch {
      throw BundleError("\(folder)/manifest.json: \(error)")
    }
  }

  /// The file's bytes, once its size and SHA-256 match what manifest.json lists.
  private static func checkedFile(_ path: String, bytes: Int64, sha256: String) throws(BundleError) -> [UInt8] {
    guard let contents = readFile(path) else { throw BundleError("\(path) is listed in manifest.json but cannot be read") }
    guard contents.count == bytes else {
      throw BundleError(
        "\(path) has \(contents.count) bytes, manifest.json says \(bytes): the bundle was changed after it was published")
    }
    let digest = SHA256.hex(contents)
    guard digest == sha256 else {
      throw BundleError(
        "\(path) has SHA-256 \(digest), manifest.json says \(sha256): the bundle was changed after it was published")
    }
    return contents
  }

  /// One case per line: `id`, `suite`, `input`, `expected` and an optional `note`.
  private static func cases(in bytes: [UInt8], file: String, suite: String) throws(BundleError) -> [FixtureCase] {
    var cases: [FixtureCase] = []
    let failure: BundleError? = bytes.withUnsafeBufferPointer { buffer in
      do {
        try JSONLines.forEachLine(in: buffer) { number, line in
          let location = "\(file) line \(number)"
          let value: JSONValue
          do { value = try JSONReader.parse(line) } catch { throw BundleError("\(location): \(error)") }
          do {
            let fields = try JSONFields(value)
            let fixture = FixtureCase(
              id: try fields.string("id"), suite: try fields.string("suite"), input: try fields.value("input"),
              expected: try fields.value("expected"), note: fields.object["note"]?.stringValue, location: location)
            guard fixture.suite == suite else {
              throw BundleError("\(location): a case of \(fixture.suite) in suite \(suite)'s file")
            }
            cases.append(fixture)
          } catch let error as JSONShapeError {
            throw BundleError("\(location): \(error)")
          }
        }
        return nil
      } catch {
        return error as? BundleError ?? BundleError("\(file): \(error)")
      }
    }
    if let failure { throw failure }
    return cases
  }

  private static func parse(_ bytes: [UInt8], _ name: String) throws(BundleError) -> JSONValue {
    do { return try JSONReader.parse(bytes) } catch { throw BundleError("\(name): \(error)") }
  }

  private static func readFile(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
  }
}

/// A bundle that cannot be used: missing, unpinned, or not the pinned one. The message says what
/// to do.
struct BundleError: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) { self.description = description }

  static let whatToDo = """
    This test checks the app against an unpacked conform fixture bundle, pinned by digest. Run \
    harness/examples/gate.sh from the conform checkout (it publishes and unpacks a bundle and sets both \
    variables), or unpack one (tar xzf conform-fixtures-X.Y.Z.tar.gz) and set \
    \(PinnedBundle.folderVariable)=/path/to/conform-fixtures-X.Y.Z and \
    \(PinnedBundle.digestVariable)=sha256:<the pinned SHA-256 of its manifest.json>.
    """
}

/// One case of the pinned bundle, as a Swift Testing argument named by its id.
struct FixtureCase: Sendable, CustomTestStringConvertible {
  var id: String
  var suite: String
  var input: JSONValue
  var expected: JSONValue
  var note: String?
  /// Where it was read ("timeline.jsonl line 12").
  var location: String

  var testDescription: String { id }
}
