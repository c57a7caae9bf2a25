/// One entry of a tar archive: a regular file with its bytes, or a folder.
package struct TarEntry: Sendable, Equatable {
  /// The path within the archive; a folder's has no trailing slash.
  package var path: String
  package var bytes: [UInt8]
  package var isFolder = false

  package init(path: String, bytes: [UInt8], isFolder: Bool = false) {
    self.path = path
    self.bytes = bytes
    self.isFolder = isFolder
  }
}

/// POSIX ustar archives (POSIX.1-1988, as `tar --format=ustar` writes them), regular files only.
///
/// Written deterministically: entries in the order given, mode 0644, owner and group 0 with empty
/// names, modification time 0, no pax or GNU extension headers, two zero blocks at the end.
///
/// Read as untrusted input: only regular files and folders are accepted; links, devices, FIFOs,
/// extension headers, absolute paths, `..`, empty or `.` components, backslashes, duplicate names
/// (also those differing only in ASCII case, which collide on macOS and Windows) and a file that is
/// also a folder are refused, and every size is checked against the reader's `Limits` before it is used.
package enum Ustar {
  static let blockSize = 512

  /// How much of an untrusted archive the reader accepts before it gives up.
  package struct Limits: Sendable, Equatable {
    /// The largest single entry, in bytes.
    package var maxEntryBytes: Int
    /// The most all entries may add up to, headers included, in bytes.
    package var maxTotalBytes: Int
    /// The most entries (files and folders).
    package var maxEntries: Int

    package init(maxEntryBytes: Int, maxTotalBytes: Int, maxEntries: Int) {
      self.maxEntryBytes = maxEntryBytes
      self.maxTotalBytes = maxTotalBytes
      self.maxEntries = maxEntries
    }
  }

  package static func archive(_ entries: [TarEntry]) throws(ArchiveError) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(entries.reduce(2 * blockSize) { $0 + blockSize + padded($1.bytes.count) })
    for entry in entries {
      guard !entry.isFolder else { throw ArchiveError("entry \"\(entry.path)\": bundles hold files only") }
      output.append(contentsOf: try header(for: entry))
      output.append(contentsOf: entry.bytes)
      output.append(contentsOf: repeatElement(0, count: padded(entry.bytes.count) - entry.bytes.count))
    }
    output.append(contentsOf: repeatElement(0, count: 2 * blockSize))
    return output
  }

  /// The entries of `archive`, in archive order: regular files and folders, nothing else.
  package static func read(_ archive: [UInt8], limits: Limits) throws(ArchiveError) -> [TarEntry] {
    var entries: [TarEntry] = []
    var reader = UstarReader(limits: limits)
    try archive.withUnsafeBufferPointer { (bytes) throws(ArchiveError) in
      try reader.feed(bytes) {
        entries.append($0)
      } data: {
        entries[entries.count - 1].bytes.append(contentsOf: $0)
      }
    }
    try reader.finish()
    return entries
  }

  /// Refuses a path that could escape the folder it is extracted into or mean two things.
  fileprivate static func checkedPath(_ path: String, isFolder: Bool) throws(ArchiveError) -> String {
    var path = path
    if isFolder, path.hasSuffix("/") { path.removeLast() }
    func refuse(_ reason: String) -> ArchiveError { ArchiveError("entry \"\(path)\" is refused: \(reason)") }
    guard !path.isEmpty else { throw ArchiveError("an entry has an empty name") }
    guard !path.hasPrefix("/") else { throw refuse("it is an absolute path") }
    guard !path.contains("\\") else { throw refuse("it contains a backslash") }
    guard !path.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { throw refuse("it contains a control character") }
    for component in path.split(separator: "/", omittingEmptySubsequences: false) {
      switch component {
      case "": throw refuse("it has an empty path component")
      case ".": throw refuse("it has a \".\" path component")
      case "..": throw refuse("it contains \"..\", which would escape the folder it is extracted into")
      default: continue
      }
    }
    return path
  }

  fileprivate static func padded(_ size: Int) -> Int { (size + blockSize - 1) / blockSize * blockSize }

  private static func header(for entry: TarEntry) throws(ArchiveError) -> [UInt8] {
    var block = [UInt8](repeating: 0, count: blockSize)
    let (prefix, name) = try split(entry.path)
    func put(_ bytes: some Collection<UInt8>, at offset: Int) {
      for (index, byte) in bytes.enumerated() { block[offset + index] = byte }
    }
    func octal(_ value: Int, width: Int) -> [UInt8] {
      let digits = String(value, radix: 8)
      return Array((String(repeating: "0", count: width - 1 - digits.count) + digits).utf8) + [0]
    }
    guard entry.bytes.count < 1 << 33 else { throw ArchiveError("entry \"\(entry.path)\" is too large for ustar") }
    put(name.utf8, at: 0)
    put(octal(0o644, width: 8), at: 100)  // mode
    put(octal(0, width: 8), at: 108)  // uid
    put(octal(0, width: 8), at: 116)  // gid
    put(octal(entry.bytes.count, width: 12), at: 124)  // size
    put(octal(0, width: 12), at: 136)  // mtime
    put(repeatElement(UInt8(ascii: " "), count: 8), at: 148)  // checksum, as spaces while summing
    block[156] = UInt8(ascii: "0")  // regular file
    put("ustar\u{0}00".utf8, at: 257)
    put(octal(0, width: 8), at: 329)  // devmajor
    put(octal(0, width: 8), at: 337)  // devminor
    put(prefix.utf8, at: 345)
    let checksum = block.reduce(0) { $0 + Int($1) }
    put(octal(checksum, width: 7) + [UInt8(ascii: " ")], at: 148)
    return block
  }

  /// Splits a path into ustar's prefix (up to 155 bytes) and name (up to 100 bytes) at a slash.
  private static func split(_ path: String) throws(ArchiveError) -> (prefix: String, name: String) {
    let bytes = Array(path.utf8)
    if bytes.count <= 100 { return ("", path) }
    for index in bytes.indices where bytes[index] == UInt8(ascii: "/") && index <= 155 && bytes.count - index - 1 <= 100 {
      return (String(decoding: bytes[..<index], as: UTF8.self), String(decoding: bytes[(index + 1)...], as: UTF8.self))
    }
    throw ArchiveError("entry \"\(path)\" is too long a name for ustar")
  }
}

