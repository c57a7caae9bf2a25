#if canImport(CryptoKit)
  import CryptoKit
#endif

/// SHA-256 (FIPS 180-4): the digest that pins a bundle and lists each of its files.
///
/// Written out because the package has no dependencies and Foundation on Linux has no CryptoKit.
/// Where CryptoKit exists (Apple platforms), the one-shot `hex(_:)` uses it; the incremental
/// hasher is always this one. (The CryptoKit branch has never been compiled on this project's
/// Linux machines.)
public struct SHA256: Sendable {
  private var h0: UInt32 = 0x6a09_e667
  private var h1: UInt32 = 0xbb67_ae85
  private var h2: UInt32 = 0x3c6e_f372
  private var h3: UInt32 = 0xa54f_f53a
  private var h4: UInt32 = 0x510e_527f
  private var h5: UInt32 = 0x9b05_688c
  private var h6: UInt32 = 0x1f83_d9ab
  private var h7: UInt32 = 0x5be0_cd19
  /// Bytes of an incomplete block, waiting for more input (fewer than 64).
  private var pending: [UInt8] = []
  /// Bytes hashed so far, pending ones included.
  private var length: UInt64 = 0

  public init() { pending.reserveCapacity(64) }

  /// The digest of `bytes` as 64 lower-case hex digits.
  public static func hex(_ bytes: [UInt8]) -> String {
    #if canImport(CryptoKit)
      if #available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *) {
        return CryptoKit.SHA256.hash(data: bytes).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
      }
    #endif
    var hasher = SHA256()
    hasher.update(bytes)
    return hasher.finalizeHex()
  }

  public mutating func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { update($0) }
  }

  public mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
    length &+= UInt64(bytes.count)
    var index = 0
    if !pending.isEmpty {
      let taken = min(64 - pending.count, bytes.count)
      pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<taken]))
      index = taken
      guard pending.count == 64 else { return }
      let block = pending
      pending.removeAll(keepingCapacity: false)
      block.withUnsafeBufferPointer { compress(UnsafeRawPointer($0.baseAddress!), blocks: 1) }
    }
    let blocks = (bytes.count - index) / 64
    if blocks > 0 {
      compress(UnsafeRawPointer(bytes.baseAddress! + index), blocks: blocks)
      index += blocks * 64
    }
    pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index...]))
  }

  public mutating func finalizeHex() -> String {
    let bitLength = length &* 8
    var tail = pending
    tail.append(0x80)
    while tail.count % 64 != 56 { tail.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
    tail.withUnsafeBufferPointer { compress(UnsafeRawPointer($0.baseAddress!), blocks: tail.count / 64) }
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(64)
    for word in [h0, h1, h2, h3, h4, h5, h6, h7] {
      for shift in stride(from: 28, through: 0, by: -4) { text.append(digits[Int((word >> UInt32(shift)) & 0xF)]) }
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Hashes `blocks` 64-byte blocks starting at `start`.
  ///
  /// The message schedule lives on the stack and the state in locals: the first version allocated
  /// an array of 64 words for every block. The rounds go by eight, naming the working variables in
  /// turn instead of moving them.
  private mutating func compress(_ start: UnsafeRawPointer, blocks: Int) {
    var (v0, v1, v2, v3, v4, v5, v6, v7) = (h0, h1, h2, h3, h4, h5, h6, h7)
    Self.k.withUnsafeBufferPointer { k in
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
        for block in 0..<blocks {
          let base = start + block * 64
          for t in 0..<16 { w[t] = UInt32(bigEndian: base.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self)) }
          for t in 16..<64 {
            let w15 = w[t - 15]
            let w2 = w[t - 2]
            let sigma0 = w15.rotatedRight(7) ^ w15.rotatedRight(18) ^ (w15 >> 3)
            let sigma1 = w2.rotatedRight(17) ^ w2.rotatedRight(19) ^ (w2 >> 10)
            w[t] = w[t - 16] &+ sigma0 &+ w[t - 7] &+ sigma1
          }
          var (a, b, c, d, e, f, g, h) = (v0, v1, v2, v3, v4, v5, v6, v7)
          for t in stride(from: 0, to: 64, by: 8) {
            Self.round(a, b, c, &d, e, f, g, &h, k[t], w[t])
            Self.round(h, a, b, &c, d, e, f, &g, k[t + 1], w[t + 1])
            Self.round(g, h, a, &b, c, d, e, &f, k[t + 2], w[t + 2])
            Self.round(f, g, h, &a, b, c, d, &e, k[t + 3], w[t + 3])
            Self.round(e, f, g, &h, a, b, c, &d, k[t + 4], w[t + 4])
            Self.round(d, e, f, &g, h, a, b, &c, k[t + 5], w[t + 5])
            Self.round(c, d, e, &f, g, h, a, &b, k[t + 6], w[t + 6])
            Self.round(b, c, d, &e, f, g, h, &a, k[t + 7], w[t + 7])
          }
          v0 &+= a
          v1 &+= b
          v2 &+= c
          v3 &+= d
          v4 &+= e
          v5 &+= f
          v6 &+= g
          v7 &+= h
        }
      }
    }
    (h0, h1, h2, h3, h4, h5, h6, h7) = (v0, v1, v2, v3, v4, v5, v6, v7)
  }

  /// One round: `d` becomes the next `e` and `h` the next `a`; the caller renames the rest.
  private static func round(
    _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
    _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ k: UInt32, _ w: UInt32
  ) {
    let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
    let choice = (e & f) ^ (~e & g)
    let temp1 = h &+ s1 &+ choice &+ k &+ w
    let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
    let majority = (a & b) ^ (a & c) ^ (b & c)
    d &+= temp1
    h = temp1 &+ s0 &+ majority
  }

  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]
}

extension UInt32 {
  fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { self >> count | self << (32 - count) }
}
