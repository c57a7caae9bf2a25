// The libFuzzer entry point for the strict JSON layer. harness/json-fuzz/run.sh compiles it together with the
// sources of ConformJSON (one module, so it also sees internal API) under
// `-sanitize=fuzzer,address`; it is not part of Package.swift.
//
// Every input must leave the reader standing; an accepted input must round-trip (parse, write,
// parse gives an equal value, and writing it again gives the same bytes); a refused input must
// have an error position inside it. Any breach traps, which libFuzzer reports as a crash and
// saves as an artifact.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let value: JSONValue
  do {
    value = try JSONReader.parse(bytes)
  } catch {
    checkPosition(of: error, in: bytes)
    return 0
  }
  let written = JSONWriter.bytes(value)
  guard let reread = try? JSONReader.parse(written) else { fatalError("canonical output does not parse: \(value)") }
  precondition(reread == value, "value changed on the way through the writer: \(value)")
  precondition(JSONWriter.bytes(reread) == written, "canonical output is not a fixed point: \(value)")
  // The same document, one line of a JSON-lines file among others.
  var lines: [UInt8] = Array("{}\n".utf8) + written + Array("\n[]".utf8)
  lines.withUnsafeMutableBufferPointer { buffer in
    var count = 0
    JSONLines.forEachLine(in: UnsafeBufferPointer(buffer)) { number, line in
      count += 1
      precondition(number != 2 || (try? JSONReader.parse(line)) == value, "JSONLines split the document")
    }
    precondition(count == 3, "JSONLines found \(count) lines")
  }
  return 0
}

/// Traps unless the error's line and column fall inside the input (or just after its end).
func checkPosition(of error: JSONSyntaxError, in bytes: UnsafeBufferPointer<UInt8>) {
  var lines = 1
  var lastLineLength = 0
  for byte in bytes {
    if byte == 0x0A {
      lines += 1
      lastLineLength = 0
    } else {
      lastLineLength += 1
    }
  }
  precondition(
    error.line >= 1 && error.line <= lines && error.column >= 1
      && (error.line < lines || error.column <= lastLineLength + 1),
    "error outside the input: \(error)")
}