/// Reads a ustar archive as it arrives, a chunk at a time, with every check `Ustar.read`
/// makes: each entry is handed on (a file's bytes in pieces) as soon as its header is checked,
/// so an archive of any size takes bounded memory.
package struct UstarReader {
  private enum State {
    /// Collecting a header block.
    case header
    /// Inside an entry: its bytes still to come, then its padding.
    case data(remaining: Int, padding: Int)
    /// After the first zero block: only zeros may follow.
    case end
  }

  let limits: Ustar.Limits
  private var state = State.header
  private var block: [UInt8] = []
  private var files = Set<String>()
  private var folders = Set<String>()
  private var foldedNames: [String: String] = [:]
  private var total = 0
  private var count = 0
  /// The path of the entry being read, for messages.
  private var current = ""

  package init(limits: Ustar.Limits) {
    self.limits = limits
    block.reserveCapacity(Ustar.blockSize)
  }

  /// Reads the next bytes of the archive: `entry` gets each entry (a file without its bytes),
  /// `data` the bytes of the last entry given, in pieces.
  package mutating func feed(
    _ bytes: UnsafeBufferPointer<UInt8>, entry: (TarEntry) throws(ArchiveError) -> Void,
    data: (UnsafeBufferPointer<UInt8>) throws(ArchiveError) -> Void
  ) throws(ArchiveError) {
    var position = 0
    while position < bytes.count {
      switch state {
      case .header:
        let taken = min(Ustar.blockSize - block.count, bytes.count - position)
        block.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<position + taken]))
        position += taken
        if block.count == Ustar.blockSize {
          try begin(entry)
          block.removeAll(keepingCapacity: true)
        }
      case .data(let remaining, let padding):
        let taken = min(remaining + padding, bytes.count - position)
        let content = min(taken, remaining)
        if content > 0 { try data(UnsafeBufferPointer(rebasing: bytes[position..<position + content])) }
        position += taken
        state =
          remaining + padding == taken ? .header : .data(remaining: remaining - content, padding: padding - (taken - content))
      case .end:
        guard UnsafeBufferPointer(rebasing: bytes[position...]).allSatisfy({ $0 == 0 }) else {
          throw ArchiveError("data follows the end of the tar archive")
        }
        return
      }
    }
  }

  /// Checks that the archive ended where it should: after its end-of-archive blocks.
  package func finish() throws(ArchiveError) {
    switch state {
    case .end: return
    case .data(let remaining, _) where remaining > 0:
      throw ArchiveError("entry \"\(current)\" is cut short (the archive is incomplete)")
    default:
      throw ArchiveError("the tar data ends without its end-of-archive blocks (the archive is cut short)")
    }
  }

  /// Checks the header in `block` and hands on its entry.
  private mutating func begin(_ entry: (TarEntry) throws(ArchiveError) -> Void) throws(ArchiveError) {
    if block.allSatisfy({ $0 == 0 }) {
      state = .end
      return
    }
    count += 1
    guard count <= limits.maxEntries else { throw ArchiveError("more than \(limits.maxEntries) entries") }
    let header = try Header(block[...], number: count)
    guard header.size <= limits.maxEntryBytes else {
      throw ArchiveError("entry \"\(header.path)\" is \(header.size) bytes, over the limit of \(limits.maxEntryBytes)")
    }
    total += Ustar.blockSize + Ustar.padded(header.size)
    guard total <= limits.maxTotalBytes else {
      throw ArchiveError("the entries add up to more than \(limits.maxTotalBytes) bytes")
    }
    try header.checkKind()
    let isFolder = header.kind == UInt8(ascii: "5")
    let path = try Ustar.checkedPath(header.path, isFolder: isFolder)
    let folded = String(decoding: path.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    if isFolder {
      guard header.size == 0 else { throw ArchiveError("folder entry \"\(header.path)\" has data") }
      folders.insert(path)
    } else {
      if let first = foldedNames[folded] {
        throw ArchiveError(
          first == path
            ? "entry \"\(path)\" appears twice" : "entries \"\(first)\" and \"\(path)\" differ only in case")
      }
      foldedNames[folded] = path
      files.insert(path)
    }
    var parent = Substring(path)
    while let slash = parent.lastIndex(of: "/") {
      parent = parent[..<slash]
      folders.insert(String(parent))
    }
    if let clash = files.intersection(folders).first {
      throw ArchiveError("entry \"\(clash)\" is both a file and a folder")
    }
    try entry(TarEntry(path: path, bytes: [], isFolder: isFolder))
    current = header.path
    state = .data(remaining: header.size, padding: Ustar.padded(header.size) - header.size)
  }
}

