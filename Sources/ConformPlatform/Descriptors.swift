#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Pipes and descriptor flags.
package enum Descriptors {
  /// A pipe whose two ends are close-on-exec and at descriptor 3 or above (so a child's
  /// `dup2` onto 0-2 always happens). The error is the step that failed and its errno.
  package static func pipe() throws(SystemCallError) -> (read: Int32, write: Int32) {
    var descriptors: [Int32] = [0, 0]
    #if canImport(Darwin)
      let made = Darwin.pipe(&descriptors)
    #elseif canImport(Musl)
      let made = Musl.pipe(&descriptors)
    #else
      let made = Glibc.pipe(&descriptors)
    #endif
    guard made == 0 else { throw SystemCallError(operation: "cannot create a pipe", code: errno) }
    let read = fcntl(descriptors[0], F_DUPFD_CLOEXEC, 3)
    let write = fcntl(descriptors[1], F_DUPFD_CLOEXEC, 3)
    let code = errno
    close(descriptors[0])
    close(descriptors[1])
    guard read >= 0, write >= 0 else {
      if read >= 0 { close(read) }
      if write >= 0 { close(write) }
      throw SystemCallError(operation: "cannot set up a pipe", code: code)
    }
    return (read, write)
  }

  /// Makes reads and writes on `descriptor` return at once instead of blocking (`O_NONBLOCK`).
  package static func setNonBlocking(_ descriptor: Int32) {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
  }

  /// How many bytes wait unread in the pipe or socket `descriptor` now (`FIONREAD`); 0 on error.
  package static func unreadBytes(_ descriptor: Int32) -> Int {
    var count: Int32 = 0
    return ioctl(descriptor, fionread, &count) == 0 ? Int(count) : 0
  }

  /// The size, modification time (seconds, nanoseconds) and inode of the open file `descriptor`
  /// (`fstat`), to tell whether it changed between two reads; empty when `fstat` fails.
  package static func identity(_ descriptor: Int32) -> [Int64] {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return [] }
    #if canImport(Darwin)
      return [Int64(info.st_size), Int64(info.st_mtimespec.tv_sec), Int64(info.st_mtimespec.tv_nsec), Int64(info.st_ino)]
    #else
      return [Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec), Int64(info.st_ino)]
    #endif
  }

  #if canImport(Darwin)
    /// `FIONREAD`, `_IOR('f', 127, int)` in <sys/filio.h>: a function-like macro Swift does not import.
    private static let fionread = UInt(0x4004_667F)
  #else
    private static let fionread = UInt(FIONREAD)
  #endif
}
