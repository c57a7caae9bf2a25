import ConformFixtures
import ConformJSON
import ConformPlatform
import ConformProtocol
import ConformResults
import Foundation

/// The results file, written as results arrive: a header, one record per attempt, a footer.
///
/// Records are buffered in memory and written by a flusher thread at least every 100 ms, sooner
/// when `flushSoon` bytes are waiting, and at the end: a run killed hard loses at most the last
/// 100 ms, and the harness never waits on the disk per record. The buffer is bounded whatever the
/// answers: past `pendingLimit` (huge answers arriving fast) the thread that adds records writes
/// them itself. The header may come later than the first records (the built-in tables' digest
/// while they are sent as they are made): nothing is written before it. Every result is also
/// counted in the run's `RunTally`, which keeps only the outcomes a report lists, so memory does
/// not grow with the number of cases.
///
/// One lock, `buffer`: the records, the tally, and who has the file (`Buffer.writing`). A thread
/// that writes takes the file under the lock, then writes without it, so workers add records
/// while the flusher writes the last ones to the disk; the flusher and a thread over
/// `pendingLimit` take the file in turn, and take the records in order. Unchecked because the
/// file's own state (`spare`, `headerWritten`, `writeError`, `written`) is touched only by the
/// thread that has the file, which the lock hands on. No worker holds a lock of its own while it
/// calls the writer, and nothing outside the writer is called under the lock: the
/// `--stop-after` stop, which wakes every worker, is called once it is released.
final class ResultsWriter: @unchecked Sendable {
  let path: String
  private let descriptor: Int32
  /// The records waiting for the file, the tally, and who has the file; the flusher, `finish`
  /// and a thread waiting for the file wait on its conditions.
  private let buffer: Monitor<Buffer>
  /// The flusher's buffer, swapped with `pending` so neither is reallocated at every flush.
  /// Only the thread that has the file touches it.
  private var spare: [UInt8] = []
  private let header: Deferred<ResultHeader>
  /// Only the thread that has the file touches this.
  private var headerWritten = false
  /// The first write's failure; nothing is written after it. Only `writeAll` sets it, with the file.
  private var writeError: String?
  /// How many bytes of the file end at a whole record; a failed write is cut back to it.
  private var written: Int64 = 0
  /// Attempts the run will make, for progress.
  let expected: Int
  private let progress: ProgressBar

  /// How often buffered records reach the file, in milliseconds.
  static let flushInterval = 100
  /// The most bytes of records buffered before the thread adding them writes them (4 MiB): the
  /// buffer then holds at most this plus one record.
  static let pendingLimit = 4 << 20
  /// The bytes of records that wake the flusher at once (512 KiB): a fast implementation's
  /// records (tens of megabytes a second) then fit the buffers' first capacity, so the
  /// buffers do not grow with the implementation's speed.
  static let flushSoon = 512 << 10

  /// `--stop-after`: the number of failed attempts, and what stops the run when it is reached.
  private let stopAfter: (limit: Int, stop: @Sendable () -> Void)?

  /// What `buffer` guards.
  private struct Buffer {
    var pending: [UInt8] = []
    var tally: RunTally
    /// `finish` began: the flusher ends.
    var closed = false
    /// A wake-up is waiting for the flusher (it was asked to flush before its interval is up).
    var wakeSent = false
    /// The flusher has ended.
    var flusherDone = false
    /// `--stop-after` was reached (the stop is called once).
    var stopped = false
    /// A thread has the file (`flush`): it writes, others wait for it.
    var writing = false
  }

  /// The conditions of `buffer`: the flusher waits on the first, `finish` on the second, a
  /// thread that wants the file on the third.
  private static let flusherWake = 0
  private static let flusherEnded = 1
  private static let fileFree = 2

