// Checks SHA256 against known answers and `sha256sum`, then measures it in release.
// Built by harness/json-fuzz/sha256.sh with Sources/ConformKit/Support/SHA256.swift alone; not in Package.swift.
// Usage: sha256-bench [megabytes, default 64]
#if canImport(Glibc)
  import Glibc
#endif

func hex(_ text: String) -> String { SHA256.hex(Array(text.utf8)) }

// FIPS 180-4 examples and the usual extra vectors.
let known: [(String, String)] = [
  ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
  ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
  (
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
  ),
  (String(repeating: "a", count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
]
for (text, digest) in known { precondition(hex(text) == digest, "wrong digest for a \(text.utf8.count)-byte message") }

// Every length around the block and padding boundaries, fed whole and in uneven pieces: the
// digests must agree with each other and with sha256sum.
var state: UInt64 = 0x5EED
func nextByte() -> UInt8 {
  state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
  return UInt8(truncatingIfNeeded: state >> 33)
}
var lines: [String] = []
var data: [[UInt8]] = []
for length in Array(0...200) + [447, 448, 511, 512, 513, 1000, 4095, 4096, 4097] {
  let bytes = (0..<length).map { _ in nextByte() }
  var pieces = SHA256()
  var start = 0
  while start < bytes.count {
    let end = min(bytes.count, start + 1 + Int(nextByte() % 70))
    pieces.update(Array(bytes[start..<end]))
    start = end
  }
  let digest = SHA256.hex(bytes)
  precondition(pieces.finalizeHex() == digest, "piecewise digest differs for length \(length)")
  lines.append(digest)
  data.append(bytes)
}
// Compare with sha256sum through files in a temporary folder.
let folder = "/tmp/sha256-check-\(getpid())"
mkdir(folder, 0o700)
var mismatches = 0
for (position, bytes) in data.enumerated() {
  let path = "\(folder)/\(position)"
  let file = fopen(path, "wb")!
  _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
  fclose(file)
  let pipe = popen("sha256sum \(path)", "r")!
  var buffer = [CChar](repeating: 0, count: 256)
  fgets(&buffer, 256, pipe)
  pclose(pipe)
  let expected = String(decoding: buffer.prefix { $0 != 0 && $0 != 0x20 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  if expected != lines[position] { mismatches += 1 }
  unlink(path)
}
rmdir(folder)
precondition(mismatches == 0, "\(mismatches) digests differ from sha256sum")
print("known answers and \(data.count) lengths (whole and piecewise) agree with sha256sum")

let megabytes = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1])! : 64
let big = (0..<(megabytes << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
var best = Double.infinity
for _ in 0..<3 {
  var spec = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
  let start = Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  precondition(SHA256.hex(big).count == 64)
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
  best = min(best, Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9 - start)
}
print("SHA256.hex of \(megabytes) MB: \(Int(Double(megabytes) / best)) MB/s (thread CPU time, best of 3)")
