import ConformJSON
import Testing

@testable import ConformFixtures

@Suite struct JSONObjectTests {
  @Test func sortsMembersGivenInAnyOrder() {
    let object = JSONObject(uniqueKeysWithValues: [("c", 3), ("a", 1), ("b", 2)])
    #expect(object.keys == ["a", "b", "c"])
    #expect(object.members.map(\.value) == [1, 2, 3])
    #expect(object == ["b": 2, "c": 3, "a": 1])
  }

  @Test func setKeepsTheKeysSorted() {
    var object: JSONObject = ["b": 2, "d": 4]
    object["c"] = 3
    #expect(object.keys == ["b", "c", "d"])
    object["a"] = 1
    #expect(object.keys == ["a", "b", "c", "d"])
    object["e"] = 5
    #expect(object.keys == ["a", "b", "c", "d", "e"])
    object["😀"] = "astral"
    object["é"] = "accent"
    #expect(object.keys == ["a", "b", "c", "d", "e", "é", "😀"])
  }

  @Test func setReplacesInPlace() {
    var object: JSONObject = ["a": 1, "b": 2, "c": 3]
    object["b"] = "two"
    #expect(object.keys == ["a", "b", "c"])
    #expect(object["b"] == "two")
    #expect(object.count == 3)
  }

  @Test func settingNilRemovesAndKeepsTheRestInOrder() {
    var object: JSONObject = ["a": 1, "b": 2, "c": 3, "d": 4]
    object["b"] = nil
    #expect(object.keys == ["a", "c", "d"])
    object["d"] = nil
    #expect(object.keys == ["a", "c"])
    object["zz"] = nil
    #expect(object.keys == ["a", "c"])
    #expect(object == ["a": 1, "c": 3])
  }

  @Test func nullIsAValueNotARemoval() {
    var object: JSONObject = ["a": 1]
    object["a"] = .null
    #expect(object.count == 1)
    #expect(object["a"] == .null)
  }

  @Test func lookupUsesScalarsNotCanonicalEquivalence() {
    var object: JSONObject = ["é": 1]
    #expect(object["e\u{301}"] == nil)
    object["e\u{301}"] = 2
    #expect(object.count == 2)
    #expect(object["é"] == 1)
  }

  @Test func equalityAndHashIgnoreTheOrderMembersArrivedIn() throws {
    let one = try JSONReader.parse(#"{"b":[1,{"y":1,"x":2}],"a":null}"#)
    let other = try JSONReader.parse(#"{"a":null,"b":[1,{"x":2,"y":1}]}"#)
    #expect(one == other)
    #expect(one.hashValue == other.hashValue)
  }
}
