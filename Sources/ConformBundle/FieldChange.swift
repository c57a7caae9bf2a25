import ConformJSON

/// One difference between two JSON values, at a path such as `expected.effects[1].at`.
///
/// Not `JSONDiff`, on purpose: that one makes lines for a person (arrays aligned by a common
/// subsequence, unchanged runs collapsed, long values cut), while `bundle diff` needs the changes
/// as values (each path with its old and new JSON, whole) to count them, render them in Markdown
/// and JSON, and compare two bundles' cases field by field; arrays by index, since a fixture's
/// input or output at a position is what changed.
public struct FieldChange: Sendable, Equatable {
  public var path: String
  /// The old value; nil when the field was added.
  public var old: JSONValue?
  /// The new value; nil when the field was removed.
  public var new: JSONValue?
}

extension FieldChange {
  /// The differences between two JSON values, field by field: objects by key, arrays by index,
  /// anything else replaced as a whole. Equal values give no changes.
  static func between(_ old: JSONValue, _ new: JSONValue, path: String) -> [FieldChange] {
    var changes: [FieldChange] = []
    collect(old, new, path: path, into: &changes)
    return changes
  }

  private static func collect(_ old: JSONValue, _ new: JSONValue, path: String, into changes: inout [FieldChange]) {
    guard old != new else { return }
    switch (old, new) {
    case (.object(let a), .object(let b)):
      for key in Set(a.keys).union(b.keys).sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
        let child = path.isEmpty ? key : "\(path).\(key)"
        switch (a[key], b[key]) {
        case (let x?, let y?): collect(x, y, path: child, into: &changes)
        case (let x?, nil): changes.append(FieldChange(path: child, old: x, new: nil))
        case (nil, let y?): changes.append(FieldChange(path: child, old: nil, new: y))
        case (nil, nil): break
        }
      }
    case (.array(let a), .array(let b)):
      for index in 0..<max(a.count, b.count) {
        let child = "\(path)[\(index)]"
        let x: JSONValue? = index < a.count ? a[index] : JSONValue?.none
        let y: JSONValue? = index < b.count ? b[index] : JSONValue?.none
        switch (x, y) {
        case (let x?, let y?): collect(x, y, path: child, into: &changes)
        case (let x?, nil): changes.append(FieldChange(path: child, old: x, new: nil))
        case (nil, let y?): changes.append(FieldChange(path: child, old: nil, new: y))
        case (nil, nil): break
        }
      }
    default:
      changes.append(FieldChange(path: path, old: old, new: new))
    }
  }
}
