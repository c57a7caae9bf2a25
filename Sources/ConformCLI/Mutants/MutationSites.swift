import Foundation

/// One mutant of the reference app's code: a single change at one site, chosen at run time by its
/// `id` (`CONFORM_MUTANT=id`) in the schemata build that holds every mutant.
struct GeneratedMutant: Equatable, Sendable {
  /// The run-time selector; it changes when sites are added above, so reports use `key`.
  var id: Int
  /// The file, relative to the app's folder (`Eligibility/ReviewEligibility.swift`).
  var file: String
  var line: Int
  /// The operator's name (`relational boundary`, `statement deleted`, ...).
  var operatorName: String
  /// The line as written, and as the mutant has it, both trimmed.
  var original: String
  var changed: String
  /// Which of the mutants with the same file, operator, original and changed line this is (from 1).
  var occurrence = 1

  /// The mutant's identity across unrelated edits: file, operator, the line before and after, and
  /// the occurrence; not the line number nor the id.
  var key: String { "\(file) | \(operatorName) | \(original) | \(changed) | #\(occurrence)" }
}

/// Finds the mutation sites of one Swift file and writes its schemata form: the file with every
/// site guarded by the mutant's id, so that the unchanged program runs when no mutant is chosen.
///
/// Every change is made so that it type-checks whenever the original does: an infix operator
/// becomes a custom operator of the same precedence group, declared in the support file for
/// that one site (its variants chosen by id); a literal, a condition or a string becomes a call of
/// a generic helper of the same type; a statement is guarded by an `if`. What still fails to
/// compile (an arithmetic operator on `Double`, arguments of two types) is dropped by the build,
/// which names it.
struct MutationSites {
  /// An edit of the schemata file: `text` replaces `start..<end`, or `prefix` and `suffix` wrap it.
  struct Edit {
    var start: Int
    var end: Int
    var text: String?
    var prefix = ""
    var suffix = ""
    var line: Int
    /// The mutants the edit carries (dropped with it).
    var mutants: [Int]
  }

  let file: String
  let source: String
  let bytes: [UInt8]
  let tokens: [SwiftToken]
  let lines: [Substring]
  private(set) var mutants: [GeneratedMutant] = []
  private(set) var edits: [Edit] = []
  /// Declarations for the support file: one custom operator per operator site, by its first id.
  private(set) var declarations: [Int: String] = [:]
  private var nextID: Int

  static let keywords: Set<String> = [
    "let", "var", "if", "guard", "else", "return", "switch", "case", "default", "for", "while", "repeat", "do", "catch",
    "defer", "throw", "throws", "try", "await", "async", "func", "init", "deinit", "struct", "class", "enum", "protocol",
    "extension", "import", "static", "private", "fileprivate", "internal", "public", "open", "mutating", "override", "final",
    "lazy", "weak", "unowned", "typealias", "associatedtype", "subscript", "where", "in", "is", "as", "break", "continue",
    "fallthrough", "true", "false", "nil", "self", "Self", "super", "some", "any", "inout", "operator", "required",
    "convenience", "nonisolated", "get", "set", "willSet", "didSet", "rethrows",
  ]

