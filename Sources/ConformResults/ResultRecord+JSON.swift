import ConformJSON

extension ResultRecord {
  public var json: JSONValue {
    switch self {
    case .header(let header): header.json
    case .result(let result): result.json
    case .footer(let footer): footer.json
    }
  }

  public init(json: JSONValue) throws(JSONShapeError) {
    let fields = try JSONFields(json)
    switch try fields.string("type") {
    case "header": self = .header(try ResultHeader(fields: fields))
    case "case": self = .result(try CaseResult(fields: fields))
    case "footer": self = .footer(try ResultFooter(fields: fields))
    case let other: throw JSONShapeError(path: "type", message: "unknown record type \"\(other)\" (header, case, footer)")
    }
  }
}

extension ResultHeader {
  /// An optional object of counts, `{"version-compare/D1": 12}`; empty when absent.
  static func counts(_ fields: JSONFields, _ key: String) throws(JSONShapeError) -> [String: Int64] {
    guard fields.object[key] != nil else { return [:] }
    let counts = try fields.fields(key)
    var result: [String: Int64] = [:]
    for name in counts.object.keys { result[name] = try counts.int(name) }
    return result
  }

  /// `fixtures.decisionTitles`: a team suite's decision titles by id; none when absent.
  static func titles(_ fields: JSONFields) throws(JSONShapeError) -> [String: String] {
    guard fields.object["decisionTitles"] != nil else { return [:] }
    let titles = try fields.fields("decisionTitles")
    var result: [String: String] = [:]
    for id in titles.object.keys { result[id] = try titles.string(id) }
    return result
  }

  package var json: JSONValue {
    var fixturesObject: JSONObject = [
      "bundleDigest": JSONValue(fixtures.bundleDigest), "bundleVersion": JSONValue(fixtures.bundleVersion),
      "cases": .int(fixtures.cases), "generatorVersion": .string(fixtures.generatorVersion),
      "manifestDigest": .string(fixtures.manifestDigest), "source": .string(fixtures.source),
    ]
    if !fixtures.decisions.isEmpty {
      fixturesObject["decisions"] = .object(JSONObject(uniqueKeysWithValues: fixtures.decisions.map { ($0.key, .int($0.value)) }))
    }
    if !fixtures.decisionTitles.isEmpty {
      fixturesObject["decisionTitles"] = .object(
        JSONObject(uniqueKeysWithValues: fixtures.decisionTitles.map { ($0.key, .string($0.value)) }))
    }
    return [
      "conform": .string(conformVersion),
      "fixtures": .object(fixturesObject),
      "implementation": [
        "command": .array(implementation.command.map(JSONValue.string)), "language": JSONValue(implementation.language),
        "name": JSONValue(implementation.name), "version": JSONValue(implementation.version),
      ],
      "knownFailures": knownFailures?.json ?? .null,
      "options": options, "protocol": .int(protocolVersion), "startedAt": .string(startedAt), "type": "header",
    ]
  }

  init(fields: JSONFields) throws(JSONShapeError) {
    try fields.rejectUnknown([
      "conform", "fixtures", "implementation", "knownFailures", "options", "protocol", "startedAt", "type",
    ])
    let fixtures = try fields.fields("fixtures")
    let implementation = try fields.fields("implementation")
    var command: [String] = []
    for (index, part) in try implementation.array("command").enumerated() {
      guard let text = part.stringValue else {
        throw JSONShapeError(path: "implementation.command[\(index)]", message: "expected a string, found \(part.typeName)")
      }
      command.append(text)
    }
    self.init(
      conformVersion: try fields.string("conform"), protocolVersion: try fields.int("protocol"),
      startedAt: try fields.string("startedAt"),
      implementation: Implementation(
        command: command, name: try implementation.optionalString("name"),
        language: try implementation.optionalString("language"), version: try implementation.optionalString("version")),
      fixtures: Fixtures(
        source: try fixtures.string("source"), manifestDigest: try fixtures.string("manifestDigest"),
        bundleDigest: try fixtures.optionalString("bundleDigest"), bundleVersion: try fixtures.optionalString("bundleVersion"),
        generatorVersion: try fixtures.string("generatorVersion"), cases: try fixtures.int("cases"),
        decisions: try Self.counts(fixtures, "decisions"), decisionTitles: try Self.titles(fixtures)),
      options: try fields.value("options"),
      knownFailures: try fields.object["knownFailures"].flatMap { value throws(JSONShapeError) in
        value.isNull ? nil : try KnownFailures(json: value, path: "knownFailures")
      })
  }
}

extension KnownFailures {
  /// `{"entries":[{"id":…,"line":3,"reason":…}],"path":"conform-known-failures.txt"}`, entries in line order.
  var json: JSONValue {
    let list = entries.values.sorted { $0.line < $1.line }.map { entry -> JSONValue in
      ["id": .string(entry.id), "line": .int(Int64(entry.line)), "reason": JSONValue(entry.reason)]
    }
    return ["entries": .array(list), "path": .string(path)]
  }