  /// Creates (or replaces) the file at `path`, creating its folder, and writes the header.
  init(
    path: String, header: Deferred<ResultHeader>, expected: Int, tally: RunTally, progress: ProgressOutput = .none,
    stopAfter: (limit: Int, stop: @Sendable () -> Void)? = nil
  ) throws(ConformError) {
    self.stopAfter = stopAfter
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty {
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw .file(path: folder, message: "cannot create the results folder: \(error.localizedDescription)")
      }
    }
    let descriptor: Int32
    do {
      descriptor = try SystemIO.createForWriting(path)
    } catch {
      throw .file(path: path, message: "cannot write the results file: \(error.reason)")
    }
    self.path = path
    self.descriptor = descriptor
    self.expected = expected
    var buffer = Buffer(tally: tally)
    buffer.pending.reserveCapacity(1 << 20)
    self.buffer = Monitor(buffer, conditions: 3)
    self.header = header
    self.progress = ProgressBar(output: progress)
    spare.reserveCapacity(1 << 20)
    let thread = Thread { [self] in flushLoop() }
    thread.name = "conform results"
    thread.start()
  }

  /// Adds records the caller already encoded, with one lock for the batch.
  func append(_ batch: ResultBatch) {
    guard !batch.isEmpty else { return }
    let limit = stopAfter?.limit
    // Decided under the lock, done after it: stopping the run wakes every worker.
    let (stopNow, full, wakeFlusher) = buffer.withLock { buffer in
      buffer.pending.append(contentsOf: batch.lines)
      for entry in batch.entries {
        if entry.other < 0 {
          buffer.tally.pass(entry.item, microseconds: entry.microseconds)
        } else {
          buffer.tally.record(batch.others[Int(entry.other)], of: entry.item)
        }
      }
      var stopNow = false
      if let limit, !buffer.stopped, buffer.tally.failedAttempts >= limit {
        buffer.stopped = true
        stopNow = true
      }
      let wakeFlusher = buffer.pending.count > Self.flushSoon && !buffer.wakeSent
      if wakeFlusher { buffer.wakeSent = true }
      return (stopNow, buffer.pending.count > Self.pendingLimit, wakeFlusher)
    }
    // Before returning: the worker that recorded the failure sends nothing more once it is back.
    if stopNow { stopAfter?.stop() }
    if full { flush() } else if wakeFlusher { buffer.signal(Self.flusherWake) }
  }

  /// Adds the records of attempts that got no answer (or, in tests, any results).
  func append(contentsOf results: [(result: CaseResult, item: TableAttempt)]) {
    guard !results.isEmpty else { return }
    var batch = ResultBatch()
    for (result, item) in results { batch.add(result, of: item) }
    append(batch)
  }

  /// Replaces the record of an attempt already recorded (its `seq` was answered a second time).
  /// The file keeps both lines; the later one wins when it is read back (`ResultsFile.read`).
  func amend(_ result: CaseResult, of item: TableAttempt) {
    var line: [UInt8] = []
    ResultEncoding.write(result, into: &line)
    let full = buffer.withLock { buffer in
      buffer.pending.append(contentsOf: line)
      buffer.tally.amend(result, of: item)
      return buffer.pending.count > Self.pendingLimit
    }
    if full { flush() }
  }

  /// Attempts recorded so far.
  var count: Int { buffer.withLock { $0.tally.recorded } }

  private func flushLoop() {
    while true {
      // Until the interval is up, a wake-up (records waiting) or the end.
      let deadline = MonotonicClock.now() + UInt64(Self.flushInterval) * 1_000_000
      let stop = buffer.wait(on: Self.flusherWake) { buffer -> MonitorStep<Bool> in
        guard buffer.closed || buffer.wakeSent || MonotonicClock.now() >= deadline else { return .wait(until: deadline) }
        buffer.wakeSent = false
        return .done(buffer.closed)
      }
      if stop { break }
      flush()
      let (done, failed) = buffer.withLock { ($0.tally.recorded, $0.tally.failedAttempts) }
      progress.update(done: done, total: expected, failed: failed)
    }
    buffer.withLock { $0.flusherDone = true }
    buffer.signal(Self.flusherEnded)
  }

  /// Writes what is buffered, once the header is known: takes the file (waiting while another
  /// thread has it), then writes without the lock.
  private func flush() {
    buffer.wait(on: Self.fileFree) { buffer -> MonitorStep<Void> in
      guard !buffer.writing else { return .wait(until: nil) }
      buffer.writing = true
      return .done(())
    }
    defer {
      buffer.withLock { $0.writing = false }
      buffer.signal(Self.fileFree)
    }
    if !headerWritten {
      guard let header = header.resolved else { return }
      var line: [UInt8] = []
      JSONWriter.write(ResultRecord.header(header).json, into: &line)
      line.append(0x0A)
      writeAll(line)
      headerWritten = true
    }
    buffer.withLock { swap(&$0.pending, &spare) }
    // A buffer grown past the limit by a huge record is let go rather than kept at that size.
    defer { spare.removeAll(keepingCapacity: spare.capacity <= 2 * Self.pendingLimit) }
    guard !spare.isEmpty else { return }
    writeAll(spare)
  }

  /// Writes `bytes`, whole records only. After a failure (a full disk, the file-size limit) the
  /// file is cut back to its last whole record, so it stays valid JSON lines, and nothing more is
  /// written.
  private func writeAll(_ bytes: [UInt8]) {
    guard writeError == nil else { return }
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let transfer = DescriptorIO.write(descriptor, from: UnsafeRawBufferPointer(rebasing: raw[offset...]))
        guard case .bytes(let count) = transfer else {
          writeError = if case .failed(let code) = transfer { Errno.describe(code) } else { "the file would block" }
          let whole = raw[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
          written += Int64(whole)
          DescriptorIO.truncate(descriptor, to: written)
          return
        }
        offset += count
      }
      written += Int64(raw.count)
    }
  }

  /// Stops the flusher, writes the footer and closes the file; returns the footer and what the
  /// tally kept.
  func finish(interrupted: String?, restarts: RestartTally, milliseconds: Int64) throws(ConformError) -> (
    footer: ResultFooter, outcomes: [CaseOutcome], unlisted: [String: RunSummary.Unlisted]
  ) {
    buffer.withLock { $0.closed = true }
    buffer.signal(Self.flusherWake)
    buffer.wait(on: Self.flusherEnded) { $0.flusherDone ? .done(()) : .wait(until: nil) }
    progress.finish()
    _ = header.value
    let (footer, outcomes, unlisted) = buffer.withLock { buffer in
      var totals: [CaseStatus: Int64] = [:]
      for status in CaseStatus.allCases where buffer.tally.attempts[status.slot] > 0 {
        totals[status] = buffer.tally.attempts[status.slot]
      }
      let footer = ResultFooter(
        endedAt: WallClock.iso8601(), milliseconds: milliseconds, interrupted: interrupted, restarts: Int64(restarts.total),
        restartReasons: restarts, totals: totals)
      JSONWriter.write(ResultRecord.footer(footer).json, into: &buffer.pending)
      buffer.pending.append(0x0A)
      let (outcomes, unlisted) = buffer.tally.finish()
      return (footer, outcomes, unlisted)
    }
    flush()
    DescriptorIO.close(descriptor)
    if let writeError {
      throw .file(
        path: path,
        message: "writing the results failed: \(writeError). It is cut back to its last whole record (\(written) bytes), "
          + "with no footer: the results after that are lost")
    }
    return (footer, outcomes, unlisted)
  }
}

