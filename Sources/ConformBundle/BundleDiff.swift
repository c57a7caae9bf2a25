import ConformFixtures
import ConformJSON

/// What changed between two fixture sets (two bundles, usually), case by case and suite by suite,
/// and the version bump the change needs.
///
/// Cases are matched by id. A case whose input or expected output changed is `changed`; one whose
/// note or tags alone changed is `relabelled`. The bump follows the versioning rule of
/// `VersionBump`; every change that needs a bump carries one, and `requiredBump` is the largest.
public struct BundleDiff: Sendable {
  /// One side of the comparison, as the report names it.
  public struct Side: Sendable {
    /// The path given on the command line.
    public var label: String
    public var bundleVersion: String?
    public var manifest: FixtureManifest
  }

  /// A change outside the cases (versions, generator, specs, documents) and the bump it needs.
  public struct Note: Sendable, Equatable {
    public var text: String
    public var bump: VersionBump
  }

  /// A case present on both sides whose content differs.
  public struct CaseChange: Sendable {
    public var old: FixtureCase
    public var new: FixtureCase
    /// Field by field, under `input`, `expected`, `note` and `tags`.
    public var fields: [FieldChange]

    public var id: String { new.id }
    /// Whether the input or the expected output (or the values its members may take) changed (a
    /// major change), not only labels.
    public var isSubstantive: Bool { old.input != new.input || old.expected != new.expected || old.varies != new.varies }

    /// What changed, in words: "input and expected output", "expected output", "note", "tags".
    public var summary: String {
      var parts: [String] = []
      if old.input != new.input { parts.append("input") }
      if old.expected != new.expected { parts.append("expected output") }
      if old.varies != new.varies { parts.append("allowed values") }
      if old.note != new.note { parts.append("note") }
      if old.tags != new.tags { parts.append("tags") }
      if old.decisions != new.decisions { parts.append("decisions") }
      return parts.joined(separator: ", ")
    }
  }

  /// The changes in one suite.
  public struct SuiteChanges: Sendable {
    public var name: String
    /// Case counts on each side; nil where the suite is absent.
    public var oldCount: Int?
    public var newCount: Int?
    public var added: [FixtureCase] = []
    public var removed: [FixtureCase] = []
    /// Input or expected output changed.
    public var changed: [CaseChange] = []
    /// Only the note or the tags changed.
    public var relabelled: [CaseChange] = []
    /// Changes of the suite's spec or order of cases.
    public var notes: [Note] = []

    public var isEmpty: Bool {
      added.isEmpty && removed.isEmpty && changed.isEmpty && relabelled.isEmpty && notes.isEmpty
        && oldCount != nil && newCount != nil
    }
  }

  public var old: Side
  public var new: Side
  /// Changes outside the suites: protocol, generator, documents.
  public var notes: [Note]
  /// Every suite of either side: the new side's order, then suites only the old side has.
  public var suites: [SuiteChanges]

  /// Whether the two sides hold the same cases, specs and documents (the bundle version aside).
  public var isEmpty: Bool { notes.isEmpty && suites.allSatisfy(\.isEmpty) }

  /// The bump the versioning rule requires, and the first change that requires it.
  public var requiredBump: (bump: VersionBump, reason: String?) {
    var best: (bump: VersionBump, reason: String?) = (.none, nil)
    func consider(_ bump: VersionBump, _ reason: @autoclosure () -> String) {
      if bump > best.bump { best = (bump, reason()) }
    }
    for note in notes { consider(note.bump, note.text) }
    for suite in suites {
      if let first = suite.removed.first {
        consider(
          .major, "\(suite.name): \(Plural.grouped(suite.removed.count, "case")) removed (\(first.id))"
        )
      }
      if let first = suite.changed.first {
        consider(.major, "\(suite.name): \(first.summary) of \(first.id) changed")
      }
      if let first = suite.added.first {
        consider(
          .minor, "\(suite.name): \(Plural.grouped(suite.added.count, "case")) added (\(first.id))")
      }
      if let first = suite.relabelled.first(where: { $0.old.decisions != $0.new.decisions }) {
        consider(.minor, "\(suite.name): \(first.summary) of \(first.id) changed")
      }
      if let first = suite.relabelled.first { consider(.patch, "\(suite.name): \(first.summary) of \(first.id) changed") }
      for note in suite.notes { consider(note.bump, "\(suite.name): \(note.text)") }
    }
    return best
  }

  /// Compares `old` with `new`.
  public init(old: FixtureSet, oldLabel: String, new: FixtureSet, newLabel: String) {
    self.old = Side(label: oldLabel, bundleVersion: old.manifest.bundleVersion, manifest: old.manifest)
    self.new = Side(label: newLabel, bundleVersion: new.manifest.bundleVersion, manifest: new.manifest)
    notes = Self.manifestNotes(old.manifest, new.manifest)
    var names = new.manifest.suites.map(\.name)
    for suite in old.manifest.suites where !names.contains(suite.name) { names.append(suite.name) }
    let oldCases = Dictionary(grouping: old.cases, by: \.suite)
    let newCases = Dictionary(grouping: new.cases, by: \.suite)
    suites = names.map { name in
      Self.compare(
        suite: name, old.manifest.suites.first { $0.name == name }, oldCases[name] ?? [],
        new.manifest.suites.first { $0.name == name }, newCases[name] ?? [], oldFiles: old.manifest.files,
        newFiles: new.manifest.files)
    }
  }

