import ConformFixtures
import ConformJSON

/// A team suite's input domain (`suite.json`'s `domain`): how conform makes inputs for the
/// boundary and pairwise cases of `conform generate --suite` and for `conform fuzz --suite`.
///
/// A node is an object with one kind key: `{"integer": {"min": 0, "max": 100}}`,
/// `{"enum": ["a", "b"]}`, `{"boolean": {}}`, `{"string": {"classes": [...], "maxLength": 40}}`,
/// `{"nullable": NODE}`, `{"array": NODE, "maxItems": 60}`, and the root's
/// `{"object": {"field": NODE, ...}, "optional": ["field"]}`, `{"anyOf": [NODE, ...]}`,
/// `{"drawnFrom": "/state"}` (a key or item of another field of the same input) and
/// `{"$ref": "#/definitions/NAME"}`. A field may also list the decisions its boundaries exercise
/// (`"decisions": ["D2"]`, beside its kind key). The root may bound the table's size
/// (`"size"`: `Size`).
package struct TeamDomain: Sendable {
  /// One node: a shape of value.
  package indirect enum Node: Sendable {
    case integer(ClosedRange<Int64>, extra: [Int64])
    case choice([JSONValue])
    case boolean
    case string(classes: [StringClass], lengths: ClosedRange<Int>)
    case nullable(Node)
    case array(Node, maxItems: Int)
    case object([Field])
    /// One of several nodes (`anyOf`): listed values beside drawn strings, or a choice of whole
    /// sub-objects (each branch ties its fields together).
    case union([Branch])
    /// A value drawn from what another field of the same input holds (`{"drawnFrom": "/state"}`):
    /// a key of the object, or an item of the array, at that JSON Pointer of the input.
    case drawn(pointer: String)
  }

  /// A branch of a union: its node and the decisions its values exercise (empty: the field's).
  package struct Branch: Sendable {
    package var node: Node
    package var decisions: [Int]
  }

  /// What reading a domain needs besides the node at hand: the suite's decision count, the
  /// domain's `definitions` (for `$ref`), and the references being resolved (a cycle is refused).
  final class Context {
    let decisionCount: Int
    let definitions: JSONObject
    var resolving: [String] = []
    /// Each `drawnFrom` read, with its path in suite.json: checked once the whole domain is read.
    var drawn: [(pointer: String, path: String)] = []

    init(decisionCount: Int, definitions: JSONObject) {
      self.decisionCount = decisionCount
      self.definitions = definitions
    }
  }

  /// A field of an object node.
  package struct Field: Sendable {
    package var name: String
    package var node: Node
    package var isOptional: Bool
    /// Decision numbers; empty: every decision of the suite.
    package var decisions: [Int]
  }

  /// The classes of characters strings are made of: the pitfalls where Swift and Kotlin differ.
  package enum StringClass: String, Sendable, CaseIterable {
    case ascii, digits, empty, whitespace, dots, signs
    case nonASCIIDigits = "non-ascii-digits"
    case combining, emoji
    case caseMapping = "case-mapping"

    /// Sample strings of the class: the boundary levels, and the fuzzer's pieces.
    var samples: [String] {
      switch self {
      case .ascii: ["a", "Z", "user-42", "abcdefghijklmnopqrstuvwxyz"]
      case .digits: ["0", "7", "0042", "2147483648", "18446744073709551616"]
      case .empty: [""]
      case .whitespace: [" ", " a", "a ", "\t", "\n", "\u{A0}", "\u{2028}", "\u{FEFF}"]
      case .dots: [".", "..", "a.", ".a", "\u{FF0E}"]
      case .signs: ["-", "+", "-0", "-1", "+1"]
      case .nonASCIIDigits: ["\u{661}\u{662}", "\u{FF11}", "\u{967}"]
      case .combining: ["e\u{301}", "\u{E9}", "\u{301}", "a\u{308}\u{301}"]
      case .emoji: ["\u{1F600}", "\u{1F468}\u{200D}\u{1F469}", "\u{1F1F0}\u{1F1F7}"]
      case .caseMapping: ["\u{130}", "\u{131}", "\u{DF}", "\u{3A3}"]
      }
    }
  }

  /// How many cases the domain makes (`"size"`): the table's size, for a domain with many
  /// fields or levels.
  package struct Size: Sendable, Equatable {
    /// 1: each level of each field once (the boundary cases); 2: also every pair of two fields'
    /// levels (the pairwise cases); 3: every three levels of three fields instead of pairs (the
    /// 3-wise cases, `ThreeWise`).
    package var strength = 2
    /// At most this many levels of each field (the ordinary value first, then its boundaries in
    /// order; an optional field's absence besides); nil: every level.
    package var levels: Int?
    /// At most this many cases from the domain (the boundary cases first, then the pairwise ones,
    /// in order); nil: every case. The named cases are always kept.
    package var maxCases: Int?
  }

  package var root: [Field] {
    didSet { (drawers, rootOrder) = (root.map { Drawer($0.node) }, Drawer.keyOrder(root)) }
  }
  package var size = Size()
  /// The root's fields with their levels computed once: a search draws hundreds of thousands of
  /// inputs.
  private var drawers: [Drawer] = []
  /// The root's fields in the order of their names' bytes.
  private var rootOrder: [Int] = []

  /// Reads `suite.json`'s `domain`, `path` being its dotted path there.
  package init(_ value: JSONValue, decisionCount: Int) throws(JSONShapeError) {
    let fields = try JSONFields(value, path: "domain")
    try fields.rejectUnknown(["object", "optional", "definitions", "size"])
    guard case .object = try fields.value("object") else {
      throw JSONShapeError(
        path: "domain", message: "the domain's root is {\"object\": {\"field\": NODE, ...}}: the input is an object")
    }
    let definitions = try fields.object["definitions"] == nil ? JSONObject() : fields.fields("definitions").object
    let context = Context(decisionCount: decisionCount, definitions: definitions)
    root = try Self.fields(fields, context: context)
    drawers = root.map { Drawer($0.node) }
    rootOrder = Drawer.keyOrder(root)
    for (pointer, path) in context.drawn { try checkDrawn(pointer, path: path) }
    if fields.object["size"] != nil { size = try Self.size(try fields.fields("size")) }
  }

  /// `"size": {"strength": 2, "levels": 6, "maxCases": 5000}`, each optional.
  private static func size(_ fields: JSONFields) throws(JSONShapeError) -> Size {
    try fields.rejectUnknown(["strength", "levels", "maxCases"])
    var size = Size()
    if fields.object["strength"] != nil {
      guard let strength = fields.object["strength"]?.intValue, (1...3).contains(strength) else {
        throw JSONShapeError(
          path: fields.pathOf("strength"),
          message:
            "expected 1 (each level of each field once), 2 (also every pair of two fields' levels) or 3 (every three "
            + "levels of three fields)")
      }
      size.strength = Int(strength)
    }
    if fields.object["levels"] != nil { size.levels = Int(try fields.int("levels", in: 1...10_000)) }
    if fields.object["maxCases"] != nil { size.maxCases = Int(try fields.int("maxCases", in: 0...100_000_000)) }
    return size
  }

  private static func fields(_ fields: JSONFields, context: Context) throws(JSONShapeError) -> [Field] {
    let members = try fields.fields("object")
    let optional = try fields.object["optional"] == nil ? [] : fields.array("optional").map { $0.stringValue ?? "" }
    for name in optional where members.object[name] == nil {
      throw JSONShapeError(path: fields.pathOf("optional"), message: "\"\(name)\" is not a field of the object")
    }
    var result: [Field] = []
    for (name, value) in members.object.members {
      let path = members.pathOf(name)
      let entry = try JSONFields(value, path: path)
      result.append(
        Field(
          name: name, node: try node(entry, ignoring: ["decisions"], context: context),
          isOptional: optional.contains(name), decisions: try decisions(entry, context: context)))
    }
    return result
  }

  /// A node's `"decisions": ["D2", ...]`, as numbers; none when it lists none.
  private static func decisions(_ entry: JSONFields, context: Context) throws(JSONShapeError) -> [Int] {
    guard entry.object["decisions"] != nil else { return [] }
    var decisions: [Int] = []
    for (index, item) in try entry.array("decisions").enumerated() {
      guard let id = item.stringValue, let number = TeamSuiteFolder.decisionNumber(id), number <= context.decisionCount else {
        throw JSONShapeError(
          path: "\(entry.pathOf("decisions"))[\(index)]",
          message: "expected a decision of suite.json, D1 to D\(context.decisionCount)")
      }
      decisions.append(number)
    }
    return Array(Set(decisions)).sorted()
  }

  private static func node(_ fields: JSONFields, ignoring: Set<String> = [], context: Context) throws(JSONShapeError) -> Node {
    let kinds = fields.object.keys.filter { !ignoring.contains($0) && $0 != "maxItems" && $0 != "optional" }
    guard kinds.count == 1, let kind = kinds.first else {
      throw JSONShapeError(
        path: fields.path,
        message:
          "a domain node has one kind: integer, enum, boolean, string, nullable, array, object, anyOf, drawnFrom or $ref (found "
          + "\(kinds.isEmpty ? "none" : kinds.sorted().joined(separator: ", ")))")
    }
    switch kind {
    case "integer":
      let range = try fields.fields("integer")
      try range.rejectUnknown(["min", "max", "boundaries"])
      let (low, high) = (try range.int("min"), try range.int("max"))
      guard low <= high else { throw JSONShapeError(path: range.pathOf("max"), message: "\(high) is below min \(low)") }
      var extra: [Int64] = []
      if range.object["boundaries"] != nil {
        for (index, item) in try range.array("boundaries").enumerated() {
          guard let number = item.intValue, (low...high).contains(number) else {
            throw JSONShapeError(
              path: "\(range.pathOf("boundaries"))[\(index)]", message: "expected an integer from \(low) to \(high)")
          }
          extra.append(number)
        }
      }
      return .integer(low...high, extra: extra)
    case "enum":
      let values = try fields.array("enum")
      guard !values.isEmpty else { throw JSONShapeError(path: fields.pathOf("enum"), message: "empty: list the values") }
      return .choice(values)
    case "boolean":
      return .boolean
    case "string":
      let string = try fields.fields("string")
      try string.rejectUnknown(["classes", "minLength", "maxLength"])
      var classes: [StringClass] = []
      for (index, item) in try string.array("classes").enumerated() {
        guard let name = item.stringValue, let found = StringClass(rawValue: name) else {
          throw JSONShapeError(
            path: "\(string.pathOf("classes"))[\(index)]",
            message: "expected one of \(StringClass.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        classes.append(found)
      }
      guard !classes.isEmpty else { throw JSONShapeError(path: string.pathOf("classes"), message: "empty: name a class") }
      let low = Int(try string.object["minLength"] == nil ? 0 : string.int("minLength", in: 0...4096))
      let high = Int(try string.int("maxLength", in: 0...4096))
      guard low <= high else {
        throw JSONShapeError(path: string.pathOf("maxLength"), message: "\(high) is below minLength \(low)")
      }
      return .string(classes: classes, lengths: low...high)
    case "nullable":
      return .nullable(try node(try fields.fields("nullable"), context: context))
    case "array":
      let items = try node(try fields.fields("array"), context: context)
      return .array(items, maxItems: Int(try fields.int("maxItems", in: 0...10_000)))
    case "object":
      return .object(try Self.fields(fields, context: context))
    case "anyOf":
      let items = try fields.array("anyOf")
      guard !items.isEmpty else {
        throw JSONShapeError(
          path: fields.pathOf("anyOf"), message: "empty: list the branches, each a node (it may list its \"decisions\")")
      }
      var branches: [Branch] = []
      for index in items.indices {
        let branch = try JSONFields(items[index], path: "\(fields.pathOf("anyOf"))[\(index)]")
        branches.append(
          Branch(
            node: try node(branch, ignoring: ["decisions"], context: context), decisions: try decisions(branch, context: context))
        )
      }
      return .union(branches)
    case "$ref":
      return try reference(fields, context: context)
    case "drawnFrom":
      let pointer = try fields.string("drawnFrom")
      guard OutputVariation.tokens(pointer) != nil else {
        throw JSONShapeError(
          path: fields.pathOf("drawnFrom"),
          message: "\"\(pointer)\" is not a JSON Pointer of the input's fields: write \"/field\" or \"/field/inner\"")
      }
      context.drawn.append((pointer, fields.pathOf("drawnFrom")))
      return .drawn(pointer: pointer)
    default:
      throw JSONShapeError(
        path: fields.pathOf(kind),
        message: "not a kind of domain node: integer, enum, boolean, string, nullable, array, object, anyOf, drawnFrom or $ref")
    }
  }
}

extension TeamDomain {
  /// `{"$ref": "#/definitions/NAME"}`: the node `definitions.NAME` of the domain describes.
  private static func reference(_ fields: JSONFields, context: Context) throws(JSONShapeError) -> Node {
    let target = try fields.string("$ref")
    let prefix = "#/definitions/"
    guard target.hasPrefix(prefix), case let name = String(target.dropFirst(prefix.count)), let value = context.definitions[name]
    else {
      let known = context.definitions.keys.map { prefix + $0 }
      throw JSONShapeError(
        path: fields.pathOf("$ref"),
        message: "\"\(target)\" names no node of the domain's \"definitions\""
          + (known.isEmpty
            ? ": add \"definitions\": {\"NAME\": NODE} beside the domain's \"object\"" : " (\(known.joined(separator: ", ")))"))
    }
    guard !context.resolving.contains(name) else {
      throw JSONShapeError(
        path: fields.pathOf("$ref"),
        message: "\"\(target)\" refers to itself (\((context.resolving + [name]).joined(separator: " -> "))): a domain node "
          + "cannot generate an endless value; bound it with a node that is not a reference")
    }
    context.resolving.append(name)
    defer { context.resolving.removeLast() }
    return try node(try JSONFields(value, path: "domain.definitions.\(name)"), context: context)
  }
}

// MARK: - Levels: the values boundary and pairwise cases take

extension TeamDomain.Node {
  /// The values this node takes in boundary and pairwise cases, the ordinary one first, no value twice.
  package var levels: [JSONValue] {
    var values: [JSONValue] = []
    func add(_ value: JSONValue) { if !values.contains(value) { values.append(value) } }
    switch self {
    case .integer(let range, let extra):
      let (low, high) = (range.lowerBound, range.upperBound)
      add(.int(low / 2 + high / 2))
      let edges: [Int64] = [
        low, low &+ 1, high &- 1, high, -1, 0, 1, Int64(Int32.min) - 1, Int64(Int32.min), Int64(Int32.max), Int64(Int32.max) + 1,
        Int64(UInt32.max), Int64(UInt32.max) + 1, Int64.min, Int64.max,
      ]
      for edge in edges + extra where range.contains(edge) { add(.int(edge)) }
    case .choice(let choices):
      for choice in choices { add(choice) }
    case .boolean:
      add(false)
      add(true)
    case .string(let classes, let lengths):
      let samples = classes.flatMap(\.samples)
      add(.string(Self.fit(samples.first { !$0.isEmpty } ?? "a", lengths: lengths, filler: samples)))
      for sample in samples where lengths.contains(sample.unicodeScalars.count) { add(.string(sample)) }
      add(.string(Self.fit("", lengths: lengths.upperBound...lengths.upperBound, filler: samples)))
    case .nullable(let node):
      for level in node.levels { add(level) }
      add(.null)
    case .array(let node, let maxItems):
      let items = node.levels
      if maxItems > 0 { add(.array([items[0]])) }
      add(.array([]))
      if maxItems > 0 { for item in items.dropFirst() { add(.array([item])) } }
      if maxItems > 1 { add(.array(Array(repeating: items[0], count: maxItems))) }
    case .union(let branches):
      for branch in branches { for level in branch.node.levels { add(level) } }
    case .drawn(let pointer):
      // The first, second and last member of the field drawn from, once the input is made.
      for position in [0, 1, -1] { add(TeamDomain.drawnMarker(position, from: pointer)) }
    case .object(let fields):
      let ordinary = fields.map { $0.node.levels[0] }
      add(.object(TeamDomain.object(fields, values: ordinary)))
      for (index, field) in fields.enumerated() {
        for level in field.node.levels.dropFirst() {
          var values = ordinary
          values[index] = level
          add(.object(TeamDomain.object(fields, values: values)))
        }
      }
    }
    return values
  }

  /// `text` made `lengths.lowerBound` scalars long at least (adding the samples' scalars in
  /// turn) and at most `lengths.upperBound`.
  static func fit(_ text: String, lengths: ClosedRange<Int>, filler: [String]) -> String {
    var scalars = Array(text.unicodeScalars.prefix(lengths.upperBound))
    let pool = filler.flatMap(\.unicodeScalars)
    var next = 0
    while scalars.count < lengths.lowerBound {
      scalars.append(pool.isEmpty ? "a" : pool[next % pool.count])
      next += 1
    }
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars)
    return String(result)
  }
}

extension TeamDomain {
  /// An input object of `fields` with `values` (`.null` stands for absent where a field is
  /// optional and its value is the marker `absent`).
  static func object(_ fields: [Field], values: [JSONValue?]) -> JSONObject {
    var object = JSONObject()
    for (field, value) in zip(fields, values) {
      if let value { object[field.name] = value }
    }
    return object
  }

  /// A generated case: its name, input, and decisions.
  package struct GeneratedCase: Sendable {
    package var name: String
    package var input: JSONValue
    package var decisions: [Int]
    package var tags: [String]
  }

  /// The boundary cases (each field at each of its levels, the others ordinary), then the
  /// pairwise ones (every pair of two fields' levels in some case; with strength 3 the 3-wise
  /// ones, every three levels of three fields), as `size` says (its levels
  /// and strength; its case budget is the table's to apply): deterministic.
  package func cases(decisionCount: Int) -> [GeneratedCase] {
    let all = Array(1...max(1, decisionCount))
    let levels: [[JSONValue?]] = root.map { field in
      field.node.levels.prefix(size.levels ?? Int.max).map { $0 } + (field.isOptional ? [nil] : [])
    }
    let ordinary = levels.map { $0[0] }
    var cases: [GeneratedCase] = []
    for (index, field) in root.enumerated() {
      var used: Set<String> = []
      for (level, value) in levels[index].enumerated().dropFirst() {
        var values = ordinary
        values[index] = value
        guard let input = Self.resolveDrawn(.object(Self.object(root, values: values))) else { continue }
        let resolved = value == nil ? nil : input[field.name]
        var name = Self.levelName(resolved, node: field.node)
        if !used.insert(name).inserted { name += "-\(level)" }
        cases.append(
          GeneratedCase(
            name: "boundary/\(Self.slug(field.name))/\(name)", input: input,
            decisions: Self.decisions(of: resolved, in: field, all: all), tags: ["boundary"]))
      }
    }
    if root.count > 1, size.strength >= 2 {
      let kind = size.strength == 3 ? "3-wise" : "pairwise"
      let rows = size.strength == 3 ? ThreeWise.rows(levels: levels.map(\.count)) : Pairwise.rows(levels: levels.map(\.count))
      for (number, row) in rows.enumerated() {
        let values = zip(levels, row).map { $0[$1] }
        guard let input = Self.resolveDrawn(.object(Self.object(root, values: values))) else { continue }
        let moved = root.indices.filter { row[$0] != 0 }
        let decisions = Set(moved.flatMap { Self.decisions(of: input[root[$0].name], in: root[$0], all: all) })
        cases.append(
          GeneratedCase(
            name: "\(kind)/\(number + 1)", input: input, decisions: decisions.isEmpty ? all : decisions.sorted(),
            tags: [kind]))
      }
    }
    return cases
  }

  /// The decisions a field's value exercises: those of the union branches it was drawn from
  /// (decisions per value, per listed member, per branch), else the field's, else `all`.
  static func decisions(of value: JSONValue?, in field: Field, all: [Int]) -> [Int] {
    if let value, let listed = field.node.decisions(of: value), !listed.isEmpty { return listed }
    return field.decisions.isEmpty ? all : field.decisions
  }

  /// The decisions a domain input exercises: those the union branches its values come from list,
  /// else those of its fields (each field's `decisions`, else all `decisionCount`), as the table's
  /// generated cases list them; nil for an input that is not an object.
  package func decisions(of input: JSONValue, decisionCount: Int) -> [Int]? {
    guard case .object(let object) = input else { return nil }
    var found: Set<Int> = []
    for field in root {
      if let value = object[field.name], let listed = field.node.decisions(of: value) { found.formUnion(listed) }
    }
    if !found.isEmpty { return found.sorted() }
    let all = Array(1...max(1, decisionCount))
    return Set(root.flatMap { Self.decisions(of: object[$0.name], in: $0, all: all) }).sorted()
  }

  /// What a boundary case's value is, as the last part of its name: the integer (`101`),
  /// `true`, `null`, `absent`, `empty`, a short plain string as `text-abc`, another string as
  /// `text-` and its kinds of character (`CoverageShape.characterClasses`: `text-D` for
  /// non-ASCII digits), `array-2`, `object`; a union's value led by its branch (`branch2-text-D`).
  static func levelName(_ value: JSONValue?, node: Node) -> String {
    var prefix = ""
    if case .union(let branches) = node, let value, let branch = branches.firstIndex(where: { $0.node.contains(value) }) {
      prefix = "branch\(branch + 1)-"
    }
    guard let value else { return "absent" }
    switch value {
    case .int(let number): return prefix + "\(number)"
    case .bool(let flag): return prefix + "\(flag)"
    case .null: return prefix + "null"
    case .string(let text):
      if text.isEmpty { return prefix + "empty" }
      let plain =
        text.unicodeScalars.count <= 24
        && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
      return prefix + "text-" + (plain ? text : CoverageShape.characterClasses(text))
    case .array(let items): return prefix + "array-\(items.count)"
    case .object: return prefix + "object"
    default: return prefix + "value"
    }
  }

  /// A field's name as a case name's part: ASCII letters, digits and `-`, others as `_`.
  static func slug(_ name: String) -> String {
    String(
      name.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) ? Character($0) : "_" })
  }
}

