import ConformJSON
import Testing

@testable import ConformFixtures
@testable import ConformSuites

/// A team suite's shrink tries the structural simplifications first: an optional member left
/// out (at the root or nested in arrays of objects), then an array or a string shortened.
@Suite struct TeamShrinkOrderTests {
  private let domain: TeamDomain

  init() throws {
    let description: JSONValue = [
      "object": [
        "rules": [
          "array": [
            "object": ["name": ["string": ["classes": ["ascii"], "maxLength": 8]], "note": ["enum": ["x"]]], "optional": ["note"],
          ],
          "maxItems": 3,
        ],
        "plan": ["enum": ["free", "pro"]],
      ],
      "optional": ["plan"],
    ]
    domain = try TeamDomain(description, decisionCount: 1)
  }

  @Test func optionalMembersAreDroppedFirstAtEveryDepth() {
    let input: JSONValue = ["plan": "pro", "rules": [["name": "ab", "note": "x"]]]
    #expect(
      domain.withoutOptionalMembers(of: input) == [
        ["rules": [["name": "ab", "note": "x"]]], ["plan": "pro", "rules": [["name": "ab"]]],
      ])
  }

  @Test func shorteningOnlyDropsElementsAndScalars() {
    let input: JSONValue = ["rules": [["name": "ab"], ["name": "c"]]]
    let shortened = JSONShrinker.shortened(input)
    #expect(shortened.first == ["rules": []])
    #expect(shortened.contains(["rules": [["name": "a"], ["name": "c"]]]))
    for candidate in shortened {
      #expect(JSONWriter.bytes(candidate).count < JSONWriter.bytes(input).count, "\(JSONWriter.string(candidate))")
    }
  }
}