  init(json: JSONValue, path field: String) throws(JSONShapeError) {
    let fields = try JSONFields(json, path: field)
    try fields.rejectUnknown(["entries", "path"])
    let path = try fields.string("path")
    var entries: [String: Entry] = [:]
    for (index, value) in try fields.array("entries").enumerated() {
      let entry = try JSONFields(value, path: "\(field).entries[\(index)]")
      try entry.rejectUnknown(["id", "line", "reason"])
      let id = try entry.string("id")
      entries[id] = Entry(id: id, reason: try entry.optionalString("reason"), path: path, line: Int(try entry.int("line")))
    }
    self.init(path: path, entries: entries)
  }
}

extension CaseResult {
  var json: JSONValue {
    var object: JSONObject = [
      "attempt": .int(attempt), "id": .string(id), "status": .string(status.rawValue), "suite": .string(suite),
      "type": "case", "us": JSONValue(microseconds),
    ]
    if status != .pass {
      object["actual"] = actual ?? .null
      object["expected"] = expected ?? .null
      object["note"] = JSONValue(note)
      object["input"] = input ?? .null
      object["tags"] = .array(tags.map(JSONValue.string))
      if !decisions.isEmpty { object["decisions"] = .array(decisions.map(JSONValue.string)) }
      if !varies.isEmpty { object["varies"] = varies.json }
      object["message"] = JSONValue(message)
      object["stderr"] = JSONValue(stderrTail)
    }
    return .object(object)
  }

  init(fields: JSONFields) throws(JSONShapeError) {
    try fields.rejectUnknown([
      "actual", "attempt", "decisions", "expected", "id", "input", "message", "note", "status", "stderr", "suite", "tags",
      "type", "us", "varies",
    ])
    let statusName = try fields.string("status")
    guard let status = CaseStatus(rawValue: statusName) else {
      throw JSONShapeError(path: "status", message: "unknown status \"\(statusName)\"")
    }
    let optional = { (key: String) -> JSONValue? in
      guard let value = fields.object[key], !value.isNull else { return nil }
      return value
    }
    func strings(_ key: String) throws(JSONShapeError) -> [String] {
      guard fields.object[key] != nil else { return [] }
      var strings: [String] = []
      for (index, item) in try fields.array(key).enumerated() {
        guard let text = item.stringValue else {
          throw JSONShapeError(path: "\(key)[\(index)]", message: "expected a string, found \(item.typeName)")
        }
        strings.append(text)
      }
      return strings
    }
    let tags = try strings("tags")
    let decisions = try strings("decisions")
    self.init(
      id: try fields.string("id"), suite: try fields.string("suite"), status: status, attempt: try fields.int("attempt"),
      microseconds: try fields.optionalInt("us"), actual: optional("actual"), expected: optional("expected"),
      note: optional("note")?.stringValue, input: optional("input"), tags: tags, message: optional("message")?.stringValue,
      stderrTail: optional("stderr")?.stringValue)
    self.decisions = decisions
    if let varies = fields.object["varies"] {
      self.varies = try OutputVariation(json: varies, expected: expected ?? .null)
    }
  }
}

extension ResultFooter {
  var json: JSONValue {
    var members: [(String, JSONValue)] = [
      ("endedAt", .string(endedAt)), ("interrupted", JSONValue(interrupted)), ("ms", .int(milliseconds)),
      ("restarts", .int(restarts)),
      ("totals", .object(JSONObject(uniqueKeysWithValues: totals.map { ($0.key.rawValue, .int($0.value)) }))),
      ("type", "footer"),
    ]
    // Only when there were restarts, so a run without them writes the footer it always did.
    if restartReasons.total > 0 { members.append(("restartReasons", restartReasons.json)) }
    return .object(JSONObject(uniqueKeysWithValues: members))
  }

  init(fields: JSONFields) throws(JSONShapeError) {
    try fields.rejectUnknown(["endedAt", "interrupted", "ms", "restartReasons", "restarts", "totals", "type"])
    let totalFields = try fields.fields("totals")
    var totals: [CaseStatus: Int64] = [:]
    for key in totalFields.object.keys {
      guard let status = CaseStatus(rawValue: key) else {
        throw JSONShapeError(path: "totals.\(key)", message: "unknown status")
      }
      totals[status] = try totalFields.int(key)
    }
    let restarts = try fields.int("restarts")
    var reasons = RestartTally()
    if fields.object["restartReasons"] != nil {
      reasons = try RestartTally(fields: try fields.fields("restartReasons"))
      guard reasons.total == restarts else {
        throw JSONShapeError(
          path: fields.pathOf("restartReasons"), message: "the reasons add up to \(reasons.total), \"restarts\" says \(restarts)")
      }
    }
    self.init(
      endedAt: try fields.string("endedAt"), milliseconds: try fields.int("ms"),
      interrupted: try fields.optionalString("interrupted"), restarts: restarts, restartReasons: reasons, totals: totals)
  }
}
