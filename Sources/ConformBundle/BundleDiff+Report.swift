import ConformFixtures
import ConformJSON

/// The diff as people read it: plain text for a terminal, Markdown for a release's changelog.
///
/// Each list (added, removed, changed, relabelled cases, and the fields of one case) shows its first
/// `limit` items and then how many more there are; a `limit` of 0 shows everything.
extension BundleDiff {
  public func text(limit: Int = 20) -> String {
    var lines: [String] = []
    lines.append("bundle diff: \(old.label) → \(new.label)")
    lines.append("  - old: \(describe(old))")
    lines.append("  + new: \(describe(new))")
    guard !isEmpty else {
      lines.append("no changes: both hold the same cases, specs and documents")
      return lines.joined(separator: "\n") + "\n"
    }
    lines.append("required version bump: \(bumpSentence)")
    if !notes.isEmpty {
      lines.append("")
      lines.append("outside the suites:")
      for note in notes { lines.append("  \(note.text) [\(note.bump)]") }
    }
    for suite in suites {
      lines.append("")
      lines.append("\(suite.name): \(suite.countSentence)")
      guard !suite.isEmpty else { continue }
      for note in suite.notes { lines.append("  \(note.text) [\(note.bump)]") }
      for (title, sign, cases) in [("added", "+", suite.added), ("removed", "-", suite.removed)] where !cases.isEmpty {
        lines.append("  \(title) (\(cases.count.grouped)\(families(cases))):")
        let (shown, more) = Self.cut(cases, limit)
        for fixture in shown { lines.append("    \(sign) \(fixture.id)") }
        if more > 0 { lines.append("    … \(more.grouped) more (--limit 0 lists them all)") }
      }
      for (title, changes) in [("changed", suite.changed), ("relabelled", suite.relabelled)] where !changes.isEmpty {
        lines.append("  \(title) (\(changes.count.grouped)):")
        let (shown, more) = Self.cut(changes, limit)
        for change in shown {
          lines.append("    ~ \(change.id): \(change.summary)")
          let (fields, moreFields) = Self.cut(change.fields, limit)
          for field in fields {
            if let value = field.old { lines.append("        - \(field.path): \(Self.show(value))") }
            if let value = field.new { lines.append("        + \(field.path): \(Self.show(value))") }
          }
          if moreFields > 0 { lines.append("        … \(moreFields.grouped) more fields") }
        }
        if more > 0 { lines.append("    … \(more.grouped) more (--limit 0 lists them all)") }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  public func markdown(limit: Int = 20) -> String {
    var lines: [String] = []
    lines.append("# Fixture changes: \(title(old)) → \(title(new))")
    lines.append("")
    lines.append("- old: `\(old.label)` (\(describe(old)))")
    lines.append("- new: `\(new.label)` (\(describe(new)))")
    guard !isEmpty else {
      lines.append("")
      lines.append("No changes: both hold the same cases, specs and documents.")
      return lines.joined(separator: "\n") + "\n"
    }
    lines.append("- required version bump: **\(requiredBump.bump)**\(requiredBump.reason.map { " (\(Self.escape($0)))" } ?? "")")
    lines.append("")
    lines.append("| suite | old cases | new cases | added | removed | changed | relabelled |")
    lines.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for suite in suites {
      lines.append(
        "| \(suite.name) | \(suite.oldCount?.grouped ?? "–") | \(suite.newCount?.grouped ?? "–") | \(suite.added.count.grouped) | "
          + "\(suite.removed.count.grouped) | \(suite.changed.count.grouped) | \(suite.relabelled.count.grouped) |")
    }
    if !notes.isEmpty {
      lines.append("")
      lines.append("## Outside the suites")
      lines.append("")
      for note in notes { lines.append("- \(Self.escape(note.text)) (\(note.bump))") }
    }
    for suite in suites where !suite.isEmpty {
      lines.append("")
      lines.append("## \(suite.name)")
      lines.append("")
      lines.append(suite.countSentence.prefix(1).uppercased() + suite.countSentence.dropFirst() + ".")
      if !suite.notes.isEmpty {
        lines.append("")
        for note in suite.notes { lines.append("- \(Self.escape(note.text)) (\(note.bump))") }
      }
      for (title, cases) in [("Added", suite.added), ("Removed", suite.removed)] where !cases.isEmpty {
        lines.append("")
        lines.append("### \(title) (\(cases.count.grouped)\(families(cases)))")
        lines.append("")
        let (shown, more) = Self.cut(cases, limit)
        for fixture in shown { lines.append("- `\(fixture.id)`") }
        if more > 0 { lines.append("- … \(more.grouped) more") }
      }
      for (title, changes) in [("Changed", suite.changed), ("Relabelled", suite.relabelled)] where !changes.isEmpty {
        lines.append("")
        lines.append("### \(title) (\(changes.count.grouped))")
        let (shown, more) = Self.cut(changes, limit)
        for change in shown {
          lines.append("")
          lines.append("`\(change.id)`: \(change.summary)")
          lines.append("")
          lines.append("```diff")
          let (fields, moreFields) = Self.cut(change.fields, limit)
          for field in fields {
            if let value = field.old { lines.append("- \(field.path): \(Self.show(value))") }
            if let value = field.new { lines.append("+ \(field.path): \(Self.show(value))") }
          }
          if moreFields > 0 { lines.append("  … \(moreFields.grouped) more fields") }
          lines.append("```")
        }
        if more > 0 {
          lines.append("")
          lines.append("… \(more.grouped) more.")
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private var bumpSentence: String {
    let (bump, reason) = requiredBump
    return reason.map { "\(bump) (\($0))" } ?? "\(bump)"
  }

  private func describe(_ side: Side) -> String {
    let version = side.bundleVersion.map { "bundle \($0)" } ?? "fixtures folder"
    return "\(version), generator conform \(side.manifest.generatorVersion) \(JSONWriter.string(side.manifest.generatorOptions))"
  }

  private func title(_ side: Side) -> String { side.bundleVersion ?? side.label }

  /// `(timeline/cancel 7,776, timeline/state 1,828)`: the cases per family, largest first.
  private func families(_ cases: [FixtureCase]) -> String {
    var counts: [String: Int] = [:]
    for fixture in cases { counts[fixture.id.split(separator: "/").prefix(2).joined(separator: "/"), default: 0] += 1 }
    guard counts.count > 1 else { return "" }
    let parts = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value.grouped)" }
    return ": " + parts.joined(separator: ", ")
  }

  static func cut<T>(_ items: [T], _ limit: Int) -> (shown: ArraySlice<T>, more: Int) {
    guard limit > 0, items.count > limit else { return (items[...], 0) }
    return (items.prefix(limit), items.count - limit)
  }

  /// A value as canonical JSON, cut to 200 characters.
  static func show(_ value: JSONValue) -> String {
    let text = JSONWriter.string(value)
    return text.count > 200 ? text.prefix(200) + "…" : text
  }

  private static func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if "|*_`<[".contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}

extension BundleDiff.SuiteChanges {
  /// `2,550 → 12,154 cases: 9,604 added` or `337 cases, no changes`.
  var countSentence: String {
    switch (oldCount, newCount) {
    case (nil, let count?): return "new suite, \(Plural.grouped(count, "case"))"
    case (let count?, nil): return "suite removed (had \(Plural.grouped(count, "case")))"
    case (let before?, let after?):
      guard !isEmpty else { return "\(Plural.grouped(after, "case")), no changes" }
      let counts = before == after ? Plural.grouped(after, "case") : "\(before.grouped) → \(Plural.grouped(after, "case"))"
      var parts: [String] = []
      if !added.isEmpty { parts.append("\(added.count.grouped) added") }
      if !removed.isEmpty { parts.append("\(removed.count.grouped) removed") }
      if !changed.isEmpty { parts.append("\(changed.count.grouped) changed") }
      if !relabelled.isEmpty { parts.append("\(relabelled.count.grouped) relabelled") }
      return parts.isEmpty ? counts : "\(counts): \(parts.joined(separator: ", "))"
    case (nil, nil): return "absent"
    }
  }
}
