import ConformJSON

/// `manifest.json`: what a fixture set holds and how to check it.
public struct FixtureManifest: Sendable, Equatable {
  /// The manifest format this build reads and writes.
  public static let currentFormat: Int64 = 1

  public struct File: Sendable, Equatable {
    public var path: String
    public var bytes: Int64
    public var sha256: String

    public init(path: String, bytes: Int64, sha256: String) {
      self.path = path
      self.bytes = bytes
      self.sha256 = sha256
    }
  }

  public struct SuiteEntry: Sendable, Equatable {
    public var name: String
    public var specVersion: String
    public var fixtures: String
    public var spec: String
    public var cases: Int64
    /// Case counts per tag.
    public var tags: [String: Int64]
    /// Suite-specific facts (the timeline's exhaustive depth and count), or null.
    public var facts: JSONValue
    /// Case counts per decision id (`version-compare/D3`); empty in a manifest made before
    /// decisions were listed, which has no `decisions`.
    public var decisions: [String: Int64] = [:]

    package init(
      name: String, specVersion: String, fixtures: String, spec: String, cases: Int64, tags: [String: Int64], facts: JSONValue,
      decisions: [String: Int64] = [:]
    ) {
      self.name = name
      self.specVersion = specVersion
      self.fixtures = fixtures
      self.spec = spec
      self.cases = cases
      self.tags = tags
      self.facts = facts
      self.decisions = decisions
    }
  }

  public var format: Int64 = currentFormat
  public var generatorVersion: String
  public var generatorOptions: JSONValue
  public var protocolVersion: Int64
  /// Set by `conform bundle create`; nil for a fixtures folder.
  public var bundleVersion: String?
  public var files: [File]
  public var suites: [SuiteEntry]

  package init(
    format: Int64 = currentFormat, generatorVersion: String, generatorOptions: JSONValue, protocolVersion: Int64,
    bundleVersion: String? = nil, files: [File], suites: [SuiteEntry]
  ) {
    self.format = format
    self.generatorVersion = generatorVersion
    self.generatorOptions = generatorOptions
    self.protocolVersion = protocolVersion
    self.bundleVersion = bundleVersion
    self.files = files
    self.suites = suites
  }
}

extension FixtureManifest {
  public var json: JSONValue {
    var object: JSONObject = [
      "files": .array(files.map { ["bytes": .int($0.bytes), "path": .string($0.path), "sha256": .string($0.sha256)] }),
      "format": .int(format),
      "generator": ["name": "conform", "options": generatorOptions, "version": .string(generatorVersion)],
      "protocol": .int(protocolVersion),
      "suites": .array(suites.map(\.json)),
    ]
    if let bundleVersion { object["bundleVersion"] = .string(bundleVersion) }
    return .object(object)
  }

  /// The manifest file's bytes: canonical JSON and a newline.
  public var bytes: [UInt8] { JSONWriter.bytes(json) + [0x0A] }

  public init(json: JSONValue) throws(JSONShapeError) {
    let fields = try JSONFields(json)
    format = try fields.int("format")
    guard format <= Self.currentFormat else {
      throw JSONShapeError(
        path: "format",
        message: "manifest format \(format) is newer than this conform reads (\(Self.currentFormat)): upgrade conform")
    }
    try fields.rejectUnknown(["bundleVersion", "files", "format", "generator", "protocol", "suites"])
    let generator = try fields.fields("generator")
    generatorVersion = try generator.string("version")
    generatorOptions = try generator.value("options")
    protocolVersion = try fields.int("protocol")
    bundleVersion = fields.object["bundleVersion"] == nil ? nil : try fields.string("bundleVersion")
    files = []
    for (index, value) in try fields.array("files").enumerated() {
      let file = try JSONFields(value, path: "files[\(index)]")
      try file.rejectUnknown(["bytes", "path", "sha256"])
      files.append(File(path: try file.string("path"), bytes: try file.int("bytes"), sha256: try file.string("sha256")))
    }
    suites = []
    for (index, value) in try fields.array("suites").enumerated() {
      suites.append(try SuiteEntry(json: value, path: "suites[\(index)]"))
    }
  }
}

extension FixtureManifest.SuiteEntry {
  var json: JSONValue {
    var object: JSONObject = [
      "cases": .int(cases), "facts": facts, "fixtures": .string(fixtures), "name": .string(name), "spec": .string(spec),
      "specVersion": .string(specVersion),
      "tags": .object(JSONObject(uniqueKeysWithValues: tags.map { ($0.key, .int($0.value)) })),
    ]
    if !decisions.isEmpty {
      object["decisions"] = .object(JSONObject(uniqueKeysWithValues: decisions.map { ($0.key, .int($0.value)) }))
    }
    return .object(object)
  }

  init(json: JSONValue, path: String) throws(JSONShapeError) {
    let fields = try JSONFields(json, path: path)
    try fields.rejectUnknown(["cases", "decisions", "facts", "fixtures", "name", "spec", "specVersion", "tags"])
    name = try fields.string("name")
    specVersion = try fields.string("specVersion")
    fixtures = try fields.string("fixtures")
    spec = try fields.string("spec")
    cases = try fields.int("cases")
    facts = try fields.value("facts")
    var tags: [String: Int64] = [:]
    let tagFields = try fields.fields("tags")
    for key in tagFields.object.keys { tags[key] = try tagFields.int(key) }
    self.tags = tags
    if fields.object["decisions"] != nil {
      let decisionFields = try fields.fields("decisions")
      for key in decisionFields.object.keys { decisions[key] = try decisionFields.int(key) }
    }
  }
}

extension FixtureManifest {
  /// Cases per decision of the named suites (`SuiteEntry.decisions`), as a results header
  /// records them.
  package func decisionCounts(of suites: [String]) -> [String: Int64] {
    var counts: [String: Int64] = [:]
    for entry in self.suites where suites.contains(entry.name) { counts.merge(entry.decisions) { a, _ in a } }
    return counts
  }
}