extension TeamDomain.Node {
  /// The decisions the union branches that make `value` list, nested ones included; nil when
  /// none does.
  func decisions(of value: JSONValue) -> [Int]? {
    switch (self, value) {
    case (.union(let branches), _):
      guard let branch = branches.first(where: { $0.node.contains(value) }) else { return nil }
      let nested = branch.node.decisions(of: value)
      let own = branch.decisions
      if own.isEmpty { return nested }
      return Array(Set(own + (nested ?? []))).sorted()
    case (.nullable(let node), _): return value.isNull ? nil : node.decisions(of: value)
    case (.array(let node, _), .array(let items)):
      let found = Set(items.compactMap(node.decisions(of:)).flatMap { $0 })
      return found.isEmpty ? nil : found.sorted()
    case (.object(let fields), .object(let object)):
      let found = Set(fields.compactMap { field in object[field.name].flatMap(field.node.decisions(of:)) }.flatMap { $0 })
      return found.isEmpty ? nil : found.sorted()
    default: return nil
    }
  }
}

// MARK: - Dropping optional members, for the shrinker

extension TeamDomain {
  /// `input` with one optional member (of the root or of a nested object node) left out: the
  /// first candidates a shrink tries.
  package func withoutOptionalMembers(of input: JSONValue) -> [JSONValue] {
    TeamDomain.Node.object(root).withoutOptionalMembers(of: input)
  }
}

