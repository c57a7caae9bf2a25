import ConformAdapter
import ConformJSON

extension Adapter {
  /// Suite `version-compare`: `{"newer": Bool}` for one call of the app's version check.
  mutating func registerVersionCompare(_ versions: any VersionComparing.Type) {
    register("version-compare") { input in
      let newer = versions.isNewerVersion(try input.string("remote"), than: try input.string("local"))
      return ["newer": .bool(newer)]
    }
  }
}
