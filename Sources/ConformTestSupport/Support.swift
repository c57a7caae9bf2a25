import ConformPlatform
import Foundation
import Testing

/// What a finished process left behind.
public struct ProcessOutcome: Sendable {
  /// The exit status, or 128 + the signal number when a signal ended it.
  public var status: Int32
  public var stdout: String
  public var stderr: String
  /// Whether the process had to be killed for running past its time limit.
  public var timedOut: Bool
  /// Wall time in seconds.
  public var seconds: Double
}

/// A file a test reads, or a folder it made, that is not as the test expects: the message names
/// it and what is wrong.
public struct TestSupportError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

/// Runs the built binaries of this package the way a user would.
public enum TestSupport {
  /// Writes an executable script at `path` through a descriptor closed on exec: a file written
  /// with Foundation stays open, for a moment, in any child another test starts meanwhile, and
  /// running it then fails with ETXTBSY ("text file busy") for as long as that child lives.
  public static func writeExecutable(_ text: String, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      offset += count
    }
  }

  /// The folder holding the package's built products that the tests run: this build's
  /// (`.build/<triple>/debug`), or the folder `CONFORM_TEST_PRODUCTS` names. `.ci/run` names the
  /// release build of the same sources, which the gate needs anyway: the binaries a user runs,
  /// and the tiers' many runs of them take a fraction of a debug build's time.
  public static let productsDirectory: URL = {
    if let named = ProcessInfo.processInfo.environment["CONFORM_TEST_PRODUCTS"], !named.isEmpty {
      let directory = URL(fileURLWithPath: named, isDirectory: true)
      precondition(
        FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("conform").path),
        "CONFORM_TEST_PRODUCTS=\(named) holds no conform: build it first (swift build -c release --show-bin-path names the folder)"
      )
      return directory
    }
    // On Linux the test runner is .build/<triple>/debug/<name>.xctest; on macOS a helper of
    // Xcode's loads that bundle, and SwiftPM's .build/debug link is the last resort.
    let starts =
      [Host.executablePath].compactMap { $0 } + Bundle.allBundles.map(\.bundlePath).filter { $0.hasSuffix(".xctest") }
      + [packageRoot.appendingPathComponent(".build/debug/conform").path]
    for start in starts {
      var directory = URL(fileURLWithPath: start).deletingLastPathComponent()
      while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("conform").path), directory.path != "/" {
        directory = directory.deletingLastPathComponent()
      }
      if directory.path != "/" { return directory }
    }
    return URL(fileURLWithPath: "/")
  }()

  /// The package's root folder (where Package.swift is).
  public static let packageRoot: URL = {
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path),
      directory.path != "/"
    {
      directory = directory.deletingLastPathComponent()
    }
    return directory
  }()

  public static func binary(_ name: String) -> String { productsDirectory.appendingPathComponent(name).path }

  /// A fresh empty folder, in this test process's own folder under the system's temporary
  /// folder (`temporaryRoot`).
  public static func temporaryDirectory(_ label: String = "conform-test") -> URL {
    let url = temporaryRoot.appendingPathComponent("\(label)-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The folder holding every folder the tests make, `conform-tests-<pid>`, removed with all it
  /// holds when the test process exits: a whole run makes thousands, some of hundreds of
  /// megabytes (a hostile run's output, a clone's build), and once filled this machine's disk.
  /// `CONFORM_KEEP_TEST_FOLDERS=1` keeps it, to read what a failing test left (its messages name
  /// the paths).
  public static let temporaryRoot: URL = {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("conform-tests-\(getpid())")
    try? FileManager.default.removeItem(at: root)
    try! FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    if ProcessInfo.processInfo.environment["CONFORM_KEEP_TEST_FOLDERS"] != "1" {
      atexit { try? FileManager.default.removeItem(at: TestSupport.temporaryRoot) }
    }
    return root
  }()

  /// Runs `executable` with `arguments`, feeding `stdin`, killing it after `timeout` seconds. The
  /// wait is on a thread of its own, so a test waiting for a process leaves Swift's cooperative
  /// pool (a thread a core) to the tests running beside it. It waits first for one of
  /// `processSlots`, and `timeout` counts from the start of the process, not from that wait.
  /// The default timeout is a hang guard: `conform bundle create --tier smoke` takes 14 CPU-seconds
  /// in a debug build, 75 s on 2 cores at load 25, and went past 120 s under heavier load.
  public static func run(
    _ executable: String, _ arguments: [String] = [], stdin: String = "", environment: [String: String] = [:],
    currentDirectory: URL? = nil, timeout: Double = 300
  ) async throws -> ProcessOutcome {
    try await withProcessSlot {
      try await offThePool {
        try runBlocking(
          executable, arguments, stdin: stdin, environment: environment, currentDirectory: currentDirectory,
          timeout: timeout)
      }
    }
  }

  /// `offThePool` for blocking work that starts a process and waits for it (a hostile run, a
  /// signal sent mid-run), holding one of `processSlots` meanwhile as `run` does.
  public static func processOffThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withProcessSlot { try await offThePool(body) }
  }

  /// Whether the running test's processes wait for a slot ahead of the rest (`.aheadInLine`).
  @TaskLocal public static var aheadInLine = false

  /// Runs `body` holding one of `processSlots`.
  private static func withProcessSlot<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    await processSlots.take(ahead: aheadInLine)
    do {
      let value = try await body()
      await processSlots.give()
      return value
    } catch {
      await processSlots.give()
      throw error
    }
  }

  /// How many processes `run` lets live at once: `CONFORM_TEST_PROCESSES`, or three a core.
  /// Swift Testing starts every test of a run at once: unbounded, the end-to-end tier in a debug
  /// build ran dozens of `conform` processes at once on 2 cores, and runs that take seconds alone
  /// passed their 120-second timeout and were killed (status 137).
  public static let processSlots = ProcessSlots(
    ProcessInfo.processInfo.environment["CONFORM_TEST_PROCESSES"].flatMap { Int($0) }.map { max(1, $0) }
      ?? 3 * max(1, ProcessInfo.processInfo.activeProcessorCount))

  /// Runs `body` on a thread of its own and waits for it without holding a thread of the
  /// cooperative pool: how a test runs blocking work (a process, a harness run, a browser).
  public static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      let thread = Thread { continuation.resume(with: Result { try body() }) }
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  /// Checks `condition` every `interval` seconds until it holds or `seconds` have passed, and
  /// says whether it held: how a test waits for what it needs (a line in a file, a record on
  /// disk, a process's exit) with a deadline, never for a fixed time. It blocks the calling
  /// thread: call it off the pool (`offThePool`).
  @discardableResult
  public static func waitUntil(within seconds: Double, every interval: Double = 0.01, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
      guard Date() < deadline else { return false }
      usleep(UInt32(interval * 1_000_000))
    }
    return true
  }

  /// `run`, blocking the calling thread: only for a value computed once outside any test body
  /// (a trait's condition), where there is no `await`.
  public static func runBlocking(
    _ executable: String, _ arguments: [String] = [], stdin: String = "", environment: [String: String] = [:],
    currentDirectory: URL? = nil, timeout: Double = 120
  ) throws -> ProcessOutcome {
    // A child that exits before reading all its input must not kill the test process with SIGPIPE.
    Signals.ignore(SIGPIPE)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    let start = Date()
    try process.run()
    // Drain both pipes on their own threads so a chatty child never blocks on a full pipe.
    let stdoutData = Drain(output.fileHandleForReading)
    let stderrData = Drain(error.fileHandleForReading)
    let writer = Thread {
      input.fileHandleForWriting.write(Data(stdin.utf8))
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    var timedOut = false
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning {
      if Date() > deadline {
        timedOut = true
        Spawn.signalGroup(process.processIdentifier, SIGKILL)
        Spawn.signal(process.processIdentifier, SIGKILL)
        break
      }
      usleep(2000)
    }
    process.waitUntilExit()
    let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    return ProcessOutcome(
      status: status, stdout: String(decoding: stdoutData.wait(), as: UTF8.self),
      stderr: String(decoding: stderrData.wait(), as: UTF8.self), timedOut: timedOut,
      seconds: Date().timeIntervalSince(start))
  }
}

