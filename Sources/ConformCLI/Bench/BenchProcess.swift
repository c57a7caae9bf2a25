import ConformKit
import Foundation

/// One measured run of a program.
struct BenchRun: Sendable {
  /// Wall time from spawn to exit, in seconds.
  var seconds: Double
  var termination: Termination
  /// The process's own peak resident memory (`VmHWM`, its children not included), in KiB; 0
  /// when not sampled.
  var peakKilobytes: Int
  /// The end of what it wrote on stderr.
  var stderr: String

  var succeeded: Bool { termination == .exited(0) }
}

/// Runs the programs the bench measures: `posix_spawn`, files for the standard streams, and a
/// `waitpid` of our own, so nothing but the program itself is timed.
enum BenchProcess {
  /// Runs `command` (a path, then its arguments) to its end.
  ///
  /// - Parameters:
  ///   - stdin: a file to read (default `/dev/null`).
  ///   - stdout: a file to write (default `/dev/null`).
  ///   - stderr: where its stderr goes (the last 2 KiB come back in the run).
  ///   - sampleMemory: reads its `VmHWM` every 2 ms while it runs (the high-water mark only
  ///     grows, so the last reading is its peak to within the last 2 ms).
  static func run(
    _ command: [String], stdin: String = "/dev/null", stdout: String = "/dev/null", stderr: String,
    sampleMemory: Bool = false
  ) throws(ConformError) -> BenchRun {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv = command.map { strdup($0) } + [nil]
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let started = MonotonicClock.now()
    let status =
      command[0].contains("/")
      ? posix_spawn(&pid, command[0], &actions, nil, argv, envp)
      : posix_spawnp(&pid, command[0], &actions, nil, argv, envp)
    guard status == 0 else {
      throw .implementation("bench: cannot start \(command[0]): \(String(cString: strerror(status)))")
    }
    var waitStatus: Int32 = 0
    var peak = 0
    while true {
      let reaped = waitpid(pid, &waitStatus, sampleMemory ? WNOHANG : 0)
      if reaped == pid { break }
      if reaped < 0 {
        if errno == EINTR { continue }
        break
      }
      peak = max(peak, highWaterMark(pid) ?? 0)
      usleep(2000)
    }
    let seconds = Double(MonotonicClock.now() - started) / 1e9
    let text = (try? FileIO.read(stderr)).map { String(decoding: $0.suffix(2048), as: UTF8.self) } ?? ""
    return BenchRun(seconds: seconds, termination: Termination(waitStatus: waitStatus), peakKilobytes: peak, stderr: text)
  }

  /// `VmHWM` of a running process, in KiB.
  static func highWaterMark(_ pid: pid_t) -> Int? {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/status") else { return nil }
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.dropFirst(6).filter(\.isNumber))
    }
    return nil
  }
}
