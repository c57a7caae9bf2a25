import ConformJSON

/// The canonical bytes of a JSON value in which one array's elements vary, each element one of
/// a few (a step sequence's input, `{"config":…,"start":…,"steps":[…]}`, its steps from an
/// alphabet): what comes before the elements, what comes after them, and each element's bytes,
/// all written once by `JSONWriter`. A value's bytes are then copies, with no `JSONValue` built:
/// a generator writes millions of them.
///
/// Where the elements go is found, not assumed: the value is written around an empty array and
/// around an array of one element, and the bytes the two share at their start and at their end
/// are the head and the tail.
public struct ElementsTemplate: Sendable {
  /// The value's bytes up to its array's first element.
  public let head: [UInt8]
  /// The value's bytes after its array's last element.
  public let tail: [UInt8]
  /// Each element's canonical bytes.
  public let elements: [[UInt8]]
  /// What separates two elements of a JSON array.
  private static let separator = UInt8(ascii: ",")

  /// - Parameters:
  ///   - value: the whole value with its array holding the elements given.
  ///   - elements: the elements a value's array is made of.
  public init(_ value: ([JSONValue]) -> JSONValue, elements: [JSONValue]) {
    let empty = JSONWriter.bytes(value([]))
    let one = JSONWriter.bytes(value([.null]))
    let shared = zip(empty, one).prefix { $0 == $1 }.count
    let sharedEnd = zip(empty.reversed(), one.reversed()).prefix { $0 == $1 }.count
    precondition(shared + sharedEnd == empty.count, "the array's place is one place in the value")
    head = Array(empty[..<shared])
    tail = Array(empty[shared...])
    self.elements = elements.map(JSONWriter.bytes)
  }

  /// Appends the bytes of the value whose array holds the elements at `indices`, in order: the
  /// same as `JSONWriter`'s of that value. Returns the range written.
  @discardableResult
  public func write(_ indices: [Int], into output: inout [UInt8]) -> Range<Int> {
    output.written { output in
      output.append(contentsOf: head)
      for (position, index) in indices.enumerated() {
        if position > 0 { output.append(Self.separator) }
        output.append(contentsOf: elements[index])
      }
      output.append(contentsOf: tail)
    }
  }
}