  /// The precedence group of each operator the analysis changes, and its variants:
  /// (operator name, how the variant computes from `l` and `r`, integers only).
  static let infixVariants: [String: (group: String, constraint: String, variants: [(String, String, Bool)])] = [
    "<": (
      "ComparisonPrecedence", "Comparable", [("relational boundary", "l <= r", false), ("relational negated", "l >= r", false)]
    ),
    "<=": (
      "ComparisonPrecedence", "Comparable", [("relational boundary", "l < r", false), ("relational negated", "l > r", false)]
    ),
    ">": (
      "ComparisonPrecedence", "Comparable", [("relational boundary", "l >= r", false), ("relational negated", "l <= r", false)]
    ),
    ">=": (
      "ComparisonPrecedence", "Comparable", [("relational boundary", "l > r", false), ("relational negated", "l < r", false)]
    ),
    "==": ("ComparisonPrecedence", "Equatable", [("equality negated", "l != r", false)]),
    "!=": ("ComparisonPrecedence", "Equatable", [("equality negated", "l == r", false)]),
    "&&": ("LogicalConjunctionPrecedence", "", [("logical swapped", "l || r()", false)]),
    "||": ("LogicalDisjunctionPrecedence", "", [("logical swapped", "l && r()", false)]),
    "??": ("NilCoalescingPrecedence", "", [("optional default always", "r()", false)]),
    "+": (
      "AdditionPrecedence", "FixedWidthInteger",
      [
        ("arithmetic replaced", "l - r", false), ("arithmetic wrapping", "l &+ r", true),
        ("arithmetic truncated to Int32", "T(truncatingIfNeeded: Int32(truncatingIfNeeded: l &+ r))", true),
      ]
    ),
    "-": (
      "AdditionPrecedence", "FixedWidthInteger",
      [
        ("arithmetic replaced", "l + r", false), ("arithmetic wrapping", "l &- r", true), ("operands swapped", "r - l", false),
        ("arithmetic truncated to Int32", "T(truncatingIfNeeded: Int32(truncatingIfNeeded: l &- r))", true),
      ]
    ),
    "*": (
      "MultiplicationPrecedence", "FixedWidthInteger",
      [("arithmetic replaced", "l / r", false), ("arithmetic wrapping", "l &* r", true)]
    ),
    "/": ("MultiplicationPrecedence", "FixedWidthInteger", [("arithmetic replaced", "l * r", false)]),
    "%": ("MultiplicationPrecedence", "FixedWidthInteger", [("arithmetic replaced", "l / r", false)]),
  ]

  /// The text each variant shows in the changed line.
  static func shownOperator(_ op: String, _ variant: String) -> String? {
    switch variant {
    case "l <= r": "<="
    case "l >= r": ">="
    case "l < r": "<"
    case "l > r": ">"
    case "l != r": "!="
    case "l == r": "=="
    case "l || r()": "||"
    case "l && r()": "&&"
    case "l - r": "-"
    case "l + r": "+"
    case "l / r": "/"
    case "l * r": "*"
    case "l &+ r": "&+"
    case "l &- r": "&-"
    case "l &* r": "&*"
    default: nil
    }
  }

  init(file: String, source: String, firstID: Int) {
    self.file = file
    self.source = source
    bytes = Array(source.utf8)
    tokens = SwiftTokens.scan(source)
    lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    nextID = firstID
    findSites()
  }

  /// The id the next file's mutants start from.
  var endID: Int { nextID }

  // MARK: - Finding sites

  private mutating func findSites() {
    let lateInitialized = lateInitializedNames()
    let initializers = initializerBodies()
    for index in tokens.indices {
      let token = tokens[index]
      if isInAttributeOrDirective(index) { continue }
      switch token.kind {
      case .operator where token.isSpacedOperator: infixSite(index)
      case .number: literalSite(index)
      case .identifier where token.is("true") || token.is("false"): boolSite(index)
      case .identifier where token.is("if") || token.is("guard") || token.is("while"): conditionSites(index)
      case .identifier where token.is("func"): earlyReturnSite(index)
      case .identifier where token.is("unicodeScalars"): stringSite(receiverEndingBefore: index - 1)
      case .identifier where token.is("rawValue"): rawValueSite(index)
      case .string: stringComparisonSite(index)
      default: break
      }
      if index > 0, tokens[index].line > tokens[index - 1].line, !initializers.contains(where: { $0.contains(index) }) {
        statementSite(index, lateInitialized: lateInitialized)
      }
      if token.kind == .identifier, !Self.keywords.contains(token.text), index + 1 < tokens.count, tokens[index + 1].is("("),
        !tokens[index + 1].spaceBefore
      {
        argumentSwapSite(callee: index)
      }
    }
  }

  /// `@available(...)`, `#if`: left alone.
  private func isInAttributeOrDirective(_ index: Int) -> Bool {
    let line = tokens[index].line
    var cursor = index
    while cursor > 0, tokens[cursor - 1].line == line { cursor -= 1 }
    return tokens[cursor].is("@") || tokens[cursor].is("#")
  }

  private mutating func allocate() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  private mutating func record(_ id: Int, _ name: String, line: Int, changed: String) {
    mutants.append(
      GeneratedMutant(
        id: id, file: file, line: line, operatorName: name, original: trimmedLine(line),
        changed: changed.trimmingCharacters(in: .whitespaces)))
  }

