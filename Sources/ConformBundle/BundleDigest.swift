import ConformArchive
import ConformFixtures

/// Digests as conform prints and pins them: `sha256:` and 64 lower-case hex digits.
///
/// For a bundle the pinned digest is the SHA-256 of the archive file; for a fixtures folder (or the
/// built-in fixtures) it is the SHA-256 of `manifest.json`, which holds every other file's digest.
public enum BundleDigest {
  public static func sha256(_ bytes: [UInt8]) -> String { "sha256:" + SHA256.hex(bytes) }

  /// Checks and normalises a digest given by a user (`--expect-digest`): `sha256:` then 64 hex
  /// digits in either case.
  public static func parse(_ text: String, option: String = "--expect-digest") throws(ConformError) -> String {
    let hex = text.hasPrefix("sha256:") ? text.dropFirst(7) : ""
    guard hex.utf8.count == 64, hex.utf8.allSatisfy({ isHexDigit($0) }) else {
      throw .usage("\(option) takes sha256: and 64 hex digits (as conform bundle create prints), not \"\(text)\"")
    }
    return "sha256:" + hex.lowercased()
  }

  /// A `<bundle>.sha256` file's line, as `sha256sum -c` reads it: 64 hex digits, two spaces,
  /// the archive's file name.
  package static func sidecarLine(digest: String, fileName: String) -> String {
    let hex = digest.hasPrefix("sha256:") ? String(digest.dropFirst(7)) : digest
    return "\(hex)  \(fileName)\n"
  }

  /// The digest in a `<bundle>.sha256` file, as `sha256:<hex>`: the file holds `<hex>  <file name>`
  /// (what `sha256sum` writes and conform writes), or `sha256:<hex>  <file name>` (what earlier
  /// conform builds wrote), or the digest alone.
  package static func parseSidecar(_ bytes: [UInt8], path: String) throws(ConformError) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    let first = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).first.map(String.init) ?? ""
    do {
      return try parse(first.hasPrefix("sha256:") ? first : "sha256:" + first)
    } catch {
      throw .file(
        path: path, message: "does not hold a digest (<64 hex digits>  <file name>, as sha256sum writes): recreate or delete it")
    }
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }
}
