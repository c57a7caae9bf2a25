import ConformAdapter
import ConformJSON
import Foundation

extension Adapter {
  /// Suite `draw-freshness`: one refresh of the lotto screen and widget.
  mutating func registerDrawFreshness(_ refresher: any DrawRefreshing.Type) {
    register("draw-freshness") { input in
      let now = try input.int("now")
      let retry = try input.int("retryAfterSeconds")
      guard (0...253_402_300_799).contains(now) else { throw JSONShapeError(path: "input.now", message: "\(now) is outside the domain") }
      guard (1...86_400).contains(retry) else {
        throw JSONShapeError(path: "input.retryAfterSeconds", message: "\(retry) is outside 1...86400")
      }
      let fields = try input.fields()
      let result = refresher.refresh(
        cached: try LottoDraw(fields, "cached"), fetched: try LottoDraw(fields, "fetched"),
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

extension LottoDraw {
  /// The draw at `key`, nil for `null`.
  init?(_ parent: JSONFields, _ key: String) throws(JSONShapeError) {
    guard try parent.value(key) != .null else { return nil }
    let draw = try parent.fields(key)
    let round = try draw.int("round")
    guard (1...Int64(Int32.max)).contains(round) else { throw JSONShapeError(path: draw.pathOf("round"), message: "\(round) is outside 1...2147483647") }
    self.round = Int(round)
    numbers = []
    for (index, value) in try draw.array("numbers").enumerated() {
      guard let number = value.intValue, (0...Int64(Int32.max)).contains(number) else {
        throw JSONShapeError(path: draw.pathOf("numbers") + "[\(index)]", message: "expected an integer from 0 to 2147483647")
      }
      numbers.append(Int(number))
    }
    let bonus = try draw.optionalInt("bonus")
    if let bonus, !(0...Int64(Int32.max)).contains(bonus) {
      throw JSONShapeError(path: draw.pathOf("bonus"), message: "\(bonus) is outside 0...2147483647")
    }
    self.bonus = bonus.map(Int.init)
    stores = []
    for (index, value) in try draw.array("stores").enumerated() {
      guard let name = value.stringValue else { throw JSONShapeError(path: draw.pathOf("stores") + "[\(index)]", message: "expected a string") }
      stores.append(name)
    }
  }
}