  func trimmedLine(_ line: Int) -> String { lines[line - 1].trimmingCharacters(in: .whitespaces) }

  /// The line of `token` with `start..<end` (on that line) replaced by `text`.
  func lineReplacing(_ start: Int, _ end: Int, with text: String) -> String {
    let line = tokens.first { $0.start <= start && start < $0.end }?.line ?? lineOf(offset: start)
    let lineStart = offsetOfLine(line)
    let lineEnd = lineStart + lines[line - 1].utf8.count
    let cut = min(end, lineEnd)
    return String(decoding: bytes[lineStart..<start], as: UTF8.self) + text
      + String(decoding: bytes[cut..<lineEnd], as: UTF8.self)
  }

  func lineOf(offset: Int) -> Int { bytes[0..<offset].count { $0 == 0x0A } + 1 }

  func offsetOfLine(_ line: Int) -> Int { lines[0..<(line - 1)].reduce(0) { $0 + $1.utf8.count + 1 } }

  func text(_ start: Int, _ end: Int) -> String { String(decoding: bytes[start..<end], as: UTF8.self) }

  /// An infix operator: a custom operator of the same group whose variants the ids choose.
  private mutating func infixSite(_ index: Int) {
    let token = tokens[index]
    guard let spec = Self.infixVariants[token.text], index > 0 else { return }
    let previous = tokens[index - 1]
    // `static func < (lhs:`, `operator <`: a declaration, not an expression.
    if previous.is("func") || previous.is("operator") || previous.is("(") || previous.is(",") { return }
    var cases: [String] = []
    var ids: [Int] = []
    let throwing = ["&&", "||", "??"].contains(token.text)
    for (name, computation, _) in spec.variants {
      let id = allocate()
      ids.append(id)
      cases.append("case \(id): \(throwing ? "try " : "")\(computation)")
      let shown = Self.shownOperator(token.text, computation)
      let changed: String
      if let shown {
        changed = lineReplacing(token.start, token.end, with: shown)
      } else if computation == "r - l" {
        changed = lineReplacing(token.start, token.end, with: "-(swapped)")
      } else if computation == "r()" {
        changed = lineReplacing(token.start, token.end, with: "?? /* always */")
      } else {
        changed = lineReplacing(token.start, token.end, with: "\(token.text)/* Int32 */")
      }
      record(id, name, line: token.line, changed: changed)
    }
    let name = token.text + Self.operatorSuffix(ids[0])
    let original: String
    switch token.text {
    case "&&", "||": original = "l \(token.text) r()"
    case "??": original = "l ?? r()"
    default: original = "l \(token.text) r"
    }
    let body = "switch __mutant { \(cases.joined(separator: "; ")); default: \(throwing ? "try " : "")\(original) }"
    var declaration = "infix operator \(name) : \(spec.group)\n"
    switch token.text {
    case "&&", "||":
      declaration += "func \(name) (l: Bool, r: @autoclosure () throws -> Bool) rethrows -> Bool { \(body) }\n"
    case "??":
      declaration += "func \(name) <T>(l: T?, r: @autoclosure () throws -> T) rethrows -> T { \(body) }\n"
    case "<", "<=", ">", ">=", "==", "!=":
      declaration += "func \(name) <T: \(spec.constraint)>(l: T, r: T) -> Bool { \(body) }\n"
    default:
      declaration += "func \(name) <T: \(spec.constraint)>(l: T, r: T) -> T { \(body) }\n"
    }
    declarations[ids[0]] = declaration
    edits.append(Edit(start: token.start, end: token.end, text: name, line: token.line, mutants: ids))
  }

  /// A site's operator name: the original operator and the id in arrows (U+2190 onwards), which
  /// Swift takes as operator characters.
  static func operatorSuffix(_ id: Int) -> String {
    var digits: [Character] = []
    var value = id
    repeat {
      digits.append(Character(Unicode.Scalar(0x2190 + UInt32(value % 16))!))
      value /= 16
    } while value > 0
    return String(digits.reversed())
  }

