import Dispatch
import Synchronization

/// Runs async handlers to completion from the adapter's own thread.
///
/// The operation runs in a detached task on the global concurrent executor while the calling
/// thread, which must not belong to the cooperative pool, waits on a semaphore. Nothing here
/// touches the main actor, so this works while the main thread is the one waiting.
enum AsyncBridge {
  static func runToCompletion<Value: Sendable>(
    _ operation: @escaping @Sendable () async throws -> Value
  ) throws -> Value {
    let completion = Completion<Value>()
    Task.detached {
      do {
        completion.finish(.success(try await operation()))
      } catch {
        completion.finish(.failure(error))
      }
    }
    return try completion.wait().get()
  }

  /// Whether the calling thread may block for an async handler: the main thread always may; any
  /// other thread may when it is not running a task (a task's thread is a cooperative-pool one).
  static var callerMayBlock: Bool {
    if SystemIO.isMainThread { return true }
    return withUnsafeCurrentTask { $0 == nil }
  }
}

/// The result of one async operation, handed from the task to the waiting thread.
private final class Completion<Value: Sendable>: Sendable {
  private let result = Mutex<Result<Value, any Error>?>(nil)
  private let done = DispatchSemaphore(value: 0)

  func finish(_ outcome: Result<Value, any Error>) {
    result.withLock { $0 = outcome }
    done.signal()
  }

  func wait() -> Result<Value, any Error> {
    done.wait()
    return result.withLock { $0.take()! }
  }
}
