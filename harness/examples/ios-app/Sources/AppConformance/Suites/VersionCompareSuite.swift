import AppLogic
import ConformAdapter
import ConformJSON

/// Suite `version-compare`: `{"newer": Bool}` for one call of `StoreVersionCheck.isNewer`.
enum VersionCompareSuite {
  static func answer(_ input: CaseInput) throws -> JSONValue {
    let newer = StoreVersionCheck.isNewer(try input.string("remote"), than: try input.string("local"))
    return ["newer": .bool(newer)]
  }
}