  /// An integer literal: +1, −1 and 0 (the ones that differ from it).
  private mutating func literalSite(_ index: Int) {
    let token = tokens[index]
    let digits = token.text.filter { $0 != "_" }
    guard let value = Int(digits), !token.text.contains("."), index > 0, !tokens[index - 1].is(".") else { return }
    // An enum case's raw value must be a literal.
    if index >= 3, tokens[index - 1].is("="), tokens[index - 3].is("case") || tokens[index - 3].is(",") { return }
    let optionalDefault = tokens[index - 1].is("??")
    let prefix = optionalDefault ? "optional default " : "constant "
    // -2 for a variant the literal does not have: never the chosen mutant (none chosen is -1).
    var plus = -2
    var minus = -2
    var zero = -2
    plus = allocate()
    record(plus, prefix + "+1", line: token.line, changed: lineReplacing(token.start, token.end, with: String(value + 1)))
    if value > 1 {
      minus = allocate()
      record(minus, prefix + "-1", line: token.line, changed: lineReplacing(token.start, token.end, with: String(value - 1)))
    }
    if value != 0 {
      zero = allocate()
      record(zero, prefix + "0", line: token.line, changed: lineReplacing(token.start, token.end, with: "0"))
    }
    edits.append(
      Edit(
        start: token.start, end: token.end, text: "__mutantInt(\(token.text), \(plus), \(minus), \(zero))", line: token.line,
        mutants: [plus, minus, zero].filter { $0 >= 0 }))
  }

  private mutating func boolSite(_ index: Int) {
    let token = tokens[index]
    let id = allocate()
    let flipped = token.is("true") ? "false" : "true"
    record(id, "boolean flipped", line: token.line, changed: lineReplacing(token.start, token.end, with: flipped))
    edits.append(
      Edit(start: token.start, end: token.end, text: "__mutantBool(\(token.text), \(id))", line: token.line, mutants: [id]))
  }

  /// Each boolean clause of an `if`, `guard` or `while` condition, negated.
  private mutating func conditionSites(_ index: Int) {
    let isGuard = tokens[index].is("guard")
    var depth = 0
    var clauseStart = index + 1
    var cursor = index + 1
    var clauses: [(Int, Int)] = []
    while cursor < tokens.count {
      let token = tokens[cursor]
      if depth == 0 {
        if (isGuard && token.is("else")) || (!isGuard && token.is("{")) || token.is(",") {
          clauses.append((clauseStart, cursor - 1))
          clauseStart = cursor + 1
          if !token.is(",") { break }
        }
      }
      if token.is("(") || token.is("[") || (token.is("{") && depth > 0) { depth += 1 }
      if token.is(")") || token.is("]") || (token.is("}") && depth > 0) { depth -= 1 }
      if depth < 0 || token.is("}") && depth == 0 { return }
      cursor += 1
    }
    for (first, last) in clauses where first <= last {
      let head = tokens[first]
      if ["let", "var", "case", "#", "@"].contains(head.text) { continue }
      if tokens[first...last].contains(where: { $0.is("{") || $0.is("let") || $0.is("var") || $0.is("=") }) { continue }
      let id = allocate()
      let (start, end) = (head.start, tokens[last].end)
      let changed =
        tokens[last].line == head.line ? lineReplacing(start, end, with: "!(\(text(start, end)))") : "!(" + trimmedLine(head.line)
      record(id, "condition negated", line: head.line, changed: changed)
      edits.append(Edit(start: start, end: end, prefix: "__mutantFlip(\(id), ", suffix: ")", line: head.line, mutants: [id]))
    }
  }

