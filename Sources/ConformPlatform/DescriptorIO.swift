#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one `read(2)`, `pread(2)` or `write(2)` did, an interrupted call (EINTR) retried.
package enum Transfer: Sendable, Equatable {
  /// This many bytes, more than 0.
  case bytes(Int)
  /// A read at the end of the input (0 bytes); a write never gives it.
  case endOfFile
  /// Nothing now: the non-blocking descriptor would have to wait (EAGAIN, EWOULDBLOCK).
  case wouldBlock
  /// The errno of the failure.
  case failed(Int32)

  init(_ result: Int, error: Int32) {
    if result > 0 {
      self = .bytes(result)
    } else if result == 0 {
      self = .endOfFile
    } else if error == EAGAIN || error == EWOULDBLOCK {
      self = .wouldBlock
    } else {
      self = .failed(error)
    }
  }
}

/// Files and pipes by descriptor: the calls of the harness, the results writer, the fixture
/// tables and the bundle unpacker, so that no module above this one calls the C library.
package enum DescriptorIO {
  /// Reads into `buffer` once.
  package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Transfer {
    while true {
      #if canImport(Darwin)
        let result = Darwin.read(descriptor, buffer.baseAddress, buffer.count)
      #elseif canImport(Musl)
        let result = Musl.read(descriptor, buffer.baseAddress, buffer.count)
      #else
        let result = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
      #endif
      let error = errno
      if result < 0 && error == EINTR { continue }
      return Transfer(result, error: error)
    }
  }

  /// Reads into `buffer` once, from `offset` bytes into the file (the file's position unchanged).
  package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Transfer {
    while true {
      let result = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
      let error = errno
      if result < 0 && error == EINTR { continue }
      return Transfer(result, error: error)
    }
  }

  /// Writes from `bytes` once (perhaps not all of them).
  package static func write(_ descriptor: Int32, from bytes: UnsafeRawBufferPointer) -> Transfer {
    guard bytes.count > 0 else { return .bytes(0) }
    while true {
      #if canImport(Darwin)
        let result = Darwin.write(descriptor, bytes.baseAddress, bytes.count)
      #elseif canImport(Musl)
        let result = Musl.write(descriptor, bytes.baseAddress, bytes.count)
      #else
        let result = Glibc.write(descriptor, bytes.baseAddress, bytes.count)
      #endif
      let error = errno
      if result < 0 && error == EINTR { continue }
      // A write of 0 bytes (never expected for a count above 0) reads as a failure to go on.
      return result == 0 ? .failed(EIO) : Transfer(result, error: error)
    }
  }

  /// Opens the file at `path` for reading (close-on-exec).
  package static func openForReading(_ path: String) throws(SystemCallError) -> Int32 {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw SystemCallError(operation: "cannot open \(path)", code: errno) }
    return descriptor
  }

  /// Creates the file at `path`, which must not exist yet, for writing (close-on-exec, mode 0600:
  /// only this user reads what is unpacked).
  package static func createNew(_ path: String) throws(SystemCallError) -> Int32 {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SystemCallError(operation: "cannot create \(path)", code: errno) }
    return descriptor
  }

  /// Cuts the file back to `length` bytes; false when it could not.
  @discardableResult
  package static func truncate(_ descriptor: Int32, to length: Int64) -> Bool {
    ftruncate(descriptor, off_t(length)) == 0
  }

  /// Whether `descriptor` is a terminal (`isatty`).
  package static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// Closes `descriptor`; the errno when the close failed (a file system may report a write's
  /// failure only then), else nil.
  @discardableResult
  package static func close(_ descriptor: Int32) -> Int32? {
    #if canImport(Darwin)
      let result = Darwin.close(descriptor)
    #elseif canImport(Musl)
      let result = Musl.close(descriptor)
    #else
      let result = Glibc.close(descriptor)
    #endif
    return result == 0 ? nil : errno
  }
}

/// The errno values the kit tells apart, and their words.
package enum Errno {
  /// The reader of the pipe is gone (EPIPE).
  package static let brokenPipe = EPIPE
  /// A wait ran out (ETIMEDOUT).
  package static let timedOut = ETIMEDOUT

  /// The errno the last failed call left (valid right after it).
  package static var last: Int32 { errno }

  /// What `code` means, as the C library words it ("No space left on device").
  package static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// Files by path: what `FileIO` needs beside Foundation.
package enum PathIO {
  /// Replaces `destination` with `source` in one step (`rename(2)`); the errno when it failed.
  package static func rename(_ source: String, to destination: String) -> Int32? {
    #if canImport(Darwin)
      let result = Darwin.rename(source, destination)
    #elseif canImport(Musl)
      let result = Musl.rename(source, destination)
    #else
      let result = Glibc.rename(source, destination)
    #endif
    return result == 0 ? nil : errno
  }

  /// Makes a new folder only this user can enter, named `prefix` and six random characters
  /// (`mkdtemp`); its path.
  package static func makeTemporaryFolder(prefix: String) throws(SystemCallError) -> String {
    var template = Array((prefix + "XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw SystemCallError(operation: "cannot make a folder", code: errno)
    }
    return String(cString: made)
  }

  /// Whether `text` matches the shell pattern `pattern` (`fnmatch`, no flags: `*` and `?` also
  /// match `/`).
  package static func matches(_ text: String, pattern: String) -> Bool { fnmatch(pattern, text, 0) == 0 }

  /// Removes the file at `path`, if it is there.
  package static func remove(_ path: String) { _ = unlink(path) }

  /// Whether `path` is a regular file or nothing yet (`lstat`: a final symbolic link is not
  /// followed); false for anything else, or when it cannot be told.
  package static func isRegularFileOrAbsent(_ path: String) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0 else { return errno == ENOENT }
    return info.st_mode & S_IFMT == S_IFREG
  }
}
