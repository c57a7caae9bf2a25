import ConformFixtures
import ConformJSON

/// A results file read back: what `conform report` and `conform diff` work from.
public struct ResultsFile: Sendable {
  public var path: String
  public var header: ResultHeader
  /// Every attempt, in the order they arrived.
  public var results: [CaseResult]
  /// nil when the run did not finish writing (it crashed or was killed hard).
  public var footer: ResultFooter?
  /// Things that were tolerated, for the report to mention (a last line cut short).
  public var warnings: [String]
  /// Shards merged into one (`ShardMerge`): the shard's results file that holds each case that
  /// did not pass, which `--rerun-failed` reads to run it again. Empty for one file.
  public var shardPaths: [String: String] = [:]

  package init(
    path: String, header: ResultHeader, results: [CaseResult], footer: ResultFooter?, warnings: [String],
    shardPaths: [String: String] = [:]
  ) {
    self.path = path
    self.header = header
    self.results = results
    self.footer = footer
    self.warnings = warnings
    self.shardPaths = shardPaths
  }

  /// Reads and checks a results file; a malformed line is an error naming it, except a last
  /// line cut short by an interrupted run, which is dropped with a warning.
  public static func read(_ path: String) throws(ConformError) -> ResultsFile {
    let bytes = try FileIO.read(path)
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      lines.append(bytes[start..<end])
      start = end + 1
    }
    let endsWithNewline = bytes.last == 0x0A
    var warnings: [String] = []
    var records: [ResultRecord] = []
    for (index, line) in lines.enumerated() {
      do {
        records.append(try ResultRecord(json: try JSONReader.parse(line)))
      } catch {
        if index == lines.count - 1, !endsWithNewline {
          warnings.append("line \(index + 1) was cut short (the run was interrupted) and is ignored")
          continue
        }
        switch error {
        case let error as JSONSyntaxError: throw .syntax(path, error, line: index + 1)
        default: throw .file(path: path, line: index + 1, message: "\(error)")
        }
      }
    }
    guard case .header(let header)? = records.first else {
      throw .file(path: path, line: 1, message: "a results file starts with a header record (is this a conform results file?)")
    }
    var results: [CaseResult] = []
    var footer: ResultFooter?
    // Where each attempt's record is: a later record of the same attempt replaces it (the harness
    // writes one when a later answer shows the first cannot be trusted, such as a seq answered twice).
    var position: [String: Int] = [:]
    for (index, record) in records.enumerated().dropFirst() {
      switch record {
      case .header: throw .file(path: path, line: index + 1, message: "a second header: two runs were written into one file")
      case .result(let result):
        guard footer == nil else { throw .file(path: path, line: index + 1, message: "a case after the footer") }
        let key = "\(result.attempt) \(result.id)"
        if let earlier = position[key] {
          results[earlier] = result
        } else {
          position[key] = results.count
          results.append(result)
        }
      case .footer(let last): footer = last
      }
    }
    if footer == nil { warnings.append("no footer: the run did not finish (it was killed or crashed, or its disk was full)") }
    return ResultsFile(path: path, header: header, results: results, footer: footer, warnings: warnings)
  }
}