extension TeamDomain.Node {
  func withoutOptionalMembers(of value: JSONValue) -> [JSONValue] {
    switch (self, value) {
    case (.object(let fields), .object(let object)):
      var results: [JSONValue] = []
      for field in fields where field.isOptional && object[field.name] != nil {
        results.append(
          .object(JSONObject(uniqueKeysWithValues: object.members.filter { $0.key != field.name }.map { ($0.key, $0.value) })))
      }
      for field in fields {
        guard let member = object[field.name] else { continue }
        for candidate in field.node.withoutOptionalMembers(of: member) {
          var changed = object
          changed[field.name] = candidate
          results.append(.object(changed))
        }
      }
      return results
    case (.array(let node, _), .array(let items)):
      var results: [JSONValue] = []
      for (index, item) in items.enumerated() {
        for candidate in node.withoutOptionalMembers(of: item) {
          var changed = items
          changed[index] = candidate
          results.append(.array(changed))
        }
      }
      return results
    case (.nullable(let node), _): return value.isNull ? [] : node.withoutOptionalMembers(of: value)
    case (.union(let branches), _):
      return branches.first { $0.node.contains(value) }?.node.withoutOptionalMembers(of: value) ?? []
    default: return []
    }
  }
}

// MARK: - Membership, for the shrinker