  /// A function that returns `Bool`, an optional or nothing: returns at once (true, false, nil, or
  /// nothing).
  private mutating func earlyReturnSite(_ index: Int) {
    guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier else { return }
    var cursor = index + 2
    var depth = 0
    var arrow: Int?
    while cursor < tokens.count {
      let token = tokens[cursor]
      if depth == 0, ["func", "var", "let", "case", "}", "static", "init", "@"].contains(token.text) { return }
      if depth == 0, token.is("{") { break }
      if token.is("(") || token.is("[") { depth += 1 }
      if token.is(")") || token.is("]") { depth -= 1 }
      if depth == 0, token.is("->") { arrow = cursor }
      cursor += 1
    }
    guard cursor < tokens.count else { return }
    let brace = tokens[cursor]
    let returnType = arrow.map { tokens[($0 + 1)..<cursor].filter { !["throws", "rethrows", "async"].contains($0.text) } } ?? []
    var values: [String]
    if arrow == nil {
      values = [""]
    } else if returnType.count == 1, returnType[0].is("Bool") {
      values = ["true", "false"]
    } else if let last = returnType.last, last.is("?"), !last.spaceBefore {
      values = ["nil"]
    } else {
      return
    }
    let body = bodyTokens(openingAt: cursor)
    let implicit = arrow != nil && !body.contains { $0.is("return") }
    var inserted = ""
    var ids: [Int] = []
    for value in values {
      let id = allocate()
      ids.append(id)
      let statement = value.isEmpty ? "return" : "return \(value)"
      record(id, "early return", line: brace.line, changed: lineReplacing(brace.start, brace.end, with: "{ \(statement);"))
      inserted += " if __mutant == \(id) { \(statement) };"
    }
    if implicit { inserted += " return" }
    edits.append(Edit(start: brace.end, end: brace.end, prefix: inserted, line: brace.line, mutants: ids))
  }

  /// The tokens between the brace at `open` and its match.
  private func bodyTokens(openingAt open: Int) -> ArraySlice<SwiftToken> {
    var depth = 0
    for cursor in open..<tokens.count {
      if tokens[cursor].is("{") { depth += 1 }
      if tokens[cursor].is("}") {
        depth -= 1
        if depth == 0 { return tokens[(open + 1)..<cursor] }
      }
    }
    return []
  }

  /// A string trimmed or lower-cased before use: the receiver `name` or `name.member` ending at `last`.
  private mutating func stringSite(receiverEndingBefore dot: Int) {
    guard dot > 0, tokens[dot].is("."), !tokens[dot].spaceBefore else { return }
    var first = dot - 1
    guard tokens[first].kind == .identifier, !Self.keywords.contains(tokens[first].text) || tokens[first].is("self") else {
      return
    }
    while first >= 2, tokens[first - 1].is("."), !tokens[first - 1].spaceBefore, tokens[first - 2].kind == .identifier {
      first -= 2
    }
    if first > 0, tokens[first - 1].is(".") || tokens[first - 1].is(")") && !tokens[first].spaceBefore { return }
    wrapString(tokens[first].start, tokens[dot - 1].end, line: tokens[first].line)
  }

  private mutating func wrapString(_ start: Int, _ end: Int, line: Int) {
    let original = text(start, end)
    let trim = allocate()
    record(
      trim, "string trimmed", line: line,
      changed: lineReplacing(start, end, with: "\(original).trimmingCharacters(in: .whitespacesAndNewlines)"))
    let lower = allocate()
    record(lower, "string lower-cased", line: line, changed: lineReplacing(start, end, with: "\(original).lowercased()"))
    edits.append(
      Edit(start: start, end: end, prefix: "__mutantString(", suffix: ", \(trim), \(lower))", line: line, mutants: [trim, lower]))
  }

  /// `Kind(rawValue: text)`: the text trimmed or lower-cased first.
  private mutating func rawValueSite(_ index: Int) {
    guard index > 1, tokens[index - 1].is("("), index + 2 < tokens.count, tokens[index + 1].is(":") else { return }
    var cursor = index + 2
    var depth = 0
    while cursor < tokens.count {
      if depth == 0, tokens[cursor].is(")") || tokens[cursor].is(",") { break }
      if tokens[cursor].is("(") || tokens[cursor].is("[") { depth += 1 }
      if tokens[cursor].is(")") || tokens[cursor].is("]") { depth -= 1 }
      cursor += 1
    }
    guard cursor < tokens.count, tokens[cursor].is(")"), cursor > index + 2 else { return }
    let first = tokens[index + 2]
    if first.is("try") || first.is("await") { return }
    wrapString(first.start, tokens[cursor - 1].end, line: first.line)
  }