/// Reads a pipe to its end on a dedicated thread (never `readabilityHandler`, which loses data on Linux).
final class Drain: @unchecked Sendable {
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    let thread = Thread { [self] in
      let descriptor = handle.fileDescriptor
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count <= 0 { break }
        data.append(contentsOf: buffer[0..<count])
      }
      done.signal()
    }
    thread.start()
  }

  /// Waits for the end of the stream (bounded: the child was killed or exited) and returns every byte.
  func wait() -> Data {
    _ = done.wait(timeout: .now() + 30)
    return data
  }
}

/// A count of slots that tasks take and give back, first come first served, those that wait
/// `ahead` before the rest: `TestSupport.run`'s bound on the processes living at once.
public actor ProcessSlots {
  /// How many slots there are in all.
  public nonisolated let count: Int
  private var free: Int
  /// Those waiting ahead, then the rest, each in the order they came.
  private var waiting: (ahead: [CheckedContinuation<Void, Never>], rest: [CheckedContinuation<Void, Never>]) = ([], [])

  public init(_ count: Int) {
    self.count = count
    free = count
  }

  /// How many tasks wait for a slot.
  public var waitingCount: Int { waiting.ahead.count + waiting.rest.count }

  /// Takes a slot, waiting (without holding a thread) until one is given back if none is free;
  /// `ahead`: before every task that waits without it.
  public func take(ahead: Bool = false) async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { ahead ? waiting.ahead.append($0) : waiting.rest.append($0) }
  }

  /// Gives a slot back: to the task that has waited longest ahead, else the longest of the rest.
  public func give() {
    if !waiting.ahead.isEmpty {
      waiting.ahead.removeFirst().resume()
    } else if !waiting.rest.isEmpty {
      waiting.rest.removeFirst().resume()
    } else {
      free += 1
    }
  }
}

/// For a test whose processes run one after another for minutes (a release from a clone): each
/// of them takes a `TestSupport.processSlots` slot ahead of every other test's processes, so the
/// run's longest chain of processes begins at once and is not left to end the run alone.
public struct AheadInLine: TestTrait, TestScoping {
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await TestSupport.$aheadInLine.withValue(true) { try await function() }
  }
}

extension Trait where Self == AheadInLine {
  /// The test's processes wait for a slot ahead of the rest (`AheadInLine`).
  public static var aheadInLine: Self { Self() }
}
