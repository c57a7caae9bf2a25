import Foundation

/// Why an implementation could not be started, in one line that says what to do.
///
/// `posix_spawn` reports only an errno; the same errno has different causes (EACCES for a
/// folder and for a file without the execute bit, ENOENT for a missing file and for a script
/// whose `#!` interpreter is missing), so the path is looked at to tell them apart.
package enum SpawnFailure {
  /// `cannot start PROGRAM: REASON`, for `posix_spawn`'s (or `posix_spawnp`'s) `status`.
  package static func message(program: String, status: Int32) -> String {
    "cannot start \(program): \(reason(program: program, status: status))"
  }

  package static func reason(program: String, status: Int32) -> String {
    let isPath = program.contains("/")
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: program, isDirectory: &isFolder)
    switch status {
    case ENOENT where !isPath:
      let hint =
        exists && !isFolder.boolValue
        ? "give its path, ./\(program), for the one in the current folder" : "give its path, or add its folder to PATH"
      return "no program of that name in PATH; \(hint)"
    case ENOENT where exists:
      return "its interpreter (the #! line) or a library it needs was not found"
    case ENOENT:
      return "no such file; check the path given to --impl"
    case EACCES where isPath && isFolder.boolValue:
      return "it is a folder, not a program; --impl takes an executable file"
    case EACCES where isPath && exists && !FileManager.default.isExecutableFile(atPath: program):
      return "it is not executable; chmod +x \(program)"
    case EACCES where !isPath:
      return "permission denied: the file of that name found in PATH is not executable"
    case ENOEXEC:
      return "not a program this system can run; a script needs a #! line"
    default:
      let text = String(cString: strerror(status))
      return text.prefix(1).lowercased() + text.dropFirst()
    }
  }
}
