import ConformJSON

/// Inputs encoded once, as canonical JSON, one after another in one buffer: a team suite's fuzz
/// batch is encoded for its model's requests, and the batch's case table copies the same bytes
/// into the implementation's requests (`CaseTable(_:suites:base:ordinals:onEveryCore:inputs:)`)
/// instead of encoding every input again.
package struct EncodedInputs: Sendable {
  package private(set) var bytes: [UInt8] = []
  /// Each input's bytes in `bytes`, in the order they were appended.
  package private(set) var ranges: [Range<Int>] = []

  package init() {}

  /// Appends `input`'s canonical JSON; returns where it is.
  @discardableResult
  package mutating func append(_ input: JSONValue) -> Range<Int> {
    let start = bytes.count
    JSONWriter.write(input, into: &bytes)
    ranges.append(start..<bytes.count)
    return start..<bytes.count
  }

  /// Input `index`'s bytes.
  package subscript(index: Int) -> ArraySlice<UInt8> { bytes[ranges[index]] }
}