extension TeamDomain {
  /// Whether `input` is one the domain can make: the shrinker keeps to those (a minimal case
  /// with a salt the domain never uses would show another bug, or none).
  package func contains(_ input: JSONValue) -> Bool {
    TeamDomain.Node.object(root).contains(input) && TeamDomain.Node.object(root).drawnValuesHold(in: input, root: input)
  }
}

extension TeamDomain.Node {
  /// Whether the node can make `value` (a string's classes guide making, they do not limit it).
  func contains(_ value: JSONValue) -> Bool {
    switch (self, value) {
    case (.integer(let range, _), .int(let number)): return range.contains(number)
    case (.choice(let choices), _): return choices.contains(value)
    case (.boolean, .bool): return true
    case (.string(_, let lengths), .string(let text)): return lengths.contains(text.unicodeScalars.count)
    case (.union(let branches), _): return branches.contains { $0.node.contains(value) }
    case (.drawn, _): return true  // a member of its field, as `TeamDomain.contains` checks
    case (.nullable, .null): return true
    case (.nullable(let node), _): return node.contains(value)
    case (.array(let node, let maxItems), .array(let items)): return items.count <= maxItems && items.allSatisfy(node.contains)
    case (.object(let fields), .object(let object)):
      guard object.keys.allSatisfy({ key in fields.contains { $0.name == key } }) else { return false }
      return fields.allSatisfy { field in object[field.name].map(field.node.contains) ?? field.isOptional }
    default: return false
    }
  }
}

