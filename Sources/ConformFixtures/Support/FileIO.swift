import ConformPlatform
import Foundation

/// Small, explicit file access with errors that name the path.
public enum FileIO {
  public static func read(_ path: String) throws(ConformError) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      if !FileManager.default.fileExists(atPath: path) {
        throw .file(path: path, message: "no such file")
      }
      throw .file(path: path, message: "cannot be read (check permissions)")
    }
    return [UInt8](data)
  }

  /// The size of the file at `path` in bytes, without reading it; nil when it cannot be stat'ed.
  public static func size(_ path: String) -> Int64? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int64(info.st_size)
  }

  /// Whether two paths name the same existing file (the same device and inode: a link or another
  /// spelling of the path is the same file).
  public static func isSameFile(_ a: String, _ b: String) -> Bool {
    var first = stat()
    var second = stat()
    guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }

  /// Writes the whole file, creating its folder.
  ///
  /// In pieces: Foundation's `Data.write` on Linux starts the file over after its first 2 GiB.
  public static func write(_ bytes: [UInt8], to path: String) throws(ConformError) {
    do {
      try FileManager.default.createDirectory(
        at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      throw .file(path: path, message: "cannot be written: \(error.localizedDescription)")
    }
    let output = try Output(creating: path)
    for start in stride(from: 0, to: bytes.count, by: 1 << 26) {
      try output.write(bytes[start..<min(start + (1 << 26), bytes.count)])
    }
    try output.close()
  }

  /// Creates the folder at `path` and its parents, when missing.
  public static func createDirectory(_ path: String) throws(ConformError) {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw .file(path: path, message: "cannot be created: \(error.localizedDescription)")
    }
  }

  /// A file written piece by piece, so a large one never has to be held whole. Every write and
  /// the close are checked: Foundation's `FileHandle.write` on Linux reports no error for a full
  /// disk, so this writes with `write(2)` itself.
  ///
  /// A regular file (or a new one) is written beside its path, as a hidden temporary file that
  /// `close` renames onto the path: a write that fails leaves the file that was there whole, and
  /// the temporary file is removed. A device, a pipe or a symbolic link is written in place
  /// (`/dev/full` is written, not replaced), and so is a file opened for appending.
  public final class Output {
    let path: String
    /// Where the bytes go until they are committed; nil when written in place.
    private let staging: String?
    private var descriptor: Int32?
    private var committed = false

    /// Creates the file, or replaces it when it exists; or, `appending`, writes at its end.
    public init(creating path: String, appending: Bool = false) throws(ConformError) {
      staging = appending || !Self.isReplaceable(path) ? nil : Self.stagingPath(for: path)
      do {
        descriptor = try SystemIO.createForWriting(staging ?? path, appending: appending)
      } catch {
        throw .file(path: path, message: "cannot be written: \(error.reason) (check the folder exists and its permissions)")
      }
      self.path = path
    }

    deinit {
      if let descriptor { try? SystemIO.closeFile(descriptor) }
      if let staging, !committed { PathIO.remove(staging) }
    }

    public func write(_ bytes: some DataProtocol) throws(ConformError) {
      guard let descriptor else { throw .file(path: path, message: "cannot be written: it is closed") }
      var failure: SystemCallError?
      for region in bytes.regions where failure == nil {
        region.withUnsafeBytes { buffer in
          do throws(SystemCallError) { try SystemIO.writeAll(descriptor, buffer, operation: "cannot be written") } catch {
            failure = error
          }
        }
      }
      if let failure { throw .file(path: path, message: "cannot be written: \(failure.reason)") }
    }

    /// Closes the file and puts it in place.
    public func close() throws(ConformError) {
      try closeStaged()
      try commit()
    }

    /// Closes the file, leaving it beside its path until `commit` (a set of files that must
    /// appear together, or not at all).
    public func closeStaged() throws(ConformError) {
      guard let descriptor else { return }
      self.descriptor = nil
      do {
        try SystemIO.closeFile(descriptor)
      } catch {
        throw .file(path: path, message: "cannot be written: \(error.reason)")
      }
    }

    /// Renames the closed file onto its path.
    public func commit() throws(ConformError) {
      guard let staging, !committed else { return }
      if let code = PathIO.rename(staging, to: path) {
        throw .file(path: path, message: "cannot be written: \(Errno.describe(code))")
      }
      committed = true
    }

    /// Whether `path` is a regular file or nothing yet (`lstat`: a link is not followed).
    private static func isReplaceable(_ path: String) -> Bool { PathIO.isRegularFileOrAbsent(path) }

    /// `.NAME.conform-PID` beside `path`.
    private static func stagingPath(for path: String) -> String {
      let url = URL(fileURLWithPath: path)
      let name = ".\(url.lastPathComponent).conform-\(ProcessInfo.processInfo.processIdentifier)"
      let folder = (path as NSString).deletingLastPathComponent
      return folder.isEmpty ? name : join(folder, name)
    }
  }

  public static func isDirectory(_ path: String) -> Bool {
    var directory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
  }

  public static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}
