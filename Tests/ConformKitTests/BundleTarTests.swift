import ConformTestSupport
import Foundation
import Testing

@testable import ConformKit

/// The ustar layer, and every kind of entry a bundle refuses, each in a crafted archive.
@Suite struct BundleTarTests {
  static let top = "conform-fixtures-1.0.0"

  @Test func systemTarReadsOurs() throws {
    let longFolder = String(repeating: "deep-folder-name/", count: 7)
    let entries = [
      TarEntry(path: "top/a.json", bytes: Array("{\"a\":1}\n".utf8)),
      TarEntry(path: "top/empty.md", bytes: []),
      TarEntry(path: "top/\(longFolder)long-name.jsonl", bytes: [UInt8](repeating: 0x7A, count: 1500)),
    ]
    let directory = TestSupport.temporaryDirectory("tar")
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(Gzip.compress(try Ustar.archive(entries))).write(to: directory.appendingPathComponent("a.tar.gz"))
    let listing = try TestSupport.run(
      "/bin/sh", ["-c", "tar tvzf a.tar.gz && tar xzf a.tar.gz && cat top/a.json && wc -c < top/\(longFolder)long-name.jsonl"],
      currentDirectory: directory)
    #expect(listing.status == 0, "tar: \(listing.stderr)")
    #expect(listing.stderr.isEmpty, "tar warns: \(listing.stderr)")
    #expect(listing.stdout.contains("-rw-r--r-- 0/0               8 1970-01-01 00:00 top/a.json"))
    #expect(listing.stdout.contains("{\"a\":1}\n1500"))
  }

  @Test func readsWhatSystemTarWrites() throws {
    let directory = TestSupport.temporaryDirectory("tar")
    defer { try? FileManager.default.removeItem(at: directory) }
    let outcome = try TestSupport.run(
      "/bin/sh",
      [
        "-c",
        "mkdir -p top/sub && printf 'one\\n' > top/sub/a.txt && printf 'two' > top/b.txt && tar --format=ustar -czf t.tar.gz top",
      ],
      currentDirectory: directory)
    #expect(outcome.status == 0)
    let archive = try [UInt8](Data(contentsOf: directory.appendingPathComponent("t.tar.gz")))
    let entries = try Ustar.read(try Gzip.decompress(archive, limit: 1 << 20), limits: .standard)
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
    #expect(try Ustar.read(archive, limits: .standard) == entries)
  }

  /// A hostile entry and the words the refusal must contain.
  struct Refusal: CustomTestStringConvertible, Sendable {
    var label: String
    var entry: [UInt8]
    var expected: [String]
    var testDescription: String { label }
  }

  static let refusals: [Refusal] = [
    Refusal(
      label: "absolute path", entry: CraftedTar.entry("/etc/conform", [1]), expected: ["\"/etc/conform\"", "absolute path"]),
    Refusal(
      label: "dot-dot", entry: CraftedTar.entry("\(top)/../escape.json", [1]), expected: ["\(top)/../escape.json", "\"..\""]),
    Refusal(label: "dot-dot alone", entry: CraftedTar.entry("..", [1]), expected: ["\"..\"", "escape"]),
    Refusal(label: "dot component", entry: CraftedTar.entry("\(top)/./x.json", [1]), expected: ["\(top)/./x.json", "\".\""]),
    Refusal(
      label: "empty component", entry: CraftedTar.entry("\(top)//x.json", [1]),
      expected: ["\(top)//x.json", "empty path component"]),
    Refusal(label: "backslash", entry: CraftedTar.entry("\(top)/..\\x.json", [1]), expected: ["backslash"]),
    Refusal(label: "control character", entry: CraftedTar.entry("\(top)/x\u{1B}.json", [1]), expected: ["control character"]),
    Refusal(
      label: "symbolic link", entry: CraftedTar.entry("\(top)/link", [], type: "2", link: "/etc/passwd"),
      expected: ["\(top)/link", "symbolic link"]),
    Refusal(
      label: "hard link", entry: CraftedTar.entry("\(top)/hard", [], type: "1", link: "\(top)/manifest.json"),
      expected: ["\(top)/hard", "hard link"]),
    Refusal(
      label: "character device", entry: CraftedTar.entry("\(top)/tty", [], type: "3"),
      expected: ["\(top)/tty", "character device"]),
    Refusal(
      label: "block device", entry: CraftedTar.entry("\(top)/sda", [], type: "4"), expected: ["\(top)/sda", "block device"]),
    Refusal(label: "FIFO", entry: CraftedTar.entry("\(top)/pipe", [], type: "6"), expected: ["\(top)/pipe", "FIFO"]),
    Refusal(label: "contiguous file", entry: CraftedTar.entry("\(top)/c", [1], type: "7"), expected: ["contiguous file"]),
    Refusal(
      label: "pax header", entry: CraftedTar.entry("\(top)/PaxHeader", Array("30 path=../../etc/passwd\n".utf8), type: "x"),
      expected: ["pax extended header"]),
    Refusal(
      label: "global pax header", entry: CraftedTar.entry("pax_global_header", Array("20 comment=hello\n".utf8), type: "g"),
      expected: ["pax extended header"]),
    Refusal(
      label: "GNU long name",
      entry: CraftedTar.entry("././@LongLink", Array("../evil\u{0}".utf8), type: "L", magic: "ustar  \u{0}"),
      expected: ["GNU long-name header"]),
    Refusal(label: "unknown type", entry: CraftedTar.entry("\(top)/what", [], type: "Z"), expected: ["unknown type 'Z'"]),
    Refusal(
      label: "huge size", entry: CraftedTar.header("\(top)/huge.jsonl", size: 300 << 20),
      expected: ["\(top)/huge.jsonl", "314572800 bytes", "over the limit of 268435456"]),
    Refusal(
      label: "base-256 size",
      entry: CraftedTar.header("\(top)/huge.jsonl", size: 0, sizeField: [0x80] + [UInt8](repeating: 0xFF, count: 11)),
      expected: ["base-256 size"]),
    Refusal(
      label: "duplicate name", entry: CraftedTar.entry("\(top)/eligibility.jsonl", [1]),
      expected: ["\(top)/eligibility.jsonl", "appears twice"]),
    Refusal(
      label: "names differing in case", entry: CraftedTar.entry("\(top)/Eligibility.jsonl", [1]),
      expected: ["\(top)/eligibility.jsonl", "\(top)/Eligibility.jsonl", "differ only in case"]),
    Refusal(
      label: "file and folder of one name", entry: CraftedTar.entry("\(top)/eligibility.jsonl/x", [1]),
      expected: ["\(top)/eligibility.jsonl", "both a file and a folder"]),
    Refusal(label: "bad checksum", entry: CraftedTar.header("\(top)/x", size: 0, checksumDelta: 1), expected: ["bad checksum"]),
    Refusal(
      label: "not ustar", entry: CraftedTar.header("\(top)/x", size: 0, magic: "tar\u{0}\u{0}\u{0}\u{0}\u{0}"),
      expected: ["not a ustar header"]),
  ]

