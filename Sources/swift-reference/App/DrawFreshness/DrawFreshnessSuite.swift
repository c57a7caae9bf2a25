import ConformAdapter
import ConformJSON
import Foundation

extension Adapter {
  /// Suite `draw-freshness`: one refresh of the lotto screen and widget.
  mutating func registerDrawFreshness(_ refresher: any DrawRefreshing.Type) {
    register("draw-freshness") { input in
      // Outside the domain the answer is a reason code (spec 1.1.0, D17): the first field outside,
      // in the spec's order.
      let now = try input.int("now")
      guard (0...253_402_300_799).contains(now) else { return ["error": "now-out-of-range"] }
      let retry = try input.int("retryAfterSeconds")
      guard (1...86_400).contains(retry) else { return ["error": "retry-out-of-range"] }
      let fields = try input.fields()
      let cached: LottoDraw?
      let fetched: LottoDraw?
      do {
        cached = try LottoDraw(fields, "cached")
        fetched = try LottoDraw(fields, "fetched")
      } catch let outside as DrawOutsideDomain {
        return ["error": .string(outside.reason)]
      }
      let result = refresher.refresh(
        cached: cached, fetched: fetched,
        now: Date(timeIntervalSince1970: TimeInterval(now)), retryAfter: TimeInterval(retry))
      return [
        "cache": result.storesFetched ? "fetched" : "unchanged",
        "headerRound": JSONValue(result.headerRound.map(Int64.init)),
        "latestRound": .int(Int64(result.latestRound)),
        "listRound": JSONValue(result.listRound.map(Int64.init)),
        "refreshAt": .int(Int64(result.refreshAt.timeIntervalSince1970)),
        "retry": .bool(result.retry),
      ]
    }
  }
}

/// A draw's value outside the spec's domain, with the reason code the answer carries.
struct DrawOutsideDomain: Error {
  var reason: String
}

extension LottoDraw {
  /// The draw at `key`, nil for `null`.
  ///
  /// - Throws: `DrawOutsideDomain` for a round, a number or a list outside the domain;
  ///   `JSONShapeError` for a field missing or of the wrong type.
  init?(_ parent: JSONFields, _ key: String) throws {
    guard try parent.value(key) != .null else { return nil }
    let draw = try parent.fields(key)
    let round = try draw.int("round")
    guard (1...Int64(Int32.max)).contains(round) else { throw DrawOutsideDomain(reason: "round-out-of-range") }
    self.round = Int(round)
    let values = try draw.array("numbers")
    guard values.count <= 1000 else { throw DrawOutsideDomain(reason: "too-many-entries") }
    numbers = []
    for (index, value) in values.enumerated() {
      guard let number = value.intValue else {
        throw JSONShapeError(path: draw.pathOf("numbers") + "[\(index)]", message: "expected an integer")
      }
      guard (0...Int64(Int32.max)).contains(number) else { throw DrawOutsideDomain(reason: "number-out-of-range") }
      numbers.append(Int(number))
    }
    let bonus = try draw.optionalInt("bonus")
    if let bonus, !(0...Int64(Int32.max)).contains(bonus) { throw DrawOutsideDomain(reason: "number-out-of-range") }
    self.bonus = bonus.map(Int.init)
    let storeValues = try draw.array("stores")
    guard storeValues.count <= 1000 else { throw DrawOutsideDomain(reason: "too-many-entries") }
    stores = []
    for (index, value) in storeValues.enumerated() {
      guard let name = value.stringValue else {
        throw JSONShapeError(path: draw.pathOf("stores") + "[\(index)]", message: "expected a string")
      }
      stores.append(name)
    }
  }
}