  /// `name == "literal"`: the name trimmed or lower-cased first.
  private mutating func stringComparisonSite(_ index: Int) {
    guard index >= 2, tokens[index - 1].isSpacedOperator, tokens[index - 1].is("==") || tokens[index - 1].is("!=") else { return }
    stringSite(receiverEndingBefore: index - 1, operand: true)
  }

  private mutating func stringSite(receiverEndingBefore op: Int, operand: Bool) {
    let last = op - 1
    guard tokens[last].kind == .identifier, !Self.keywords.contains(tokens[last].text) else { return }
    var first = last
    while first >= 2, tokens[first - 1].is("."), !tokens[first - 1].spaceBefore, tokens[first - 2].kind == .identifier {
      first -= 2
    }
    wrapString(tokens[first].start, tokens[last].end, line: tokens[first].line)
  }

  /// The names declared `let name: Type` (or `var`) with no value, assigned later: deleting their
  /// assignment does not compile.
  private func lateInitializedNames() -> Set<String> {
    var names: Set<String> = []
    for index in tokens.indices.dropLast(2) where tokens[index].is("let") || tokens[index].is("var") {
      guard tokens[index + 2].is(":") else { continue }
      let line = tokens[index].line
      if !tokens[(index + 1)...].prefix(while: { $0.line == line }).contains(where: { $0.is("=") }) {
        names.insert(tokens[index + 1].text)
      }
    }
    return names
  }

  /// The token ranges of every `init` body: deleting a statement there leaves a property
  /// uninitialized, which does not compile.
  private func initializerBodies() -> [Range<Int>] {
    var bodies: [Range<Int>] = []
    for index in tokens.indices where tokens[index].is("init") && index + 1 < tokens.count && tokens[index + 1].is("(") {
      var cursor = index + 1
      var depth = 0
      while cursor < tokens.count {
        if tokens[cursor].is("(") { depth += 1 }
        if tokens[cursor].is(")") { depth -= 1 }
        if depth == 0, tokens[cursor].is("{") || tokens[cursor].is("}") { break }
        cursor += 1
      }
      guard cursor < tokens.count, tokens[cursor].is("{") else { continue }
      let body = bodyTokens(openingAt: cursor)
      bodies.append(cursor..<(body.endIndex + 1))
    }
    return bodies
  }

  /// The ids of the statements deleted in the file.
  var deletions: Set<Int> { Set(mutants.filter { $0.operatorName.hasSuffix(" deleted") }.map(\.id)) }

  static let assignments: Set<String> = ["=", "+=", "-=", "*=", "/=", "%=", "|=", "&="]

  /// A statement that starts a line: an assignment or a call, deleted.
  private mutating func statementSite(_ index: Int, lateInitialized: Set<String>) {
    let first = tokens[index]
    guard first.kind == .identifier, !Self.keywords.contains(first.text) || first.is("self") else { return }
    let previous = tokens[index - 1]
    // A continued expression (`\n  && ...`, `.map`) or an argument on its own line is not a statement.
    guard
      previous.is("{") || previous.is("}") || previous.is(")") || previous.kind == .identifier || previous.kind == .string
        || previous.kind == .number
    else { return }
    if previous.kind == .identifier, Self.keywords.contains(previous.text), !previous.is("self") { return }
    var cursor = index
    var depth = 0
    var assignment: Int?
    var hasOperator = false
    while cursor < tokens.count {
      let token = tokens[cursor]
      if token.is("(") || token.is("[") || token.is("{") { depth += 1 }
      if token.is(")") || token.is("]") || token.is("}") {
        depth -= 1
        if depth < 0 { return }
      }
      if depth == 0, Self.assignments.contains(token.text), token.kind == .operator { assignment = assignment ?? cursor }
      if depth == 0, token.isSpacedOperator, !Self.assignments.contains(token.text) { hasOperator = true }
      let next = cursor + 1 < tokens.count ? tokens[cursor + 1] : nil
      if depth == 0, let next, next.line > token.line {
        if next.is(".") || next.isSpacedOperator || next.is("{") || token.isSpacedOperator || token.is(",") { return }
        break
      }
      cursor += 1
    }
    guard cursor < tokens.count else { return }
    let last = tokens[cursor]
    if let assignment {
      if lateInitialized.contains(first.text), assignment == index + 1 { return }
      if first.is("self") { return }
    } else {
      guard last.is(")"), !hasOperator, !first.is("self") || tokens[index + 1].is("?") else { return }
      // The only statement of a body may be its value.
      if previous.is("{"), cursor + 1 < tokens.count, tokens[cursor + 1].is("}") { return }
    }
    let id = allocate()
    record(id, assignment == nil ? "call deleted" : "assignment deleted", line: first.line, changed: "")
    edits.append(
      Edit(start: first.start, end: last.end, prefix: "if __mutant != \(id) { ", suffix: " }", line: first.line, mutants: [id]))
  }

