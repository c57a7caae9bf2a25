import ConformArchive
import ConformTestSupport
import Foundation
import Testing

@testable import ConformBundle
@testable import ConformFixtures

/// Every kind of entry a bundle refuses, each in a crafted archive (the ustar layer's own tests
/// are in ConformArchiveTests).
@Suite struct BundleTarTests {
  static let top = "conform-fixtures-1.0.0"

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
    #expect(throws: ConformError.self) {
      _ = try FixtureBundle.read(archive: Gzip.compress(tar), name: "crafted.tar.gz", limits: few)
    }
    let small = BundleLimits(maxArchiveBytes: 1 << 20, maxEntryBytes: 1 << 20, maxTotalBytes: 4000, maxEntries: 100)
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

  @Test func acceptsFolderEntriesUnderTheTopFolderOnly() throws {
    let tar =
      CraftedTar.entry("\(Self.top)/", [], type: "5") + CraftedTar.entry("\(Self.top)/schema/", [], type: "5")
      + CraftedTar.entry("\(Self.top)/x", [1]) + CraftedTar.end
    #expect(
      try Ustar.read(tar, limits: BundleLimits.standard.ustar) == [
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