/// A parsed header block.
private struct Header {
  var path: String
  var size: Int
  var kind: UInt8

  init(_ block: ArraySlice<UInt8>, number: Int) throws(ArchiveError) {
    let base = block.startIndex
    func field(_ offset: Int, _ length: Int) -> ArraySlice<UInt8> {
      let slice = block[base + offset..<base + offset + length]
      return slice[..<(slice.firstIndex(of: 0) ?? slice.endIndex)]
    }
    let stored = try Self.octal(field(148, 8), what: "checksum", number: number)
    var unsigned = 0
    var signed = 0
    for (index, byte) in block.enumerated() {
      let value = (148..<156).contains(index) ? UInt8(ascii: " ") : byte
      unsigned += Int(value)
      signed += Int(Int8(bitPattern: value))
    }
    guard stored == unsigned || stored == signed else {
      throw ArchiveError("tar header \(number) has a bad checksum (the archive is damaged)")
    }
    let magic = Array(block[base + 257..<base + 265])
    let posix = magic == Array("ustar\u{0}00".utf8)
    guard posix || magic == Array("ustar  \u{0}".utf8) else {
      throw ArchiveError("tar header \(number) is not a ustar header")
    }
    var nameBytes = Array(field(0, 100))
    if posix, !field(345, 155).isEmpty { nameBytes = Array(field(345, 155)) + [UInt8(ascii: "/")] + nameBytes }
    guard let name = String(validating: nameBytes, as: UTF8.self) else {
      throw ArchiveError("tar header \(number) has a name that is not UTF-8")
    }
    path = name
    kind = block[base + 156]
    let sizeField = block[base + 124..<base + 136]
    guard sizeField.first.map({ $0 & 0x80 == 0 }) ?? true else {
      throw ArchiveError("entry \"\(name)\" has a base-256 size, which only files over 8 GiB need")
    }
    size = try Self.octal(field(124, 12), what: "size", number: number)
  }

  func checkKind() throws(ArchiveError) {
    let what: String
    switch kind {
    case UInt8(ascii: "0"), 0, UInt8(ascii: "5"): return
    case UInt8(ascii: "1"): what = "a hard link"
    case UInt8(ascii: "2"): what = "a symbolic link"
    case UInt8(ascii: "3"): what = "a character device"
    case UInt8(ascii: "4"): what = "a block device"
    case UInt8(ascii: "6"): what = "a FIFO"
    case UInt8(ascii: "7"): what = "a contiguous file"
    case UInt8(ascii: "x"), UInt8(ascii: "g"): what = "a pax extended header"
    case UInt8(ascii: "L"), UInt8(ascii: "K"): what = "a GNU long-name header"
    default:
      what =
        "an entry of unknown type \(kind < 0x20 || kind > 0x7E ? "0x\(String(kind, radix: 16))" : "'\(Character(Unicode.Scalar(kind)))'")"
    }
    throw ArchiveError("entry \"\(path)\" is refused: it is \(what); only regular files and folders are allowed")
  }

  /// An octal field: optional leading spaces, digits, then spaces or NULs.
  static func octal(_ field: ArraySlice<UInt8>, what: String, number: Int) throws(ArchiveError) -> Int {
    let text = field.drop { $0 == UInt8(ascii: " ") }
    var value = 0
    var digits = text[...]
    while let byte = digits.first, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "7") {
      value = value * 8 + Int(byte - UInt8(ascii: "0"))
      digits = digits.dropFirst()
    }
    guard digits.count < text.count, digits.allSatisfy({ $0 == UInt8(ascii: " ") }) else {
      throw ArchiveError("tar header \(number) has a malformed \(what) field")
    }
    return value
  }
}
