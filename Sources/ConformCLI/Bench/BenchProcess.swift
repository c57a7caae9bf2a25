import ConformFixtures
import ConformPlatform
import Foundation

/// One measured run of a program.
struct BenchRun: Sendable {
  /// Wall time from spawn to exit, in seconds.
  var seconds: Double
  var termination: Termination
  /// The process's own peak memory (`Host.peakMemoryKilobytes`: `VmHWM` on Linux, its children
  /// not included), in KiB; 0 when not sampled.
  var peakKilobytes: Int
  /// The end of what it wrote on stderr.
  var stderr: String

  var succeeded: Bool { termination == .exited(0) }
}

/// Runs the programs the bench measures: ConformPlatform's spawn, files for the standard streams, and a
/// `waitpid` of our own, so nothing but the program itself is timed.
enum BenchProcess {
  /// Runs `command` (a path, then its arguments) to its end.
  ///
  /// - Parameters:
  ///   - stdin: a file to read (default `/dev/null`).
  ///   - stdout: a file to write (default `/dev/null`).
  ///   - stderr: where its stderr goes (the last 2 KiB come back in the run).
  ///   - sampleMemory: reads its peak memory every 2 ms while it runs (the high-water mark only
  ///     grows, so the last reading is its peak to within the last 2 ms).
  static func run(
    _ command: [String], stdin: String = "/dev/null", stdout: String = "/dev/null", stderr: String,
    sampleMemory: Bool = false
  ) throws(ConformError) -> BenchRun {
    let files: [Spawn.FileAction] = [
      .open(stdin, onto: 0, flags: O_RDONLY, mode: 0),
      .open(stdout, onto: 1, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644),
      .open(stderr, onto: 2, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644),
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    let started = MonotonicClock.now()
    let pid: pid_t
    do {
      pid = try Spawn.start(command, environment: environment.map { "\($0.key)=\($0.value)" }, files: files)
    } catch {
      throw .implementation("bench: cannot start \(command[0]): \(String(cString: strerror(error.code)))")
    }
    var waitStatus: Int32 = 0
    var peak = 0
    while true {
      let outcome = Spawn.wait(pid, blocking: !sampleMemory)
      if case .ended(let status) = outcome { waitStatus = status }
      guard outcome == .running else { break }
      peak = max(peak, Host.peakMemoryKilobytes(of: pid) ?? 0)
      usleep(2000)
    }
    let seconds = Double(MonotonicClock.now() - started) / 1e9
    let text = (try? FileIO.read(stderr)).map { String(decoding: $0.suffix(2048), as: UTF8.self) } ?? ""
    return BenchRun(seconds: seconds, termination: Termination(waitStatus: waitStatus), peakKilobytes: peak, stderr: text)
  }
}
