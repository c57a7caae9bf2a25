import ConformJSON

/// The run's cases, with every byte the hot path needs encoded once into one arena: each
/// request's prefix and suffix (around its `seq`), its id, its expected output in canonical
/// JSON, and the middle of its `pass` record.
///
/// One contiguous buffer read through a pointer costs no reference counting per case, which is
/// most of what a harness would otherwise spend at hundreds of thousands of cases a second.
final class CaseTable: Sendable {
  struct Slices: Sendable {
    var requestPrefix: Range<Int>
    var requestSuffix: Range<Int>
    var id: Range<Int>
    var expected: Range<Int>
    /// `,"id":…,"status":"pass","suite":…,"type":"case","us":`
    var passRecord: Range<Int>
  }

  let fixtures: [FixtureCase]
  let arena: [UInt8]
  let slices: [Slices]
  /// The suites of the run, and each case's index into them.
  let suites: [String]
  let suiteOfCase: [Int32]
  /// The run's position of the first case (a generated run makes one table per batch): with a
  /// case's index, orders the outcomes a summary keeps.
  let base: Int

  /// - Parameters:
  ///   - suites: the run's suites, every case's among them; nil: those of `fixtures`, in
  ///     first-seen order.
  ///   - base: the position in the run of the first case.
  init(_ fixtures: [FixtureCase], suites runSuites: [String]? = nil, base: Int = 0) {
    var arena: [UInt8] = []
    var slices: [Slices] = []
    slices.reserveCapacity(fixtures.count)
    func append(_ body: (inout [UInt8]) -> Void) -> Range<Int> {
      let start = arena.count
      body(&arena)
      return start..<arena.count
    }
    for fixture in fixtures {
      let request = CaseRequest(id: fixture.id, suite: fixture.suite, input: fixture.input)
      slices.append(
        Slices(
          requestPrefix: append { $0.append(contentsOf: request.prefix) },
          requestSuffix: append { $0.append(contentsOf: request.suffix) },
          id: append { $0.append(contentsOf: fixture.id.utf8) },
          expected: append { JSONWriter.write(fixture.expected, into: &$0) },
          passRecord: append { bytes in
            bytes.append(contentsOf: #","id":"#.utf8)
            JSONWriter.writeString(fixture.id, into: &bytes)
            bytes.append(contentsOf: #","status":"pass","suite":"#.utf8)
            JSONWriter.writeString(fixture.suite, into: &bytes)
            bytes.append(contentsOf: #","type":"case","us":"#.utf8)
          }))
    }
    var suites = runSuites ?? []
    var suiteOfCase: [Int32] = []
    suiteOfCase.reserveCapacity(fixtures.count)
    var last: (name: String, index: Int32)?
    for fixture in fixtures {
      if let last, last.name == fixture.suite {
        suiteOfCase.append(last.index)
        continue
      }
      if !suites.contains(fixture.suite) {
        precondition(runSuites == nil, "case \(fixture.id) of suite \(fixture.suite), not one of the run's")
        suites.append(fixture.suite)
      }
      let index = Int32(suites.firstIndex(of: fixture.suite)!)
      last = (fixture.suite, index)
      suiteOfCase.append(index)
    }
    self.base = base
    self.fixtures = fixtures
    self.arena = arena
    self.slices = slices
    self.suites = suites
    self.suiteOfCase = suiteOfCase
  }

  var count: Int { fixtures.count }

  /// Appends the request line of case `index` with `seq`.
  static func writeRequest(
    _ slices: Slices, seq: Int64, arena: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]
  ) {
    output.append(contentsOf: UnsafeBufferPointer(rebasing: arena[slices.requestPrefix]))
    JSONWriter.writeInteger(seq, into: &output)
    output.append(contentsOf: UnsafeBufferPointer(rebasing: arena[slices.requestSuffix]))
  }

  /// Appends a `pass` record line: the same bytes as `ResultRecord.result(...).json` plus a newline.
  static func writePassRecord(
    _ slices: Slices, attempt: Int64, microseconds: Int64, arena: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]
  ) {
    output.append(contentsOf: #"{"attempt":"#.utf8)
    JSONWriter.writeInteger(attempt, into: &output)
    output.append(contentsOf: UnsafeBufferPointer(rebasing: arena[slices.passRecord]))
    JSONWriter.writeInteger(microseconds, into: &output)
    output.append(contentsOf: "}\n".utf8)
  }
}
