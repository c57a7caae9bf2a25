import ConformFixtures
import ConformPlatform
import Foundation

/// The gate's processes: a command run in a folder with its output passed through, and how a
/// command is shown so that it can be pasted into a shell.
enum GateShell {
  /// What runs the config's shell commands: bash, as a CI step's `run:` does, else sh.
  static let shell = FileManager.default.isExecutableFile(atPath: "/bin/bash") ? "/bin/bash" : "/bin/sh"

  /// Runs `command` (a program, then its arguments) in `folder` with this process's environment
  /// and `environment` over it; stdout and stderr pass through. Its exit status, 128 + the
  /// signal's number when a signal ended it.
  static func run(_ command: [String], in folder: String, environment: [String: String]) throws(ConformError) -> Int32 {
    guard FileIO.isDirectory(folder) else { throw .file(path: folder, message: "no such folder to run \(command[0]) in") }
    var variables = ProcessInfo.processInfo.environment
    for (name, value) in environment { variables[name] = value }
    // The shell changes to the folder, then replaces itself with the command: spawning has
    // no portable working-directory action.
    let wrapped = ["/bin/sh", "-c", "cd \"$1\" || exit 2; shift; exec \"$@\"", "conform-gate", folder] + command
    let pid: pid_t
    do throws(Spawn.Failure) {
      pid = try Spawn.start(
        wrapped, environment: variables.map { "\($0.key)=\($0.value)" }.sorted(),
        attributes: Spawn.Attributes(defaultSignals: [SIGPIPE]))
    } catch {
      throw .implementation("cannot start \(command[0]): \(String(cString: strerror(error.code)))")
    }
    guard case .ended(let status) = Spawn.wait(pid) else { throw .implementation("\(command[0]) could not be waited for") }
    switch Termination(waitStatus: status) {
    case .exited(let code): return code
    case .signaled(let signal): return 128 + signal
    }
  }

  /// `arguments` joined for a shell: each quoted with '…' unless it is plainly safe.
  static func quoted(_ arguments: [String]) -> String {
    arguments.map { argument in
      let safe =
        !argument.isEmpty
        && argument.unicodeScalars.allSatisfy {
          "-_./:=@+,%".unicodeScalars.contains($0) || ($0.isASCII && CharacterSet.alphanumerics.contains($0))
        }
      return safe ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }.joined(separator: " ")
  }

  /// Appends `text` to the file at `path` (a GitHub job's $GITHUB_OUTPUT), creating it.
  static func append(_ text: String, to path: String) throws(ConformError) {
    if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
    guard let handle = FileHandle(forWritingAtPath: path) else {
      throw .file(path: path, message: "cannot be opened to append to")
    }
    defer { try? handle.close() }
    do {
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(text.utf8))
    } catch {
      throw .file(path: path, message: "cannot be written: \(error.localizedDescription)")
    }
  }
}

/// Brings a bundle from where `conform.json` says it is: an `https://` or `http://` URL with
/// curl, a `file://` URL or a path (relative to the config's folder) by copying.
enum BundleFetch {
  static func fetch(_ location: String, from folder: String, to path: String) throws(ConformError) {
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    try FileIO.createDirectory(directory)
    let partial = path + ".partial"
    defer { try? FileManager.default.removeItem(atPath: partial) }
    if location.hasPrefix("https://") || location.hasPrefix("http://") {
      let status = try GateShell.run(
        ["curl", "-fsSL", "--retry", "3", "-o", partial, location], in: folder, environment: [:])
      guard status == 0 else {
        throw .bundle("could not download \(location) (curl exit \(status)): check bundle.url in conform.json and the network")
      }
    } else {
      let source = Gate.absolute(
        location.hasPrefix("file://") ? String(location.dropFirst("file://".count)) : location, from: folder)
      guard FileIO.size(source) != nil, !FileIO.isDirectory(source) else {
        throw .bundle("no bundle file at \(source) (bundle.url \"\(location)\"): give the .tar.gz's URL or path")
      }
      try FileIO.write(try FileIO.read(source), to: partial)
    }
    do {
      if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
      try FileManager.default.moveItem(atPath: partial, toPath: path)
    } catch {
      throw .file(path: path, message: "cannot be written: \(error.localizedDescription)")
    }
  }
}
