/// A ustar archive inside gzip (`.tar.gz`), read as a stream: each entry is handed on as its
/// bytes are inflated, so reading takes memory for what the caller keeps, not for the archive.
package enum TarGz {
  /// Why an archive was refused: its gzip stream (damaged, or not gzip at all), or the tar
  /// data inside (an entry refused, or what `entry` or `data` threw).
  package enum Failure: Error {
    case gzip(ArchiveError)
    case tar(ArchiveError)
  }

  /// Reads `archive`: `entry` gets each entry (a file without its bytes), `data` the bytes of
  /// the last entry given, in pieces. Once the tar data is refused nothing more is handed on,
  /// but the gzip stream is still read to its end and checked: a damaged download is reported
  /// as `.gzip`, not as the tar error it causes.
  ///
  /// - Parameter limit: the most bytes the gzip stream may inflate to.
  package static func read(
    _ archive: [UInt8], limit: Int, limits: Ustar.Limits, entry: (TarEntry) throws(ArchiveError) -> Void,
    data: (UnsafeBufferPointer<UInt8>) throws(ArchiveError) -> Void
  ) throws(Failure) {
    var reader = UstarReader(limits: limits)
    var refused: ArchiveError?
    do throws(ArchiveError) {
      try Gzip.decompress(archive, limit: limit) { (chunk) throws(ArchiveError) in
        guard refused == nil else { return }
        do throws(ArchiveError) { try reader.feed(chunk, entry: entry, data: data) } catch { refused = error }
      }
    } catch {
      throw .gzip(error)
    }
    do throws(ArchiveError) {
      if let refused { throw refused }
      try reader.finish()
    } catch {
      throw .tar(error)
    }
  }

  /// Every entry of `archive`, files with their bytes, in archive order.
  package static func entries(_ archive: [UInt8], limit: Int, limits: Ustar.Limits) throws(Failure) -> [TarEntry] {
    var entries: [TarEntry] = []
    try read(archive, limit: limit, limits: limits) {
      entries.append($0)
    } data: {
      entries[entries.count - 1].bytes.append(contentsOf: $0)
    }
    return entries
  }
}