  /// `f(a, label: b)`: the two arguments' values swapped (labels stay).
  private mutating func argumentSwapSite(callee: Int) {
    let name = tokens[callee].text
    if ["max", "min", "Set", "print"].contains(name) { return }
    if callee > 0, ["func", "case", "init"].contains(tokens[callee - 1].text) { return }
    if callee > 0, tokens[callee - 1].is("."), callee > 1, tokens[callee - 2].kind == .punctuation { return }
    var arguments: [(Int, Int)] = []
    var cursor = callee + 2
    var depth = 0
    var start = cursor
    while cursor < tokens.count {
      let token = tokens[cursor]
      if depth == 0, token.is(")") || token.is(",") {
        arguments.append((start, cursor - 1))
        start = cursor + 1
        if token.is(")") { break }
      }
      if token.is("(") || token.is("[") || token.is("{") { depth += 1 }
      if token.is(")") || token.is("]") || token.is("}") { depth -= 1 }
      cursor += 1
    }
    guard arguments.count == 2 else { return }
    var values: [(Int, Int)] = []
    for (first, last) in arguments {
      var valueStart = first
      if last > first + 1, tokens[first].kind == .identifier, tokens[first + 1].is(":") { valueStart = first + 2 }
      guard valueStart <= last else { return }
      let slice = tokens[valueStart...last]
      if slice.contains(where: { ["{", "try", "await", "let", "var", "&", "in"].contains($0.text) }) { return }
      values.append((valueStart, last))
    }
    let (a, b) = (values[0], values[1])
    let aText = text(tokens[a.0].start, tokens[a.1].end)
    let bText = text(tokens[b.0].start, tokens[b.1].end)
    guard aText != bText, tokens[a.0].line == tokens[b.1].line else { return }
    let id = allocate()
    let line = tokens[a.0].line
    let swapped =
      text(offsetOfLine(line), tokens[a.0].start) + bText + text(tokens[a.1].end, tokens[b.0].start) + aText
      + text(tokens[b.1].end, offsetOfLine(line) + lines[line - 1].utf8.count)
    record(id, "arguments swapped", line: line, changed: swapped)
    edits.append(
      Edit(
        start: tokens[a.0].start, end: tokens[a.1].end, text: "(__mutant == \(id) ? (\(bText)) : (\(aText)))", line: line,
        mutants: [id]))
    edits.append(
      Edit(
        start: tokens[b.0].start, end: tokens[b.1].end, text: "(__mutant == \(id) ? (\(aText)) : (\(bText)))", line: line,
        mutants: [id]))
  }

  // MARK: - Schemata

  /// Drops the edits that overlap another edit in a way the renderer cannot nest (a replacement
  /// over a range holding another edit, wraps that cross), with their mutants.
  mutating func dropConflicts() {
    var kept: [Edit] = []
    var dropped: Set<Int> = []
    // Replacements of one token first, then wraps from the widest.
    let ordered = edits.sorted {
      ($0.end - $0.start, $0.start) < ($1.end - $1.start, $1.start)
    }
    for edit in ordered where !edit.mutants.contains(where: dropped.contains) {
      let conflicts = kept.contains { other in
        let overlap = edit.start < other.end && other.start < edit.end
        let nested =
          (edit.start <= other.start && other.end <= edit.end) || (other.start <= edit.start && edit.end <= other.end)
        if edit.text != nil || other.text != nil {
          // A replacement may sit inside a wrap, never overlap another edit otherwise.
          if !overlap { return false }
          if edit.text != nil, other.text == nil { return !(other.start <= edit.start && edit.end <= other.end) }
          if other.text != nil, edit.text == nil { return !(edit.start <= other.start && other.end <= edit.end) }
          return true
        }
        return overlap && !nested
      }
      if conflicts { dropped.formUnion(edit.mutants) } else { kept.append(edit) }
    }
    kept.removeAll { $0.mutants.contains(where: dropped.contains) }
    edits = kept
    mutants.removeAll { dropped.contains($0.id) }
  }

