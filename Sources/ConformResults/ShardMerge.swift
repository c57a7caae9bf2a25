import ConformFixtures
import ConformJSON

/// The results files given to `conform report` or `conform diff`, read as runs: a file without a
/// shard is a run of its own; the N files of a run split with `--shard K/N` (on a CI job matrix)
/// are put back together into one, as if one machine had run every case.
///
/// Shard files are grouped by implementation (its command, name, version and language). A group
/// merges only when it is whole: the same fixtures digest, conform version and options (the
/// shard aside) in every file, every shard 1 to N exactly once, each finished (it has a footer
/// and was not interrupted). Anything else is an error naming the file or the shard: a merge
/// never gives a smaller report than the run.
public enum ShardMerge {
  /// The runs the files hold, in the order of each run's first file.
  public static func runs(_ files: [ResultsFile]) throws(ConformError) -> [ResultsFile] {
    var runs: [ResultsFile] = []
    var groups: [(key: ResultHeader.Implementation, files: [(shard: Shard, file: ResultsFile)], slot: Int)] = []
    for file in files {
      guard let shard = Shard(json: file.header.options["shard"]) else {
        runs.append(file)
        continue
      }
      if let group = groups.firstIndex(where: { $0.key == file.header.implementation }) {
        groups[group].files.append((shard, file))
      } else {
        groups.append((file.header.implementation, [(shard, file)], runs.count))
        runs.append(file)
      }
    }
    for group in groups { runs[group.slot] = try merge(group.files) }
    return runs
  }

  /// The shards of one run as one results file: its header with the shard taken out of the
  /// options and every shard's cases counted, every shard's records in shard order, one footer.
  static func merge(_ shards: [(shard: Shard, file: ResultsFile)]) throws(ConformError) -> ResultsFile {
    let first = shards[0]
    let name = first.file.header.implementation.displayName
    let count = first.shard.count
    var byIndex: [Int: ResultsFile] = [:]
    for (shard, file) in shards {
      let label = "shard \(shard.label) (\(file.path))"
      if let mismatch = mismatch(file.header, first.file.header) {
        throw .file(
          path: file.path,
          message: "shard \(shard.label) is not a shard of the same run as \(first.file.path) (shard \(first.shard.label)): "
            + "\(mismatch); give the N results files of one run")
      }
      guard shard.count == count else {
        throw .file(
          path: file.path,
          message: "shard \(shard.label) is one of \(shard.count), but \(first.file.path) is shard \(first.shard.label): "
            + "give the N results files of one run")
      }
      if let earlier = byIndex[shard.index] {
        throw .usage(
          "shard \(shard.label) of \(name)'s run is given twice (\(earlier.path) and \(file.path)): "
            + "give each shard's results once")
      }
      guard let footer = file.footer else {
        throw .file(
          path: file.path, message: "\(label) did not finish (no footer: it was killed or crashed): run the shard again")
      }
      if let interrupted = footer.interrupted {
        throw .file(path: file.path, message: "\(label) was interrupted (\(interrupted)): run the shard again")
      }
      byIndex[shard.index] = file
    }
    let missing = (1...count).filter { byIndex[$0] == nil }
    guard missing.isEmpty else {
      let given = byIndex.keys.sorted().map { "\($0)/\(count) \(byIndex[$0]!.path)" }.joined(separator: ", ")
      throw .usage(
        "\(Plural.noun(missing.count, "shard")) \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) of \(name)'s run "
          + "\(Plural.noun(missing.count, "is", "are")) missing (given: \(given)): give all \(count) results files of the run")
    }
    let files = (1...count).map { byIndex[$0]! }
    var header = files[0].header
    header.options = withoutShard(header.options)
    header.fixtures.cases = files.reduce(0) { $0 + $1.header.fixtures.cases }
    // Each shard's header counts the decisions of the suites it ran (the manifest's counts): a
    // shard given few costly cases may run none of a suite's, so the whole run's are the union.
    for file in files.dropFirst() {
      header.fixtures.decisions.merge(file.header.fixtures.decisions) { first, _ in first }
    }
    header.startedAt = files.map(\.header.startedAt).min()!
    var totals: [CaseStatus: Int64] = [:]
    for file in files {
      for (status, count) in file.footer!.totals { totals[status, default: 0] += count }
    }
    let footer = ResultFooter(
      endedAt: files.map { $0.footer!.endedAt }.max()!, milliseconds: files.map { $0.footer!.milliseconds }.max()!,
      interrupted: nil, restarts: files.reduce(0) { $0 + $1.footer!.restarts },
      restartReasons: files.reduce(RestartTally()) { $0 + $1.footer!.restartReasons }, totals: totals)
    var merged = ResultsFile(
      path: files[0].path, header: header, results: files.flatMap(\.results), footer: footer,
      warnings: files.flatMap { file in file.warnings.map { "\(file.path): \($0)" } })
    for file in files {
      for result in file.results where result.status != .pass { merged.shardPaths[result.id] = file.path }
    }
    return merged
  }

  /// What differs between two shards' headers that must not (the start time and the shard's
  /// own case count aside), or nil.
  private static func mismatch(_ a: ResultHeader, _ b: ResultHeader) -> String? {
    if a.fixtures.manifestDigest != b.fixtures.manifestDigest || a.fixtures.bundleDigest != b.fixtures.bundleDigest {
      return "its fixtures digest is \(a.fixtures.bundleDigest ?? a.fixtures.manifestDigest), "
        + "not \(b.fixtures.bundleDigest ?? b.fixtures.manifestDigest)"
    }
    if a.conformVersion != b.conformVersion || a.protocolVersion != b.protocolVersion {
      return "it was run by conform \(a.conformVersion), not \(b.conformVersion)"
    }
    let (optionsA, optionsB) = (withoutShard(a.options), withoutShard(b.options))
    if optionsA != optionsB {
      let keys = Set((optionsA.objectValue?.keys ?? []) + (optionsB.objectValue?.keys ?? []))
      let differing = keys.filter { optionsA[$0] != optionsB[$0] }.sorted()
      return "its options differ (\(differing.joined(separator: ", ")))"
    }
    if a.knownFailures != b.knownFailures { return "its known-failures list differs" }
    return nil
  }

  /// The options as a run on one machine records them: `shard` null.
  private static func withoutShard(_ options: JSONValue) -> JSONValue {
    guard case .object(var object) = options else { return options }
    object["shard"] = .null
    return .object(object)
  }
}
