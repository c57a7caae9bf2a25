import ConformArchive
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// The ustar layer: against the system's `tar` both ways, deterministic output, and the limits and
/// truncations an untrusted archive meets (a bundle's own refusals are in BundleTarTests).
@Suite struct UstarTests {
  static let top = "conform-fixtures-1.0.0"
  static let standard = Ustar.Limits(maxEntryBytes: 256 << 20, maxTotalBytes: 1 << 30, maxEntries: 1000)

  @Test func systemTarReadsOurs() async throws {
    let longFolder = String(repeating: "deep-folder-name/", count: 7)
    let entries = [
      TarEntry(path: "top/a.json", bytes: Array("{\"a\":1}\n".utf8)),
      TarEntry(path: "top/empty.md", bytes: []),
      TarEntry(path: "top/\(longFolder)long-name.jsonl", bytes: [UInt8](repeating: 0x7A, count: 1500)),
    ]
    let directory = TestSupport.temporaryDirectory("tar")
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(Gzip.compress(try Ustar.archive(entries))).write(to: directory.appendingPathComponent("a.tar.gz"))
    let listing = try await TestSupport.run(
      "/bin/sh", ["-c", "tar tvzf a.tar.gz && tar xzf a.tar.gz && cat top/a.json && wc -c < top/\(longFolder)long-name.jsonl"],
      currentDirectory: directory)
    #expect(listing.status == 0, "tar: \(listing.stderr)")
    #expect(listing.stderr.isEmpty, "tar warns: \(listing.stderr)")
    #expect(listing.stdout.contains("-rw-r--r-- 0/0               8 1970-01-01 00:00 top/a.json"))
    #expect(listing.stdout.contains("{\"a\":1}\n1500"))
  }

  @Test func readsWhatSystemTarWrites() async throws {
    let directory = TestSupport.temporaryDirectory("tar")
    defer { try? FileManager.default.removeItem(at: directory) }
    let outcome = try await TestSupport.run(
      "/bin/sh",
      [
        "-c",
        "mkdir -p top/sub && printf 'one\\n' > top/sub/a.txt && printf 'two' > top/b.txt && tar --format=ustar -czf t.tar.gz top",
      ],
      currentDirectory: directory)
    #expect(outcome.status == 0)
    let archive = try [UInt8](Data(contentsOf: directory.appendingPathComponent("t.tar.gz")))
    let entries = try Ustar.read(try Gzip.decompress(archive, limit: 1 << 20), limits: Self.standard)
    #expect(
      entries.sorted { $0.path < $1.path } == [
        TarEntry(path: "top", bytes: [], isFolder: true), TarEntry(path: "top/b.txt", bytes: Array("two".utf8)),
        TarEntry(path: "top/sub", bytes: [], isFolder: true), TarEntry(path: "top/sub/a.txt", bytes: Array("one\n".utf8)),
      ])
  }

  @Test func writesTheSameBytesForTheSameEntries() throws {
    let entries = [TarEntry(path: "t/x", bytes: [1, 2, 3])]
    let archive = try Ustar.archive(entries)
    #expect(archive == (try Ustar.archive(entries)))
    #expect(archive.count == 512 + 512 + 1024)
    #expect(try Ustar.read(archive, limits: Self.standard) == entries)
  }

  @Test func refusesCutAndPaddedArchives() throws {
    let tar = CraftedTar.entry("\(Self.top)/x", [UInt8](repeating: 1, count: 700)) + CraftedTar.end
    #expect(throws: ArchiveError("entry \"\(Self.top)/x\" is cut short (the archive is incomplete)")) {
      _ = try Ustar.read(Array(tar.prefix(900)), limits: Self.standard)
    }
    #expect(throws: ArchiveError("the tar data ends without its end-of-archive blocks (the archive is cut short)")) {
      _ = try Ustar.read(Array(tar.prefix(1536)), limits: Self.standard)
    }
    #expect(throws: ArchiveError("data follows the end of the tar archive")) {
      _ = try Ustar.read(tar + CraftedTar.entry("\(Self.top)/hidden", [1]), limits: Self.standard)
    }
    #expect(try Ustar.read(tar + [UInt8](repeating: 0, count: 8192), limits: Self.standard).count == 1, "zero padding is fine")
  }

  @Test func refusesTooManyEntriesAndTooMuchData() throws {
    var tar: [UInt8] = []
    for index in 0..<5 { tar += CraftedTar.entry("top/f\(index)", [UInt8](repeating: 1, count: 1000)) }
    tar += CraftedTar.end
    let few = Ustar.Limits(maxEntryBytes: 1 << 20, maxTotalBytes: 1 << 20, maxEntries: 4)
    #expect(throws: ArchiveError("more than 4 entries")) { _ = try Ustar.read(tar, limits: few) }
    let small = Ustar.Limits(maxEntryBytes: 1 << 20, maxTotalBytes: 4000, maxEntries: 100)
    #expect(throws: ArchiveError("the entries add up to more than 4000 bytes")) { _ = try Ustar.read(tar, limits: small) }
    let narrow = Ustar.Limits(maxEntryBytes: 999, maxTotalBytes: 1 << 20, maxEntries: 100)
    #expect(throws: ArchiveError("entry \"top/f0\" is 1000 bytes, over the limit of 999")) {
      _ = try Ustar.read(tar, limits: narrow)
    }
  }
}