// MARK: - Random inputs, for conform fuzz

extension TeamDomain {
  /// A random input of the domain: each field at one of its levels half the time, else a value
  /// drawn over its whole range.
  package func randomInput(using generator: inout SeededGenerator) -> JSONValue {
    let order = rootOrder
    // No field drawn from another: the input as drawn (a search draws hundreds of thousands).
    guard drawers.contains(where: \.drawsFrom) else {
      return .object(Drawer.object(root, drawers, order: order, using: &generator))
    }
    var last = JSONValue.object(JSONObject())
    // A field drawn from another one that holds nothing this time: draw again (a few times).
    for _ in 0..<8 {
      last = .object(Drawer.object(root, drawers, order: order, using: &generator))
      if let resolved = Self.resolveDrawn(last) { return resolved }
    }
    return Self.resolveDrawn(last, dropping: true) ?? last
  }

  /// A node, its levels, and its children's drawers: what `random(using:)` draws from.
  final class Drawer: Sendable {
    let node: Node
    let levels: [JSONValue]
    /// The nullable's or array's node; the object's fields, in order.
    let children: [Drawer]
    /// An object's fields in the order of their names' bytes (its members' order).
    let order: [Int]
    /// Whether the node or one inside it is drawn from another field (`drawnFrom`): its values
    /// are resolved once the input is made.
    let drawsFrom: Bool