  @Test(arguments: refusals)
  func refusesHostileEntries(_ refusal: Refusal) throws {
    // A real bundle's entries, then the hostile one.
    var tar: [UInt8] = []
    for file in try BundleSamples.small().files { tar += CraftedTar.entry("\(Self.top)/\(file.name)", file.bytes) }
    tar += refusal.entry + CraftedTar.end
    let error = try #require(throws: ConformError.self) {
      _ = try FixtureBundle.read(archive: Gzip.compress(tar), name: "crafted.tar.gz")
    }
    guard case .bundle(let message) = error else { Issue.record("not a bundle error: \(error)"); return }
    #expect(message.hasPrefix("crafted.tar.gz: "), "\(message)")
    for fragment in refusal.expected { #expect(message.contains(fragment), "\(message) should say \(fragment)") }
    #expect(message.contains("do not use it"), "\(message)")
  }

  @Test func refusesEntriesOutsideTheTopFolder() throws {
    var tar: [UInt8] = []
    for file in try BundleSamples.small().files { tar += CraftedTar.entry("\(Self.top)/\(file.name)", file.bytes) }
    tar += CraftedTar.entry("elsewhere/evil.sh", [1]) + CraftedTar.end
    #expect(
      throws: ConformError.bundle(
        "crafted.tar.gz: entry \"elsewhere/evil.sh\" is outside the top folder \(Self.top)/: do not use this archive")
    ) {
      _ = try FixtureBundle.read(archive: Gzip.compress(tar), name: "crafted.tar.gz")
    }
    let stray = CraftedTar.entry("README", [1]) + CraftedTar.end
    #expect(
      throws: ConformError.bundle(
        "crafted.tar.gz: entry \"README\" is not under a conform-fixtures-<version>/ folder: this is not a conform bundle")
    ) {
      _ = try FixtureBundle.read(archive: Gzip.compress(stray), name: "crafted.tar.gz")
    }
  }

  @Test func refusesTooManyEntriesAndTooMuchData() throws {
    var tar: [UInt8] = []
    for index in 0..<5 { tar += CraftedTar.entry("\(Self.top)/f\(index)", [UInt8](repeating: 1, count: 1000)) }
    tar += CraftedTar.end
    let few = BundleLimits(maxArchiveBytes: 1 << 20, maxEntryBytes: 1 << 20, maxTotalBytes: 1 << 20, maxEntries: 4)
    #expect(throws: ArchiveError("more than 4 entries")) { _ = try Ustar.read(tar, limits: few) }
    let small = BundleLimits(maxArchiveBytes: 1 << 20, maxEntryBytes: 1 << 20, maxTotalBytes: 4000, maxEntries: 100)
    #expect(throws: ArchiveError("the entries add up to more than 4000 bytes")) { _ = try Ustar.read(tar, limits: small) }
    // A gzip bomb stops at the total limit, before it is all in memory.
    let bomb = Gzip.compress(tar + [UInt8](repeating: 0, count: 1 << 20))
    #expect(
      throws: ConformError.bundle(
        "crafted.tar.gz: expands to more than 4000 bytes: it is damaged or not a conform bundle: fetch it again")
    ) {
      _ = try FixtureBundle.read(archive: bomb, name: "crafted.tar.gz", limits: small)
    }
    let tiny = BundleLimits(maxArchiveBytes: 100, maxEntryBytes: 1 << 20, maxTotalBytes: 1 << 20, maxEntries: 100)
    #expect(throws: ConformError.self) { _ = try FixtureBundle.read(archive: bomb, name: "crafted.tar.gz", limits: tiny) }
  }

  @Test func refusesCutAndPaddedArchives() throws {
    let tar = CraftedTar.entry("\(Self.top)/x", [UInt8](repeating: 1, count: 700)) + CraftedTar.end
    #expect(throws: ArchiveError("entry \"\(Self.top)/x\" is cut short (the archive is incomplete)")) {
      _ = try Ustar.read(Array(tar.prefix(900)), limits: .standard)
    }
    #expect(throws: ArchiveError("the tar data ends without its end-of-archive blocks (the archive is cut short)")) {
      _ = try Ustar.read(Array(tar.prefix(1536)), limits: .standard)
    }
    #expect(throws: ArchiveError("data follows the end of the tar archive")) {
      _ = try Ustar.read(tar + CraftedTar.entry("\(Self.top)/hidden", [1]), limits: .standard)
    }
    #expect(try Ustar.read(tar + [UInt8](repeating: 0, count: 8192), limits: .standard).count == 1, "zero padding is fine")
  }

  @Test func acceptsFolderEntriesUnderTheTopFolderOnly() throws {
    let tar =
      CraftedTar.entry("\(Self.top)/", [], type: "5") + CraftedTar.entry("\(Self.top)/schema/", [], type: "5")
      + CraftedTar.entry("\(Self.top)/x", [1]) + CraftedTar.end
    #expect(
      try Ustar.read(tar, limits: .standard) == [
        TarEntry(path: Self.top, bytes: [], isFolder: true), TarEntry(path: "\(Self.top)/schema", bytes: [], isFolder: true),
        TarEntry(path: "\(Self.top)/x", bytes: [1]),
      ])
    var bundle: [UInt8] = []
    for file in try BundleSamples.small().files { bundle += CraftedTar.entry("\(Self.top)/\(file.name)", file.bytes) }
    #expect(throws: Never.self) {
      _ = try FixtureBundle.read(
        archive: Gzip.compress(CraftedTar.entry("\(Self.top)/", [], type: "5") + bundle + CraftedTar.end), name: "f")
    }
    #expect(
      throws: ConformError.bundle("f: entry \"elsewhere\" is outside the top folder \(Self.top)/: do not use this archive")
    ) {
      _ = try FixtureBundle.read(
        archive: Gzip.compress(bundle + CraftedTar.entry("elsewhere/", [], type: "5") + CraftedTar.end), name: "f")
    }
  }

}

