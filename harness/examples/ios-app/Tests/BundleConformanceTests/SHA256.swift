/// SHA-256 (FIPS 180-4), for checking the bundle against its pin on Linux, where CryptoKit is
/// missing. (An app on Apple platforms only would use `CryptoKit.SHA256`.)
///
/// Written with pointers and wrapping operators so that it stays fast in a debug build, which is
/// what `swift test` runs: the bundle's suite files are about 11 MB.
enum SHA256 {
  /// The digest of `bytes` as 64 lower-case hex digits.
  static func hex(_ bytes: [UInt8]) -> String {
    let length = bytes.count
    // The message, 0x80, zeros, then the length in bits as a big-endian UInt64: whole 64-byte blocks.
    let padded = (length + 8) / 64 * 64 + 64
    var message = [UInt8](repeating: 0, count: padded)
    message.withUnsafeMutableBufferPointer { message in
      bytes.withUnsafeBufferPointer { bytes in
        if let source = bytes.baseAddress { message.baseAddress!.update(from: source, count: length) }
      }
      message[length] = 0x80
      let bits = UInt64(length) &* 8
      for index in 0..<8 { message[padded - 1 - index] = UInt8(truncatingIfNeeded: bits &>> UInt64(8 * index)) }
    }

    var h0: UInt32 = 0x6a09_e667, h1: UInt32 = 0xbb67_ae85, h2: UInt32 = 0x3c6e_f372, h3: UInt32 = 0xa54f_f53a
    var h4: UInt32 = 0x510e_527f, h5: UInt32 = 0x9b05_688c, h6: UInt32 = 0x1f83_d9ab, h7: UInt32 = 0x5be0_cd19
    let w = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
    defer { w.deallocate() }
    message.withUnsafeBufferPointer { message in
      let m = message.baseAddress!
      let k = roundConstants.withUnsafeBufferPointer { $0.baseAddress! }
      var block = 0
      while block < padded {
        var t = 0
        while t < 16 {
          let p = m + block + 4 &* t
          w[t] = UInt32(p[0]) &<< 24 | UInt32(p[1]) &<< 16 | UInt32(p[2]) &<< 8 | UInt32(p[3])
          t &+= 1
        }
        while t < 64 {
          let x = w[t &- 15], y = w[t &- 2]
          let s0 = (x &>> 7 | x &<< 25) ^ (x &>> 18 | x &<< 14) ^ (x &>> 3)
          let s1 = (y &>> 17 | y &<< 15) ^ (y &>> 19 | y &<< 13) ^ (y &>> 10)
          w[t] = w[t &- 16] &+ s0 &+ w[t &- 7] &+ s1
          t &+= 1
        }
        var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
        t = 0
        while t < 64 {
          let sigma1 = (e &>> 6 | e &<< 26) ^ (e &>> 11 | e &<< 21) ^ (e &>> 25 | e &<< 7)
          let t1 = h &+ sigma1 &+ (e & f ^ ~e & g) &+ k[t] &+ w[t]
          let sigma0 = (a &>> 2 | a &<< 30) ^ (a &>> 13 | a &<< 19) ^ (a &>> 22 | a &<< 10)
          let t2 = sigma0 &+ (a & b ^ a & c ^ b & c)
          h = g; g = f; f = e; e = d &+ t1; d = c; c = b; b = a; a = t1 &+ t2
          t &+= 1
        }
        h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
        block &+= 64
      }
    }
    let digits = Array("0123456789abcdef".utf8)
    var hex: [UInt8] = []
    for word in [h0, h1, h2, h3, h4, h5, h6, h7] {
      for shift in stride(from: 28, through: 0, by: -4) { hex.append(digits[Int(word &>> UInt32(shift) & 0xF)]) }
    }
    return String(decoding: hex, as: UTF8.self)
  }

  private static let roundConstants: [UInt32] = [
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