    init(_ node: Node) {
      self.node = node
      levels = node.levels
      switch node {
      case .nullable(let child), .array(let child, _): children = [Drawer(child)]
      case .object(let fields): children = fields.map { Drawer($0.node) }
      case .union(let branches): children = branches.map { Drawer($0.node) }
      default: children = []
      }
      if case .object(let fields) = node { order = Self.keyOrder(fields) } else { order = [] }
      if case .drawn = node { drawsFrom = true } else { drawsFrom = children.contains(where: \.drawsFrom) }
    }

    /// The indices of `fields` in the order of their names' bytes.
    static func keyOrder(_ fields: [Field]) -> [Int] {
      fields.indices.sorted { Array(fields[$0].name.utf8).lexicographicallyPrecedes(Array(fields[$1].name.utf8)) }
    }

    /// An object of `fields`, each drawn by its drawer in the fields' order (an optional one left
    /// out a fifth of the time), its members then put in key order (`order`) at once.
    static func object(
      _ fields: [Field], _ drawers: [Drawer], order: [Int], using generator: inout SeededGenerator
    ) -> JSONObject {
      var drawn = [JSONValue?](repeating: nil, count: fields.count)
      for index in fields.indices where !(fields[index].isOptional && generator.chance(1, in: 5)) {
        drawn[index] = drawers[index].random(using: &generator)
      }
      var members: [(key: String, value: JSONValue)] = []
      members.reserveCapacity(fields.count)
      for index in order {
        if let value = drawn[index] { members.append((fields[index].name, value)) }
      }
      return JSONObject(sortedMembers: members)
    }

    /// One of the node's levels half the time, else a value drawn over its whole range.
    func random(using generator: inout SeededGenerator) -> JSONValue {
      if generator.chance(1, in: 2), !levels.isEmpty { return generator.pick(levels) }
      switch node {
      case .nullable:
        return generator.chance(1, in: 4) ? .null : children[0].random(using: &generator)
      case .array(_, let maxItems):
        let count = maxItems == 0 ? 0 : generator.index(maxItems + 1)
        return .array((0..<count).map { _ in children[0].random(using: &generator) })
      case .object(let fields):
        return .object(Self.object(fields, children, order: order, using: &generator))
      case .union:
        return children[generator.index(children.count)].random(using: &generator)
      default:
        return node.randomLeaf(using: &generator)
      }
    }
  }
}

extension TeamDomain.Node {
  /// A value of a leaf node (an integer, choice, boolean or string) drawn over its whole range.
  func randomLeaf(using generator: inout SeededGenerator) -> JSONValue {
    switch self {
    case .integer(let range, _):
      return .int(generator.int64(in: range))
    case .choice(let choices):
      return generator.pick(choices)
    case .boolean:
      return .bool(generator.chance(1, in: 2))
    case .string(let classes, let lengths):
      var scalars = String.UnicodeScalarView()
      var count = 0  // the view's own count walks it
      let target = lengths.lowerBound + generator.index(min(lengths.count, 24))
      while count < target {
        let piece = generator.pick(classes).randomPiece(using: &generator)
        for scalar in piece.unicodeScalars.prefix(target - count) {
          scalars.append(scalar)
          count += 1
        }
        if piece.isEmpty && count < target {
          scalars.append("a")
          count += 1
        }
      }
      return .string(String(scalars))
    case .drawn(let pointer):
      return TeamDomain.drawnMarker(generator.index(64), from: pointer)
    case .nullable, .array, .object, .union:
      preconditionFailure("not a leaf: drawn by TeamDomain.Drawer")
    }
  }
}

extension TeamDomain.StringClass {
  /// A piece of a random string: one of the class's samples half the time, else one drawn from
  /// the whole of its characters (any printable ASCII, a run of digits, any of Unicode's white
  /// space, a digit of another script, a letter with up to three combining marks, ...).
  func randomPiece(using generator: inout SeededGenerator) -> String {
    if generator.chance(1, in: 2) { return generator.pick(samples) }
    func scalar(_ value: UInt32) -> Unicode.Scalar { Unicode.Scalar(value) ?? "?" }
    func between(_ low: UInt32, _ high: UInt32) -> Unicode.Scalar {
      scalar(low + UInt32(generator.index(Int(high - low) + 1)))
    }
    var piece = String.UnicodeScalarView()
    switch self {
    case .ascii: piece.append(between(0x21, 0x7E))
    case .digits: for _ in 0...generator.index(20) { piece.append(between(0x30, 0x39)) }
    case .empty: break
    case .whitespace:
      piece.append(scalar(generator.pick(Self.spaces)))
    case .dots: piece.append(scalar(generator.pick([0x2E, 0xFF0E, 0x3002, 0x2024, 0xFE52, 0x0701])))
    case .signs: piece.append(scalar(generator.pick([0x2B, 0x2D, 0x2212, 0xFF0B, 0xFF0D, 0x207A, 0x207B])))
    case .nonASCIIDigits:
      // The zero of a script's decimal digits (Unicode's Nd), then any of its ten.
      let zero = generator.pick(Self.digitZeros)
      for _ in 0...generator.index(4) { piece.append(scalar(zero + UInt32(generator.index(10)))) }
    case .combining:
      piece.append(between(0x61, 0x7A))
      for _ in 0...generator.index(3) { piece.append(between(0x300, 0x36F)) }
    case .emoji:
      switch generator.index(4) {
      case 0: piece.append(between(0x1F600, 0x1F64F))
      case 1: piece.append(contentsOf: [between(0x1F466, 0x1F469), between(0x1F3FB, 0x1F3FF)])  // a skin tone
      case 2: piece.append(contentsOf: [between(0x1F1E6, 0x1F1FF), between(0x1F1E6, 0x1F1FF)])  // a flag's pair
      default: piece.append(contentsOf: [between(0x1F466, 0x1F469), scalar(0x200D), between(0x1F466, 0x1F469)])  // joined
      }
    case .caseMapping:
      piece.append(scalar(generator.pick([0x130, 0x131, 0xDF, 0x3A3, 0x3C2, 0x1C5, 0xFB01, 0x149, 0x390, 0x1E9E])))
    }
    return String(piece)
  }