  private static func manifestNotes(_ old: FixtureManifest, _ new: FixtureManifest) -> [Note] {
    var notes: [Note] = []
    if old.protocolVersion != new.protocolVersion {
      notes.append(Note(text: "protocol \(old.protocolVersion) → \(new.protocolVersion)", bump: .major))
    }
    if old.format != new.format {
      notes.append(Note(text: "manifest format \(old.format) → \(new.format)", bump: .major))
    }
    if old.generatorVersion != new.generatorVersion {
      notes.append(Note(text: "generator conform \(old.generatorVersion) → \(new.generatorVersion)", bump: .patch))
    }
    if old.generatorOptions != new.generatorOptions {
      notes.append(
        Note(
          text: "generator options \(JSONWriter.string(old.generatorOptions)) → \(JSONWriter.string(new.generatorOptions))",
          bump: .patch))
    }
    // Documents: every listed file that is not a suite's table or spec.
    let suiteFiles = Set((old.suites + new.suites).flatMap { [$0.fixtures, $0.spec] })
    let oldDocuments = Dictionary(old.files.filter { !suiteFiles.contains($0.path) }.map { ($0.path, $0.sha256) }) { a, _ in a }
    let newDocuments = Dictionary(new.files.filter { !suiteFiles.contains($0.path) }.map { ($0.path, $0.sha256) }) { a, _ in a }
    for path in Set(oldDocuments.keys).union(newDocuments.keys).sorted() {
      switch (oldDocuments[path], newDocuments[path]) {
      case (nil, _?): notes.append(Note(text: "\(path) added", bump: .patch))
      case (_?, nil): notes.append(Note(text: "\(path) removed", bump: .patch))
      case (let a?, let b?) where a != b: notes.append(Note(text: "\(path) changed", bump: .patch))
      default: break
      }
    }
    return notes
  }

  private static func compare(
    suite name: String, _ oldEntry: FixtureManifest.SuiteEntry?, _ oldCases: [FixtureCase],
    _ newEntry: FixtureManifest.SuiteEntry?, _ newCases: [FixtureCase], oldFiles: [FixtureManifest.File],
    newFiles: [FixtureManifest.File]
  ) -> SuiteChanges {
    var changes = SuiteChanges(
      name: name, oldCount: oldEntry.map { _ in oldCases.count }, newCount: newEntry.map { _ in newCases.count })
    let oldByID = Dictionary(oldCases.map { ($0.id, $0) }) { a, _ in a }
    let newIDs = Set(newCases.map(\.id))
    changes.removed = oldCases.filter { !newIDs.contains($0.id) }
    for fixture in newCases {
      guard let before = oldByID[fixture.id] else {
        changes.added.append(fixture)
        continue
      }
      guard before != fixture else { continue }
      var fields = FieldChange.between(before.input, fixture.input, path: "input")
      fields += FieldChange.between(before.expected, fixture.expected, path: "expected")
      if before.varies != fixture.varies {
        fields.append(FieldChange(path: "varies", old: before.varies.json, new: fixture.varies.json))
      }
      if before.note != fixture.note {
        fields.append(FieldChange(path: "note", old: .string(before.note), new: .string(fixture.note)))
      }
      if before.tags != fixture.tags {
        fields.append(
          FieldChange(
            path: "tags", old: .array(before.tags.map(JSONValue.string)), new: .array(fixture.tags.map(JSONValue.string))))
      }
      if before.decisions != fixture.decisions {
        fields.append(
          FieldChange(
            path: "decisions", old: .array(before.decisions.map(JSONValue.string)),
            new: .array(fixture.decisions.map(JSONValue.string))))
      }
      let change = CaseChange(old: before, new: fixture, fields: fields)
      if change.isSubstantive { changes.changed.append(change) } else { changes.relabelled.append(change) }
    }
    if let oldEntry, let newEntry {
      if oldEntry.specVersion != newEntry.specVersion {
        let bump: VersionBump =
          if let a = SemanticVersion(oldEntry.specVersion), let b = SemanticVersion(newEntry.specVersion) {
            max(.patch, a.step(to: b))
          } else { .major }
        changes.notes.append(Note(text: "spec version \(oldEntry.specVersion) → \(newEntry.specVersion)", bump: bump))
      } else if oldFiles.first(where: { $0.path == oldEntry.spec })?.sha256
        != newFiles.first(where: { $0.path == newEntry.spec })?.sha256
      {
        changes.notes.append(Note(text: "spec text \(newEntry.spec) changed", bump: .patch))
      }
      let common = newCases.lazy.map(\.id).filter { oldByID[$0] != nil }
      let oldOrder = oldCases.lazy.map(\.id).filter { newIDs.contains($0) }
      if !common.elementsEqual(oldOrder) { changes.notes.append(Note(text: "order of the cases changed", bump: .patch)) }
    } else if newEntry == nil {
      changes.notes.append(Note(text: "suite removed", bump: .major))
    } else {
      changes.notes.append(Note(text: "suite added", bump: .minor))
    }
    return changes
  }
}
