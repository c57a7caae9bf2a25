/// A bundle that cannot be used: not pinned, missing, not the pinned one, or damaged. The message
/// names the file, says what is wrong and what to do.
public struct ConformBundleError: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String

  init(_ description: String) { self.description = description }

  /// How to get and pin a bundle, said after every error about a missing or unpinned one.
  static let howToPin = """
    To pin a bundle: download conform-fixtures-X.Y.Z.tar.gz from a conform release (or make one \
    with `conform bundle create --out DIR`, which prints its digest) and set \
    \(ConformBundle.pathVariable)=/path/to/conform-fixtures-X.Y.Z.tar.gz and \
    \(ConformBundle.digestVariable)=sha256:<the SHA-256 of that .tar.gz, as sha256sum prints it>. \
    An unpacked bundle folder works too, pinned by the SHA-256 of its manifest.json.
    """
}