  /// Unicode's white space and the invisible characters taken for it.
  private static let spaces: [UInt32] = [
    0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006,
    0x2007, 0x2008, 0x2009, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0x200B, 0xFEFF, 0x180E,
  ]

  /// The zero of some scripts' decimal digits: Arabic-Indic, extended Arabic-Indic, Devanagari,
  /// Bengali, Thai, Tibetan, Myanmar, fullwidth, mathematical bold.
  private static let digitZeros: [UInt32] = [0x660, 0x6F0, 0x966, 0x9E6, 0xE50, 0xF20, 0x1040, 0xFF10, 0x1D7CE]
}

// MARK: - Fields drawn from other fields

extension TeamDomain {
  /// The keys of the marker a `drawnFrom` node's value is made as until the input around it is
  /// made: a NUL first, so that no team's input holds them.
  private static let positionKey = "\u{0}drawn"
  private static let pointerKey = "\u{0}from"

  /// The marker of member `position` (from the end when negative; modulo the count) of the
  /// field at `pointer`.
  static func drawnMarker(_ position: Int, from pointer: String) -> JSONValue {
    .object([positionKey: .int(Int64(position)), pointerKey: .string(pointer)])
  }

  /// What a field drawn from `source` may hold: an object's keys, an array's items.
  static func drawnMembers(_ source: JSONValue?) -> [JSONValue]? {
    switch source {
    case .object(let object)?: object.keys.map(JSONValue.string)
    case .array(let items)?: items
    default: nil
    }
  }

  /// `input` with each marker replaced by the member it stands for; nil when the field one
  /// draws from is absent or holds nothing (the input cannot be made), or with `dropping`, that
  /// member left out instead.
  static func resolveDrawn(_ input: JSONValue, dropping: Bool = false) -> JSONValue? {
    var unresolved = false
    func resolve(_ value: JSONValue) -> JSONValue? {
      switch value {
      case .object(let object):
        if object.count == 2, case .int(let position)? = object[positionKey], case .string(let pointer)? = object[pointerKey] {
          guard let members = drawnMembers(OutputVariation.value(at: pointer, in: input)), !members.isEmpty else {
            unresolved = true
            return nil
          }
          let count = Int64(members.count)
          return members[Int(((position % count) + count) % count)]
        }
        var result = JSONObject()
        for (key, member) in object.members {
          if let resolved = resolve(member) { result[key] = resolved }
        }
        return .object(result)
      case .array(let items): return .array(items.compactMap(resolve))
      default: return value
      }
    }
    let resolved = resolve(input)
    return unresolved && !dropping ? nil : resolved
  }

  /// Checks a `drawnFrom` once the domain is read: its pointer names a field the domain makes
  /// (through object nodes, and the branches and nullables around them) that is not drawn itself,
  /// and some level of that field holds a member to draw.
  func checkDrawn(_ pointer: String, path: String) throws(JSONShapeError) {
    let tokens = OutputVariation.tokens(pointer) ?? []
    var nodes: [Node] = [.object(root)]
    for (depth, token) in tokens.enumerated() {
      var next: [Node] = []
      var names: [String] = []
      for node in nodes {
        for fields in node.objectFields {
          names += fields.map(\.name)
          if let field = fields.first(where: { $0.name == token }) { next.append(field.node) }
        }
      }
      guard !next.isEmpty else {
        let at = depth == 0 ? "the input" : "/" + tokens[..<depth].joined(separator: "/")
        throw JSONShapeError(
          path: path,
          message: "\"\(pointer)\" names no field the domain makes (\(at) has \(Set(names).sorted().joined(separator: ", "))): "
            + "name a field of the same input that holds an object (its keys are drawn) or an array (its items)")
      }
      nodes = next
    }
    if nodes.contains(where: { if case .drawn = $0 { true } else { false } }) {
      throw JSONShapeError(
        path: path, message: "\"\(pointer)\" is itself drawn from another field: draw from the field that holds the values")
    }
    let holds = nodes.flatMap(\.levels).contains { (Self.drawnMembers($0)?.isEmpty ?? true) == false }
    guard holds else {
      throw JSONShapeError(
        path: path,
        message: "this node cannot generate: the field at \"\(pointer)\" never holds an object with a key or an array "
          + "with an item; give it such values, or draw from another field")
    }
  }
}

