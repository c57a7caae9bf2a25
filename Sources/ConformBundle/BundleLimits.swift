import ConformArchive

/// How much of an untrusted bundle the reader accepts before it gives up.
///
/// The published bundle is about 1 MB compressed and 11 MB unpacked, in a dozen files, so the
/// limits leave room for growth of two orders of magnitude while keeping a hostile archive from
/// exhausting memory.
public struct BundleLimits: Sendable, Equatable {
  /// The largest archive file read, in bytes (256 MiB).
  public var maxArchiveBytes: Int
  /// The largest single file in the archive, in bytes (256 MiB).
  public var maxEntryBytes: Int
  /// The most the whole archive may expand to, tar headers included, in bytes (1 GiB).
  public var maxTotalBytes: Int
  /// The most entries (files and folders) an archive may hold (1,000).
  public var maxEntries: Int

  public init(maxArchiveBytes: Int, maxEntryBytes: Int, maxTotalBytes: Int, maxEntries: Int) {
    self.maxArchiveBytes = maxArchiveBytes
    self.maxEntryBytes = maxEntryBytes
    self.maxTotalBytes = maxTotalBytes
    self.maxEntries = maxEntries
  }

  public static let standard = BundleLimits(
    maxArchiveBytes: 256 << 20, maxEntryBytes: 256 << 20, maxTotalBytes: 1 << 30, maxEntries: 1000)

  /// The limits the ustar reader checks (the archive's own size is checked before it is read).
  var ustar: Ustar.Limits {
    Ustar.Limits(maxEntryBytes: maxEntryBytes, maxTotalBytes: maxTotalBytes, maxEntries: maxEntries)
  }
}
