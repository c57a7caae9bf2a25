/// CRC-32 as gzip uses it (ISO 3309, polynomial 0xEDB88320, reflected, inverted on both ends).
package struct CRC32: Sendable {
  /// The running value, already inverted: `value` is the CRC of everything given so far.
  private var inverted: UInt32 = 0xFFFF_FFFF

  package init() {}

  package var value: UInt32 { ~inverted }

  package static func checksum(_ bytes: [UInt8]) -> UInt32 {
    var crc = CRC32()
    crc.update(bytes)
    return crc.value
  }

  package mutating func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { update($0) }
  }

  package mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
    var crc = inverted
    Self.table.withUnsafeBufferPointer { table in
      for byte in bytes {
        crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
      }
    }
    inverted = crc
  }

  private static let table: [UInt32] = (0..<256).map { index in
    var entry = UInt32(index)
    for _ in 0..<8 { entry = entry & 1 == 1 ? 0xEDB8_8320 ^ (entry >> 1) : entry >> 1 }
    return entry
  }
}
