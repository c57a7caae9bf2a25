// conform's truth tables inside your own unit tests, without conform: read an unpacked bundle's
// manifest.json and <suite>.jsonl directly, check them, and run the cases against your code (here
// the version-compare cases against `isNewerVersion`, standing in for the app's own). A plain
// program with checks; in an XCTest or Swift Testing test each `check` is an assertion.
//
//   swiftc -O BundleFixturesCheck.swift -o bundle-check
//   ./bundle-check conform-fixtures-X.Y.Z [sha256:DIGEST-OF-manifest.json]
import Foundation

#if canImport(CryptoKit)
  import CryptoKit
#endif

struct Manifest: Decodable {
  struct File: Decodable { var path: String; var bytes: Int; var sha256: String }
  struct Suite: Decodable { var name: String; var fixtures: String; var cases: Int }
  var format: Int
  var bundleVersion: String?
  var files: [File]
  var suites: [Suite]
}

struct Case<Input: Decodable, Expected: Decodable>: Decodable {
  var id: String
  var input: Input
  var expected: Expected
}

struct Unchecked: Decodable {}
struct VersionInput: Decodable { var local: String; var remote: String }
struct VersionExpected: Decodable { var newer: Bool }

/// The app's code under test: is the store's version newer than the installed one?
func isNewerVersion(_ remote: String, than local: String) -> Bool {
  func parts(_ version: String) -> [Int] { version.unicodeScalars.split(separator: ".").map { Int(String($0)) ?? 0 } }
  let (r, l) = (parts(remote), parts(local))
  guard !r.isEmpty, !l.isEmpty else { return false }
  for index in 0..<max(r.count, l.count) where (index < r.count ? r[index] : 0) != (index < l.count ? l[index] : 0) {
    return (index < r.count ? r[index] : 0) > (index < l.count ? l[index] : 0)
  }
  return false
}

var failures = 0
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition {
    failures += 1
    FileHandle.standardError.write(Data("FAIL: \(message())\n".utf8))
  }
}

func sha256(_ data: Data) -> String {
  #if canImport(CryptoKit)
    return SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
  #else
    return portableSHA256(Array(data))
  #endif
}

/// SHA-256 for Linux, where CryptoKit is missing (use swift-crypto in a real project).
func portableSHA256(_ message: [UInt8]) -> String {
  let k: [UInt32] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
    0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
    0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
    0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]
  var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
  var bytes = message + [0x80] + [UInt8](repeating: 0, count: (119 - message.count % 64) % 64)
  bytes += (0..<8).map { UInt8(truncatingIfNeeded: (UInt64(message.count) * 8) >> (56 - 8 * UInt64($0))) }
  func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }
  var w = [UInt32](repeating: 0, count: 64)
  for block in stride(from: 0, to: bytes.count, by: 64) {
    for t in 0..<16 { w[t] = (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[block + 4 * t + $1]) } }
    for t in 16..<64 {
      let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ w[t - 15] >> 3
      let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ w[t - 2] >> 10
      w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
    }
    var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
    for t in 0..<64 {
      let t1 = hh &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ (e & f ^ ~e & g) &+ k[t] &+ w[t]
      let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ (a & b ^ a & c ^ b & c)
      (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
    }
    for (index, value) in [a, b, c, d, e, f, g, hh].enumerated() { h[index] &+= value }
  }
  return h.map { String(format: "%08x", $0) }.joined()
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: bundle-check BUNDLE_FOLDER [sha256:DIGEST-OF-manifest.json]\n".utf8))
  exit(2)
}
let folder = URL(fileURLWithPath: arguments[1])
let manifestData = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
// The pin: manifest.json holds every other file's digest, so its digest names the whole set.
if arguments.count > 2 { check("sha256:" + sha256(manifestData) == arguments[2], "manifest.json is not the pinned one") }
let manifest = try JSONDecoder().decode(Manifest.self, from: manifestData)
check(manifest.format == 1, "manifest format \(manifest.format): this test reads format 1")

for file in manifest.files {
  let data = try Data(contentsOf: folder.appendingPathComponent(file.path))
  check(data.count == file.bytes && sha256(data) == file.sha256, "\(file.path) does not match manifest.json")
}

var total = 0
var run = 0
for suite in manifest.suites {
  let table = try Data(contentsOf: folder.appendingPathComponent(suite.fixtures))
  let lines = table.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
  check(lines.count == suite.cases, "\(suite.name) has \(lines.count) cases, manifest.json says \(suite.cases)")
  for (number, line) in lines.enumerated() {
    do {
      if suite.name == "version-compare" {
        let fixture = try JSONDecoder().decode(Case<VersionInput, VersionExpected>.self, from: Data(line))
        let newer = isNewerVersion(fixture.input.remote, than: fixture.input.local)
        check(newer == fixture.expected.newer, "\(fixture.id): expected newer=\(fixture.expected.newer), got \(newer)")
        run += 1
      } else {
        let fixture = try JSONDecoder().decode(Case<Unchecked, Unchecked>.self, from: Data(line))
        check(fixture.id.hasPrefix(suite.name + "/"), "\(fixture.id) is not a case of \(suite.name)")
      }
    } catch {
      check(false, "\(suite.fixtures) line \(number + 1) is not a case: \(error)")
    }
  }
  total += lines.count
}

guard failures == 0 else {
  FileHandle.standardError.write(Data("swift bundle-check: \(failures) failures in \(folder.path)\n".utf8))
  exit(1)
}
let name = manifest.bundleVersion.map { "bundle \($0)" } ?? "fixtures"
print(
  "swift: ok \(name): \(total) cases in \(manifest.suites.count) suites, every file matches manifest.json, \(run) version-compare cases pass"
)