  /// Drops the mutants in `ids` and their edits.
  mutating func drop(_ ids: Set<Int>) {
    edits.removeAll { $0.mutants.contains(where: ids.contains) }
    mutants.removeAll { ids.contains($0.id) }
  }

  /// The operator declarations whose site is still in the file, in id order.
  var liveDeclarations: [String] {
    let live = Set(edits.compactMap(\.mutants.first))
    return declarations.keys.sorted().filter(live.contains).compactMap { declarations[$0] }
  }

  /// Sets each mutant's occurrence, in file order.
  mutating func renumber(_ occurrence: (GeneratedMutant) -> Int) {
    for index in mutants.indices { mutants[index].occurrence = occurrence(mutants[index]) }
  }

  /// The mutant ids of the edits on `line`.
  func mutants(onLine line: Int) -> Set<Int> { Set(edits.filter { $0.line == line }.flatMap(\.mutants)) }

  /// The schemata form of the file.
  func render() -> String {
    var opens: [Int: [(end: Int, order: Int, text: String)]] = [:]
    var closes: [Int: [(start: Int, order: Int, text: String)]] = [:]
    var replacements: [Int: Edit] = [:]
    for (order, edit) in edits.enumerated() {
      if let text = edit.text {
        replacements[edit.start] = Edit(start: edit.start, end: edit.end, text: text, line: edit.line, mutants: edit.mutants)
      } else {
        opens[edit.start, default: []].append((edit.end, order, edit.prefix))
        closes[edit.end, default: []].append((edit.start, order, edit.suffix))
      }
    }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count * 2)
    var position = 0
    while position <= bytes.count {
      for close in (closes[position] ?? []).sorted(by: { ($0.start, $0.order) > ($1.start, $1.order) }) {
        output += Array(close.text.utf8)
      }
      for open in (opens[position] ?? []).sorted(by: { ($0.end, -$0.order) > ($1.end, -$1.order) }) {
        output += Array(open.text.utf8)
      }
      if let replacement = replacements[position], let text = replacement.text {
        output += Array(text.utf8)
        position = replacement.end
        continue
      }
      if position == bytes.count { break }
      output.append(bytes[position])
      position += 1
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The support file of the schemata build: the chosen mutant, the helpers and every site's operator.
  static func supportFile(declarations: [String]) -> String {
    """
    import Foundation

    // Generated by `conform mutants --generated`: the schemata of every mutant, one chosen by
    // CONFORM_MUTANT (none when unset).
    let __mutant: Int = Int(ProcessInfo.processInfo.environment["CONFORM_MUTANT"] ?? "") ?? -1

    func __mutantFlip(_ id: Int, _ condition: Bool) -> Bool { __mutant == id ? !condition : condition }
    func __mutantBool(_ value: Bool, _ id: Int) -> Bool { __mutant == id ? !value : value }
    func __mutantInt<T: BinaryInteger>(_ value: T, _ plus: Int, _ minus: Int, _ zero: Int) -> T {
      switch __mutant { case plus: value + 1; case minus: value - 1; case zero: 0; default: value }
    }
    @_disfavoredOverload
    func __mutantInt<T: BinaryFloatingPoint>(_ value: T, _ plus: Int, _ minus: Int, _ zero: Int) -> T {
      switch __mutant { case plus: value + 1; case minus: value - 1; case zero: 0; default: value }
    }
    func __mutantString(_ value: String, _ trim: Int, _ lower: Int) -> String {
      switch __mutant {
      case trim: value.trimmingCharacters(in: .whitespacesAndNewlines)
      case lower: value.lowercased()
      default: value
      }
    }
    func __mutantString(_ value: Substring, _ trim: Int, _ lower: Int) -> Substring {
      Substring(__mutantString(String(value), trim, lower))
    }

    """ + declarations.joined()
  }
}
