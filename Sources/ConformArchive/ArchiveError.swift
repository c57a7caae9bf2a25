/// A malformed, hostile or unsupported archive, found by the gzip, DEFLATE or ustar layer.
///
/// The codecs know nothing of bundles; the bundle reader turns this into `ConformError.bundle`
/// with the archive's name and what to do next.
package struct ArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, lower-case ("invalid distance 40000 past the start of the output").
  package var message: String

  package init(_ message: String) { self.message = message }

  package var description: String { message }
}
