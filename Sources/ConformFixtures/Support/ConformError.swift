import ConformJSON

/// Everything that stops the kit from doing what it was asked, with the context to fix it.
///
/// Messages are lower-case, name the file, line or case, and say what to do next.
public enum ConformError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The command line is wrong.
  case usage(String)
  /// A file is missing, unreadable or malformed; `line` is 1-based when known.
  case file(path: String, line: Int? = nil, message: String)
  /// The implementation under test could not be started or broke the protocol at the start.
  case implementation(String)
  /// A bundle is malformed, tampered with or not the one pinned.
  case bundle(String)

  public var description: String {
    switch self {
    case .usage(let message): "usage: \(message)"
    case .file(let path, let line?, let message): "\(path) line \(line): \(message)"
    case .file(let path, nil, let message): "\(path): \(message)"
    case .implementation(let message): "implementation: \(message)"
    case .bundle(let message): "bundle: \(message)"
    }
  }

  /// A syntax error in a file, located by the reader's line and column.
  package static func syntax(_ path: String, _ error: JSONSyntaxError, line: Int? = nil) -> ConformError {
    if let line {
      return .file(path: path, line: line, message: "column \(error.column): \(error.message)")
    }
    return .file(path: path, line: error.line, message: "column \(error.column): \(error.message)")
  }
}
