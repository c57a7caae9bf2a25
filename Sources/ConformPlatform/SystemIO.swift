#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
#if !canImport(Darwin)
  import class Foundation.Thread
#endif

/// A failed system call, with what was being done.
package struct SystemCallError: Error, CustomStringConvertible {
  package var operation: String
  /// The errno.
  package var code: Int32

  package init(operation: String, code: Int32) {
    self.operation = operation
    self.code = code
  }

  package var description: String { "\(operation): \(reason)" }

  /// What went wrong, as the C library words it ("No space left on device").
  package var reason: String { String(cString: strerror(code)) }
}

/// The thin layer over the C library that the adapter's session needs.
package enum SystemIO {
  /// Reads up to `count` bytes into `buffer` with `read(2)`, retrying when interrupted; 0 at the end.
  package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) throws(SystemCallError) -> Int {
    while true {
      #if canImport(Darwin)
        let result = Darwin.read(descriptor, buffer, count)
      #elseif canImport(Musl)
        let result = Musl.read(descriptor, buffer, count)
      #else
        let result = Glibc.read(descriptor, buffer, count)
      #endif
      if result >= 0 { return result }
      if errno != EINTR { throw SystemCallError(operation: "cannot read the requests", code: errno) }
    }
  }

  /// Creates the file at `path` for writing (mode 0644, close-on-exec): emptied when it exists, or
  /// written at its end when `appending`.
  package static func createForWriting(_ path: String, appending: Bool = false) throws(SystemCallError) -> Int32 {
    let descriptor = open(path, O_WRONLY | O_CREAT | (appending ? O_APPEND : O_TRUNC) | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw SystemCallError(operation: "cannot create \(path)", code: errno) }
    return descriptor
  }

  /// Closes `descriptor`, reporting the error a file system may give only then (a full disk, a
  /// network file system's write-back).
  package static func closeFile(_ descriptor: Int32) throws(SystemCallError) {
    guard close(descriptor) == 0 else { throw SystemCallError(operation: "cannot close the file", code: errno) }
  }

  /// Writes every byte of `bytes` with `write(2)`, retrying partial and interrupted writes.
  package static func writeAll(
    _ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, operation: String = "cannot write the answers"
  ) throws(SystemCallError) {
    var offset = 0
    while offset < bytes.count {
      #if canImport(Darwin)
        let result = Darwin.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      #elseif canImport(Musl)
        let result = Musl.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      #else
        let result = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      #endif
      if result >= 0 {
        offset += result
      } else if errno != EINTR {
        throw SystemCallError(operation: operation, code: errno)
      }
    }
  }

  /// The position of the first `\n` in `bytes`, if any (`memchr`, the fastest scan there is).
  package static func firstNewline(in bytes: UnsafeRawBufferPointer) -> Int? {
    guard let base = bytes.baseAddress, let found = memchr(base, 0x0A, bytes.count) else { return nil }
    return UnsafeRawPointer(found) - base
  }

  /// Whether the calling thread is the process's main thread.
  package static var isMainThread: Bool {
    #if canImport(Darwin)
      pthread_main_np() != 0
    #else
      Thread.isMainThread
    #endif
  }
}

/// The descriptors `Adapter.run()` serves, after protecting the protocol stream.
package struct StandardStreams {
  package var input: Int32
  /// A private duplicate of the original standard output: only answers go there.
  package var output: Int32
  package var errors: Int32

  /// Ignores `SIGPIPE`, keeps the real standard output for the answers and points descriptor 1 at
  /// standard error, so that `print` in app code ends up in the harness's log instead of in the
  /// protocol stream.
  package static func takeOver() -> StandardStreams {
    signal(SIGPIPE, SIG_IGN)
    let answers = dup(STDOUT_FILENO)
    guard answers >= 0 else { return StandardStreams(input: STDIN_FILENO, output: STDOUT_FILENO, errors: STDERR_FILENO) }
    _ = dup2(STDERR_FILENO, STDOUT_FILENO)
    return StandardStreams(input: STDIN_FILENO, output: answers, errors: STDERR_FILENO)
  }
}

/// Ends the process with `status` after flushing C's standard streams (what `print` buffered).
package func exitProcess(_ status: Int32) -> Never {
  exit(status)
}