extension TeamDomain.Node {
  /// The fields of the object nodes this node makes (itself, its branches, what it makes nullable).
  var objectFields: [[TeamDomain.Field]] {
    switch self {
    case .object(let fields): [fields]
    case .union(let branches): branches.flatMap(\.node.objectFields)
    case .nullable(let node): node.objectFields
    default: []
    }
  }

  /// Whether each value `value` holds where this node draws from another field is a member of
  /// that field in `root`, the whole input.
  func drawnValuesHold(in value: JSONValue, root: JSONValue) -> Bool {
    switch (self, value) {
    case (.drawn(let pointer), _):
      return TeamDomain.drawnMembers(OutputVariation.value(at: pointer, in: root))?.contains(value) ?? false
    case (.object(let fields), .object(let object)):
      return fields.allSatisfy { field in object[field.name].map { field.node.drawnValuesHold(in: $0, root: root) } ?? true }
    case (.array(let node, _), .array(let items)): return items.allSatisfy { node.drawnValuesHold(in: $0, root: root) }
    case (.nullable(let node), _): return value.isNull || node.drawnValuesHold(in: value, root: root)
    case (.union(let branches), _):
      return branches.contains { $0.node.contains(value) && $0.node.drawnValuesHold(in: value, root: root) }
    default: return true
    }
  }
}

/// All-triples combination of a domain's fields (`"size": {"strength": 3}`): rows of level
/// indices in which every three levels of every three fields meet at least once.
///
/// Deterministic, greedy in the manner of `Pairwise.rows`: each row starts from the first triple
/// not yet covered (in field order, then level order) and takes, field by field, the level that
/// covers the most new triples with the fields already chosen (the lowest index on a tie).
enum ThreeWise {
  /// Rows of indices, one per field: `row[f]` is in `0..<levels[f]`. Fewer than three fields:
  /// `Pairwise.rows`, which covers every combination then.
  static func rows(levels: [Int]) -> [[Int]] {
    guard levels.count >= 3, levels.allSatisfy({ $0 > 0 }) else { return Pairwise.rows(levels: levels) }
    var uncovered = Uncovered(levels: levels)
    var rows: [[Int]] = []
    while let seed = uncovered.first() {
      var row = [Int](repeating: -1, count: levels.count)
      for (field, level) in seed { row[field] = level }
      var chosen = seed.map(\.field)
      for field in levels.indices where row[field] < 0 {
        var best = (level: 0, gain: -1)
        for level in 0..<levels[field] {
          var gain = 0
          for (position, a) in chosen.enumerated() {
            for b in chosen[(position + 1)...] where uncovered.contains((a, row[a]), (b, row[b]), (field, level)) {
              gain += 1
            }
          }
          if gain > best.gain { best = (level, gain) }
        }
        row[field] = best.level
        chosen.append(field)
      }
      uncovered.cover(row)
      rows.append(row)
    }
    return rows
  }

  /// The triples of (field, level) no row has yet: one flag per three levels of each three
  /// fields, in field order, then level order.
  private struct Uncovered {
    let levels: [Int]
    /// Each three fields (a < b < c), in order, and where their flags start.
    private var triples: [(fields: (Int, Int, Int), offset: Int)] = []
    /// `starts[(a * n + b) * n + c]`: the offset of fields a < b < c.
    private var starts: [Int]
    private var flags: [Bool]
    /// No flag before it is set, nor any of the triples before `triple`: the search for the
    /// first missing triple starts there.
    private var cursor = 0
    private var triple = 0

    init(levels: [Int]) {
      self.levels = levels
      let n = levels.count
      starts = [Int](repeating: 0, count: n * n * n)
      var total = 0
      for a in 0..<n {
        for b in a + 1..<n {
          for c in b + 1..<n {
            starts[(a * n + b) * n + c] = total
            triples.append(((a, b, c), total))
            total += levels[a] * levels[b] * levels[c]
          }
        }
      }
      flags = [Bool](repeating: true, count: total)
    }

    private func index(_ x: (field: Int, level: Int), _ y: (field: Int, level: Int), _ z: (field: Int, level: Int)) -> Int {
      let n = levels.count
      return starts[(x.field * n + y.field) * n + z.field] + (x.level * levels[y.field] + y.level) * levels[z.field] + z.level
    }

    /// Whether the three (field, level)s, of three different fields in any order, are missing.
    func contains(_ x: (field: Int, level: Int), _ y: (field: Int, level: Int), _ z: (field: Int, level: Int)) -> Bool {
      var (p, q, r) = (x, y, z)
      if p.field > q.field { swap(&p, &q) }
      if q.field > r.field { swap(&q, &r) }
      if p.field > q.field { swap(&p, &q) }
      return flags[index(p, q, r)]
    }

    /// The first missing triple, as (field, level)s.
    mutating func first() -> [(field: Int, level: Int)]? {
      while cursor < flags.count, !flags[cursor] { cursor += 1 }
      guard cursor < flags.count else { return nil }
      while triple + 1 < triples.count, triples[triple + 1].offset <= cursor { triple += 1 }
      let ((a, b, c), offset) = triples[triple]
      var rest = cursor - offset
      let levelC = rest % levels[c]
      rest /= levels[c]
      return [(a, rest / levels[b]), (b, rest % levels[b]), (c, levelC)]
    }

    mutating func cover(_ row: [Int]) {
      for ((a, b, c), _) in triples { flags[index((a, row[a]), (b, row[b]), (c, row[c]))] = false }
    }
  }
}
