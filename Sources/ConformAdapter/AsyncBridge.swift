import ConformPlatform
import Dispatch

/// Runs async handlers to completion from the adapter's own thread.
///
/// The operation runs in a task that prefers the bridge's `CallerExecutor`: its jobs, its child
/// tasks' and those of the default actors it calls come back to the calling thread, which runs
/// them one after another until the operation is done, so a case costs no hand-off between
/// threads. Work the task sends elsewhere (a task of its own, which does not inherit the
/// preference, or an actor that is busy) runs on the global concurrent executor meanwhile, and
/// the calling thread waits for it. The calling thread must not belong to the cooperative pool.
/// Nothing here touches the main actor, so this works while the main thread is the one waiting.
///
/// Each session has its own bridge, used by one thread: two sessions served at once in one
/// process (as tests do) must not run, or wait for, each other's jobs.
struct AsyncBridge: Sendable {
  private let executor = CallerExecutor()

  func runToCompletion<Value: Sendable>(
    _ operation: @escaping @Sendable () async throws -> Value
  ) throws -> Value {
    let executor = executor
    let result = Locked<Result<Value, any Error>?>(nil)
    Task.detached(executorPreference: executor) {
      let outcome: Result<Value, any Error>
      do {
        outcome = .success(try await operation())
      } catch {
        outcome = .failure(error)
      }
      result.withLock { $0 = outcome }
      executor.wake()
    }
    executor.runJobs { result.withLock { $0 != nil } }
    return try result.withLock { $0.take()! }.get()
  }

  /// Whether the calling thread may block for an async handler: the main thread always may; any
  /// other thread may when it is not running a task (a task's thread is a cooperative-pool one).
  static var callerMayBlock: Bool {
    if SystemIO.isMainThread { return true }
    return withUnsafeCurrentTask { $0 == nil }
  }
}

/// The jobs of the tasks an `AsyncBridge` starts (their child tasks' and actor calls' too), run
/// by the one thread waiting for them. Tasks a handler starts of its own (`Task {}`,
/// `Task.detached`) do not inherit the preference and run on the global pool.
private final class CallerExecutor: TaskExecutor {
  private struct Queue {
    var jobs: [UnownedJob] = []
    var head = 0
    /// Whether the running thread waits, or is about to: the next job or `wake` signals it.
    var waiting = false

    /// Whether the running thread waits, left false: the caller signals it.
    mutating func takeWaiting() -> Bool {
      defer { waiting = false }
      return waiting
    }
  }
  private let queue = Locked(Queue())
  private let signal = DispatchSemaphore(value: 0)

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let waiting = queue.withLock { queue in
      queue.jobs.append(job)
      return queue.takeWaiting()
    }
    if waiting { signal.signal() }
  }

  /// Lets `runJobs` look at its condition again (a task that ended elsewhere).
  func wake() {
    if queue.withLock({ $0.takeWaiting() }) { signal.signal() }
  }

  /// Runs the jobs that arrive, in order, until `done` holds after the last one.
  func runJobs(until done: () -> Bool) {
    while true {
      let next = queue.withLock { queue -> UnownedJob? in
        guard queue.head < queue.jobs.count else {
          queue.jobs.removeAll(keepingCapacity: true)
          queue.head = 0
          queue.waiting = true
          return nil
        }
        defer { queue.head += 1 }
        return queue.jobs[queue.head]
      }
      if let next {
        next.runSynchronously(on: asUnownedTaskExecutor())
        continue
      }
      // A signal sent for a wait this return skips is taken by the next wait, which then looks
      // at the queue again: harmless.
      if done() {
        queue.withLock { $0.waiting = false }
        return
      }
      signal.wait()
    }
  }
}
