import ConformFixtures
import ConformJSON

/// The restarts a run took, by reason: "4 (3 crashes, 1 hang)". The results footer keeps them as
/// `"restartReasons":{"crash":3,"hang":1}`.
public struct RestartTally: Equatable, Sendable {
  public enum Reason: Int, CaseIterable, Sendable {
    case crash, hang, protocolError, failedStart

    var noun: String {
      switch self {
      case .crash: "crash"
      case .hang: "hang"
      case .protocolError: "protocol error"
      case .failedStart: "failed start"
      }
    }

    /// Its key in the footer's `restartReasons`.
    var key: String {
      switch self {
      case .crash: "crash"
      case .hang: "hang"
      case .protocolError: "protocol-error"
      case .failedStart: "failed-start"
      }
    }
  }

  private(set) var counts = [Int](repeating: 0, count: Reason.allCases.count)

  public init() {}

  package var total: Int { counts.reduce(0, +) }

  package mutating func count(_ reason: Reason) { counts[reason.rawValue] += 1 }

  package static func + (a: Self, b: Self) -> Self {
    var sum = a
    for index in sum.counts.indices { sum.counts[index] += b.counts[index] }
    return sum
  }

  /// The reasons, in `Reason` order: "3 crashes, 1 hang"; empty when there were none.
  package var reasons: String {
    Reason.allCases.filter { counts[$0.rawValue] > 0 }
      .map { Plural.count(counts[$0.rawValue], $0.noun, $0 == .crash ? "crashes" : nil) }
      .joined(separator: ", ")
  }
}

extension RestartTally {
  /// The reasons that occurred, by key: `{"crash":3,"hang":1}`.
  package var json: JSONValue {
    .object(
      JSONObject(
        uniqueKeysWithValues: Reason.allCases.filter { counts[$0.rawValue] > 0 }.map {
          ($0.key, .int(Int64(counts[$0.rawValue])))
        }))
  }

  init(fields: JSONFields) throws(JSONShapeError) {
    self.init()
    for key in fields.object.keys {
      guard let reason = Reason.allCases.first(where: { $0.key.utf8.elementsEqual(key.utf8) }) else {
        let keys = Reason.allCases.map(\.key).joined(separator: ", ")
        throw JSONShapeError(path: fields.pathOf(key), message: "unknown restart reason (\(keys))")
      }
      counts[reason.rawValue] = Int(try fields.int(key, in: 1...Int64(Int32.max)))
    }
  }
}
