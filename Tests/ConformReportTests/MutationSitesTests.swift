import Testing

@testable import ConformCLI
@testable import ConformFixtures

/// The token scanner and the mutation sites of `conform mutants --generated`, on small sources.
@Suite struct MutationSitesTests {
  func sites(_ source: String, file: String = "Demo/Demo.swift") -> MutationSites {
    var sites = MutationSites(file: file, source: source, firstID: 0)
    sites.dropConflicts()
    return sites
  }

  func changes(_ source: String, _ operatorName: String) -> [String] {
    sites(source).mutants.filter { $0.operatorName == operatorName }.map(\.changed)
  }

  @Test func theScannerSkipsCommentsAndStringLiteralsWithTheirInterpolations() {
    let source = """
      let a = "x < y \\(f("a < b")) end" // c < d
      /* e < f /* nested */ g < h */
      let b = c < d
      """
    let spaced = SwiftTokens.scan(source).filter(\.isSpacedOperator).map(\.text)
    #expect(spaced == ["=", "=", "<"])
    let strings = SwiftTokens.scan(source).filter { $0.kind == .string }.map(\.text)
    #expect(strings == [#""x < y \(f("a < b")) end""#])
    #expect(SwiftTokens.scan(source).last?.line == 3)
  }

  @Test func aGenericBracketOrAPostfixOperatorIsNotInfix() {
    let tokens = SwiftTokens.scan("let a: Array<Int> = b?.c ?? d!")
    #expect(tokens.filter(\.isSpacedOperator).map(\.text) == ["=", "??"])
  }

  @Test func aComparisonGetsItsBoundaryAndItsNegation() throws {
    let source = "func f(a: Int, b: Int) -> Bool {\n  return a < b\n}\n"
    #expect(changes(source, "relational boundary") == ["return a <= b"])
    #expect(changes(source, "relational negated") == ["return a >= b"])
    let boundary = try #require(sites(source).mutants.first { $0.operatorName == "relational boundary" })
    let rendered = sites(source).render()
    #expect(rendered.contains("return a <" + MutationSites.operatorSuffix(boundary.id) + " b"), "\(rendered)")
  }

  @Test func anIntegerConstantGetsPlusOneMinusOneAndZeroButARawValueIsLeftAlone() {
    let source = "enum E: Int { case a = 1 }\nlet x = 3\nlet y = 0\n"
    #expect(changes(source, "constant +1") == ["let x = 4", "let y = 1"])
    #expect(changes(source, "constant -1") == ["let x = 2"])
    #expect(changes(source, "constant 0") == ["let x = 0"])
    #expect(sites(source).render().contains("case a = 1 }"))
  }

  @Test func eachBooleanClauseOfAConditionIsNegatedButNotABinding() {
    let source = "func f(a: Bool, b: Int?) {\n  guard a, let b, b > 0 else { return }\n}\n"
    #expect(
      changes(source, "condition negated") == [
        "guard !(a), let b, b > 0 else { return }", "guard a, let b, !(b > 0) else { return }",
      ])
  }

  @Test func anAssignmentOrACallStatementIsDeletedButNotTheOnlyExpressionOfABody() {
    let source = "func f() {\n  x = 1\n  g()\n}\nfunc h() -> Int {\n  k()\n}\n"
    let deleted = sites(source).mutants.filter { $0.operatorName.hasSuffix("deleted") }
    #expect(deleted.map(\.line) == [2, 3])
    #expect(sites(source).render().contains("if __mutant != "), "\(sites(source).render())")
  }

  @Test func aBoolFunctionReturnsEarlyBothWaysAndAnImplicitBodyKeepsItsValue() {
    let source = "func f() -> Bool { a && b }\n"
    #expect(
      changes(source, "early return") == [
        "func f() -> Bool { return true; a && b }", "func f() -> Bool { return false; a && b }",
      ])
    let rendered = sites(source).render()
    #expect(rendered.contains("return false }; return a"), "\(rendered)")
  }

  @Test func aStringComparedWithALiteralIsTrimmedAndLowerCased() {
    let source = "func f(answer: String) -> Bool {\n  return answer == \"later\"\n}\n"
    #expect(changes(source, "string trimmed") == [#"return answer.trimmingCharacters(in: .whitespacesAndNewlines) == "later""#])
    #expect(changes(source, "string lower-cased") == [#"return answer.lowercased() == "later""#])
  }

  @Test func twoArgumentsOfACallAreSwappedWithTheirLabelsKept() {
    let source = "let n = isNewer(remote, than: local)\n"
    #expect(changes(source, "arguments swapped") == ["let n = isNewer(local, than: remote)"])
  }

  @Test func aMutantsKeyDoesNotChangeWhenALineIsAddedAbove() {
    let before = sites("let x = a < b\n").mutants.map(\.key)
    var after = sites("let y = 1\n\nlet x = a < b\n")
    after.renumber { _ in 1 }
    let keys = after.mutants.filter { $0.original == "let x = a < b" }.map(\.key)
    #expect(keys == before)
    #expect(before.first == "Demo/Demo.swift | relational boundary | let x = a < b | let x = a <= b | #1")
  }

  @Test func withNoSiteTheRenderedFileIsTheSource() {
    let source = "import Foundation\n\nstruct S {}\n"
    #expect(sites(source).render() == source)
  }

  @Test func aSurvivorWithNoEquivalenceIsListedWithFileLineOperatorAndBothLines() {
    let mutant = GeneratedMutant(
      id: 7, file: "Demo/Demo.swift", line: 3, operatorName: "relational boundary", original: "a < b", changed: "a <= b")
    let survivor = GeneratedMutants.Outcome(mutant: mutant, suite: "demo", failing: 0, status: 0, equivalence: nil)
    var equivalent = survivor
    equivalent.equivalence = "a reason"
    let killed = GeneratedMutants.Outcome(mutant: mutant, suite: "demo", failing: 5, status: 1, equivalence: nil)
    let table = GeneratedMutants.table([survivor, equivalent, killed])
    #expect(table.contains("| demo | 3 | 1 | 1 | 1 | 50% |\n"), "\(table)")
    #expect(table.contains("- App/Demo/Demo.swift:3 relational boundary: `a < b` → `a <= b`\n"), "\(table)")
    #expect(table.contains("  key: Demo/Demo.swift | relational boundary | a < b | a <= b | #1\n"), "\(table)")
  }
}
