/// Tar entries built by hand, including the kinds conform never writes.
public enum CraftedTar {
  public static let end = [UInt8](repeating: 0, count: 1024)

  public static func header(
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

  public static func entry(
    _ name: String, _ bytes: [UInt8], type: Character = "0", link: String = "", magic: String = "ustar\u{0}00"
  ) -> [UInt8] {
    header(name, size: bytes.count, type: type, link: link, magic: magic) + bytes
      + [UInt8](repeating: 0, count: (512 - bytes.count % 512) % 512)
  }
}