/// Tar entries built by hand, including the kinds conform never writes.
enum CraftedTar {
  static let end = [UInt8](repeating: 0, count: 1024)

  static func header(
    _ name: String, size: Int, type: Character = "0", link: String = "", magic: String = "ustar\u{0}00",
    sizeField: [UInt8]? = nil, checksumDelta: Int = 0
  ) -> [UInt8] {
    var block = [UInt8](repeating: 0, count: 512)
    func put(_ text: String, at offset: Int) { for (index, byte) in text.utf8.enumerated() { block[offset + index] = byte } }
    func octal(_ value: Int, width: Int) -> String {
      let digits = String(value, radix: 8)
      return String(repeating: "0", count: width - 1 - digits.count) + digits
    }
    put(name, at: 0)
    put(octal(0o644, width: 8), at: 100)
    put(octal(0, width: 8), at: 108)
    put(octal(0, width: 8), at: 116)
    if let sizeField {
      for (index, byte) in sizeField.enumerated() { block[124 + index] = byte }
    } else {
      put(octal(size, width: 12), at: 124)
    }
    put(octal(0, width: 12), at: 136)
    put("        ", at: 148)
    block[156] = type.asciiValue!
    put(link, at: 157)
    put(magic, at: 257)
    let checksum = block.reduce(0) { $0 + Int($1) } + checksumDelta
    put(octal(checksum, width: 7), at: 148)
    return block
  }

  static func entry(
    _ name: String, _ bytes: [UInt8], type: Character = "0", link: String = "", magic: String = "ustar\u{0}00"
  ) -> [UInt8] {
    header(name, size: bytes.count, type: type, link: link, magic: magic) + bytes
      + [UInt8](repeating: 0, count: (512 - bytes.count % 512) % 512)
  }
}