/// Results of one chunk of answers, their records already encoded: handed to the
/// `ResultsWriter` under one lock, and reused (its buffers keep their capacity).
struct ResultBatch {
  struct Entry {
    var item: TableAttempt
    var microseconds: Int64
    /// Index into `others`, or -1 for a pass.
    var other: Int32
  }

  /// One record line per entry, in order.
  var lines: [UInt8] = []
  private(set) var entries: [Entry] = []
  /// The results that are not passes.
  private(set) var others: [CaseResult] = []

  var isEmpty: Bool { entries.isEmpty }

  /// A pass: its record is written from the case table's bytes.
  mutating func pass(_ item: TableAttempt, microseconds: Int64, arena: UnsafeBufferPointer<UInt8>) {
    CaseTable.writePassRecord(
      item.table.slices[item.index], attempt: Int64(item.attempt.number), microseconds: microseconds, arena: arena,
      into: &lines)
    entries.append(Entry(item: item, microseconds: microseconds, other: -1))
  }

  /// Any result (a pass too, encoded from the model).
  mutating func add(_ result: CaseResult, of item: TableAttempt) {
    ResultEncoding.write(result, into: &lines)
    if result.status == .pass {
      entries.append(Entry(item: item, microseconds: result.microseconds ?? 0, other: -1))
    } else {
      others.append(result)
      entries.append(Entry(item: item, microseconds: result.microseconds ?? 0, other: Int32(others.count - 1)))
    }
  }

  mutating func reset() {
    // Not kept at the size of a huge record.
    lines.removeAll(keepingCapacity: lines.capacity <= ResultsWriter.pendingLimit)
    entries.removeAll(keepingCapacity: true)
    others.removeAll(keepingCapacity: true)
  }
}

extension CaseStatus {
  /// This status's position in `allCases`, found without hashing its raw value.
  var slot: Int {
    switch self {
    case .pass: 0
    case .fail: 1
    case .errored: 2
    case .crashed: 3
    case .timeout: 4
    case .protocolError: 5
    case .skipped: 6
    case .unsupported: 7
    case .notRun: 8
    }
  }
}

/// Encodes result records. A pass, by far the most common, is written directly (`PassRecord`,
/// the same canonical bytes as `ResultRecord.json`, checked by a test); everything else goes
/// through the model.
enum ResultEncoding {
  static func write(_ result: CaseResult, into output: inout [UInt8]) {
    if result.status == .pass {
      PassRecord.write(
        attempt: result.attempt, id: result.id, suite: result.suite, microseconds: result.microseconds, into: &output)
      return
    }
    JSONWriter.write(ResultRecord.result(result).json, into: &output)
    output.append(0x0A)
  }
}
